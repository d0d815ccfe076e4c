import heroUrl from './hero.svg?url'

/**
 * The home page's hero picture (default and one branded theme): a small bus on a road between houses and
 * trees, drawn in the theme's colours. Decorative; the texts beside it say what the portal is. Its drawing is a
 * file of its own (hero.svg, precached like the other assets), whose symbol takes the theme's colours from the
 * page as CSS variables: as JSX it was a third of the home page's own code.
 */
export function HeroIllustration() {
  return (
    <svg
      viewBox="0 0 640 220"
      role="presentation"
      aria-hidden="true"
      focusable="false"
      className="h-auto w-full rounded-2xl"
      data-testid="hero-image"
    >
      <use href={`${heroUrl}#hero`} />
    </svg>
  )
}
