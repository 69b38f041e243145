import type { ContentReport, ReportAnswer } from '@picks/contracts'
import { reportMessages } from '@picks/contracts/client'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { recordOf, storeUserRecord } from '../../auth/stored-user.ts'
import { apiError, creatorUserId, customer, json } from '../../test/fake-creator-api.ts'
import { callsTo, stubFetch, type FakeCall } from '../../test/fake-fetch.ts'
import { aPick } from '../../test/fake-picks-api.ts'
import { renderWithProviders } from '../../test/render.tsx'
import { PickCard } from '../picks/pick-card.tsx'
import { ReportButton } from './report-actions.tsx'

const readerId = '00000000-0000-4000-8000-0000000000d4'

function signInAs(id: string) {
  storeUserRecord(recordOf({ ...customer, id, email: `${id.slice(-4)}@example.com`, name: 'Robin Reader' }))
}

function aReport(call: FakeCall): ContentReport {
  const body = call.body as { target_type: 'pick' | 'creator'; target_id: string; reason: string }
  return {
    id: '00000000-0000-4000-8000-00000000e001',
    target_type: body.target_type,
    target_id: body.target_id,
    reason: body.reason,
    status: 'open',
    created_at: '2026-11-20T17:00:00.000Z',
    resolved_at: null,
    resolution_note: null,
  }
}

/** `POST /api/reports` as the server answers it, unless `answer` says otherwise; nothing else is called. */
function serveReports(answer?: (call: FakeCall) => Response): FakeCall[] {
  const calls: FakeCall[] = []
  stubFetch(calls, (call) => {
    if (call.method === 'POST' && call.path === '/api/reports') {
      return answer?.(call) ?? json({ report: aReport(call), repeated: false } satisfies ReportAnswer, 201)
    }
    return apiError(404, 'NOT_FOUND', `No fake for ${call.method} ${call.path}`)
  })
  return calls
}

const pick = aPick({ bet_type: 'spread', pick: 'Boston Celtics', line: -4.5, odds: -110 })

function renderCard() {
  const view = renderWithProviders(<PickCard pick={pick} />)
  const card = screen.getByRole('article', { name: 'Boston Celtics @ Los Angeles Lakers' })
  return { ...view, card }
}

