import type { TextOverrides } from './types'

/**
 * The `th` text variant (spec section 1): a taxi operator's own wording of the site title and slogan. A soft
 * hyphen marks where a compound too long for a phone's line at large text breaks, as in the catalogs.
 */
export const overrides: TextOverrides = {
  fi: {
    'home.title': 'Taksimatka\u00adportaali',
    'home.slogan': 'Tilaa, seuraa ja peru taksimatkasi',
  },
  sv: {
    'home.title': 'Taxires\u00adportalen',
    'home.slogan': 'Beställ, följ och avboka dina taxiresor',
  },
  en: {
    'home.title': 'Taxi trip portal',
    'home.slogan': 'Book, follow and cancel your taxi trips',
  },
}
