import { whenParts } from './console-words.ts'

/** A time in a console table: the day on one line, the time under it, so the column stays narrow. */
export function WhenCell({ iso }: { iso: string }) {
  const { day, time } = whenParts(iso)
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {day}
      <span className="block text-xs text-slate-600">{time}</span>
    </time>
  )
}
