import type { Factor } from '@picks/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { factorLabel } from '../../../components/auth/second-factor-step.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { StatusNote } from '../../../components/ui/status-note.tsx'
import { AccountSection } from '../account-section.tsx'
import { accountQueries } from '../api.ts'
import { VerifiedBadge } from '../phone-section.tsx'
import { twoFactorMessages } from './factor-forms.tsx'
import { RemoveFactorDialog } from './remove-factor-dialog.tsx'
import { SmsFactorSetup } from './sms-factor-setup.tsx'
import { TotpSetup } from './totp-setup.tsx'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })

function addedOn(createdAt: string): string | null {
  const time = Date.parse(createdAt)
  return Number.isFinite(time) ? `Added ${dateFormat.format(time)}` : null
}

function FactorItem({ factor, onRemove }: { factor: Factor; onRemove: () => void }) {
  const label = factorLabel(factor)
  const added = addedOn(factor.created_at)
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {label}
          {factor.status !== 'verified' && <VerifiedBadge verified={false} />}
        </p>
        {added && <p className="text-xs text-slate-600">{added}</p>}
      </div>
      <Button variant="secondary" aria-label={`Remove ${label}`} onClick={onRemove}>
        Remove
      </Button>
    </li>
  )
}

/**
 * Multi-factor management: the factors with Remove, and setting up an authenticator app (QR code
 * and setup key) or a text-message factor, each confirmed with a code from it.
 */
export function TwoFactorSection({
  userId,
  hasPassword,
  phone,
}: {
  userId: string
  hasPassword: boolean
  phone: string
}) {
  const queryClient = useQueryClient()
  const factors = useQuery(accountQueries.factors(userId))
  const [adding, setAdding] = useState<'app' | 'sms' | null>(null)
  const [removing, setRemoving] = useState<Factor | null>(null)
  const [status, setStatus] = useState('')

  const refresh = () => queryClient.invalidateQueries({ queryKey: accountQueries.factors(userId).queryKey })
  const done = (message: string) => {
    setAdding(null)
    setStatus(message)
    void refresh()
  }
  const list = factors.data ?? []
  const on = list.some((factor) => factor.status === 'verified')
  // One authenticator app per account: a confirmed one is removed before another is set up.
  const hasApp = list.some((factor) => factor.factor_type === 'totp' && factor.status === 'verified')

  return (
    <AccountSection title="Two-factor authentication" description={on ? twoFactorMessages.on : twoFactorMessages.off}>
      <div className="flex flex-col gap-4">
        {factors.isPending ? (
          <Skeleton className="h-14 w-full" />
        ) : factors.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
            {twoFactorMessages.loadFailed}
            <Button variant="secondary" onClick={() => void factors.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          list.length > 0 && (
            <ul aria-label="Your two-factor methods" className="divide-y divide-slate-200">
              {list.map((factor) => (
                <FactorItem key={factor.id} factor={factor} onRemove={() => setRemoving(factor)} />
              ))}
            </ul>
          )
        )}
        <StatusNote message={status} />
        {adding === 'app' && <TotpSetup hasPassword={hasPassword} onDone={done} onCancel={() => setAdding(null)} />}
        {adding === 'sms' && (
          <SmsFactorSetup hasPassword={hasPassword} phone={phone} onDone={done} onCancel={() => setAdding(null)} />
        )}
        {adding === null && (
          <div className="flex flex-wrap gap-2">
            {!hasApp && (
              <Button
                variant="secondary"
                onClick={() => {
                  setStatus('')
                  setAdding('app')
                }}
              >
                Set up authenticator app
              </Button>
            )}
            <Button
              variant="secondary"
              onClick={() => {
                setStatus('')
                setAdding('sms')
              }}
            >
              Add text-message factor
            </Button>
          </div>
        )}
      </div>
      <RemoveFactorDialog
        factor={removing}
        hasPassword={hasPassword}
        onClose={() => setRemoving(null)}
        onRemoved={() => {
          setRemoving(null)
          setStatus(twoFactorMessages.removed)
          void refresh()
        }}
      />
    </AccountSection>
  )
}
