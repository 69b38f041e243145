import type { OnboardingStatus } from '@picks/contracts'
import { paymentMessages, type StoredUser } from '@picks/contracts/client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Button } from '../../../components/ui/button.tsx'
import { FormAlert } from '../../../components/ui/form-field.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { creatorKeys } from '../../../components/creator-profile/creator-queries.ts'
import { TestModeBadge } from './test-mode-badge.tsx'
import { providerName } from './payout-words.ts'
import {
  leaveFor,
  payoutQueries,
  requestOnboardingLink,
  syncOnboardingStatus,
  serverReason,
  type PaymentsProvider,
} from '../api/index.ts'

/** Sandbox when the server's config says so; the account's own provider when the config cannot be read. */
export function useIsTestMode(status: OnboardingStatus | undefined): boolean {
  const provider = useQuery(payoutQueries.provider())
  const active: PaymentsProvider | undefined = provider.data ?? status?.provider
  return active === 'sandbox'
}

function StatusBadge({ onboarded }: { onboarded: boolean }) {
  return onboarded ? (
    <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">Active</span>
  ) : (
    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">Not set up</span>
  )
}

/**
 * The payout account (issue 5 item 8): where onboarding stands, the button that opens the
 * provider's onboarding, and a refresh that asks the provider again. `linkExpired` is the
 * provider sending the creator back (`?onboarding=expired`) because the link ran out.
 */
export function PayoutAccountSection({ user, linkExpired }: { user: StoredUser; linkExpired: boolean }) {
  const queryClient = useQueryClient()
  const status = useQuery(payoutQueries.onboardingStatus(user.id))
  const testMode = useIsTestMode(status.data)

  const onboard = useMutation({
    mutationFn: () =>
      requestOnboardingLink({ creatorId: user.id, email: user.email, name: user.name.trim() || user.email }),
    onSuccess: (url) => leaveFor(url),
  })
  const sync = useMutation({
    mutationFn: () => syncOnboardingStatus(user.id),
    onSuccess: async (fresh) => {
      queryClient.setQueryData(payoutQueries.onboardingStatus(user.id).queryKey, fresh)
      // Whether the creator's plans are on sale follows the payout account.
      void queryClient.invalidateQueries({ queryKey: creatorKeys.all })
      await queryClient.invalidateQueries({ queryKey: [...payoutQueries.all(user.id), 'provider-balance'] })
    },
  })

  // The page is about to leave for the provider: keep the button from opening a second link.
  const leaving = onboard.isPending || onboard.isSuccess
  const account = status.data

  return (
    <Card
      look="flat"
      title="Payout account"
      actions={
        account && (
          <div className="flex items-center gap-2">
            {testMode && <TestModeBadge />}
            <StatusBadge onboarded={account.onboarded} />
          </div>
        )
      }
    >
      {status.isPending && <Loading label="Loading your payout account…" className="h-16" />}
      {status.isError && (
        <ReadFailed message={paymentMessages.onboardingStatusFailed} onRetry={() => void status.refetch()} />
      )}

      {account?.onboarded && (
        <div className="flex flex-col gap-1">
          <p className="text-base font-semibold text-emerald-900">Payouts enabled</p>
          <p className="text-sm text-slate-700">
            Your account with {providerName(account.provider)} can take payments and receive payouts.
            {testMode && ' This is test mode: no real money moves and no real bank account is used.'}
          </p>
        </div>
      )}

      {account && !account.onboarded && (
        <div className="flex flex-col items-start gap-3">
          {linkExpired && (
            <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              Your setup link expired before you finished. Open a new one to carry on where you left off.
            </p>
          )}
          {account.account_id === null ? (
            <p className="text-sm text-slate-700">
              Set up payouts to sell your plans and be paid. {capitalized(providerName(account.provider))} collects your
              details and your bank account; we never see them.
            </p>
          ) : (
            <p className="text-sm text-slate-700">
              Your payout setup is not finished yet: {providerName(account.provider)} still needs some details before
              customers can pay you and you can be paid.
            </p>
          )}
          <Button onClick={() => onboard.mutate()} disabled={leaving}>
            {leaving ? 'Opening setup…' : account.account_id === null ? 'Set up payouts' : 'Continue setup'}
          </Button>
        </div>
      )}

      {onboard.isError && (
        <FormAlert message={paymentMessages.onboardingLinkFailed} detail={serverReason(onboard.error)} />
      )}

      {account && (
        <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 pt-3">
          <Button variant="secondary" onClick={() => sync.mutate()} disabled={sync.isPending}>
            {sync.isPending ? 'Refreshing…' : 'Refresh status'}
          </Button>
          <p role="status" className="text-sm text-slate-700">
            {sync.isSuccess && 'Status updated.'}
          </p>
        </div>
      )}
      {sync.isError && <FormAlert message={paymentMessages.providerSyncFailed} />}
    </Card>
  )
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
