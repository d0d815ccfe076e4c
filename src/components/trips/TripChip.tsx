import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { Trip } from '../../contract/trip'
import { tripChip, type TripChip as TripChipKind } from '../../domain/trips/chip'
import { Chip } from '../ui/Chip'
import type { ChipTone } from '../ui/classes'
import { CancelIcon } from '../ui/icons'
import { CarIcon, CheckIcon, ClockIcon, HourglassIcon, UserOffIcon } from '../ui/featureIcons'

/** What a chip shows: a status of the spec's table, or a cancellation the server has not confirmed yet. */
export type TripChipState = TripChipKind | 'cancelPending'

const chips: Record<TripChipState, { tone: ChipTone; icon: ReactNode; label: MessageDescriptor }> = {
  aboard: { tone: 'info', icon: <CarIcon />, label: msg({ id: 'trips.chip.aboard', message: 'Aboard' }) },
  done: { tone: 'success', icon: <CheckIcon />, label: msg({ id: 'trips.chip.done', message: 'Done' }) },
  cancelled: {
    tone: 'error',
    icon: <CancelIcon />,
    label: msg({ id: 'trips.chip.cancelled', message: 'Cancelled' }),
  },
  waitingForCar: {
    tone: 'warning',
    icon: <ClockIcon />,
    label: msg({ id: 'trips.chip.waiting_for_car', message: 'Waiting for car' }),
  },
  noShow: {
    tone: 'special',
    icon: <UserOffIcon />,
    label: msg({ id: 'trips.chip.no_show', message: 'No-show' }),
  },
  cancelPending: {
    tone: 'neutral',
    icon: <HourglassIcon />,
    label: msg({ id: 'trips.chip.cancellation_pending', message: 'Cancellation pending' }),
  },
}

/**
 * The chip of a trip, or none when no row of the spec's table matches. A cancellation waiting in the outbox
 * shows as pending, never as cancelled, until the server's answer (or a pull) sets `cancelledAt`.
 */
export function tripChipState(
  trip: Pick<Trip, 'cancelledAt' | 'noShowTime' | 'pickupTime' | 'dropoffTime' | 'carName'>,
  pending: 'cancel' | null = null,
): TripChipState | null {
  const chip = tripChip(trip)
  if (pending === 'cancel' && chip !== 'cancelled') return 'cancelPending'
  return chip
}

export function TripChip({ trip, pending = null }: { trip: Trip; pending?: 'cancel' | null }) {
  const { t } = useLingui()
  const state = tripChipState(trip, pending)
  if (!state) return null
  const chip = chips[state]
  return (
    <Chip tone={chip.tone} icon={chip.icon}>
      {t(chip.label)}
    </Chip>
  )
}
