/** Marks the sandbox provider wherever its money or accounts are shown. */
export function TestModeBadge() {
  return <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Test mode</span>
}
