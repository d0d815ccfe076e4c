/** Tailwind class recipes shared by the primitives (kept out of .tsx, where every string must be UI text). */

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'

// A label breaks inside a word when that word alone is wider than the screen (Finnish at 200 % text).
const buttonBase =
  'inline-flex min-h-comfortable min-w-comfortable max-w-full items-center justify-center gap-2 rounded-lg ' +
  'px-4 py-2 font-semibold leading-tight [overflow-wrap:anywhere] no-underline transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-60'

const buttonVariants: Record<ButtonVariant, string> = {
  primary: 'bg-action text-on-action hover:brightness-110',
  secondary: 'border-2 border-action bg-surface text-text hover:bg-background',
  ghost: 'bg-transparent text-text underline-offset-2 hover:underline',
  danger: 'bg-[#b3261e] text-white hover:brightness-110',
}

/** The classes of a button, also for links that look like one (a link navigates; a button acts). */
export function buttonClasses(variant: ButtonVariant = 'primary', className = ''): string {
  return `${buttonBase} ${buttonVariants[variant]} ${className}`.trim()
}

export type Severity = 'info' | 'success' | 'warning' | 'error'

/** Fixed, theme-independent tints: each pairs with its dark text at well over 4.5:1, on light and dark themes. */
export const alertTones: Record<Severity, string> = {
  info: 'border-[#1e63b5] bg-[#e8f1fc] text-[#10243d]',
  success: 'border-[#2e7d32] bg-[#e9f6ea] text-[#13301a]',
  warning: 'border-[#8d6e00] bg-[#fff6d6] text-[#332700]',
  error: 'border-[#b3261e] bg-[#fdecea] text-[#3d0d09]',
}

/** Snackbar backgrounds, white text on each. */
export const noticeTones: Record<'info' | 'success' | 'error', string> = {
  info: 'bg-[#1a1f29] text-white',
  success: 'bg-[#1f5f24] text-white',
  error: 'bg-[#8c1d18] text-white',
}

export const overlayClasses = 'animate-portal-fade-in fixed inset-0 z-40 bg-black/50'

/** A centred modal panel (spec: dialogs at most 500 px wide). */
export const modalPanelClasses =
  'animate-portal-fade-in fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] max-w-dialog ' +
  '-translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-surface p-6 text-text shadow-xl'

export type ChipTone = 'info' | 'success' | 'warning' | 'error' | 'special' | 'neutral'

/**
 * Status chip colours: fixed light tints with dark text (each pair well over 4.5:1, tested), the same on light
 * and dark themes. A chip always says its status in words too, so colour is never the only signal.
 */
export const chipColors: Record<ChipTone, { background: string; text: string; border: string }> = {
  info: { background: '#dbe9fb', text: '#0b3a75', border: '#1e63b5' },
  success: { background: '#dcf2de', text: '#14502a', border: '#2e7d32' },
  warning: { background: '#fff1c2', text: '#4d3800', border: '#8d6e00' },
  error: { background: '#fde2df', text: '#7f1a15', border: '#b3261e' },
  special: { background: '#efe3f8', text: '#4f2270', border: '#7b3fa6' },
  neutral: { background: '#e6e9ef', text: '#232a38', border: '#5b6477' },
}

/** A field's error message block under the control. */
export const fieldErrorClasses =
  'self-start rounded bg-[#fdecea] px-2 py-0.5 text-sm font-semibold text-[#8c1d18]'

/** Text inputs and text areas. */
export function inputClasses(invalid: boolean): string {
  return (
    'min-h-comfortable rounded-lg border-2 bg-surface px-3 py-2 text-text ' +
    (invalid ? 'border-error' : 'border-muted')
  )
}

/** The calendar's month buttons and days: days with a choice are bold and underlined, the chosen one filled. */
export const calendarClasses = {
  monthNav:
    'inline-flex min-h-comfortable min-w-comfortable items-center justify-center rounded-lg hover:bg-background',
  day({ selected, disabled, today }: { selected: boolean; disabled: boolean; today: boolean }): string {
    const tone = selected
      ? 'bg-action text-on-action font-bold'
      : disabled
        ? 'text-muted'
        : 'font-bold text-text underline decoration-2 underline-offset-4 hover:bg-background'
    return `size-10 rounded-full aria-disabled:cursor-not-allowed ${tone} ${today ? 'ring-2 ring-muted ring-inset' : ''}`
  },
}

/** A menu's popup and its items (DropdownMenu, ChoiceMenu). */
export const menuClasses = {
  content:
    'animate-portal-fade-in z-50 min-w-56 rounded-xl bg-surface p-1 text-text shadow-xl ring-1 ring-muted/40',
  item:
    'flex min-h-comfortable cursor-pointer items-center gap-2 rounded-lg px-3 outline-none ' +
    'data-[highlighted]:bg-action data-[highlighted]:text-on-action',
}

/** Where the notice of a part whose code did not load shows (`LazyPartNotice`). */
export type LazyNoticePlace = 'flow' | 'floating' | 'overlay'

const lazyNoticePlaces: Record<LazyNoticePlace, string> = {
  flow: 'w-full',
  floating: 'absolute top-full left-0 z-40 mt-2 w-72 max-w-[calc(100vw-1rem)] shadow-lg',
  // Above the bottom navigation of a signed-in screen (z-30, its height under 7rem), in view wherever the
  // page is scrolled.
  overlay: 'fixed inset-x-4 bottom-28 z-40 mx-auto max-w-md shadow-lg',
}

/** The notice of a part whose code did not load: in the flow, under the control that opens it, or over the page. */
export function lazyNoticeClasses(place: LazyNoticePlace): string {
  return `flex flex-wrap items-center gap-3 rounded-lg border border-muted bg-surface p-3 text-left text-base font-normal text-text ${lazyNoticePlaces[place]}`
}
