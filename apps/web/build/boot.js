/* global document, requestAnimationFrame, setTimeout -- run in the browser as it is, not bundled */
// The loader of a pre-rendered page (decision 051), run as a module script. The page is already
// drawn from its HTML; the app's code is fetched once the browser has painted it, so the first
// paint of a phone on a slow link does not share that link with code. It names the entry's and the
// page's chunks up front (no waterfall of imports), then evaluates them one task each and the
// entry last, which hydrates the page.
//
// Why a task each (decision 052): a modulepreload costs the main thread a few milliseconds (about
// 13 ms on a phone's CPU), and thirty at once made one task of 150-450 ms; importing the entry alone
// evaluates every module it imports in one task too. The chunks are listed in the order the browser
// would evaluate them (each after what it imports), so importing them in turn runs the same code in
// the same order, with the browser free in between.
const tag = document.querySelector('script[data-entry]')
let started = false

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

async function start() {
  if (started || !tag) return
  started = true
  const chunks = (tag.dataset.chunks ?? '').split(' ').filter(Boolean)
  const toPreload = [...chunks, tag.dataset.entry]
  const preloadNext = () => {
    const href = toPreload.shift()
    if (href === undefined) return
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    document.head.append(link)
    setTimeout(preloadNext, 0)
  }
  preloadNext()
  for (const href of chunks) {
    try {
      await import(href)
    } catch {
      break // the entry's own import fails the same way, and the app's handlers report it
    }
    await nextTask()
  }
  await import(tag.dataset.entry)
}

// After the next frame is painted; a tab opened in the background paints no frame, so a timer too.
requestAnimationFrame(() => setTimeout(start, 0))
setTimeout(start, 1000)
