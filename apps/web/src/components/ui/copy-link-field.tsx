import { useId, useRef } from 'react'
import { Button } from './button.tsx'
import { inputClasses } from './form-field.tsx'
import { useCopy } from './use-copy.ts'

/**
 * A link in a box to select, a Copy link button and what became of the copy. `label` names the box;
 * where a page lists several links, `copyName` names each button ("Copy link to @dana").
 */
export function CopyLinkField({
  url,
  label = 'Share link',
  copyName,
}: {
  url: string
  label?: string
  copyName?: string
}) {
  const inputRef = useRef<HTMLInputElement>(null)
  const { state, copy } = useCopy(inputRef)
  const inputId = useId()
  return (
    <>
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          {label}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className={`${inputClasses} font-mono text-sm`}
        />
        <Button onClick={() => void copy(url)} aria-label={copyName} className="shrink-0">
          Copy link
        </Button>
      </div>
      <p role="status" className="min-h-5 text-sm text-slate-700">
        {state === 'copied' && 'Link copied.'}
        {state === 'manual' && 'Copying is blocked here: the link is selected, copy it from the box.'}
      </p>
    </>
  )
}
