import { AdminCallError } from '../admin-client.ts'

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })
const time = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' })

/** "Nov 25, 2026, 4:15 AM", in the operator's own time zone. */
export function whenText(iso: string): string {
  return when.format(new Date(iso))
}

/** The day and the time apart ("Nov 25, 2026" and "4:15 AM"), for a table's narrow When column. */
export function whenParts(iso: string): { day: string; time: string } {
  const at = new Date(iso)
  return { day: day.format(at), time: time.format(at) }
}

/** The server's words for a failed admin call, when it gave any, to sit under the section's message. */
export function adminFailure(error: unknown): string | null {
  if (!(error instanceof AdminCallError)) return null
  if (error.status === 0) return 'No answer from the server. Check the connection and try again.'
  return `${error.message} (HTTP ${error.status})`
}

/** Why the server refused an admin action, in its own words, to show in the action's dialog. */
export function refusalText(error: unknown): string {
  if (error instanceof AdminCallError && error.status > 0) return error.message
  return adminFailure(error) ?? 'Something went wrong. Try again.'
}
