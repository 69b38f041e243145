import { BellIcon, CardIcon, UserIcon } from '../../components/ui/icons.tsx'

/** The signed-in person's own pages (spec §2), in the sidebar's footer and the phone's account sheet. */
export const accountLinks = [
  { to: '/edit-profile', label: 'Profile', icon: UserIcon },
  { to: '/alerts', label: 'Alerts', icon: BellIcon },
  { to: '/manage-subscriptions', label: 'Subscriptions', icon: CardIcon },
] as const
