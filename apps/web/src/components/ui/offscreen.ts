/**
 * Classes for a card of a long list: out of view, it is not laid out or painted until it scrolls
 * near (CSS `content-visibility: auto`), and holds the size it last had, or about a card's height
 * before it was ever drawn. Twenty shop cards laid out at once took 35-110 ms of a phone's main
 * thread on their arrival, most of them below the first screen (decision 052). The text is still
 * on the page for find-in-page and assistive technology; only its drawing waits.
 */
export function offscreenSkipped(card: 'creator' | 'pick'): string {
  // Whole class names, so Tailwind finds them in this file. Heights measured on a phone: a creator
  // card is 232 px, a pick card 350-375 px.
  return card === 'creator'
    ? '[content-visibility:auto] [contain-intrinsic-size:auto_14.5rem]'
    : '[content-visibility:auto] [contain-intrinsic-size:auto_22rem]'
}
