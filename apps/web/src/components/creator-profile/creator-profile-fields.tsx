import {
  creatorProfileLimits,
  socialNetworkInfo,
  socialNetworks,
  sports,
  type SportSlug,
} from '@picks/contracts/client'
import { useId } from 'react'
import { cx } from '../ui/cx.ts'
import { Field, FieldError, inputClasses, textareaClasses } from '../ui/form-field.tsx'
import { AvatarPicker } from './avatar-picker.tsx'
import { countryOptions } from './countries.ts'
import { socialLinkExamples, type CreatorProfileValues, type ProfileProblems } from './profile-values.ts'

function BioField({ value, onChange, error }: { value: string; onChange: (bio: string) => void; error?: string }) {
  const length = value.trim().length
  const over = length > creatorProfileLimits.bioMaxLength
  return (
    <Field
      label="Bio"
      optional
      error={error}
      hint={
        <span className={cx(over && 'font-semibold text-red-700')}>
          {length} / {creatorProfileLimits.bioMaxLength} characters
        </span>
      }
    >
      {(control) => (
        <textarea
          {...control}
          rows={4}
          className={textareaClasses}
          placeholder="What you bet, how you pick, what subscribers get."
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  )
}

function SportsFields({
  specialty,
  others,
  onChange,
  problems,
}: {
  specialty: SportSlug | ''
  others: SportSlug[]
  onChange: (change: { specialtySport: SportSlug | ''; otherSports: SportSlug[] }) => void
  problems: ProfileProblems
}) {
  const othersErrorId = `${useId()}-others-error`
  return (
    <>
      <Field label="Specialty sport" error={problems.specialtySport}>
        {(control) => (
          <select
            {...control}
            required
            className={inputClasses}
            value={specialty}
            onChange={(event) => {
              const next = sports.find((sport) => sport.slug === event.target.value)?.slug ?? ''
              onChange({ specialtySport: next, otherSports: others.filter((sport) => sport !== next) })
            }}
          >
            <option value="">Choose a sport</option>
            {sports.map((sport) => (
              <option key={sport.slug} value={sport.slug}>
                {sport.label}
              </option>
            ))}
          </select>
        )}
      </Field>

      <fieldset aria-describedby={problems.otherSports ? othersErrorId : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">
          Other sports <span className="font-normal text-slate-600">(optional)</span>
        </legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {sports
            .filter((sport) => sport.slug !== specialty)
            .map((sport) => {
              const checked = others.includes(sport.slug)
              return (
                <label
                  key={sport.slug}
                  className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-800"
                >
                  <input
                    type="checkbox"
                    className="size-4 accent-emerald-700"
                    checked={checked}
                    onChange={() =>
                      onChange({
                        specialtySport: specialty,
                        otherSports: checked
                          ? others.filter((slug) => slug !== sport.slug)
                          : sports.map((s) => s.slug).filter((slug) => slug === sport.slug || others.includes(slug)),
                      })
                    }
                  />
                  {sport.label}
                </label>
              )
            })}
        </div>
        <FieldError id={othersErrorId} message={problems.otherSports} />
      </fieldset>
    </>
  )
}

function SocialLinksFields({
  links,
  onChange,
  problems,
}: {
  links: CreatorProfileValues['socialLinks']
  onChange: (links: CreatorProfileValues['socialLinks']) => void
  problems: ProfileProblems
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium text-slate-800">
        Social links <span className="font-normal text-slate-600">(optional)</span>
      </legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {socialNetworks.map((network) => {
          return (
            <Field key={network} label={socialNetworkInfo[network].label} error={problems[`socialLinks.${network}`]}>
              {(control) => (
                <input
                  {...control}
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  placeholder={socialLinkExamples[network]}
                  className={inputClasses}
                  value={links[network]}
                  onChange={(event) => onChange({ ...links, [network]: event.target.value })}
                />
              )}
            </Field>
          )
        })}
      </div>
      <FieldError message={problems.socialLinks} />
    </fieldset>
  )
}

function CountryField({ value, onChange, error }: { value: string; onChange: (code: string) => void; error?: string }) {
  return (
    <Field label="Country" optional error={error}>
      {(control) => (
        <select
          {...control}
          autoComplete="country"
          className={inputClasses}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">Prefer not to say</option>
          {countryOptions().map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}

/**
 * A creator's public profile fields: bio, picture, sports, social links and country. Controlled:
 * the page owns the values, checks them (`profileProblems`) and sends them (`profileBody`).
 * Used by Become a Creator and by the creator's profile editing.
 */
export function CreatorProfileFields({
  values,
  onChange,
  problems,
  name,
  onUploadingChange,
  withPicture = true,
}: {
  values: CreatorProfileValues
  /** Gets an update to apply to the latest values (a state setter fits): an upload may finish after other edits. */
  onChange: (update: (values: CreatorProfileValues) => CreatorProfileValues) => void
  problems: ProfileProblems
  /** The creator's display name, for the picture's initials fallback. */
  name: string
  onUploadingChange?: (uploading: boolean) => void
  /** False where the page edits the picture elsewhere (the account's avatar on /edit-profile). */
  withPicture?: boolean
}) {
  const set = (change: Partial<CreatorProfileValues>) => onChange((current) => ({ ...current, ...change }))
  return (
    <div className="flex flex-col gap-5">
      <BioField value={values.bio} onChange={(bio) => set({ bio })} error={problems.bio} />
      {withPicture && (
        <AvatarPicker
          value={values.picture}
          onChange={(picture) => set({ picture })}
          name={name}
          error={problems.profilePicture}
          onUploadingChange={onUploadingChange}
        />
      )}
      <SportsFields
        specialty={values.specialtySport}
        others={values.otherSports}
        onChange={(change) => set(change)}
        problems={problems}
      />
      <SocialLinksFields
        links={values.socialLinks}
        onChange={(socialLinks) => set({ socialLinks })}
        problems={problems}
      />
      <CountryField value={values.country} onChange={(country) => set({ country })} error={problems.country} />
    </div>
  )
}
