import { existsSync } from 'node:fs'
import type { Project } from '@playwright/test'
import { screenLocale, screenTimeZone } from './support/screens/clock.ts'

/** Debian's Chromium; the test tools never download a browser of their own. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Flags for a closed network: no background connections that the machine would refuse. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function assertChromiumInstalled(): void {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium not found at ${chromiumPath}. Install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH. ` +
        'Browsers are never downloaded by the test tools.',
    )
  }
}

/**
 * The screenshot suite's browser (docs/decisions/029): the fonts .ci/run installs and nothing else
 * (e2e/fonts.conf), grey-scale text without hinting, sRGB, no scrollbars, one device pixel per CSS
 * pixel, one locale and time zone, and no motion. `toHaveScreenshot` also stops animations and
 * hides the caret by default.
 */
export const screenshotChromium: Required<Pick<Project, 'use' | 'expect'>> = {
  use: {
    deviceScaleFactor: 1,
    locale: screenLocale,
    timezoneId: screenTimeZone,
    colorScheme: 'light',
    reducedMotion: 'reduce',
    // A failed comparison leaves the expected, actual and diff pictures; a trace would double the time.
    trace: 'off',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        ...chromiumArgs,
        '--font-render-hinting=none',
        '--disable-lcd-text',
        '--disable-font-subpixel-positioning',
        '--force-color-profile=srgb',
        '--hide-scrollbars',
      ],
      env: { ...process.env, FONTCONFIG_FILE: new URL('./fonts.conf', import.meta.url).pathname },
    },
  },
  expect: {
    toHaveScreenshot: {
      // Three runs against one set of baselines differed by 2 pixels at most, and only by less than
      // the per-pixel threshold; one changed digit of a price differs by 24 pixels (decision 029).
      maxDiffPixels: 10,
      scale: 'css',
      animations: 'disabled',
      caret: 'hide',
      stylePath: new URL('./support/screens/screenshot.css', import.meta.url).pathname,
    },
  },
}
