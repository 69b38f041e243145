import { useCallback, useEffect, useRef, useState } from 'react'

/**
 * Moves focus to the first field marked invalid once the errors a submit found are on the page.
 * Put `formRef` on the form and call `focusFirstInvalid` where the problems are set.
 */
export function useFocusFirstInvalid() {
  const formRef = useRef<HTMLFormElement>(null)
  // Bumped on each request: the effect runs after the render that shows the errors.
  const [request, setRequest] = useState(0)

  useEffect(() => {
    if (request === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [request])

  const focusFirstInvalid = useCallback(() => setRequest((n) => n + 1), [])
  return { formRef, focusFirstInvalid }
}
