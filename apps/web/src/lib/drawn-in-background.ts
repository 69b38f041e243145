import { useDeferredValue } from 'react'

/**
 * A query's data as a list draws it: when the data arrives or changes, this render still answers
 * what was there before, and a second render, which React splits into short tasks, draws the new.
 * A query's update renders at once and in one piece (React gives every store update its most
 * urgent lane); twenty cards drawn that way took 40-65 ms of the main thread here, four times that
 * on a phone, a task a tap could not interrupt (decision 052).
 *
 * `arriving`: the query has data the list does not show yet; keep its placeholder up meanwhile.
 */
export function useDrawnInBackground<T>(data: T | undefined): { shown: T | undefined; arriving: boolean } {
  const shown = useDeferredValue(data)
  return { shown, arriving: shown === undefined && data !== undefined }
}
