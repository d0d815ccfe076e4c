import { avatarColorFor } from '../../domain/avatarPalette'

/** A passenger's initials on their stable palette colour; decorative beside the passenger's name. */
export function Avatar({
  passengerId,
  text,
  size = 44,
}: {
  passengerId: string
  text: string
  size?: number
}) {
  const color = avatarColorFor(passengerId)
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full font-bold select-none"
      style={{
        width: size,
        height: size,
        fontSize: size * 0.4,
        backgroundColor: color.background,
        color: color.text,
      }}
    >
      {text.slice(0, 2).toUpperCase()}
    </span>
  )
}
