import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { serverReason } from '../../../components/alerts/alerts-common.ts'
import { Card } from '../../../components/ui/card.tsx'
import { FormAlert } from '../../../components/ui/form-field.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { SwitchField } from '../../../components/ui/switch.tsx'
import { billingEmailsQuery, saveBillingEmails } from '../api/index.ts'

/** The switch for the e-mail a creator gets when someone subscribes or buys a pass (on unless turned off). */
export function BillingEmailsSection({ creatorId }: { creatorId: string }) {
  const queryClient = useQueryClient()
  const query = billingEmailsQuery(creatorId)
  const settings = useQuery(query)
  const change = useMutation({
    mutationFn: (on: boolean) => saveBillingEmails(creatorId, on),
    onSuccess: (saved) => queryClient.setQueryData(query.queryKey, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: query.queryKey }),
  })
  const checked = change.isPending ? change.variables : settings.data?.new_subscriber_emails
  return (
    <Card title="New subscriber notices" description="What we tell you when you make a sale.">
      {settings.isPending && <Loading label="Loading your e-mail settings…" />}
      {settings.isError && (
        <ReadFailed
          message="We couldn’t load your e-mail settings."
          detail={serverReason(settings.error)}
          onRetry={() => void settings.refetch()}
          polite
        />
      )}
      {settings.isSuccess && (
        <div className="flex flex-col gap-4">
          <SwitchField
            label="E-mail me about each new subscriber"
            description="When someone subscribes to a plan or buys a pass: the plan and its price."
            checked={checked ?? true}
            busy={change.isPending}
            onCheckedChange={(on) => change.mutate(on)}
          />
          <FormAlert
            message={change.isError ? 'We couldn’t save this setting. Try again.' : null}
            detail={serverReason(change.error)}
          />
        </div>
      )}
    </Card>
  )
}
