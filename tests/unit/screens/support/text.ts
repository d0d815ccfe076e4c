/**
 * Reading a mounted screen as a reader would. `textContent` runs adjacent elements' text together ("AAAnna");
 * these set each element apart.
 */

/** The text a reader gets from a node: its text in order, elements set apart, whitespace collapsed. */
export function textOf(node: Node): string {
  const read = (current: Node): string =>
    current instanceof Element
      ? Array.from(current.childNodes, (child) =>
          child instanceof Element ? ` ${read(child)} ` : read(child),
        ).join('')
      : current.nodeType === Node.TEXT_NODE
        ? (current.textContent ?? '')
        : ''
  return read(node).replace(/\s+/g, ' ').trim()
}

/** The elements under `node` with this tag name (lowercase, as written in JSX). */
export function elementsByTag(node: Element, tag: string): Element[] {
  return Array.from(node.getElementsByTagName(tag))
}
