/** The permissions screen's state in its URL: the passenger chosen in step 1 (absent: step 1, or the only one). */
export interface PermissionsSearch {
  passenger?: string
}

export function validatePermissionsSearch(search: Record<string, unknown>): PermissionsSearch {
  return typeof search.passenger === 'string' && search.passenger ? { passenger: search.passenger } : {}
}
