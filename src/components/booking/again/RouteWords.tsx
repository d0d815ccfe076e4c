import { Trans } from '@lingui/react/macro'
import type { AgainRoute, RouteStop } from '../../../domain/booking/again'
import { timeFieldText } from '../../../domain/booking/time'

const stopName = (stop: RouteStop) => stop.address.alias ?? stop.address.address

/** "Ella: Koti → Koulu 07:45, return 14:15": a route booked again in words. */
export function RouteWords({ route, showPassenger }: { route: AgainRoute; showPassenger: boolean }) {
  const from = stopName(route.from)
  const to = stopName(route.to)
  const time = timeFieldText(route.time)
  const name = route.passengerName
  const returnTime = route.returnTime === null ? null : timeFieldText(route.returnTime)
  return (
    <span>
      {showPassenger ? (
        <Trans id="booking_again.route_passenger">
          {name}: {from} → {to} at {time}
        </Trans>
      ) : (
        <Trans id="booking_again.route">
          {from} → {to} at {time}
        </Trans>
      )}
      {returnTime ? <Trans id="booking_again.route_return">, return {returnTime}</Trans> : null}
    </span>
  )
}
