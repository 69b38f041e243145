import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test as setup } from '@playwright/test'
import { setupHeaders, signedInState, statePath, type SignedInViewer } from './support/screens/accounts.ts'

// The screenshot projects depend on this one: it checks their fonts are there and signs their
// people in for real, once per run.
const viewers: SignedInViewer[] = ['customer', 'creator', 'admin']

setup('the fonts the screenshots are drawn with are installed', () => {
  for (const [file, debianPackage] of [
    ['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', 'fonts-dejavu-core'],
    ['/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf', 'fonts-noto-color-emoji'],
  ]) {
    expect(existsSync(file ?? ''), `${file} is missing: apt-get install -y ${debianPackage} (.ci/run does)`).toBe(true)
  }
})

setup('the screenshot suite’s people are signed in', async ({ playwright, baseURL }) => {
  const origin = baseURL ?? ''
  for (const viewer of viewers) {
    const request = await playwright.request.newContext({ baseURL: origin, extraHTTPHeaders: setupHeaders(origin) })
    try {
      const state = await signedInState(request, origin, viewer)
      mkdirSync(path.dirname(statePath(viewer)), { recursive: true })
      writeFileSync(statePath(viewer), JSON.stringify(state, null, 2))
    } finally {
      await request.dispose()
    }
  }
})
