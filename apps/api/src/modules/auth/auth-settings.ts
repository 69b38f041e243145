/** E-mail verification codes: six digits, ten minutes, five tries. */
export const verificationCode = { length: 6, expiresInSeconds: 10 * 60, allowedAttempts: 5 } as const

/** "Remember me" keeps a session 30 days (extended daily while used); without it, the browser session. */
export const sessionLengths = { rememberedSeconds: 30 * 24 * 60 * 60, refreshAfterSeconds: 24 * 60 * 60 } as const
