import type { Plan, PromoCode } from '@picks/contracts'
import { formatCents } from '@picks/contracts/client'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { promoDurationWords } from '../../../components/plans/promo-terms.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { StatusNote } from '../../../components/ui/status-note.tsx'
import { Switch } from '../../../components/ui/switch.tsx'
import { useCopy } from '../../../components/ui/use-copy.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { creatorDashboardQueries, promoCodesFailed, promotionQueries, updatePromoCode } from '../api/index.ts'
import { formatCount, shortDate } from '../creator-words.ts'
import { PromoCodeDialog, type PromoCodeEditing } from './promo-code-form.tsx'
import { discountWords } from './promo-code-values.ts'

/**
 * The creator's share link with the code on it: the visit counts for the link (and its sign-ups and
 * purchases), and the purchase page applies the code as it opens. Before the share link is read,
 * the purchase page's own address with the code.
 */
function promoLink(creatorId: string, code: string, shareUrl: string | undefined): string {
  const url = new URL(shareUrl ?? `${window.location.origin}/shop-picks/purchase/${encodeURIComponent(creatorId)}`)
  url.searchParams.set('promo', code)
  return url.toString()
}

function upperFirst(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function planNames(code: PromoCode, plans: Plan[] | undefined): string {
  if (code.plan_ids === null) return 'All plans'
  if (!plans) return `${code.plan_ids.length} ${code.plan_ids.length === 1 ? 'plan' : 'plans'}`
  return code.plan_ids.map((id) => plans.find((plan) => plan.id === id)?.name ?? 'A removed plan').join(', ')
}

function expiry(code: PromoCode, now: number): string {
  if (!code.expires_at) return 'Never'
  const day = shortDate(code.expires_at)
  return Date.parse(code.expires_at) <= now ? `${day} (expired)` : day
}

function redemptions(code: PromoCode): string {
  const used = formatCount(code.redemptions)
  return code.max_redemptions === null ? `${used}, no limit` : `${used} of ${formatCount(code.max_redemptions)}`
}

/** Turns a code on or off; what went wrong stays beside the switch. */
function ActiveSwitch({ code, creatorId }: { code: PromoCode; creatorId: string }) {
  const queryClient = useQueryClient()
  const toggle = useMutation({
    mutationFn: (active: boolean) => updatePromoCode(code.id, { active }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionQueries.all(creatorId) }),
  })
  return (
    <div className="flex flex-col items-start gap-1">
      <div className="flex items-center gap-2">
        <Switch
          checked={code.active}
          busy={toggle.isPending}
          onCheckedChange={(next) => toggle.mutate(next)}
          aria-label={`${code.code} active`}
        />
        <span aria-hidden="true" className="text-sm text-slate-700">
          {code.active ? 'On' : 'Off'}
        </span>
      </div>
      {toggle.isError && (
        <p role="alert" className="text-sm text-red-700">
          {toggle.error instanceof ApiError && !toggle.error.code.startsWith('HTTP_')
            ? toggle.error.message
            : `We couldn’t turn ${code.code} ${code.active ? 'off' : 'on'}. Please try again.`}
        </p>
      )}
    </div>
  )
}

/**
 * The creator's promo codes: what each gives, for how long, on which plans, until when, how often
 * it was used and what it gave away; a new code, a change, on/off, and a link that applies it.
 */
export function PromoCodesSection({ creatorId }: { creatorId: string }) {
  const codes = useQuery(promotionQueries.promoCodes(creatorId))
  const plans = useQuery(creatorDashboardQueries.plans(creatorId))
  const shareLink = useQuery(creatorDashboardQueries.shareLink(creatorId))
  const [editing, setEditing] = useState<PromoCodeEditing | null>(null)
  const [note, setNote] = useState('')
  const { copy } = useCopy()
  const now = Date.now()

  async function copyLink(code: PromoCode) {
    const url = promoLink(creatorId, code.code, shareLink.data?.url)
    const state = await copy(url)
    setNote(state === 'copied' ? `Link for ${code.code} copied.` : `Copying is blocked here. The link: ${url}`)
  }

  const columns: DataColumn<PromoCode>[] = [
    {
      header: 'Code',
      isRowHeader: true,
      cell: (code) => <span className="font-mono whitespace-nowrap">{code.code}</span>,
    },
    { header: 'Discount', cell: discountWords },
    { header: 'Lasts', cell: (code) => upperFirst(promoDurationWords(code.duration, code.duration_months)) },
    { header: 'Plans', cell: (code) => planNames(code, plans.data) },
    { header: 'Expires', cell: (code) => expiry(code, now) },
    { header: 'Redemptions', cell: redemptions },
    { header: 'Discount given', align: 'end', cell: (code) => formatCents(code.discount_given_cents) },
    { header: 'Active', cell: (code) => <ActiveSwitch code={code} creatorId={creatorId} /> },
    {
      header: 'Actions',
      isHeaderHidden: true,
      isWide: true,
      cell: (code) => (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setEditing({ mode: 'edit', code })}>
            Edit<span className="sr-only"> {code.code}</span>
          </Button>
          <Button variant="ghost" onClick={() => void copyLink(code)}>
            Copy link<span className="sr-only"> for {code.code}</span>
          </Button>
        </div>
      ),
    },
  ]

  return (
    <Card
      title="Promo codes"
      description="A percent or an amount off, for all your plans or some, for as long as you choose."
      actions={
        <Button
          onClick={() => {
            setNote('')
            setEditing({ mode: 'new' })
          }}
        >
          New code
        </Button>
      }
    >
      <StatusNote message={note} />
      {codes.isPending && <Loading label="Loading your promo codes…" className="h-24" />}
      {codes.isError && <ReadFailed message={promoCodesFailed} onRetry={() => void codes.refetch()} />}
      {codes.isSuccess &&
        (codes.data.length === 0 ? (
          <p className="text-sm text-slate-700">
            No promo codes yet. Make one, then share its link: the code is applied as your page opens.
          </p>
        ) : (
          <DataTable caption="Your promo codes" columns={columns} rows={codes.data} rowKey={(code) => code.id} />
        ))}
      <PromoCodeDialog
        creatorId={creatorId}
        plans={plans.data ?? []}
        editing={editing}
        onClose={(message) => {
          setEditing(null)
          setNote(message)
        }}
      />
    </Card>
  )
}
