import { afterAll, vi } from 'vitest'

/**
 * Just enough of a browser document for react-dom/client to mount, commit and run effects in node: element
 * and text nodes in a tree, attributes, inline styles, focus and event listeners. No layout, no CSS, no event
 * dispatch through React. The project has no jsdom or happy-dom; import this module first, before React DOM
 * and the router read the globals.
 */

const htmlNamespace = 'http://www.w3.org/1999/xhtml'

class FakeNode extends EventTarget {
  parentNode: FakeNode | null = null
  childNodes: FakeNode[] = []

  constructor(
    readonly nodeType: number,
    readonly nodeName: string,
    private readonly document: FakeDocument | null,
  ) {
    super()
  }

  get ownerDocument(): FakeDocument | null {
    return this.document
  }

  get firstChild(): FakeNode | null {
    return this.childNodes[0] ?? null
  }

  get lastChild(): FakeNode | null {
    return this.childNodes.at(-1) ?? null
  }

  get nextSibling(): FakeNode | null {
    const siblings = this.parentNode?.childNodes ?? []
    return siblings[siblings.indexOf(this) + 1] ?? null
  }

  get parentElement(): FakeElement | null {
    return this.parentNode instanceof FakeElement ? this.parentNode : null
  }

  get isConnected(): boolean {
    return this.document?.contains(this) ?? false
  }

  get textContent(): string {
    return this.childNodes.map((child) => child.textContent).join('')
  }

  set textContent(text: string) {
    for (const child of this.childNodes) child.parentNode = null
    this.childNodes = []
    if (text !== '' && this.document) this.appendChild(this.document.createTextNode(text))
  }

  appendChild<T extends FakeNode>(child: T): T {
    return this.insertBefore(child, null)
  }

  insertBefore<T extends FakeNode>(child: T, before: FakeNode | null): T {
    child.parentNode?.removeChild(child)
    const index = before ? this.childNodes.indexOf(before) : -1
    if (index < 0) this.childNodes.push(child)
    else this.childNodes.splice(index, 0, child)
    child.parentNode = this
    return child
  }

  removeChild<T extends FakeNode>(child: T): T {
    this.childNodes = this.childNodes.filter((node) => node !== child)
    child.parentNode = null
    return child
  }

  contains(node: FakeNode | null): boolean {
    for (let current = node; current; current = current.parentNode) if (current === this) return true
    return false
  }
}

class FakeText extends FakeNode {
  constructor(
    public data: string,
    document: FakeDocument,
    nodeType = 3,
  ) {
    super(nodeType, nodeType === 3 ? '#text' : '#comment', document)
  }

  get nodeValue(): string {
    return this.data
  }

  set nodeValue(text: string) {
    this.data = text
  }

  override get textContent(): string {
    return this.nodeType === 3 ? this.data : ''
  }

  override set textContent(text: string) {
    this.data = text
  }
}

/** Inline styles as plain properties, with the methods React calls for custom properties and `display`. */
function styleDeclaration(): Record<string, unknown> {
  const style: Record<string, unknown> = {}
  Object.defineProperties(style, {
    setProperty: { value: (name: string, value: string) => (style[name] = value) },
    removeProperty: { value: (name: string) => delete style[name] },
    getPropertyValue: { value: (name: string) => style[name] ?? '' },
  })
  return style
}

class FakeElement extends FakeNode {
  readonly attributes = new Map<string, string>()
  readonly style = styleDeclaration()
  readonly localName: string

  constructor(
    name: string,
    readonly namespaceURI: string,
    document: FakeDocument,
  ) {
    super(1, namespaceURI === htmlNamespace ? name.toUpperCase() : name, document)
    this.localName = name
  }

  get tagName(): string {
    return this.nodeName
  }

  get id(): string {
    return this.getAttribute('id') ?? ''
  }

  setAttribute(name: string, value: string): void {
    this.attributes.set(name, String(value))
  }

