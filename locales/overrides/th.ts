import type { TextOverrides } from './types'

/** The `th` text variant (spec section 1): a taxi operator's own wording of the site title and slogan. */
export const overrides: TextOverrides = {
  fi: {
    'home.title': 'Taksimatkaportaali',
    'home.slogan': 'Tilaa, seuraa ja peru taksimatkasi',
  },
  sv: {
    'home.title': 'Taxiresportalen',
    'home.slogan': 'Beställ, följ och avboka dina taxiresor',
  },
  en: {
    'home.title': 'Taxi trip portal',
    'home.slogan': 'Book, follow and cancel your taxi trips',
  },
}
