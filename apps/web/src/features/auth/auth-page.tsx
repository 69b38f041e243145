import { PlaceholderPage } from '../../components/ui/placeholder-page.tsx'

export function Component() {
  return (
    <PlaceholderPage title="Sign In">
      <p>
        Sign-in is not available yet. You can still browse the shop, the locker room and our legal pages without an
        account.
      </p>
    </PlaceholderPage>
  )
}
