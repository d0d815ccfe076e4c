import { Trans } from '@lingui/react/macro'
import { useId } from 'react'
import { useLocale } from '../../app/locale'
import type { Locale } from '../../domain/locale'
import { languageNames } from './languageNames'

const languageOrder = Object.keys(languageNames) as Locale[]

/** Language buttons (spec section 2); choosing one stores it and reloads the page. */
export function LanguageSelector() {
  const { locale, selectable, setLocale } = useLocale()
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="border-t border-muted/40 px-4 py-4">
      <h2 id={headingId} className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">
        <Trans id="shell.language">Language</Trans>
      </h2>
      <ul className="flex flex-col gap-1">
        {languageOrder
          .filter((option) => selectable.includes(option))
          .map((option) => (
            <li key={option}>
              <button
                type="button"
                lang={option}
                aria-current={option === locale ? 'true' : undefined}
                onClick={() => {
                  if (option !== locale) setLocale(option)
                }}
                className={
                  'flex min-h-comfortable w-full items-center rounded-lg px-3 text-left ' +
                  (option === locale ? 'bg-action font-semibold text-on-action' : 'hover:bg-background')
                }
              >
                {languageNames[option]}
              </button>
            </li>
          ))}
      </ul>
    </section>
  )
}
