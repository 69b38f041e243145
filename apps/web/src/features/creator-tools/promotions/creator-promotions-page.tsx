import { PlaceholderPage } from '../../../components/ui/placeholder-page.tsx'

export function Component() {
  return <PlaceholderPage title="Creator Promotions" />
}
