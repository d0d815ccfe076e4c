// @vitest-environment happy-dom
import { act, useState } from 'react'
import { describe, expect, it } from 'vitest'
import { mountComponent } from './support/mountComponent'
import { DateField } from '../../../src/components/dates/DateField'

/** The field over its own state, as a form holds it; `values` records what it gave. */
function mount(initial: string) {
  const values: string[] = []
  let setOutside: (value: string) => void = () => {}
  function Form() {
    const [value, setValue] = useState(initial)
    setOutside = setValue
    return (
      <DateField
        label="Date"
        value={value}
        min="2026-11-23"
        today="2026-11-23"
        onChange={(next) => {
          values.push(next)
          setValue(next)
        }}
      />
    )
  }
  const container = mountComponent(<Form />)
  const input = () => container.querySelector<HTMLInputElement>('input[type="text"]')!
  const type = (text: string) =>
    act(() => {
      // React reads the value through the prototype's setter, as a browser's typing sets it.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input(), text)
      input().dispatchEvent(new Event('input', { bubbles: true }))
    })
  return { values, input, type, setOutside: (value: string) => act(() => setOutside(value)) }
}

describe('the date helper’s text field', () => {
  it('shows a date as DD.MM.YYYY, not in the browser’s format', () => {
    const field = mount('2026-12-05')
    expect(field.input().value).toBe('05.12.2026')
  })

  it.each([
    ['24.12.2026', '2026-12-24'],
    ['12/24/2026', '2026-12-24'],
    ['2026-12-24', '2026-12-24'],
    ['1.2.2027', '2027-02-01'],
  ])('reads %s as %s, and keeps the text as typed', (typed, value) => {
    const field = mount('')
    field.type(typed)
    expect(field.values).toEqual([value])
    expect(field.input().value).toBe(typed)
  })

  it.each(['31.4.2026', '24.12.26', '2100-01-01', 'tomorrow'])(
    'gives %s on as typed, so that the form’s rules call it no date and nothing is lost',
    (typed) => {
      const field = mount('')
      field.type(typed)
      expect(field.values).toEqual([typed])
      expect(field.input().value).toBe(typed)
    },
  )

  it('shows a value set from outside, such as a restored draft', () => {
    const field = mount('')
    field.type('24.12')
    field.setOutside('2027-01-15')
    expect(field.input().value).toBe('15.01.2027')
  })

  it('has a calendar button with a name, beside a described field', () => {
    const field = mount('')
    const button = document.querySelector('button')
    expect(button?.getAttribute('aria-label')).toBe('Choose from a calendar')
    const described = field.input().getAttribute('aria-describedby') ?? ''
    expect(document.getElementById(described)?.textContent).toBe('For example 24.12.2026')
  })
})
