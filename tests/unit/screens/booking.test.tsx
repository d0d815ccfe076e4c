// @vitest-environment happy-dom
import { act, useState } from 'react'
import { Temporal } from 'temporal-polyfill'
import { describe, expect, it, vi } from 'vitest'
import { mountComponent } from '../components/support/mountComponent'
import { DateSelects } from '../../../src/components/dates/DateSelects'
import type { Passenger } from '../../../src/contract'
import { account } from '../db/samples'
import { anna, dayFromToday, ville } from './support/data'
import { fakePlatform, mountScreen, waitForText, type MountedScreen } from './support/mount'
import { elementsByTag, textOf } from './support/text'

/** A tenant that books (kulkukeskus); the platform has no network, so every call of the wizard fails. */
async function bookingScreen(passengers: Passenger[]) {
  const platform = await fakePlatform({ account, passengers, places: {}, trips: {} }, 'kulkukeskus')
  return mountScreen(platform, '/booking')
}

const headings = (screen: MountedScreen) => elementsByTag(screen.main(), 'h2').map(textOf)
const button = (screen: MountedScreen, text: string) =>
  elementsByTag(screen.main(), 'button').find((candidate) => textOf(candidate) === text) as
    HTMLButtonElement | undefined
const radios = (screen: MountedScreen) =>
  elementsByTag(screen.main(), 'input').filter(
    (input) => (input as HTMLInputElement).type === 'radio',
  ) as HTMLInputElement[]
const selects = (root: Element) => elementsByTag(root, 'select') as HTMLSelectElement[]
const optionValues = (select: HTMLSelectElement) =>
  Array.from(select.options)
    .filter((option) => option.value !== '')
    .map((option) => Number(option.value))

/** Chooses an option as a user does: React reads the change event of the select. */
function choose(select: HTMLSelectElement, value: number) {
  select.value = String(value)
  select.dispatchEvent(new Event('change', { bubbles: true }))
}

/** Types into the date helper's text field. */
function type(input: HTMLInputElement, text: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text)
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index)

