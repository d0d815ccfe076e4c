import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type KeyboardEvent } from 'react'
import type { Place } from '../../contract/passenger'
import { Alert } from '../ui/Alert'
import { inputClasses } from '../ui/classes'
import { Field } from '../ui/Field'
import { addressPickerClasses } from './bookingClasses'

export interface AddressPickerProps {
  /** The field's label, also the name of its list. */
  label: string
  /** The chosen place, or null. */
  value: Place | null
  onChange(place: Place | null): void
  /** The passenger's saved places the quota allows (placesOffered). */
  places: readonly Place[]
  /** Free places: typing also searches the map, and `results` are offered after the saved places. */
  searchable: boolean
  /** Asks for the map results of a query (address.search; an empty query clears them). */
  onSearch(query: string): void
  /** The map results for what this field typed; empty while none. */
  results: readonly Place[]
  /** A search for this field is waiting for its debounce or its answer. */
  searching: boolean
  /** This field's search failed: what to say, in an alert below the field (not "no matching places"). */
  failure?: string | null
  error?: string | readonly string[] | null
  required?: boolean
  /** Told when the user leaves the field, to show its required error from then on. */
  onBlur?(): void
}

/** The text a place is shown with in the field: its alias when it has one, else its address line. */
export function placeText(place: Place): string {
  return place.alias ?? place.display
}

function matches(place: Place, query: string): boolean {
  const wanted = query.trim().toLowerCase()
  return [place.alias ?? '', place.display].some((text) => text.toLowerCase().includes(wanted))
}

/**
 * An address field as a WAI-ARIA combobox (the list autocomplete pattern): typing filters the saved places
 * and, with free places, searches the map; the popup listbox is moved through with the arrow keys, Enter
 * chooses, Escape closes (and a second Escape restores the chosen place). DOM focus stays in the input; the
 * active option is named by aria-activedescendant, and a polite status says how many results there are.
 */
export function AddressPicker(props: AddressPickerProps) {
  const {
    label,
    value,
    onChange,
    places,
    searchable,
    onSearch,
    results,
    searching,
    failure,
    error,
    required,
  } = props
  const { t } = useLingui()
  const listboxId = useId()
  /** What is typed since the field was last set; null shows the chosen place. */
  const [query, setQuery] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)

  const saved = query ? places.filter((place) => matches(place, query)) : places
  const options = searchable && query ? [...saved, ...results] : saved
  const optionId = (index: number) => `${listboxId}-option-${index}`
  // A failed search's alert is below the field: an empty popup would cover it.
  const shown = open && (options.length > 0 || searching || (query !== null && !failure))

  function type(text: string) {
    setQuery(text)
    setOpen(true)
    setActive(-1)
    if (searchable) onSearch(text)
  }

  function close() {
    setOpen(false)
    setActive(-1)
  }

  function choose(place: Place) {
    onChange(place)
    setQuery(null)
    close()
    if (searchable) onSearch('')
  }

  function leave() {
    // An emptied field has no place; other typing that chose nothing gives the chosen place back.
    if (query !== null && query.trim() === '' && value) onChange(null)
    if (searchable && query) onSearch('')
    setQuery(null)
    close()
    props.onBlur?.()
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = options.length - 1
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        if (!open) {
          setOpen(true)
          if (!event.altKey) setActive(options.length ? 0 : -1)
        } else setActive(active >= last ? 0 : active + 1)
        break
      case 'ArrowUp':
        event.preventDefault()
        setOpen(true)
        setActive(active <= 0 ? last : active - 1)
        break
      case 'Home':
      case 'End':
        if (open && options.length) {
          event.preventDefault()
          setActive(event.key === 'Home' ? 0 : last)
        }
        break
      case 'Enter': {
        // Enter on a chosen option must not also submit the step's form.
        const place = open ? options[active] : undefined
        if (place) {
          event.preventDefault()
          choose(place)
        }
        break
      }
      case 'Escape':
        if (open) {
          event.preventDefault()
          close()
        } else if (query !== null) {
          event.preventDefault()
          setQuery(null)
        }
        break
    }
  }

  return (
    <Field label={label} error={error} required={required}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={shown}
            aria-controls={listboxId}
            aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
            className={`w-full ${inputClasses(Boolean(control['aria-invalid']))}`}
            value={query ?? (value ? placeText(value) : '')}
            placeholder={
              searchable
                ? t({ id: 'booking.address.placeholder_search', message: 'Type an address or a saved place' })
                : t({ id: 'booking.address.placeholder_saved', message: 'Choose a saved place' })
            }
            onChange={(event) => type(event.target.value)}
            onClick={() => setOpen(true)}
            onKeyDown={onKeyDown}
            onBlur={leave}
          />
          <div
            id={listboxId}
            role="listbox"
            aria-label={label}
            hidden={!shown}
            className={addressPickerClasses.listbox}
          >
            {options.map((place, index) => (
              // The keys are the input's (aria-activedescendant): an option is never focused itself.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <div
                tabIndex={-1}
                key={`${place.source}-${place.id}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={addressPickerClasses.option(index === active)}
                // Keeps focus in the input, so choosing with the pointer does not blur the field first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(place)}
              >
                {place.alias ? <span className="block font-semibold">{place.alias}</span> : null}
                <span className="block">{place.display}</span>
              </div>
            ))}
            {searching ? (
              <p className={addressPickerClasses.note}>
                <Trans id="booking.address.searching">Searching addresses…</Trans>
              </p>
            ) : options.length === 0 && !failure ? (
              <p className={addressPickerClasses.note}>
                <Trans id="booking.address.no_results">No matching places</Trans>
              </p>
            ) : null}
          </div>
          {failure ? (
            <Alert severity="error" live className="mt-2">
              {failure}
            </Alert>
          ) : null}
          <p role="status" className="sr-only">
            {!shown ? null : searching ? (
              <Trans id="booking.address.searching">Searching addresses…</Trans>
            ) : (
              <Plural
                id="booking.address.result_count"
                value={options.length}
                one="# result"
                other="# results"
              />
            )}
          </p>
        </div>
      )}
    </Field>
  )
}
