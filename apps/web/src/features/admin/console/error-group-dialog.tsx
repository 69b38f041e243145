import type { AdminErrorGroup, AdminErrorOccurrence, StackFrame } from '@picks/contracts'
import { useQuery } from '@tanstack/react-query'
import { useId, type ReactNode } from 'react'
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { reportQueries } from '../api.ts'
import { adminFailure, whenText } from './console-words.ts'
import { counted, environmentLabels, frameFunction, listText, rawPlace, sourcePlace } from './report-words.ts'
import { WhenCell } from './when-cell.tsx'

function Fact({ term, children, isWide = false }: { term: string; children: ReactNode; isWide?: boolean }) {
  return (
    <div className={isWide ? 'col-span-2 flex flex-col' : 'flex flex-col'}>
      <dt className="text-xs text-slate-600">{term}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  )
}

/**
 * One frame: the function, where it sits in the source when a source map covers it, and where the
 * browser ran it (the built file) as the secondary line.
 */
function Frame({ frame }: { frame: StackFrame }) {
  const source = sourcePlace(frame)
  return (
    <li className="flex flex-col border-l-2 border-slate-200 pl-3">
      <span className="font-medium text-slate-900">{frameFunction(frame)}</span>
      {source ? (
        <code className="font-mono text-xs break-all text-slate-900">{source}</code>
      ) : (
        <span className="text-xs text-slate-600">No source map covers this frame</span>
      )}
      <code className="font-mono text-xs break-all text-slate-600">{rawPlace(frame)}</code>
    </li>
  )
}

const occurrenceColumns: DataColumn<AdminErrorOccurrence>[] = [
  { header: 'Received', isRowHeader: true, cell: (report) => <WhenCell iso={report.receivedAt} /> },
  { header: 'Route', className: 'break-all', cell: (report) => report.route ?? '—' },
  { header: 'Browser', cell: (report) => report.browser },
  { header: 'Release', cell: (report) => report.release ?? '—' },
  {
    header: 'Environment',
    cell: (report) => (report.environment ? (environmentLabels[report.environment] ?? report.environment) : '—'),
  },
  { header: 'Signed in', cell: (report) => (report.signedIn ? 'Yes' : 'No') },
  { header: 'Address', isWide: true, className: 'break-all', cell: (report) => report.url ?? '—' },
]

/**
 * One error group (`GET /admin/errors/{fingerprint}`): its figures, the latest stack with each
 * frame mapped back to the source where the build's source maps know it, and its recent reports
 * (when, where, which browser and release, and whether the person was signed in, never who).
 */
export function ErrorGroupDialog({ group, onClose }: { group: AdminErrorGroup; onClose: () => void }) {
  const detail = useQuery(reportQueries.errorGroup(group.fingerprint))
  const stackId = useId()
  const reportsId = useId()
  let body
  if (detail.isPending) body = <Loading label="Loading the error…" className="h-12" count={3} stacked />
  else if (detail.isError) {
    body = (
      <ReadFailed
        message="Failed to fetch the error"
        detail={adminFailure(detail.error)}
        onRetry={() => void detail.refetch()}
      />
    )
  } else {
    const { group: latest, stack, occurrences } = detail.data
    body = (
      <>
        <p className="text-sm font-medium break-words text-slate-900">{latest.message}</p>
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <Fact term="Reports">{latest.count.toLocaleString('en-US')}</Fact>
          <Fact term="Users affected">
            {latest.users.toLocaleString('en-US')}
            {latest.anonymous > 0 && ` (and ${counted(latest.anonymous, 'report', 'reports')} signed out)`}
          </Fact>
          <Fact term="First seen">{whenText(latest.firstSeen)}</Fact>
          <Fact term="Last seen">{whenText(latest.lastSeen)}</Fact>
          <Fact term="Releases">{listText(latest.releases)}</Fact>
          <Fact term="Environments">
            {listText(latest.environments.map((environment) => environmentLabels[environment] ?? environment))}
          </Fact>
          <Fact term="Browsers">{listText(latest.browsers)}</Fact>
          <Fact term="Routes" isWide>
            {listText(latest.routes)}
          </Fact>
        </dl>
        <section aria-labelledby={stackId} className="flex flex-col gap-2">
          <h3 id={stackId} className="text-sm font-semibold text-slate-900">
            Stack
          </h3>
          {stack.length === 0 ? (
            <p className="text-sm text-slate-700">The latest report carried no stack.</p>
          ) : (
            <ol aria-label="Stack frames" className="flex flex-col gap-2 text-sm">
              {stack.map((frame, index) => (
                <Frame key={index} frame={frame} />
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby={reportsId} className="flex flex-col gap-2">
          <h3 id={reportsId} className="text-sm font-semibold text-slate-900">
            Recent reports
          </h3>
          {occurrences.length === 0 ? (
            <p className="text-sm text-slate-700">No report of this error is kept any more.</p>
          ) : (
            <DataTable
              caption="Recent reports"
              columns={occurrenceColumns}
              rows={occurrences}
              rowKey={(report) => report.id}
              isFramed
            />
          )}
        </section>
      </>
    )
  }
  return (
    <Dialog open onClose={onClose} label="Error details">
      {/* Scrolls when the stack is long: focusable, so the keyboard can scroll it too. */}
      <div
        role="region"
        aria-label="The error's figures, stack and reports"
        tabIndex={0}
        className="flex max-h-[70vh] flex-col gap-4 overflow-y-auto rounded focus-visible:ring-2 focus-visible:ring-slate-900 focus-visible:outline-none"
      >
        {body}
      </div>
    </Dialog>
  )
}
