import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Avatar } from '../../../src/components/ui/Avatar'
import { EmptyValue } from '../../../src/components/ui/EmptyValue'
import { TextField } from '../../../src/components/ui/TextField'
import { avatarColorFor } from '../../../src/domain/avatarPalette'

function render(node: ReactNode): string {
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
  return renderToStaticMarkup(<I18nProvider i18n={i18n}>{node}</I18nProvider>)
}

const attribute = (html: string, element: string, name: string) =>
  new RegExp(`<${element}[^>]* ${name}="([^"]*)"`).exec(html)?.[1]

describe('TextField', () => {
  it('labels the input and ties its hint to it', () => {
    const html = render(<TextField label="Access code" description="From a text message" />)
    const id = attribute(html, 'input', 'id')
    expect(attribute(html, 'label', 'for')).toBe(id)
    expect(attribute(html, 'input', 'aria-describedby')).toBe(`${id}-description`)
    expect(html).not.toContain('aria-invalid')
  })

  it('marks the input invalid and reads its error with it', () => {
    const html = render(<TextField label="Access code" description="Hint" error="Invalid token" />)
    const id = attribute(html, 'input', 'id') ?? ''
    expect(attribute(html, 'input', 'aria-invalid')).toBe('true')
    expect(attribute(html, 'input', 'aria-describedby')).toBe(`${id}-description ${id}-error`)
    expect(html).toMatch(new RegExp(`id="${id}-error"[^>]*><p>Invalid token</p>`))
  })

  it('lists several errors', () => {
    const html = render(<TextField label="New password" error={['Too short', 'Needs a digit']} />)
    expect(html).toContain('<li>Too short</li><li>Needs a digit</li>')
  })

  it('keeps the required asterisk out of the label', () => {
    const html = render(<TextField label="Initials" required />)
    expect(html).toMatch(/<label[^>]*>Initials<\/label><span aria-hidden="true"[^>]*>\*<\/span>/)
    expect(html).toMatch(/<input[^>]* required=""/)
  })
})

describe('Avatar', () => {
  it('shows at most two initials in the passenger colour, hidden from screen readers', () => {
    const html = render(<Avatar passengerId="p-7" text="abc" />)
    const color = avatarColorFor('p-7')
    expect(html).toContain('aria-hidden="true"')
    expect(html).toContain('>AB</span>')
    expect(html).toContain(`background-color:${color.background}`)
    expect(html).toContain(`color:${color.text}`)
  })
})

describe('EmptyValue', () => {
  it('shows a dash and says "Not given" to screen readers', () => {
    const html = render(<EmptyValue />)
    expect(html).toMatch(/<span aria-hidden="true">–<\/span><span class="sr-only">Not given<\/span>/)
  })
})
