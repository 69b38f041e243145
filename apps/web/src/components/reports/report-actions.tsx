import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { useRef, useState, type ReactNode } from 'react'
import { useStoredUser } from '../../auth/stored-user.ts'
import { cx } from '../ui/cx.ts'
import { FlagIcon, MoreIcon } from '../ui/icons.tsx'
import type { ReportTarget } from './report-api.ts'
import { ReportDialog } from './report-dialog.tsx'

/** Whether the person here may report what `ownerId` owns: signed in, and not its owner. */
function useMayReport(ownerId: string): boolean {
  const viewer = useStoredUser()
  return viewer !== null && viewer.id !== ownerId
}

interface ReportProps {
  target: ReportTarget
  /** Who owns the content: they are not offered to report it. */
  ownerId: string
  /** The report dialog's title ("Report this pick"). */
  dialogLabel: string
  /** What is being reported, in a sentence at the top of the dialog. */
  about: ReactNode
}

/**
 * A small "more actions" button (three dots) whose menu offers Report, for a card where a button
 * with words would crowd the content. Nothing for a visitor or for the content's owner.
 */
export function ReportMenu({ target, ownerId, dialogLabel, about, menuLabel }: ReportProps & { menuLabel: string }) {
  const mayReport = useMayReport(ownerId)
  const [open, setOpen] = useState(false)
  const chosen = useRef(false)
  if (!mayReport) return null
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          aria-label={menuLabel}
          className="-my-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100"
        >
          <MoreIcon />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-40 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
            // The dialog opens once the menu has given focus back to its button, so that closing the
            // dialog returns focus there (the dialog returns it to whatever had it when it opened).
            onCloseAutoFocus={() => {
              if (!chosen.current) return
              chosen.current = false
              setOpen(true)
            }}
          >
            <DropdownMenu.Item
              onSelect={() => {
                chosen.current = true
              }}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-3 text-sm text-slate-900 outline-none data-[highlighted]:bg-slate-100"
            >
              <FlagIcon width={16} height={16} />
              Report
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {open && (
        <ReportDialog target={target} label={dialogLabel} onClose={() => setOpen(false)}>
          {about}
        </ReportDialog>
      )}
    </>
  )
}

/** A quiet "Report …" text button, for a page with room for one. Nothing for a visitor or the owner. */
export function ReportButton({
  target,
  ownerId,
  dialogLabel,
  about,
  children,
  className,
}: ReportProps & { children: ReactNode; className?: string }) {
  const mayReport = useMayReport(ownerId)
  const [open, setOpen] = useState(false)
  if (!mayReport) return null
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={cx(
          'inline-flex min-h-11 items-center gap-1.5 text-sm text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline',
          className,
        )}
      >
        <FlagIcon width={16} height={16} />
        {children}
      </button>
      {open && (
        <ReportDialog target={target} label={dialogLabel} onClose={() => setOpen(false)}>
          {about}
        </ReportDialog>
      )}
    </>
  )
}
