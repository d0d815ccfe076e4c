// @vitest-environment happy-dom
import { act, useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { mountComponent } from '../support/mountComponent'
import { AddressPicker } from '../../../../src/components/booking/AddressPicker'
import type { Place } from '../../../../src/contract/passenger'
import { home, library, school, searched } from '../../domain/booking/fixtures'

/** The picker over its own value, as the step holds it; `chosen` records what it gave. */
function mount(
  given: { searchable?: boolean; results?: Place[]; searching?: boolean; failure?: string } = {},
) {
  const chosen: (Place | null)[] = []
  const onSearch = vi.fn()
  function Form() {
    const [value, setValue] = useState<Place | null>(null)
    return (
      <AddressPicker
        label="From"
        value={value}
        onChange={(place) => {
          chosen.push(place)
          setValue(place)
        }}
        places={[home, school, library]}
        searchable={given.searchable ?? false}
        onSearch={onSearch}
        results={given.results ?? []}
        searching={given.searching ?? false}
        failure={given.failure ?? null}
      />
    )
  }
  const container = mountComponent(<Form />)
  const input = () => container.querySelector<HTMLInputElement>('input[role="combobox"]')!
  const listbox = () => container.querySelector<HTMLElement>('[role="listbox"]')!
  const options = () => [...container.querySelectorAll<HTMLElement>('[role="option"]')]
  const status = () => container.querySelector('[role="status"]')!.textContent
  const alert = () => container.querySelector('[role="alert"]')?.textContent ?? null
  const key = (name: string) =>
    act(() => {
      input().dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }))
    })
  const type = (text: string) =>
    act(() => {
      // React reads the value through the prototype's setter, as a browser's typing sets it.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input(), text)
      input().dispatchEvent(new Event('input', { bubbles: true }))
    })
  const active = () => {
    const id = input().getAttribute('aria-activedescendant')
    return id ? document.getElementById(id)?.textContent : null
  }
  return { chosen, onSearch, input, listbox, options, status, alert, key, type, active }
}

describe('the address picker', () => {
  it('is a combobox tied to its listbox, closed until asked', () => {
    const picker = mount()
    expect(picker.input().getAttribute('aria-controls')).toBe(picker.listbox().id)
    expect(picker.input().getAttribute('aria-expanded')).toBe('false')
    expect(picker.listbox().hidden).toBe(true)
    expect(picker.input().hasAttribute('aria-activedescendant')).toBe(false)
  })

  it('opens with ArrowDown on the first place, moves with the arrows and wraps', () => {
    const picker = mount()
    picker.key('ArrowDown')
    expect(picker.input().getAttribute('aria-expanded')).toBe('true')
    expect(picker.active()).toBe('KotiKotikatu 1, 02100 Espoo')
    picker.key('ArrowDown')
    expect(picker.active()).toContain('Koulu')
    picker.key('ArrowUp')
    picker.key('ArrowUp')
    expect(picker.active()).toContain('Kirjasto')
    picker.key('ArrowDown')
    expect(picker.active()).toContain('Koti')
    expect(picker.options().filter((option) => option.getAttribute('aria-selected') === 'true')).toHaveLength(
      1,
    )
  })

  it('chooses the active place with Enter and shows it, closed', () => {
    const picker = mount()
    picker.key('ArrowDown')
    picker.key('ArrowDown')
    picker.key('Enter')
    expect(picker.chosen).toEqual([school])
    expect(picker.input().value).toBe('Koulu')
    expect(picker.input().getAttribute('aria-expanded')).toBe('false')
  })

  it('closes with Escape without choosing, and a second Escape gives back what was typed', () => {
    const picker = mount()
    picker.type('kir')
    expect(picker.input().getAttribute('aria-expanded')).toBe('true')
    picker.key('Escape')
    expect(picker.input().getAttribute('aria-expanded')).toBe('false')
    expect(picker.input().value).toBe('kir')
    picker.key('Escape')
    expect(picker.input().value).toBe('')
    expect(picker.chosen).toEqual([])
  })

  it('filters the saved places by what is typed and says how many there are', () => {
    const picker = mount()
    picker.type('kirja')
    expect(picker.options().map((option) => option.textContent)).toEqual([`Kirjasto${library.display}`])
    expect(picker.status()).toBe('1 result')
    // Every fixture place's address is on Kotikatu: the address line is searched too.
    picker.type('kotikatu')
    expect(picker.status()).toBe('3 results')
    picker.type('Tampere')
    expect(picker.options()).toEqual([])
    expect(picker.status()).toBe('0 results')
    expect(picker.listbox().textContent).toBe('No matching places')
  })

  it('searches the map only with free places, offering the results after the saved places', () => {
    const saved = mount()
    saved.type('Mann')
    expect(saved.onSearch).not.toHaveBeenCalled()

    const free = mount({ searchable: true, results: [searched] })
    free.type('Mann')
    expect(free.onSearch).toHaveBeenLastCalledWith('Mann')
    expect(free.options().map((option) => option.textContent)).toEqual([searched.display])
    free.key('ArrowDown')
    free.key('Enter')
    expect(free.chosen).toEqual([searched])
    // Choosing clears the search, so its results do not linger for the next field.
    expect(free.onSearch).toHaveBeenLastCalledWith('')
  })

  it('leaving the field without choosing keeps the chosen place and drops the search', () => {
    const picker = mount({ searchable: true })
    picker.key('ArrowDown')
    picker.key('Enter')
    picker.type('Mann')
    act(() => picker.input().dispatchEvent(new FocusEvent('focusout', { bubbles: true })))
    expect(picker.input().value).toBe('Koti')
    expect(picker.onSearch).toHaveBeenLastCalledWith('')
    picker.type('')
    act(() => picker.input().dispatchEvent(new FocusEvent('focusout', { bubbles: true })))
    expect(picker.chosen).toEqual([home, null])
  })

  it('says it is searching while a search is under way', () => {
    const picker = mount({ searchable: true, searching: true })
    picker.type('Mannerheimintie')
    expect(picker.status()).toBe('Searching addresses…')
    expect(picker.listbox().textContent).toContain('Searching addresses…')
  })

  it('says a failed search in an alert, not as no matching places', () => {
    const failed = mount({ searchable: true, failure: 'The address search failed (status 503).' })
    failed.type('Mannerheimintie')
    expect(failed.alert()).toBe('The address search failed (status 503).')
    expect(failed.listbox().hidden).toBe(true)
    expect(failed.listbox().textContent).not.toContain('No matching places')
    // Saved places that match are still offered.
    failed.type('kirja')
    expect(failed.options()).toHaveLength(1)

    const none = mount({ searchable: true })
    none.type('Mannerheimintie')
    expect(none.alert()).toBeNull()
    expect(none.listbox().textContent).toBe('No matching places')
  })
})
