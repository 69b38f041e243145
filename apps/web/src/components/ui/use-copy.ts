import { useState, type RefObject } from 'react'

type CopyState = 'idle' | 'copied' | 'manual'

/**
 * Copies text with the Clipboard API. Where it is missing or refused the state is `manual`, and the
 * text in `field` (when given) is selected so the person can copy it by hand.
 */
export function useCopy(field?: RefObject<HTMLInputElement | null>) {
  const [state, setState] = useState<CopyState>('idle')
  async function copy(text: string): Promise<CopyState> {
    let next: CopyState = 'copied'
    try {
      if (!navigator.clipboard) throw new Error('no clipboard')
      await navigator.clipboard.writeText(text)
    } catch {
      field?.current?.select()
      next = 'manual'
    }
    setState(next)
    return next
  }
  return { state, copy }
}
