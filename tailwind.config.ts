import type { Config } from 'tailwindcss'

/**
 * Theme colours are CSS variables that the platform sets from the tenant's theme at start-up, so one build
 * serves every tenant. The names here are what the components use (`bg-primary`, `text-on-primary`, ...).
 */
export default {
  theme: {
    extend: {
      colors: {
        primary: 'var(--color-primary)',
        'on-primary': 'var(--color-on-primary)',
        background: 'var(--color-background)',
        surface: 'var(--color-surface)',
        text: 'var(--color-text)',
        muted: 'var(--color-muted)',
        link: 'var(--color-link)',
        accent: 'var(--color-accent)',
        'on-accent': 'var(--color-on-accent)',
        /** Primary buttons; styles.css switches them to the accent on dark themes. */
        action: 'var(--color-action)',
        'on-action': 'var(--color-on-action)',
        /** Error borders and icons; styles.css lightens it on dark themes. */
        error: 'var(--color-error)',
      },
      maxWidth: { dialog: '500px' },
      width: { drawer: '380px' },
      minHeight: { target: '24px', comfortable: '44px' },
      minWidth: { target: '24px', comfortable: '44px' },
    },
  },
} satisfies Config
