import * as RadixDialog from '@radix-ui/react-dialog'
import { useEffect, type ReactNode } from 'react'
import { cx } from './cx.ts'
import { CloseIcon } from './icons.tsx'

export interface ModalProps {
  open: boolean
  onClose: () => void
  /** The dialog's accessible name, shown as its heading. */
  label: string
  children: ReactNode
}

/**
 * Focus goes back to what opened the dialog as soon as it closes. Radix returns it a tick later,
 * and only to a `Dialog.Trigger`; our openers are plain buttons owned by the callers. Mounted
 * inside the content, this effect runs before Radix moves focus in (children's effects run first)
 * and is cleaned up after the focus trap is gone (a removed tree is cleaned up parent first).
 */
function ReturnFocusOnClose() {
  useEffect(() => {
    const opener = document.activeElement
    return () => {
      if (opener instanceof HTMLElement) opener.focus()
    }
  }, [])
  return null
}

/**
 * A modal panel on Radix Dialog: focus moves in and stays inside, the page behind cannot scroll
 * and is hidden from assistive technology, Escape or the backdrop closes it, and focus returns to
 * what opened it. `Dialog` and `BottomSheet` only style it.
 */
export function ModalPanel({
  open,
  onClose,
  label,
  children,
  className,
  handleClassName,
}: ModalProps & { className: string; handleClassName: string }) {
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose()
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60" />
        <RadixDialog.Content
          aria-modal="true"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => event.preventDefault()}
          className={cx(
            'fixed inset-x-0 bottom-0 z-50 mx-auto w-full max-w-lg bg-white px-4 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))] text-slate-900 shadow-2xl focus:outline-none',
            className,
          )}
        >
          <ReturnFocusOnClose />
          <div
            className={cx('mx-auto mb-3 h-1.5 w-10 rounded-full bg-slate-300', handleClassName)}
            aria-hidden="true"
          />
          <div className="mb-2 flex items-center justify-between">
            <RadixDialog.Title className="text-base font-semibold">{label}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close"
              className="inline-flex size-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
            >
              <CloseIcon />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}

/** A modal dialog: a panel at the bottom of a phone's screen, centred on wider screens. */
export function Dialog(props: ModalProps) {
  return (
    <ModalPanel
      {...props}
      className="rounded-t-2xl sm:top-1/2 sm:bottom-auto sm:w-[calc(100%-2rem)] sm:-translate-y-1/2 sm:rounded-2xl sm:pb-4"
      handleClassName="sm:hidden"
    />
  )
}
