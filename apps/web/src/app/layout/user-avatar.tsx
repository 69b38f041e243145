import { initialsOf, type StoredUser } from '@picks/contracts/client'
import { cx } from '../../components/ui/cx.ts'

function isImageUrl(value: string): boolean {
  return /^(https?:\/\/|\/|data:image\/|blob:)/i.test(value)
}

/** The user's picture (an image URL or an emoji), else their initials. Decorative: the name is shown beside it. */
export function UserAvatar({ user, className }: { user: StoredUser; className?: string }) {
  const picture = user.profile_picture?.trim() ?? ''
  const classes = cx(
    'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-emerald-100 text-sm font-bold text-emerald-900',
    className,
  )
  if (picture && isImageUrl(picture)) {
    return <img src={picture} alt="" className={cx(classes, 'object-cover')} loading="lazy" decoding="async" />
  }
  if (picture) {
    return (
      <span className={cx(classes, 'text-lg')} aria-hidden="true">
        {picture}
      </span>
    )
  }
  return (
    <span className={classes} aria-hidden="true">
      {initialsOf(user.name || user.email)}
    </span>
  )
}
