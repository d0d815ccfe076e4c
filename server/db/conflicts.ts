/** Another writer appended to the trip between our read and our write (the projection's version moved on). */
export class TripVersionConflict extends Error {
  override name = 'TripVersionConflict'
}

/** PostgreSQL errors after which the same transaction, run again on fresh reads, may well succeed. */
const retryableCodes = new Set([
  '23505', // unique_violation: a concurrent append took the same event seq
  '40001', // serialization_failure
  '40P01', // deadlock_detected
])

export function isRetryableConflict(error: unknown): boolean {
  if (error instanceof TripVersionConflict) return true
  return (
    typeof error === 'object' && error !== null && 'code' in error && retryableCodes.has(String(error.code))
  )
}

/** Runs `work` (a whole transaction) again after a conflict, up to `attempts` times in all. */
export async function retryOnConflict<T>(work: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work()
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error
    }
  }
}
