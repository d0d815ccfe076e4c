import { PhoneIcon } from './featureIcons'

/** A phone number as a link that calls it: the number as written, dialled without its spaces and dashes. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a
      href={`tel:${phone.replace(/[^\d+]/g, '')}`}
      className="link inline-flex min-h-target items-center gap-1 [&_svg]:size-5"
    >
      <PhoneIcon />
      {phone}
    </a>
  )
}
