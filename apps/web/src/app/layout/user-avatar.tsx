import { initialsOf, type StoredUser } from '@picks/contracts/client'
import { cx } from '../../components/ui/cx.ts'

function isImageUrl(value: string): boolean {
  return /^(https?:\/\/|\/|data:image\/|blob:)/i.test(value)
}

/**
 * Sizes as whole class sets: two Tailwind sizes on one element do not override each other by
 * their order in `class`, so a caller's size must replace the default, not follow it.
 */
const sizes = {
  /** The size of the bottom bar's icons, so the labels under them line up. */
  icon: { box: 'size-5', initials: 'text-[0.5rem]', emoji: 'text-sm' },
  medium: { box: 'size-9', initials: 'text-sm', emoji: 'text-lg' },
  large: { box: 'size-11', initials: 'text-sm', emoji: 'text-lg' },
} as const

/** The user's picture (an image URL or an emoji), else their initials. Decorative: the name is shown beside it. */
export function UserAvatar({ user, size = 'medium' }: { user: StoredUser; size?: keyof typeof sizes }) {
  const picture = user.profile_picture?.trim() ?? ''
  const { box, initials, emoji } = sizes[size]
  const classes = cx(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-emerald-100 leading-none font-bold text-emerald-900',
    box,
  )
  if (picture && isImageUrl(picture)) {
    return <img src={picture} alt="" className={cx(classes, 'object-cover')} loading="lazy" decoding="async" />
  }
  if (picture) {
    return (
      <span className={cx(classes, emoji)} aria-hidden="true">
        {picture}
      </span>
    )
  }
  return (
    <span className={cx(classes, initials)} aria-hidden="true">
      {initialsOf(user.name || user.email)}
    </span>
  )
}
