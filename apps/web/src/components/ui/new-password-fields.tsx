import { passwordStrength, type PasswordStrength } from '@picks/contracts/client'
import { cx } from './cx.ts'
import { TextField } from './text-field.tsx'

const strengthLooks: Record<PasswordStrength, { text: string; bar: string; width: string }> = {
  weak: { text: 'Weak', bar: 'bg-red-600', width: 'w-1/3' },
  medium: { text: 'Medium', bar: 'bg-amber-500', width: 'w-2/3' },
  strong: { text: 'Strong', bar: 'bg-emerald-600', width: 'w-full' },
}

/** Spec §5 strength meter: the word says it, the bar only repeats it. */
export function StrengthMeter({ id, password }: { id: string; password: string }) {
  const look = strengthLooks[passwordStrength(password)]
  return (
    <div id={id} className={cx('flex items-center gap-2', !password && 'sr-only')} aria-live="polite">
      {password && (
        <>
          <div className="h-1.5 flex-1 rounded-full bg-slate-200" aria-hidden="true">
            <div className={cx('h-1.5 rounded-full', look.bar, look.width)} />
          </div>
          <span className="text-xs text-slate-700">
            Password strength: <strong>{look.text}</strong>
          </span>
        </>
      )}
    </div>
  )
}

/**
 * A new password with the strength meter, then its confirmation. `fieldProps` ties each input to the
 * form's error when it is the one at fault.
 */
export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  passwordLabel = 'Password',
  confirmLabel = 'Confirm Password',
  fieldProps,
}: {
  password: string
  confirm: string
  onPassword: (value: string) => void
  onConfirm: (value: string) => void
  passwordLabel?: string
  confirmLabel?: string
  fieldProps: (name: 'password' | 'confirm') => { invalid: boolean; errorId: string }
}) {
  return (
    <>
      <TextField
        label={passwordLabel}
        type="password"
        value={password}
        onChange={onPassword}
        autoComplete="new-password"
        hint={(id) => <StrengthMeter id={id} password={password} />}
        {...fieldProps('password')}
      />
      <TextField
        label={confirmLabel}
        type="password"
        value={confirm}
        onChange={onConfirm}
        autoComplete="new-password"
        {...fieldProps('confirm')}
      />
    </>
  )
}
