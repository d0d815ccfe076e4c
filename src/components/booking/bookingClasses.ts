/** Tailwind class recipes of the booking steps (kept out of .tsx, where every string must be UI text). */

export const addressPickerClasses = {
  listbox:
    'absolute z-30 mt-1 max-h-80 w-full overflow-y-auto rounded-xl bg-surface p-1 text-text shadow-xl ' +
    'ring-1 ring-muted/40',
  /** At least 44 px high (comfortably over the 24 px target); the active one filled, not by colour alone. */
  option(active: boolean): string {
    return (
      'min-h-comfortable cursor-pointer rounded-lg px-3 py-2 ' +
      (active
        ? 'bg-action text-on-action outline-2 outline-offset-[-2px] outline-text'
        : 'hover:bg-background')
    )
  },
  note: 'px-3 py-2 text-muted',
}

/** A via point's frame. */
export const viaPointClasses = 'flex flex-col gap-3 rounded-xl border-2 border-muted/40 p-4'

/** A checkbox of the summary's repeat: 24 px, in the action colour. */
export const repeatCheckboxClasses = 'size-6 shrink-0 accent-action'
