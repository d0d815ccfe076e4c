/** Elements that run on inside a line of text: no space is put around their words. */
const inline = new Set([
  'A',
  'ABBR',
  'B',
  'BDI',
  'BDO',
  'CITE',
  'CODE',
  'DFN',
  'EM',
  'I',
  'KBD',
  'MARK',
  'Q',
  'S',
  'SAMP',
  'SMALL',
  'SPAN',
  'STRONG',
  'SUB',
  'SUP',
  'TIME',
  'U',
  'VAR',
])

/**
 * The text a screen reader reads of a part of the page: its text in order, other elements set apart by a space
 * (`textContent` runs a title into the next paragraph: "SavedThe trip"), what is hidden from it left out,
 * whitespace collapsed.
 */
export function spokenText(node: Node): string {
  const read = (current: Node): string => {
    if (current.nodeType === Node.TEXT_NODE) return current.textContent ?? ''
    if (!(current instanceof Element)) return ''
    if (current.getAttribute('aria-hidden') === 'true' || current.hasAttribute('hidden')) return ''
    const text = Array.from(current.childNodes, read).join('')
    return inline.has(current.tagName) ? text : ` ${text} `
  }
  return read(node).replace(/\s+/g, ' ').trim()
}
