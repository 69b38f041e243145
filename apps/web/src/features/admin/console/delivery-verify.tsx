import type { AdminDeliveryVerification, AdminPerson } from '@picks/contracts'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '../../../components/ui/button.tsx'
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx'
import { Field, inputClasses } from '../../../components/ui/form-field.tsx'
import { checkOnSubmit } from '../../../components/ui/form-options.ts'
import { firstProblemResolver } from '../../../components/ui/form-problems.ts'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { deliveryQueries } from '../api.ts'
import { adminFailure, whenText } from './console-words.ts'
import { channelLabels } from './delivery-words.ts'
import { PersonalSwitch } from './personal-switch.tsx'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

interface CheckFields {
  id: string
}

/** The id to check, caught before sending when it is not a UUID. */
function VerifyForm({ initial, onCheck }: { initial: string; onCheck: (id: string) => void }) {
  const form = useForm<CheckFields>({
    defaultValues: { id: initial },
    resolver: firstProblemResolver<CheckFields, 'id'>(({ id }) => {
      if (!id.trim()) return { field: 'id', message: 'Paste the id of a pick or a purchase.' }
      if (!uuidPattern.test(id.trim()))
        return { field: 'id', message: 'That is not an id: ids look like 5b0f8a1e-3c2d-4e5f-8a9b-0c1d2e3f4a5b.' }
      return null
    }),
    ...checkOnSubmit,
  })
  return (
    <form
      noValidate
      aria-label="Verify deliveries"
      className="flex flex-wrap items-start gap-2"
      onSubmit={(event) => void form.handleSubmit(({ id }) => onCheck(id.trim().toLowerCase()))(event)}
    >
      <Field
        label="Pick or purchase id"
        hint="A pick: everyone it should have reached. A purchase: its buyer, over every pick it gave access to."
        error={form.formState.errors.id?.message}
        className="w-full sm:w-96"
      >
        {(control) => <input {...control} {...form.register('id')} aria-required className={inputClasses} />}
      </Field>
      <Button type="submit" className="sm:mt-6">
        Verify
      </Button>
    </form>
  )
}

type Duplicated = AdminDeliveryVerification['duplicated'][number]
type Failed = AdminDeliveryVerification['failed'][number]
type Recipient = { pickId: string; recipient: AdminPerson; channel: 'email' | 'sms' }

function recipientColumns<Row extends Recipient>(extra: DataColumn<Row>[]): DataColumn<Row>[] {
  return [
    { header: 'Recipient', isRowHeader: true, cell: (row) => row.recipient.name },
    {
      header: 'Address',
      className: 'break-all',
      cell: (row) => (row.channel === 'email' ? row.recipient.email : (row.recipient.phone ?? 'No number')),
    },
    { header: 'Channel', cell: (row) => channelLabels[row.channel] },
    { header: 'Pick', className: 'break-all', cell: (row) => row.pickId },
    ...extra,
  ]
}

function RecipientList<Row extends Recipient>({
  title,
  rows,
  count,
  columns,
}: {
  title: string
  rows: Row[]
  count: number
  columns: DataColumn<Row>[]
}) {
  if (count === 0) return null
  return (
    <div className="flex flex-col gap-2">
      <h4 className="font-semibold text-slate-900">
        {title} ({count})
      </h4>
      {rows.length < count && (
        <p className="text-sm text-slate-700">
          The first {rows.length} of {count}.
        </p>
      )}
      <DataTable
        caption={title}
        columns={columns}
        rows={rows}
        rowKey={(row) => `${row.pickId}-${row.recipient.id}-${row.channel}`}
        isFramed
      />
    </div>
  )
}

function VerificationResult({ result }: { result: AdminDeliveryVerification }) {
  const { counts } = result
  return (
    <div className="flex flex-col gap-4" aria-label="Verification result" role="region">
      <p className="text-sm text-slate-700">
        {result.subject === 'pick' ? 'Pick' : 'Purchase'} <span className="break-all">{result.id}</span>, checked{' '}
        {whenText(result.checkedAt)}: {result.picks.length} {result.picks.length === 1 ? 'pick' : 'picks'};{' '}
        {counts.missing} missing, {counts.duplicated} duplicated, {counts.failed} failed.
      </p>
      <DataTable
        caption="Picks checked"
        rows={result.picks}
        rowKey={(pick) => pick.pickId}
        isFramed
        fields="figures"
        columns={[
          { header: 'Pick', isRowHeader: true, className: 'break-all', cell: (pick) => pick.pickId },
          {
            header: 'Fan-out',
            cell: (pick) => (pick.fanout ? (pick.fanout.status === 'done' ? 'Done' : 'Running') : 'Not started'),
          },
          { header: 'E-mails', cell: (pick) => `${pick.found.email} of ${pick.expected.email}` },
          { header: 'Texts', cell: (pick) => `${pick.found.sms} of ${pick.expected.sms}` },
        ]}
      />
      {result.ok ? (
        <p className="rounded-lg bg-emerald-50 p-3 font-medium text-emerald-900">
          Every entitled, reachable recipient has exactly one delivery per channel.
        </p>
      ) : (
        <>
          <RecipientList title="Missing" rows={result.missing} count={counts.missing} columns={recipientColumns([])} />
          <RecipientList
            title="Duplicated"
            rows={result.duplicated}
            count={counts.duplicated}
            columns={recipientColumns<Duplicated>([
              { header: 'Deliveries', align: 'end', cell: (row) => row.deliveries },
            ])}
          />
          <RecipientList
            title="Failed"
            rows={result.failed}
            count={counts.failed}
            columns={recipientColumns<Failed>([{ header: 'Error', cell: (row) => row.error ?? 'No reason given' }])}
          />
        </>
      )}
    </div>
  )
}

/** The check of one pick or purchase: the form, the personal switch and what the server found. */
export function DeliveryCheck({ checking, onCheck }: { checking: string; onCheck: (id: string) => void }) {
  const [personal, setPersonal] = useState(false)
  const check = useQuery({ ...deliveryQueries.verify(checking, personal), enabled: checking !== '' })
  return (
    <section aria-labelledby="delivery-check-heading" className="flex flex-col gap-3">
      <h3 id="delivery-check-heading" className="text-lg font-semibold text-slate-900">
        Verify a pick or a purchase
      </h3>
      <VerifyForm
        key={checking}
        initial={checking}
        onCheck={(id) => (id === checking ? void check.refetch() : onCheck(id))}
      />
      <PersonalSwitch checked={personal} onChange={setPersonal} what="Full e-mails and phone numbers" />
      {checking !== '' &&
        (check.isPending ? (
          <Loading label="Checking the deliveries…" className="h-12" count={2} stacked />
        ) : check.isError ? (
          <ReadFailed
            message="Failed to verify the deliveries"
            detail={adminFailure(check.error)}
            onRetry={() => void check.refetch()}
          />
        ) : (
          <VerificationResult result={check.data} />
        ))}
    </section>
  )
}
