/**
 * The browser of a report, as operators group them (issue 18, decision 042): its family and major
 * version from the user agent (`Chrome 131`, `Safari 18`, `Firefox 133`, `Edge 131`), or `Other`.
 * Only the family and the major version, never the whole string: it says which browsers break
 * without telling one visitor from another.
 *
 * Browsers built on Chromium also say `Chrome/…`, and Chrome says `Safari/…`, so the order of the
 * checks matters: the most specific first. On iOS every browser is Safari's engine but names
 * itself (`CriOS`, `FxiOS`, `EdgiOS`).
 */
const families: readonly { name: string; pattern: RegExp }[] = [
  { name: 'Edge', pattern: /\bEdg(?:e|A|iOS)?\/(\d{1,4})/ },
  { name: 'Opera', pattern: /\bOPR\/(\d{1,4})/ },
  { name: 'Samsung Internet', pattern: /\bSamsungBrowser\/(\d{1,4})/ },
  { name: 'Firefox', pattern: /\b(?:Firefox|FxiOS)\/(\d{1,4})/ },
  // `HeadlessChrome/131` (automated Chromium) counts as Chrome.
  { name: 'Chrome', pattern: /(?:Chrome|CriOS)\/(\d{1,4})/ },
  { name: 'Safari', pattern: /\bVersion\/(\d{1,4})(?:\.\d+)*(?: Mobile\/\w+)? Safari\// },
]

export function browserOf(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Other'
  for (const family of families) {
    const found = family.pattern.exec(userAgent)
    if (found) return `${family.name} ${Number(found[1])}`
  }
  return 'Other'
}
