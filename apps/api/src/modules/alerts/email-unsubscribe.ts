import { AppError } from '../../errors.ts'
import { requireCreator, type AlertServiceDeps } from './alert-lookups.ts'
import { readUnsubscribeToken, type AlertLinks } from './alert-messages.ts'
import { setCreatorChoices } from './alert-preferences.ts'
import { confirmPage, problemPage } from './unsubscribe-pages.ts'

/** The one-click unsubscribe link of every pick e-mail (RFC 8058): what its token names and does. */

/** The one-click unsubscribe: the signed token names the person and the creator. */
export async function unsubscribeByToken(
  deps: AlertServiceDeps,
  secret: string,
  token: string,
): Promise<{ creatorName: string; enabled: false }> {
  const target = await unsubscribeTarget(deps, secret, token)
  await setCreatorChoices(deps, target.userId, target.creatorId, { email: false })
  return { creatorName: target.creatorName, enabled: false }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Who and which creator a token names; 400 (`query.token`) for a token we did not sign. */
export async function unsubscribeTarget(
  deps: AlertServiceDeps,
  secret: string,
  token: string,
): Promise<{ userId: string; creatorId: string; creatorName: string }> {
  const read = readUnsubscribeToken(secret, token)
  if (!read || !uuidPattern.test(read.userId) || !uuidPattern.test(read.creatorId)) {
    const message = 'This unsubscribe link is not valid'
    throw new AppError('VALIDATION_FAILED', message, {
      details: [{ field: 'query.token', message }],
      reason: 'BAD_TOKEN',
    })
  }
  const card = await requireCreator(deps, read.creatorId)
  return { ...read, creatorName: card.name }
}

/**
 * The page the unsubscribe link opens: a button that posts back to `action`, or, for a token we
 * did not sign or a creator that is gone, the refusal's status and a page that says why.
 */
export async function unsubscribePage(
  deps: AlertServiceDeps,
  links: Pick<AlertLinks, 'secret' | 'publicUrl'>,
  token: string,
): Promise<{ status: number; html: string }> {
  try {
    const target = await unsubscribeTarget(deps, links.secret, token)
    const action = `/api/email/unsubscribe?token=${encodeURIComponent(token)}`
    return { status: 200, html: confirmPage(target.creatorName, action, links.publicUrl) }
  } catch (err) {
    if (!(err instanceof AppError)) throw err
    return { status: err.status, html: problemPage(err.message, links.publicUrl) }
  }
}
