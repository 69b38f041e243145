import { reportLimits, reportReasonProblem } from '@picks/contracts/client'
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Button } from '../ui/button.tsx'
import { cx } from '../ui/cx.ts'
import { Dialog } from '../ui/dialog.tsx'
import { Field, textareaClasses } from '../ui/form-field.tsx'
import { checkOnSubmit } from '../ui/form-options.ts'
import { firstProblemResolver, shownProblem } from '../ui/form-problems.ts'
import { FormActions } from '../ui/text-field.tsx'
import { fileReport, reportRefusal, type ReportTarget } from './report-api.ts'

interface ReportFields {
  reason: string
}

const targetWords = { pick: 'pick', creator: 'profile' } as const

/**
 * Reporting a pick or a creator profile: a reason, checked as the server checks it, then a word that
 * the report arrived. A refusal keeps the dialog open with the server's words; a repeat while the
 * person's first report is open says so, since the new reason is not kept.
 */
export function ReportDialog({
  target,
  label,
  children,
  onClose,
}: {
  target: ReportTarget
  /** The dialog's title ("Report this pick"). */
  label: string
  /** What is being reported, in a sentence above the reason. */
  children: ReactNode
  onClose: () => void
}) {
  const [answer, setAnswer] = useState<'filed' | 'repeated' | null>(null)
  const answerRef = useRef<HTMLParagraphElement>(null)
  // The form is replaced by the answer: focus goes to it rather than being lost with the form.
  useEffect(() => {
    if (answer) answerRef.current?.focus()
  }, [answer])
  const form = useForm<ReportFields>({
    defaultValues: { reason: '' },
    resolver: firstProblemResolver<ReportFields, 'reason'>(({ reason }) => {
      const message = reportReasonProblem(reason)
      return message ? { field: 'reason', message } : null
    }),
    ...checkOnSubmit,
    // One field: after a refused send, the keyboard is where the problem is.
    shouldFocusError: true,
  })
  const errorId = useId()
  const problem = shownProblem(form.formState.errors, ['reason'])
  const length = useWatch({ control: form.control, name: 'reason' }).trim().length
  const words = targetWords[target.type]

  function submit(event: FormEvent) {
    void form.handleSubmit(async ({ reason }) => {
      try {
        const { repeated } = await fileReport(target, reason.trim())
        setAnswer(repeated ? 'repeated' : 'filed')
      } catch (caught) {
        const refusal = reportRefusal(caught)
        if (refusal.onReason) form.setError('reason', { type: 'server', message: refusal.message })
        else form.setError('root.server', { message: refusal.message })
      }
    })(event)
  }

  if (answer) {
    return (
      <Dialog open onClose={onClose} label={label}>
        <div className="flex flex-col gap-3">
          <p ref={answerRef} tabIndex={-1} role="status" className="text-sm text-emerald-900 focus:outline-none">
            {answer === 'filed'
              ? 'Thanks — a moderator will look at it.'
              : `You have already reported this ${words}, and that report is still open: a moderator will look at it.`}
          </p>
          <Button onClick={onClose}>Done</Button>
        </div>
      </Dialog>
    )
  }

  return (
    <Dialog open onClose={onClose} label={label}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <div className="text-sm text-slate-700">{children}</div>
        <Field
          label="Reason"
          hint={
            <span className={cx(length > reportLimits.reasonMaxLength && 'font-semibold text-red-700')}>
              {length} / {reportLimits.reasonMaxLength} characters. Only moderators read reports.
            </span>
          }
          error={problem.field ? problem.message : null}
        >
          {(control) => (
            <textarea {...control} {...form.register('reason')} aria-required rows={4} className={textareaClasses} />
          )}
        </Field>
        <FormActions
          errorId={errorId}
          error={problem.field ? '' : problem.message}
          pending={form.formState.isSubmitting}
          submitLabel="Send report"
          pendingLabel="Sending…"
          onCancel={onClose}
        />
      </form>
    </Dialog>
  )
}
