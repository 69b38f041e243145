import type { QueuedReport } from '@picks/contracts'
import { dismissReport, setTargetHidden } from '../api.ts'
import { NoteDialog } from './note-dialog.tsx'

export type ModerationAction = { kind: 'hide' | 'restore' | 'dismiss'; report: QueuedReport }

const targetWords = { pick: 'pick', creator: 'creator profile' } as const

const words = {
  hide: {
    title: 'Hide this',
    intro: 'It leaves feeds, the shop and alerts, and its open reports are marked actioned.',
    submit: 'Hide',
    pending: 'Hiding…',
    done: 'is hidden',
  },
  restore: {
    title: 'Restore this',
    intro: 'It is shown again, and its open reports are marked actioned.',
    submit: 'Restore',
    pending: 'Restoring…',
    done: 'is shown again',
  },
  dismiss: {
    title: 'Dismiss the report on this',
    intro: 'The report is closed and the content stays as it is.',
    submit: 'Dismiss',
    pending: 'Dismissing…',
    done: 'keeps its state: the report is dismissed',
  },
} as const

/** A moderator's hide, restore or dismissal, with the note the audit log keeps. */
export function ModerationDialog({
  action,
  onClose,
  onDone,
}: {
  action: ModerationAction
  onClose: () => void
  onDone: (message: string) => Promise<void>
}) {
  const { report, kind } = action
  const target = targetWords[report.target_type]
  const said = words[kind]
  return (
    <NoteDialog
      label={`${said.title} ${target}`}
      fieldLabel="Note"
      submitLabel={said.submit}
      pendingLabel={said.pending}
      onClose={onClose}
      onSubmit={async (note) => {
        if (kind === 'dismiss') await dismissReport(report.id, note)
        else await setTargetHidden({ type: report.target_type, id: report.target_id }, kind === 'hide', note)
        await onDone(`The ${target} ${said.done}.`)
      }}
    >
      <p className="text-sm text-slate-700">
        <span className="block break-all">
          The {target} {report.target_id}, reported for “{report.reason}”.
        </span>
        {said.intro} The note goes into the audit log.
      </p>
    </NoteDialog>
  )
}
