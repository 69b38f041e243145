import { existsSync } from 'node:fs'

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
