import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { signOut } from '../../auth/auth-session.ts'

/**
 * Signs out on the server and on this device (the local record goes even when the server call
 * fails), forgets cached data, then goes to /auth without leaving the signed-in page in history.
 */
export function useSignOut(): () => void {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  return useCallback(() => {
    void signOut().finally(() => {
      queryClient.clear()
      void navigate('/auth', { replace: true })
    })
  }, [navigate, queryClient])
}
