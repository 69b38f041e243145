import { initialsOf } from '@picks/contracts/client'
import { useState } from 'react'
import { cx } from './cx.ts'

function isImageAddress(picture: string): boolean {
  return /^(https?:\/\/|\/|blob:|data:image\/)/i.test(picture)
}

const sizes = {
  md: { box: 'size-14', emoji: 'text-3xl', initials: 'text-lg', px: 56 },
  lg: { box: 'size-20', emoji: 'text-5xl', initials: 'text-2xl', px: 80 },
} as const

/**
 * A profile picture: an image address as an image, an emoji as the emoji, else the initials of
 * `name`. `alt` names the image when it is not beside the name (a preview); otherwise it is decorative.
 */
export function ProfilePicture({
  picture,
  name,
  size = 'md',
  alt = '',
  className,
}: {
  picture: string | null
  name: string
  size?: keyof typeof sizes
  alt?: string
  className?: string
}) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null)
  const trimmed = picture?.trim() ?? ''
  const look = sizes[size]
  const box = cx(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-slate-100',
    look.box,
    className,
  )

  if (trimmed && isImageAddress(trimmed) && failedSrc !== trimmed) {
    return (
      <img
        src={trimmed}
        alt={alt}
        width={look.px}
        height={look.px}
        decoding="async"
        onError={() => setFailedSrc(trimmed)}
        className={cx(box, 'object-cover')}
      />
    )
  }
  if (trimmed && !isImageAddress(trimmed)) {
    return alt ? (
      <span role="img" aria-label={alt} className={cx(box, look.emoji)}>
        {trimmed}
      </span>
    ) : (
      <span aria-hidden="true" className={cx(box, look.emoji)}>
        {trimmed}
      </span>
    )
  }
  return (
    <span aria-hidden="true" className={cx(box, look.initials, 'font-semibold text-slate-700')}>
      {initialsOf(name)}
    </span>
  )
}
