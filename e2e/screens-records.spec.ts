import { sportHubAnswers } from './support/screens/fixtures/odds.ts'
import { lockerRoomAnswers } from './support/screens/fixtures/picks.ts'
import { checkScreen, expect, skipRetries, test } from './support/screens/screen-test.ts'

// The locker room and the sport hub: leaderboards, free and graded picks, odds and scores
// (docs/decisions/029-screenshot-suite.md).

test.describe('/locker-room', () => {
  test('with a leaderboard and picks', async ({ page, api }) => {
    api.serve(lockerRoomAnswers.data(null))
    await page.goto('/locker-room')
    await expect(page.getByRole('heading', { level: 1, name: 'Locker Room' })).toBeVisible()
    await expect(page.getByRole('table').first()).toBeVisible()
    await checkScreen(page, 'locker-room-data')
  })

  test('before any pick is graded', async ({ page, api }) => {
    api.serve(lockerRoomAnswers.empty(null))
    await page.goto('/locker-room')
    await expect(page.getByText('No free picks yet.')).toBeVisible()
    await checkScreen(page, 'locker-room-empty')
  })

  test('when nothing can be read', async ({ page, api }) => {
    api.serve(lockerRoomAnswers.error())
    await page.goto('/locker-room')
    await skipRetries(page, api, page.getByText('We couldn’t load the leaderboard.'))
    await expect(page.getByText('We couldn’t load free picks.')).toBeVisible()
    await checkScreen(page, 'locker-room-error')
  })

  test('/locker-room/{sport} for one sport', async ({ page, api }) => {
    api.serve(lockerRoomAnswers.data('nba'))
    await page.goto('/locker-room/nba')
    await expect(page.getByRole('heading', { level: 1, name: 'NBA Locker Room' })).toBeVisible()
    await expect(page.getByRole('table').first()).toBeVisible()
    await checkScreen(page, 'locker-room-sport')
  })
})

test.describe('/sport-hub/{sport}', () => {
  test('with odds, scores, top creators and free picks', async ({ page, api }) => {
    api.serve(sportHubAnswers.data('nfl'))
    await page.goto('/sport-hub/nfl')
    await expect(page.getByRole('heading', { level: 1, name: 'NFL Sport Hub' })).toBeVisible()
    await expect(page.getByRole('article').filter({ hasText: 'Buffalo Bills' }).first()).toBeVisible()
    await checkScreen(page, 'sport-hub-data')
  })

  test('out of season', async ({ page, api }) => {
    api.serve(sportHubAnswers.empty('nfl'))
    await page.goto('/sport-hub/nfl')
    await expect(page.getByText('No free NFL picks yet.')).toBeVisible()
    await checkScreen(page, 'sport-hub-empty')
  })

  test('when nothing can be read', async ({ page, api }) => {
    api.serve(sportHubAnswers.error('nfl'))
    await page.goto('/sport-hub/nfl')
    await skipRetries(page, api, page.getByText('We couldn’t load the free picks.'))
    await checkScreen(page, 'sport-hub-error')
  })
})
