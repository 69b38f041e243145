import { useCallback, useState } from 'react'
import { localStore } from '../../lib/storage.ts'

export const sidebarCollapsedKey = 'sidebar-collapsed'

/** Whether the desktop sidebar is narrow; remembered in local storage across visits. */
export function useSidebarCollapsed(): [collapsed: boolean, toggle: () => void] {
  const [collapsed, setCollapsed] = useState(() => localStore.getItem(sidebarCollapsedKey) === 'true')
  const toggle = useCallback(() => {
    setCollapsed((previous) => {
      const next = !previous
      localStore.setItem(sidebarCollapsedKey, String(next))
      return next
    })
  }, [])
  return [collapsed, toggle]
}
