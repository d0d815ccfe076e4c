import type { Page } from '@playwright/test'
import { demoUsers, expect, test } from './support/fixtures'
import { locales, openLoginPage, submitPassword } from './support/locales'
import { portalUrl, type Locale } from './support/portal'
import type { RunningServer } from './support/server'
import { futureTrips } from './support/trips'

test.describe.configure({ mode: 'parallel' })

const tenant = 'demo'

/** A spinner's spoken label: while one shows, the screen's data has not arrived. */
const loading: Record<Locale, string> = { fi: 'Ladataan', sv: 'Laddar', en: 'Loading' }

/** Waits for the screen and then for its data (its trips, its messages), which comes later and is widest. */
async function loaded(page: Page, locale: Locale) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: loading[locale] })).toHaveCount(0)
}

interface Size {
  name: string
  width: number
  height: number
  /** The browser's default font size in px: 16 is the default, 32 a phone's largest text setting. */
  fontSize: number
}

const sizes: readonly Size[] = [
  { name: '320 px', width: 320, height: 640, fontSize: 16 },
  { name: '390 px with text at 200 %', width: 390, height: 844, fontSize: 32 },
  { name: '412 px with text at 200 %', width: 412, height: 915, fontSize: 32 },
]

/** What does not fit the viewport's width on the page as it is now: a sideways scroll, and each box its words run out of. */
function reflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const problems: string[] = []
    const scroll = document.scrollingElement?.scrollWidth ?? 0
    if (scroll > width) problems.push(`the page scrolls sideways: ${scroll} px of content in ${width}`)
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`
    // Every box of the page's own, not the map's canvas and its controls, which are the map library's.
    const boxes = [...document.body.querySelectorAll('*')].filter(
      (element) => !element.closest('.maplibregl-map, svg'),
    )
    for (const element of boxes) {
      const box = element.getBoundingClientRect()
      if (box.width <= 1 || box.height <= 1) continue
      const style = getComputedStyle(element)
      if (style.visibility === 'hidden') continue
      if (box.left < -0.5 || box.right > width + 0.5) {
        problems.push(
          `${name(element)} lies outside the viewport (${Math.round(box.left)}–${Math.round(box.right)})`,
        )
      } else if (element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1) {
        // Its words run out of its box: cut off, or over what lies beside it.
        problems.push(`${name(element)} overflows: ${element.scrollWidth} px in ${element.clientWidth}`)
      }
    }
    return problems
  })
}

/**
 * The words of the bottom navigation's labels, of the screens' headings and of cards' titles that break inside
 * themselves: each word (as the page's language segments it) whose first and last letters lie on different
 * lines. A hyphenated break counts too, but for one at a soft hyphen, where the text itself lets a compound too
 * long for any line break at its seam.
 */
function wordsBroken(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const titles = document.querySelectorAll('nav a, h1, main li :is(h2, h3), main .whole-words')
    const words = new Intl.Segmenter(document.documentElement.lang, { granularity: 'word' })
    const broken: string[] = []
    for (const title of titles) {
      const texts = document.createTreeWalker(title, NodeFilter.SHOW_TEXT)
      for (let text = texts.nextNode(); text; text = texts.nextNode()) {
        // The line of the letter at `index`: its last box, since the one after a soft hyphen also has the
        // hyphen drawn at the end of the line before.
        const lineOf = (index: number) => {
          const range = document.createRange()
          range.setStart(text, index)
          range.setEnd(text, index + 1)
          return Math.round([...range.getClientRects()].filter((rect) => rect.width > 0).at(-1)?.top ?? 0)
        }
        let start = 0
        for (const part of (text.textContent ?? '').split('\u00ad')) {
          for (const word of words.segment(part)) {
            const from = start + word.index
            if (word.isWordLike && lineOf(from) !== lineOf(from + word.segment.length - 1))
              broken.push(`"${word.segment}" breaks inside itself`)
          }
          start += part.length + 1
        }
      }
    }
    return broken
  })
}

/** Lays the page out at `size` as it is now, without loading it again: the next frame has the new layout. */
async function withTextSize(page: Page, size: Size) {
  await page.setViewportSize({ width: size.width, height: size.height })
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: size.fontSize } })
  await cdp.detach()
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
}

/** Each size's problems with the page as it is now, named by `where` and the size. */
async function reflowAtEverySize(page: Page, where: string, found: string[]) {
  for (const size of sizes) {
    await withTextSize(page, size)
    const problems = await reflowProblems(page)
    if (size.fontSize > 16) problems.push(...(await wordsBroken(page)))
    for (const problem of problems) found.push(`${where} at ${size.name}: ${problem}`)
  }
}

/** Signs in through the server's login page, whose problems are added to `found`. */
async function signInDemo(page: Page, server: RunningServer, locale: Locale, found: string[]) {
  await openLoginPage(page, server, tenant, locale)
  await reflowAtEverySize(page, 'login', found)
  await submitPassword(page, demoUsers.guardian)
  await page.waitForURL(/\/booking$/)
  await loaded(page, locale)
  await reflowAtEverySize(page, '/booking', found)
}

// Each page is loaded once and laid out at every size, as a phone turned or its text made larger would; at
// 200 % text, navigation labels, headings and cards' titles break only between words.
for (const locale of locales) {
  test(`every screen reflows at ${sizes.map((size) => size.name).join(' and at ')} in ${locale}`, async ({
    page,
    server,
  }) => {
    await withTextSize(page, sizes[0]!)
    const found: string[] = []
    const check = async (path: string) => {
      await page.goto(portalUrl(server, tenant, path))
      await loaded(page, locale)
      await reflowAtEverySize(page, path, found)
    }
    await check(`/?lang=${locale}`)
    await check('/privacy')
    await check('/accessibility-report')
    await check('/track/some-link')
    await check('/invitation/ABC')
    await signInDemo(page, server, locale, found)
    const [trip] = await futureTrips(page, 1)
    for (const path of [
      '/',
      '/trips',
      `/trips/${trip!.id}/${trip!.date}`,
      '/canceltrips',
      '/messages',
      '/passengers',
      '/transportationPermissions',
      '/transportationPermissions/some-passenger/1',
      '/password',
      '/personal-info',
      '/notifications',
    ]) {
      await check(path)
    }
    expect(found).toEqual([])
  })
}

// A tenant without booking has Passengers in the bottom navigation, its longest label.
for (const locale of locales) {
  test(`the bottom navigation of a tenant without booking keeps its words whole in ${locale}`, async ({
    page,
    server,
  }) => {
    await openLoginPage(page, server, 'helpbus', locale)
    await submitPassword(page, demoUsers.guardian)
    await page.waitForURL(/\/passengers$/)
    await loaded(page, locale)
    for (const size of sizes.filter(({ fontSize }) => fontSize > 16)) {
      await withTextSize(page, size)
      expect(await wordsBroken(page), size.name).toEqual([])
    }
  })
}
