import { useId, type FormEvent, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Field, textareaClasses } from '../../../components/ui/form-field.tsx'
import { checkOnSubmit } from '../../../components/ui/form-options.ts'
import { firstProblemResolver, shownProblem } from '../../../components/ui/form-problems.ts'
import { FormActions } from '../../../components/ui/text-field.tsx'
import { refusalText } from './console-words.ts'

/** The longest reason or note the server keeps (`ActionReason`, `ModerationNoteBody`). */
export const noteMaxLength = 500

/** The problem with a reason or a note, or null: it is required, and at most 500 characters. */
export function noteProblem(words: string, field: string): string | null {
  if (!words.trim()) return `Give a ${field.toLowerCase()}: the audit log keeps it.`
  if (words.trim().length > noteMaxLength) return `Keep the ${field.toLowerCase()} under ${noteMaxLength} characters.`
  return null
}

interface NoteFields {
  note: string
}

/**
 * An admin or moderator action that needs words for the audit log (a suspension's reason, a hide's
 * note): the dialog says what is acted on, asks for them, and stays open with the server's words
 * when it refuses. `onSubmit` resolves when the action is done; the caller then closes the dialog.
 */
export function NoteDialog({
  label,
  fieldLabel,
  submitLabel,
  pendingLabel,
  onSubmit,
  onClose,
  children,
}: {
  label: string
  fieldLabel: 'Reason' | 'Note'
  submitLabel: string
  pendingLabel: string
  onSubmit: (note: string) => Promise<void>
  onClose: () => void
  children: ReactNode
}) {
  const form = useForm<NoteFields>({
    defaultValues: { note: '' },
    resolver: firstProblemResolver<NoteFields, 'note'>(({ note }) => {
      const message = noteProblem(note, fieldLabel)
      return message ? { field: 'note', message } : null
    }),
    ...checkOnSubmit,
  })
  const errorId = useId()
  const problem = shownProblem(form.formState.errors, ['note'])
  const pending = form.formState.isSubmitting

  function submit(event: FormEvent) {
    void form.handleSubmit(async ({ note }) => {
      try {
        await onSubmit(note.trim())
      } catch (caught) {
        form.setError('root.server', { message: refusalText(caught) })
      }
    })(event)
  }

  return (
    <Dialog open onClose={onClose} label={label}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        {children}
        <Field label={fieldLabel} error={problem.field ? problem.message : null}>
          {(control) => (
            <textarea
              {...control}
              {...form.register('note')}
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
          submitLabel={submitLabel}
          pendingLabel={pendingLabel}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  )
}
