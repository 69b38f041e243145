/** A button that looks like a link (Forgot password?, Read the Terms, Back to sign in). */
export const linkButton = 'text-sm font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-950'
