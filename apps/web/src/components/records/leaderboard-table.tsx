import type { LeaderboardAnswer } from '@picks/contracts'
import { Link } from 'react-router'
import { DataTable, type DataColumn } from '../ui/data-table.tsx'
import { ProfilePicture } from '../ui/profile-picture.tsx'
import { formatRoi, formatNetUnits, formatWinPct, winLossPush } from './record-format.ts'

type Entry = LeaderboardAnswer['entries'][number]

/** The shared picture at table size: the wrapper's child rule outranks the picture's own size. */
function SmallPicture({ picture, name }: { picture: string | null; name: string }) {
  return (
    <span className="inline-flex shrink-0 *:size-8 *:text-base">
      <ProfilePicture picture={picture} name={name} />
    </span>
  )
}

const columns: DataColumn<Entry>[] = [
  { header: 'Rank', cell: ({ rank }) => rank, className: 'font-semibold text-slate-900' },
  {
    header: 'Creator',
    isRowHeader: true,
    className: 'font-normal',
    cell: ({ creator }) => (
      <Link
        to={`/${encodeURIComponent(creator.username)}`}
        className="inline-flex items-center gap-2 font-semibold text-slate-900 underline-offset-2 hover:underline"
      >
        <SmallPicture picture={creator.profile_picture} name={creator.name} />
        {creator.name}
      </Link>
    ),
  },
  { header: 'W-L-P', align: 'end', cell: ({ record }) => winLossPush(record) },
  {
    header: 'Net units',
    align: 'end',
    cell: ({ record }) => formatNetUnits(record.net_units),
    className: ({ record }) =>
      record.net_units < 0
        ? 'font-semibold text-red-800'
        : record.net_units > 0
          ? 'font-semibold text-emerald-800'
          : 'font-semibold text-slate-800',
  },
  { header: 'ROI', align: 'end', cell: ({ record }) => formatRoi(record.roi_pct) },
  { header: 'Win %', align: 'end', cell: ({ record }) => formatWinPct(record.win_pct) },
]

/** Ranked creators: rank, creator (linking to their profile), W-L-P, net units, ROI and win %. */
export function LeaderboardTable({ entries, caption }: { entries: Entry[]; caption: string }) {
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={entries}
      rowKey={(entry) => entry.creator.id}
      isFramed
      fields="figures"
    />
  )
}