  setAttributeNS(_namespace: string | null, name: string, value: string): void {
    this.setAttribute(name, value)
  }

  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null
  }

  hasAttribute(name: string): boolean {
    return this.attributes.has(name)
  }

  removeAttribute(name: string): void {
    this.attributes.delete(name)
  }

  focus(): void {
    const document = this.ownerDocument
    if (document) document.activeElement = this
  }

  blur(): void {
    const document = this.ownerDocument
    if (document?.activeElement === this) document.activeElement = null
  }
}

class FakeDocument extends FakeNode {
  readonly documentElement: FakeElement
  readonly head: FakeElement
  readonly body: FakeElement
  title = ''
  private focused: FakeElement | null = null

  constructor() {
    super(9, '#document', null)
    this.documentElement = this.appendChild(this.createElement('html'))
    this.head = this.documentElement.appendChild(this.createElement('head'))
    this.body = this.documentElement.appendChild(this.createElement('body'))
  }

  override get ownerDocument(): null {
    return null
  }

  override get isConnected(): boolean {
    return true
  }

  get activeElement(): FakeElement {
    return this.focused?.isConnected ? this.focused : this.body
  }

  set activeElement(element: FakeElement | null) {
    this.focused = element
  }

  createElement(name: string): FakeElement {
    return new FakeElement(name.toLowerCase(), htmlNamespace, this)
  }

  createElementNS(namespace: string, name: string): FakeElement {
    return new FakeElement(name, namespace, this)
  }

  createTextNode(text: string): FakeText {
    return new FakeText(text, this)
  }

  createComment(text: string): FakeText {
    return new FakeText(text, this, 8)
  }

  getElementById(id: string): FakeElement | null {
    return elementsUnder(this).find((element) => element.id === id) ?? null
  }
}

function elementsUnder(node: FakeNode): FakeElement[] {
  return node.childNodes.flatMap((child) =>
    child instanceof FakeElement ? [child, ...elementsUnder(child)] : [],
  )
}

export type { FakeElement }

/** The text a reader gets from an element: its text in order, elements set apart, whitespace collapsed. */
export function textOf(node: FakeNode): string {
  const read = (current: FakeNode): string =>
    current instanceof FakeElement
      ? current.childNodes
          .map((child) => (child instanceof FakeElement ? ` ${read(child)} ` : read(child)))
          .join('')
      : current.textContent
  return read(node).replace(/\s+/g, ' ').trim()
}

/** The elements under `node` with this tag name (lowercase, as written in JSX). */
export function elementsByTag(node: FakeNode, tag: string): FakeElement[] {
  return elementsUnder(node).filter((element) => element.localName === tag)
}

export const document = new FakeDocument()

const windowEvents = new EventTarget()
vi.stubGlobal('document', document)
vi.stubGlobal('window', globalThis)
vi.stubGlobal('self', globalThis)
vi.stubGlobal('addEventListener', windowEvents.addEventListener.bind(windowEvents))
vi.stubGlobal('removeEventListener', windowEvents.removeEventListener.bind(windowEvents))
vi.stubGlobal('dispatchEvent', windowEvents.dispatchEvent.bind(windowEvents))
vi.stubGlobal('navigator', { onLine: true, languages: ['en'], userAgent: 'node' })
vi.stubGlobal('location', new URL('http://localhost:8080/'))
// React DOM asks whether focus sits in a frame: nothing here is one.
// The router resets the scroll position after a navigation: there is none here.
vi.stubGlobal('scrollTo', () => {})
vi.stubGlobal('HTMLIFrameElement', class HTMLIFrameElement {})
vi.stubGlobal('IS_REACT_ACT_ENVIRONMENT', false)

afterAll(async () => {
  // React may still have a task scheduled after the last unmount; it reads `window`.
  await new Promise((resolve) => setTimeout(resolve, 50))
  vi.unstubAllGlobals()
})
