import type { Quota } from '../../src/contract/permissions'
import { remainingOn } from '../../src/domain/permissions/quota'
import type { PermissionRecord } from '../db/repositories/permissions'

/** A stored permission as the passenger's user sees it on `date` (YYYY-MM-DD): with what is left then. */
export function toQuotaView(record: PermissionRecord, date: string): Quota {
  const { remainingQuota, remainingExpressQuota } = remainingOn(record.periods, date)
  return {
    id: record.id,
    name: record.name,
    decisionType: record.decisionType,
    note: record.note,
    remainingQuota,
    remainingExpressQuota,
    expressQuotaTimeLimit: record.expressQuotaTimeLimit,
    tripDestinations: record.tripDestinations,
    allowViaPoints: record.allowViaPoints,
    viaPointMaxDeviation: record.viaPointMaxDeviation,
    extras: record.extras,
    startDate: record.startDate,
    endDate: record.endDate,
    periods: record.periods,
    placeGroups: record.placeGroups,
    allowedArea: record.allowedArea,
  }
}

/** A permission as the operator wrote it: with its passenger, and what is left on `date` (YYYY-MM-DD). */
export function toWrittenPermission(record: PermissionRecord, date: string) {
  return { ...toQuotaView(record, date), passengerId: record.passengerId }
}
