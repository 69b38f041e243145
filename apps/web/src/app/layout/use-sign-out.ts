import { useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { clearLocalSession } from '../../lib/stored-user.ts'

/**
 * Signs out locally: forgets the user record, the session keys and cached data, then goes to
 * /auth without leaving the signed-in page in history. (The server sign-out joins with the auth module.)
 */
export function useSignOut(): () => void {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  return useCallback(() => {
    clearLocalSession()
    queryClient.clear()
    void navigate('/auth', { replace: true })
  }, [navigate, queryClient])
}
