import type { AdminUser, ServerRole } from '@picks/contracts'
import { serverRoles } from '@picks/contracts/client'
import { useId, type FormEvent } from 'react'
import { useForm } from 'react-hook-form'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, inputClasses, textareaClasses } from '../../../components/ui/form-field.tsx'
import { checkOnSubmit } from '../../../components/ui/form-options.ts'
import { firstProblemResolver, shownProblem } from '../../../components/ui/form-problems.ts'
import { FormActions } from '../../../components/ui/text-field.tsx'
import { refusalText } from './console-words.ts'
import { noteMaxLength, noteProblem } from './note-dialog.tsx'
import { roleLabels } from './user-labels.ts'

interface RoleFields {
  role: string
  reason: string
}

/**
 * Changing a person's role (`PUT /admin/users/{id}/role`): the new role and a reason for the audit
 * log. The server's refusal (one's own administrator role, the last administrator) stays on screen.
 */
export function UserRoleDialog({
  user,
  onChange,
  onClose,
}: {
  user: AdminUser
  onChange: (role: ServerRole, reason: string) => Promise<void>
  onClose: () => void
}) {
  const form = useForm<RoleFields>({
    defaultValues: { role: user.role, reason: '' },
    resolver: firstProblemResolver<RoleFields, 'role' | 'reason'>(({ role, reason }) => {
      if (role === user.role) return { field: 'role', message: `${user.name} is already a ${roleLabels[user.role]}.` }
      const message = noteProblem(reason, 'Reason')
      return message ? { field: 'reason', message } : null
    }),
    ...checkOnSubmit,
  })
  const errorId = useId()
  const problem = shownProblem(form.formState.errors, ['role', 'reason'])
  const pending = form.formState.isSubmitting

  function submit(event: FormEvent) {
    void form.handleSubmit(async ({ role, reason }) => {
      const chosen = serverRoles.find((each) => each === role)
      if (!chosen) return
      try {
        await onChange(chosen, reason.trim())
      } catch (caught) {
        form.setError('root.server', { message: refusalText(caught) })
      }
    })(event)
  }

  return (
    <Dialog open onClose={onClose} label={`Change the role of ${user.name}`}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <p className="text-sm text-slate-700">
          {user.name} is a {roleLabels[user.role]} now. The change and its reason go into the audit log.
        </p>
        <Field label="New role" error={problem.field === 'role' ? problem.message : null}>
          {(control) => (
            <select {...control} {...form.register('role')} className={inputClasses}>
              {serverRoles.map((role) => (
                <option key={role} value={role}>
                  {roleLabels[role]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Reason" error={problem.field === 'reason' ? problem.message : null}>
          {(control) => (
            <textarea
              {...control}
              {...form.register('reason')}
              aria-required
              maxLength={noteMaxLength}
              className={textareaClasses}
            />
          )}
        </Field>
        <FormActions
          errorId={errorId}
          error={problem.field ? '' : problem.message}
          pending={pending}
          submitLabel="Change role"
          pendingLabel="Changing…"
          onCancel={onClose}
        />
      </form>
    </Dialog>
  )
}
