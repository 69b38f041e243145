import type { LeaderboardAnswer } from '@picks/contracts'
import { Link } from 'react-router'
import { cx } from '../ui/cx.ts'
import { ProfilePicture } from '../ui/profile-picture.tsx'
import { formatRoi, formatNetUnits, formatWinPct, winLossPush } from './record-format.ts'

type Entry = LeaderboardAnswer['entries'][number]

const cell = 'px-3 py-2 whitespace-nowrap'

/** The shared picture at table size: the wrapper's child rule outranks the picture's own size. */
function SmallPicture({ picture, name }: { picture: string | null; name: string }) {
  return (
    <span className="inline-flex *:size-8 *:text-base">
      <ProfilePicture picture={picture} name={name} />
    </span>
  )
}

/** Ranked creators: rank, creator (linking to their profile), W-L-P, net units, ROI and win %. */
export function LeaderboardTable({ entries, caption }: { entries: Entry[]; caption: string }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase">
          <tr>
            <th scope="col" className={cell}>
              Rank
            </th>
            <th scope="col" className={cell}>
              Creator
            </th>
            <th scope="col" className={cx(cell, 'text-right')}>
              W-L-P
            </th>
            <th scope="col" className={cx(cell, 'text-right')}>
              Net units
            </th>
            <th scope="col" className={cx(cell, 'text-right')}>
              ROI
            </th>
            <th scope="col" className={cx(cell, 'text-right')}>
              Win %
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 tabular-nums">
          {entries.map(({ rank, creator, record }) => (
            <tr key={creator.id}>
              <td className={cx(cell, 'font-semibold text-slate-900')}>{rank}</td>
              <th scope="row" className={cx(cell, 'font-normal')}>
                <Link
                  to={`/${encodeURIComponent(creator.username)}`}
                  className="inline-flex items-center gap-2 font-semibold text-slate-900 underline-offset-2 hover:underline"
                >
                  <SmallPicture picture={creator.profile_picture} name={creator.name} />
                  {creator.name}
                </Link>
              </th>
              <td className={cx(cell, 'text-right')}>{winLossPush(record)}</td>
              <td
                className={cx(
                  cell,
                  'text-right font-semibold',
                  record.net_units < 0 ? 'text-red-800' : record.net_units > 0 ? 'text-emerald-800' : 'text-slate-800',
                )}
              >
                {formatNetUnits(record.net_units)}
              </td>
              <td className={cx(cell, 'text-right')}>{formatRoi(record.roi_pct)}</td>
              <td className={cx(cell, 'text-right')}>{formatWinPct(record.win_pct)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
