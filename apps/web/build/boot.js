/* global document, requestAnimationFrame, setTimeout -- run in the browser as it is, not bundled */
// The loader of a pre-rendered page (decision 051), run as a module script. The page is already
// drawn from its HTML; the app's code is fetched once the browser has painted it, so the first
// paint of a phone on a slow link does not share that link with code. It names the entry's and the
// page's chunks at once (no waterfall of imports), then imports the entry, which hydrates the page.
const tag = document.querySelector('script[data-entry]')
let started = false
function start() {
  if (started || !tag) return
  started = true
  for (const href of (tag.dataset.chunks ?? '').split(' ').filter(Boolean)) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    document.head.append(link)
  }
  void import(tag.dataset.entry)
}
// After the next frame is painted; a tab opened in the background paints no frame, so a timer too.
requestAnimationFrame(() => setTimeout(start, 0))
setTimeout(start, 1000)
