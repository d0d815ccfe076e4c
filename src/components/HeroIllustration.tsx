/**
 * The home page's hero picture (default and one branded theme): a small bus on a road between houses and
 * trees, drawn in the theme's colours. Decorative; the texts beside it say what the portal is.
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
      <rect width="640" height="220" fill="var(--color-primary)" />
      <circle cx="540" cy="54" r="26" fill="var(--color-accent)" />
      <g fill="var(--color-surface)" opacity="0.18">
        <path d="M0 150 Q80 96 170 140 T360 128 T520 120 T640 132 V220 H0z" />
      </g>
      <g fill="var(--color-surface)" opacity="0.9">
        <path d="M60 150v-38l30-24 30 24v38z" />
        <path d="M430 150v-46l36-28 36 28v46z" />
      </g>
      <g fill="var(--color-primary)">
        <rect x="82" y="126" width="16" height="24" />
        <rect x="456" y="122" width="18" height="28" />
      </g>
      <g fill="var(--color-accent)">
        <circle cx="170" cy="120" r="20" />
        <circle cx="560" cy="118" r="24" />
      </g>
      <g fill="var(--color-surface)" opacity="0.9">
        <rect x="167" y="136" width="6" height="16" />
        <rect x="557" y="136" width="6" height="16" />
      </g>
      <rect y="150" width="640" height="70" fill="#2b2f36" />
      <g stroke="#f4f6f8" strokeWidth="5" strokeDasharray="28 22">
        <path d="M0 186h640" />
      </g>
      <g>
        <rect x="238" y="110" width="170" height="62" rx="14" fill="var(--color-surface)" />
        <rect x="252" y="120" width="34" height="24" rx="4" fill="var(--color-primary)" />
        <rect x="294" y="120" width="34" height="24" rx="4" fill="var(--color-primary)" />
        <rect x="336" y="120" width="34" height="24" rx="4" fill="var(--color-primary)" />
        <rect x="378" y="120" width="22" height="36" rx="4" fill="var(--color-primary)" />
        <rect x="238" y="150" width="170" height="8" fill="var(--color-accent)" />
        <circle cx="272" cy="174" r="12" fill="#1a1f29" />
        <circle cx="372" cy="174" r="12" fill="#1a1f29" />
        <circle cx="272" cy="174" r="5" fill="#c4c4c4" />
        <circle cx="372" cy="174" r="5" fill="#c4c4c4" />
      </g>
    </svg>
  )
}
