import { useSearchParams } from 'react-router'

/**
 * A console list's page and filters, kept in the address (`?page=2&action=user.suspended`), so a
 * reload or a shared link opens the same view. Changing a filter goes back to page 1.
 */
export function useListParams<Filter extends string>() {
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)

  function update(change: Record<string, string>, keepPage: boolean) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const [name, value] of Object.entries(change)) {
          if (value) next.set(name, value)
          else next.delete(name)
        }
        if (!keepPage) next.delete('page')
        return next
      },
      { replace: true },
    )
  }

  return {
    page,
    /** The filter's value in the address, or '' when it is not set. */
    value: (name: Filter): string => params.get(name) ?? '',
    setPage: (next: number) => update({ page: next > 1 ? String(next) : '' }, true),
    setFilter: (name: Filter, value: string) => update({ [name]: value }, false),
  }
}
