import type { Trip } from '../../../../src/contract/trip'

/** A booked trip on 2026-11-21, 10:00-10:30 Helsinki time, with no car yet; tests override what they vary. */
export function tripWith(overrides: Partial<Trip> = {}): Trip {
  return {
    id: 'trip-1',
    date: '2026-11-21',
    passenger: { id: 'p1', name: 'Ella Järvinen', avatarText: 'EJ' },
    startDateTime: '2026-11-21T10:00:00+02:00',
    endDateTime: '2026-11-21T10:30:00+02:00',
    startPlace: null,
    endPlace: null,
    startAddress: { alias: 'Koti', address: 'Kotikatu 1, Espoo', lat: 60.2, lng: 24.7 },
    endAddress: { alias: 'Koulu', address: 'Koulutie 2, Espoo', lat: 60.21, lng: 24.72 },
    viaPoints: [],
    carName: null,
    carRegisterNumber: null,
    carPhoneNumber: null,
    driverName: null,
    deductible: null,
    note: null,
    cancelledAt: null,
    cancelReason: null,
    pickupTime: null,
    dropoffTime: null,
    noShowTime: null,
    allowEtaQuery: true,
    allowReview: true,
    status: null,
    reviews: [],
    series: null,
    cancellationReceipt: null,
    ...overrides,
  }
}
