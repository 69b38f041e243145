import { ModalPanel, type ModalProps } from './dialog.tsx'

/** A modal panel sliding up from the bottom of the screen (the phone's account sheet), on Radix Dialog. */
export function BottomSheet(props: ModalProps) {
  return <ModalPanel {...props} className="rounded-t-2xl" handleClassName="" />
}