/** Opens the card's menu and chooses Report, as a person with a pointer does. */
async function openReport(view: ReturnType<typeof renderCard>) {
  await view.user.click(within(view.card).getByRole('button', { name: 'More actions for this pick' }))
  await view.user.click(await screen.findByRole('menuitem', { name: 'Report' }))
  return screen.findByRole('dialog', { name: 'Report this pick' })
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('reporting a pick from its card', () => {
  it('is not offered to a visitor, nor to the creator of the pick', () => {
    serveReports()
    const visitor = renderCard()
    expect(within(visitor.card).queryByRole('button', { name: 'More actions for this pick' })).toBeNull()
    visitor.unmount()

    signInAs(creatorUserId)
    const owner = renderCard()
    expect(within(owner.card).queryByRole('button', { name: 'More actions for this pick' })).toBeNull()
  })

  it('asks for a reason, and keeps it within the limit the server keeps, before sending anything', async () => {
    const calls = serveReports()
    signInAs(readerId)
    const view = renderCard()
    const dialog = await openReport(view)
    within(dialog).getByText(/Boston Celtics @ Los Angeles Lakers, a spread pick by Casey Lines/)

    const reason = within(dialog).getByRole('textbox', { name: 'Reason' })
    await view.user.type(reason, '   ')
    await view.user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    await within(dialog).findByText(reportMessages.reasonRequired)
    expect(reason.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(reason)

    await view.user.clear(reason)
    await view.user.click(reason)
    await view.user.paste('x'.repeat(501))
    within(dialog).getByText(/^501 \/ 500 characters/)
    await view.user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    await within(dialog).findByText(reportMessages.reasonTooLong)
    expect(callsTo(calls, 'POST', '/api/reports')).toEqual([])
  })

  it('sends the pick and the reason, says the report arrived, and gives focus back to the menu button on Done', async () => {
    const calls = serveReports()
    signInAs(readerId)
    const view = renderCard()
    const dialog = await openReport(view)

    await view.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '  Touting a fixed game  ')
    await view.user.click(within(dialog).getByRole('button', { name: 'Send report' }))

    expect(await within(dialog).findByRole('status')).toHaveProperty(
      'textContent',
      'Thanks — a moderator will look at it.',
    )
    expect(callsTo(calls, 'POST', '/api/reports').map((call) => call.body)).toEqual([
      { target_type: 'pick', target_id: pick.id, reason: 'Touting a fixed game' },
    ])
    await view.user.click(within(dialog).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).toBe(within(view.card).getByRole('button', { name: 'More actions for this pick' }))
  })

  it('says so when the person’s earlier report on the pick is still open', async () => {
    serveReports((call) => json({ report: aReport(call), repeated: true } satisfies ReportAnswer))
    signInAs(readerId)
    const view = renderCard()
    const dialog = await openReport(view)
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Still touting it')
    await view.user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    await within(dialog).findByText(
      'You have already reported this pick, and that report is still open: a moderator will look at it.',
    )
  })

  it('shows the server’s refusal and stays open, with what was written', async () => {
    serveReports(() => apiError(409, 'CONFLICT', 'You cannot report your own content', { reason: 'OWN_CONTENT' }))
    signInAs(readerId)
    const view = renderCard()
    const dialog = await openReport(view)
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' })
    await view.user.type(reason, 'Touting a fixed game')
    await view.user.click(within(dialog).getByRole('button', { name: 'Send report' }))

    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'You cannot report your own content')
    expect(reason).toHaveProperty('value', 'Touting a fixed game')
    within(dialog).getByRole('button', { name: 'Send report' })
  })

  it('shows a refusal of the reason under the reason', async () => {
    serveReports(() =>
      apiError(400, 'VALIDATION_FAILED', 'Invalid body.reason', {
        details: [{ field: 'body.reason', message: 'must not contain NUL characters or unpaired surrogates' }],
      }),
    )
    signInAs(readerId)
    const view = renderCard()
    const dialog = await openReport(view)
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' })
    await view.user.type(reason, 'Odd text')
    await view.user.click(within(dialog).getByRole('button', { name: 'Send report' }))

    await within(dialog).findByText('must not contain NUL characters or unpaired surrogates')
    expect(reason.getAttribute('aria-invalid')).toBe('true')
  })

  it('sends nothing on Cancel', async () => {
    const calls = serveReports()
    signInAs(readerId)
    const view = renderCard()
    const dialog = await openReport(view)
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Never mind')
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls).toEqual([])
  })
})

describe('ReportButton', () => {
  const target = { type: 'creator', id: creatorUserId } as const

  function renderButton() {
    return renderWithProviders(
      <ReportButton
        target={target}
        ownerId={creatorUserId}
        dialogLabel="Report this profile"
        about={<p>The profile of Casey Lines.</p>}
      >
        Report this profile
      </ReportButton>,
    )
  }

  it('is offered to someone signed in who does not own the profile, and reports the creator', async () => {
    const calls = serveReports()
    signInAs(readerId)
    const { user } = renderButton()
    await user.click(screen.getByRole('button', { name: 'Report this profile' }))
    const dialog = await screen.findByRole('dialog', { name: 'Report this profile' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Fake record in the bio')
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))
    await within(dialog).findByText('Thanks — a moderator will look at it.')
    expect(callsTo(calls, 'POST', '/api/reports').map((call) => call.body)).toEqual([
      { target_type: 'creator', target_id: creatorUserId, reason: 'Fake record in the bio' },
    ])
  })

  it('is not offered to a visitor or to the creator', () => {
    serveReports()
    const visitor = renderButton()
    expect(screen.queryByRole('button', { name: 'Report this profile' })).toBeNull()
    visitor.unmount()
    signInAs(creatorUserId)
    renderButton()
    expect(screen.queryByRole('button', { name: 'Report this profile' })).toBeNull()
  })
})
