import { useSupportEmail } from '../../lib/site-config.ts'

/**
 * The configured support address as a mailto link. Until the server has said it (or if it cannot),
 * the sentence names the team instead of showing an address that may not be the real one.
 */
export function SupportEmailLink({ className }: { className?: string }) {
  const email = useSupportEmail()
  if (!email) return <span>our support team</span>
  return (
    <a href={`mailto:${email}`} className={className}>
      {email}
    </a>
  )
}
