import { Plural, Trans } from '@lingui/react/macro'
import type { SeriesBookingResponse } from '../../../contract/series'
import { wizardDate } from '../../../domain/dateDisplay'

/** A saved series: how many rides it booked, and each date the rules left out with the server's reason. */
export function SeriesSaved({ booked }: { booked: SeriesBookingResponse }) {
  const rides = booked.booked.length
  return (
    <div className="flex flex-col gap-2">
      <p>
        <Plural
          id="booking_repeat.saved"
          value={rides}
          one="# ride booked. It awaits the transport service's approval."
          other="# rides booked. Each awaits the transport service's approval on its own."
        />
      </p>
      {booked.skipped.length > 0 ? (
        <>
          <p className="font-semibold">
            <Trans id="booking_repeat.skipped">Not booked:</Trans>
          </p>
          <ul className="list-disc pl-5">
            {booked.skipped.map((skipped) => (
              <li key={skipped.date}>
                {wizardDate(skipped.date)}: {skipped.message}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  )
}
