import { totpAt, totpStep, totpStepMs, wrongTotp } from '../../apps/api/src/test/totp.ts'

// Authenticator-app codes for the browser suite, computed from the setup key the page shows, as a
// phone app would; the code itself is the API tests' RFC 6238 implementation.
export { wrongTotp }

/**
 * A code to type now, from a step after `usedStep` (a server refuses a code used before) and with
 * at least `marginMs` of its step left, waiting for the next step when needed.
 */
export async function freshTotp(
  secret: string,
  options: { usedStep?: number; marginMs?: number } = {},
): Promise<{ code: string; step: number }> {
  const marginMs = options.marginMs ?? 5_000
  for (;;) {
    const now = Date.now()
    const step = totpStep(now)
    const leftMs = (step + 1) * totpStepMs - now
    if ((options.usedStep === undefined || step > options.usedStep) && leftMs >= marginMs) {
      return { code: totpAt(secret, step), step }
    }
    await new Promise((resolve) => setTimeout(resolve, leftMs + 50))
  }
}
