import { avatarProblem, isEmojiAvatar, uploadedMediaPattern } from '@picks/contracts/client'
import { useId, useState, type ChangeEvent } from 'react'
import { ApiError } from '../../lib/api-client.ts'
import { Button } from '../ui/button.tsx'
import { cx } from '../ui/cx.ts'
import { Field, FieldError, inputClasses } from '../ui/form-field.tsx'
import { ProfilePicture } from '../ui/profile-picture.tsx'
import { avatarFileProblem, avatarUpload, uploadAvatar } from './upload-avatar.ts'

type Mode = 'upload' | 'url' | 'emoji'

const modes: { mode: Mode; label: string }[] = [
  { mode: 'upload', label: 'Upload' },
  { mode: 'url', label: 'Image address' },
  { mode: 'emoji', label: 'Emoji' },
]

export const sportsEmoji = [
  { emoji: '🏈', name: 'American football' },
  { emoji: '🏀', name: 'Basketball' },
  { emoji: '⚾', name: 'Baseball' },
  { emoji: '🏒', name: 'Ice hockey' },
  { emoji: '⚽', name: 'Soccer ball' },
  { emoji: '🥊', name: 'Boxing glove' },
  { emoji: '🏆', name: 'Trophy' },
  { emoji: '🎯', name: 'Bullseye' },
  { emoji: '🔥', name: 'Fire' },
  { emoji: '📈', name: 'Chart going up' },
  { emoji: '🧠', name: 'Brain' },
  { emoji: '💎', name: 'Gem' },
] as const

function modeOf(picture: string): Mode {
  if (isEmojiAvatar(picture)) return 'emoji'
  if (/^https?:\/\//i.test(picture)) return 'url'
  return 'upload'
}

function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status !== 404 && error.status < 500) return error.message
  return avatarUpload.failed
}

/**
 * The profile picture, three ways: upload a file (checked here for type and size, then stored by
 * the server), an https image address, or an emoji. `value` is what will be saved ('' for none).
 */
export function AvatarPicker({
  value,
  onChange,
  name,
  error,
  onUploadingChange,
}: {
  value: string
  onChange: (picture: string) => void
  /** Whose picture it is: the preview falls back to their initials. */
  name: string
  error?: string | undefined
  onUploadingChange?: (uploading: boolean) => void
}) {
  const id = useId()
  const [mode, setMode] = useState<Mode>(() => modeOf(value))
  const [urlDraft, setUrlDraft] = useState(() => (modeOf(value) === 'url' ? value : ''))
  const [urlTouched, setUrlTouched] = useState(false)
  const [emojiDraft, setEmojiDraft] = useState('')
  const [uploading, setUploading] = useState(false)
  const [uploadError, setUploadError] = useState<string | null>(null)

  const trimmed = value.trim()
  const preview = trimmed && avatarProblem(trimmed) === null ? trimmed : ''
  const errorId = `${id}-error`

  function setBusy(busy: boolean) {
    setUploading(busy)
    onUploadingChange?.(busy)
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget
    const file = input.files?.[0]
    // Cleared so that choosing the same file again after an error tries again.
    input.value = ''
    if (!file) return
    const problem = avatarFileProblem(file)
    if (problem) {
      setUploadError(problem)
      return
    }
    setUploadError(null)
    setBusy(true)
    try {
      const uploaded = await uploadAvatar(file)
      if (!uploadedMediaPattern.test(uploaded.url)) throw new Error('unexpected upload address')
      onChange(uploaded.url)
    } catch (failure) {
      setUploadError(uploadErrorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  const urlProblem = urlTouched && urlDraft.trim() ? avatarProblem(urlDraft) : null
  const emojiProblem = emojiDraft.trim() && !isEmojiAvatar(emojiDraft) ? 'Type one emoji' : null
  const shownError = uploadError ?? error

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={shownError ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">
        Profile picture <span className="font-normal text-slate-600">(optional)</span>
      </legend>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex items-center gap-3 sm:flex-col">
          <ProfilePicture
            picture={preview || null}
            name={name}
            size="lg"
            alt={preview ? 'Profile picture preview' : ''}
          />
          {trimmed && (
            <Button variant="ghost" className="min-h-9 px-2 text-xs" onClick={() => onChange('')}>
              Remove picture
            </Button>
          )}
        </div>

        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div role="radiogroup" aria-label="Picture source" className="flex flex-wrap gap-2">
            {modes.map((option) => (
              <label
                key={option.mode}
                className={cx(
                  'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border px-3 text-sm font-medium has-focus-visible:ring-2 has-focus-visible:ring-slate-900',
                  mode === option.mode
                    ? 'border-emerald-700 bg-emerald-50 text-emerald-900'
                    : 'border-slate-300 bg-white text-slate-800',
                )}
              >
                <input
                  type="radio"
                  name={`${id}-mode`}
                  className="sr-only"
                  checked={mode === option.mode}
                  onChange={() => setMode(option.mode)}
                />
                {option.label}
              </label>
            ))}
          </div>

          {mode === 'upload' && (
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-file`} className="text-sm font-medium text-slate-800">
                Choose a picture
              </label>
              <input
                id={`${id}-file`}
                type="file"
                accept={avatarUpload.accept}
                disabled={uploading}
                aria-describedby={`${id}-file-hint`}
                onChange={(event) => void onFile(event)}
                className="text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold file:text-slate-900 hover:file:bg-slate-100"
              />
              <p id={`${id}-file-hint`} className="text-xs text-slate-600">
                JPEG, PNG or WebP, up to 2 MB. It is cropped to a square.
              </p>
              {uploading && (
                <p role="status" className="text-sm text-slate-700">
                  Uploading…
                </p>
              )}
            </div>
          )}

          {mode === 'url' && (
            <Field label="Image address" hint="An image on an https:// site." error={urlProblem}>
              {(control) => (
                <input
                  {...control}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  className={inputClasses}
                  value={urlDraft}
                  onBlur={() => setUrlTouched(true)}
                  onChange={(event) => {
                    setUrlDraft(event.target.value)
                    onChange(event.target.value.trim())
                  }}
                />
              )}
            </Field>
          )}

          {mode === 'emoji' && (
            <div className="flex flex-col gap-3">
              <div role="group" aria-label="Sports emoji" className="grid grid-cols-6 gap-2 sm:flex sm:flex-wrap">
                {sportsEmoji.map(({ emoji, name: emojiName }) => (
                  <button
                    key={emoji}
                    type="button"
                    aria-label={emojiName}
                    aria-pressed={trimmed === emoji}
                    onClick={() => onChange(emoji)}
                    className={cx(
                      'flex size-11 items-center justify-center rounded-lg border text-2xl',
                      trimmed === emoji ? 'border-emerald-700 bg-emerald-50' : 'border-slate-300 bg-white',
                    )}
                  >
                    <span aria-hidden="true">{emoji}</span>
                  </button>
                ))}
              </div>
              <Field label="Or type any emoji" error={emojiProblem} className="max-w-48">
                {(control) => (
                  <input
                    {...control}
                    className={inputClasses}
                    value={emojiDraft}
                    maxLength={16}
                    autoComplete="off"
                    onChange={(event) => {
                      const text = event.target.value
                      setEmojiDraft(text)
                      if (isEmojiAvatar(text)) onChange(text.trim())
                    }}
                  />
                )}
              </Field>
            </div>
          )}
        </div>
      </div>
      <FieldError id={errorId} message={shownError} />
    </fieldset>
  )
}
