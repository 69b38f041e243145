import type { ClientRecord } from '@picks/contracts'
import { clientLimits, newClientProblems, type NewClientField, type NewClientValues } from '@picks/contracts/client'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { addClient, clientKeys } from '../../../components/clients/client-queries.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { Field, FormAlert, inputClasses, textareaClasses } from '../../../components/ui/form-field.tsx'
import { checkOnSubmit } from '../../../components/ui/form-options.ts'
import { StatusNote } from '../../../components/ui/status-note.tsx'
import { ApiError } from '../../../lib/api-client.ts'

const fields: readonly NewClientField[] = ['name', 'email', 'phone', 'note']
const blank: NewClientValues = { name: '', email: '', phone: '', note: '' }
const addFailed = 'We couldn’t add the client. Please try again.'

/** The field a server problem names (`body.email` → email), if the form has it. */
function fieldOf(path: string): NewClientField | null {
  const name = path.replace(/^body\./, '')
  return fields.find((field) => field === name) ?? null
}

/**
 * Adds a person to the creator's list (`POST /clients`): name and e-mail, an optional phone in
 * international form and a note, checked as the server checks them (`newClientProblems`). The
 * server's own refusals (an e-mail already on the list) show at their field.
 */
export function AddClientForm({ creatorId }: { creatorId: string }) {
  const queryClient = useQueryClient()
  const form = useForm<NewClientValues>({
    defaultValues: blank,
    resolver: (values) => {
      const problems = newClientProblems(values)
      const errors = Object.fromEntries(
        Object.entries(problems).map(([field, message]) => [field, { type: 'validate', message }]),
      )
      return { values: Object.keys(errors).length ? {} : values, errors }
    },
    ...checkOnSubmit,
  })
  const [added, setAdded] = useState('')

  const add = useMutation({
    mutationFn: addClient,
    onSuccess: async (client: ClientRecord) => {
      setAdded(`${client.name} added to your clients.`)
      form.reset(blank)
      await queryClient.invalidateQueries({ queryKey: clientKeys.all(creatorId) })
    },
    onError: (error) => {
      if (!(error instanceof ApiError)) return
      for (const issue of error.details ?? []) {
        const field = fieldOf(issue.field)
        if (field) form.setError(field, { message: issue.message })
      }
    },
  })

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (add.isPending) return
    setAdded('')
    add.reset()
    void form.handleSubmit((values) => add.mutate(values))(event)
  }

  const { errors } = form.formState
  const serverSaid = add.error instanceof ApiError && !add.error.code.startsWith('HTTP_') ? add.error.message : null

  return (
    <Card look="flat" title="Add a client" description="Someone you serve or want to serve. Only you see your list.">
      <form noValidate aria-label="Add a client" onSubmit={onSubmit} className="flex flex-col gap-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label="Name" error={errors.name?.message}>
            {(control) => (
              <input
                {...control}
                autoComplete="off"
                maxLength={clientLimits.nameMax}
                className={inputClasses}
                {...form.register('name')}
              />
            )}
          </Field>
          <Field label="E-mail" error={errors.email?.message}>
            {(control) => (
              <input
                {...control}
                type="email"
                autoComplete="off"
                className={inputClasses}
                {...form.register('email')}
              />
            )}
          </Field>
          <Field
            label="Phone"
            optional
            error={errors.phone?.message}
            hint="With the country code, such as +1 555 010 0199"
          >
            {(control) => (
              <input {...control} type="tel" autoComplete="off" className={inputClasses} {...form.register('phone')} />
            )}
          </Field>
        </div>
        <Field label="Note" optional error={errors.note?.message} hint={`At most ${clientLimits.noteMax} characters`}>
          {(control) => (
            <textarea
              {...control}
              maxLength={clientLimits.noteMax}
              className={textareaClasses}
              {...form.register('note')}
            />
          )}
        </Field>
        <FormAlert message={add.isError ? addFailed : null} detail={serverSaid} />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add client'}
          </Button>
        </div>
        <StatusNote message={added} />
      </form>
    </Card>
  )
}