describe('the booking wizard', { timeout: 20_000 }, () => {
  it('starts at the passenger step with the first passenger chosen, and Next moves to the date', async () => {
    const screen = await bookingScreen([ville, anna])
    await waitForText(screen, 'Step 1: Select passenger')
    expect(textOf(screen.main())).toContain('Who is travelling?')
    expect(radios(screen).map((radio) => radio.checked)).toEqual([true, false])
    expect(elementsByTag(screen.main(), 'label').map(textOf)).toEqual(['AA Anna Aalto', 'VV Ville Virtanen'])
    // The first step has no Back.
    expect(button(screen, 'Back')).toBeUndefined()

    radios(screen)[1]!.click()
    await vi.waitFor(() => expect(radios(screen).map((radio) => radio.checked)).toEqual([false, true]))
    button(screen, 'Next')!.click()
    await waitForText(screen, 'Step 2: Select date')
    expect(headings(screen)).toEqual(['Step 2: Select date'])
    // Focus follows the step to its heading.
    expect(document.activeElement).toBe(elementsByTag(screen.main(), 'h2')[0])
    button(screen, 'Back')!.click()
    await waitForText(screen, 'Step 1: Select passenger')
    // The chosen passenger is kept.
    expect(radios(screen).map((radio) => radio.checked)).toEqual([false, true])
  })

  it('skips the passenger step for the only passenger, and then the date step has no Back', async () => {
    const screen = await bookingScreen([anna])
    await waitForText(screen, 'Step 2: Select date')
    expect(headings(screen)).toEqual(['Step 2: Select date'])
    expect(button(screen, 'Back')).toBeUndefined()
    expect(button(screen, 'Next')!.disabled).toBe(false)
  })

  it('offers the dates from today in three selects, and resets a choice before today to today', async () => {
    const screen = await bookingScreen([anna])
    await waitForText(screen, 'Step 2: Select date')
    const today = Temporal.PlainDate.from(dayFromToday(0))
    const [year, month, day] = selects(screen.main())
    const shown = () => [year!.value, month!.value, day!.value].map(Number)
    // Today is chosen by default; the years are this and the next, earlier months and days are not offered.
    expect(shown()).toEqual([today.year, today.month, today.day])
    expect(optionValues(year!)).toEqual([today.year, today.year + 1])
    expect(optionValues(month!)).toEqual(range(today.month, 12))
    expect(optionValues(day!)).toEqual(range(today.day, today.daysInMonth))
    // Month names are words in the locale.
    expect(textOf(month!.options[month!.options.length - 1]!)).toBe('December')

    choose(year!, today.year + 1)
    await vi.waitFor(() => expect(optionValues(month!)).toEqual(range(1, 12)))
    choose(month!, 1)
    choose(day!, 1)
    await vi.waitFor(() => expect(shown()).toEqual([today.year + 1, 1, 1]))
    // January of this year is before today (or today itself on New Year's Day): the selects reset to today.
    choose(year!, today.year)
    await vi.waitFor(() => expect(shown()).toEqual([today.year, today.month, today.day]))
    expect(button(screen, 'Next')!.disabled).toBe(false)
  })

  it('reads a typed date, says when it is before today, and keeps Next disabled until it is valid', async () => {
    const screen = await bookingScreen([anna])
    await waitForText(screen, 'Step 2: Select date')
    const field = elementsByTag(screen.main(), 'input').find(
      (input) => (input as HTMLInputElement).type === 'text',
    ) as HTMLInputElement
    const yesterday = Temporal.PlainDate.from(dayFromToday(-1))
    const today = Temporal.PlainDate.from(dayFromToday(0))
    type(field, `${yesterday.day}.${yesterday.month}.${yesterday.year}`)
    await waitForText(screen, `Date cannot be before ${today.day}.${today.month}.${today.year}`)
    expect(button(screen, 'Next')!.disabled).toBe(true)

    const tomorrow = Temporal.PlainDate.from(dayFromToday(1))
    type(field, `${tomorrow.day}.${tomorrow.month}.${tomorrow.year}`)
    await vi.waitFor(() => expect(button(screen, 'Next')!.disabled).toBe(false))
    // The selects show the typed date.
    expect(selects(screen.main()).map((select) => Number(select.value))).toEqual([
      tomorrow.year,
      tomorrow.month,
      tomorrow.day,
    ])
    expect(textOf(screen.main())).not.toContain('Date cannot be before')
  })

  it('says when the transportation permissions could not be fetched, with a retry', async () => {
    const screen = await bookingScreen([anna])
    await waitForText(screen, 'Step 2: Select date')
    button(screen, 'Next')!.click()
    await waitForText(screen, 'Step 3: Select quota type')
    await waitForText(screen, 'Transportation permissions could not be fetched')
    expect(button(screen, 'Try again')).toBeDefined()
    // No quota chosen: the trip cannot go on.
    expect(button(screen, 'Next')!.disabled).toBe(true)
    expect(button(screen, 'Back')).toBeDefined()
  })

  it('does not exist on a tenant that does not book', async () => {
    const platform = await fakePlatform({ account, passengers: [anna], places: {}, trips: {} }, 'helpbus')
    const screen = await mountScreen(platform, '/booking')
    await waitForText(screen, 'Page not found')
    expect(headings(screen)).toEqual([])
  })
})

// React warns unless it knows act() drives the updates of the selects mounted alone.
describe('the date selects alone', () => {
  it('keep the day disabled until the year and the month are chosen', () => {
    const given: (string | null)[] = []
    function Picker() {
      const [value, setValue] = useState<string | null>(null)
      return (
        <DateSelects
          legend="Date"
          value={value}
          min="2026-11-23"
          today="2026-11-23"
          onChange={(next) => {
            given.push(next)
            setValue(next)
          }}
        />
      )
    }
    const container = mountComponent(<Picker />)
    const [year, month, day] = selects(container)
    expect(day!.disabled).toBe(true)
    act(() => choose(year!, 2026))
    expect(day!.disabled).toBe(true)
    expect(optionValues(month!)).toEqual([11, 12])
    act(() => choose(month!, 12))
    expect(day!.disabled).toBe(false)
    expect(optionValues(day!)).toEqual(range(1, 31))
    act(() => choose(day!, 31))
    // Only a whole date is given on.
    expect(given).toEqual([null, null, '2026-12-31'])
    // 31 December, then November: the last of November would be the 30th, and it is after the minimum.
    act(() => choose(month!, 11))
    expect([year!.value, month!.value, day!.value]).toEqual(['2026', '11', '30'])
    expect(given.at(-1)).toBe('2026-11-30')
  })
})
