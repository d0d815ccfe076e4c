/** A service's answer that is not JSON with an accepted status, or that did not come in time. */
export class ServiceError extends Error {}

/**
 * GET `url` and parse its JSON, giving up after `timeoutMs` (connect, headers and body together). A 2xx is
 * read, and the statuses of `acceptStatus` (a service that explains a refusal in its body). Any failure is a
 * ServiceError naming the service's host, never the query (addresses are personal data in logs).
 */
export async function fetchJson(
  url: URL,
  options: { timeoutMs: number; headers?: Record<string, string>; acceptStatus?: readonly number[] },
): Promise<unknown> {
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json', ...options.headers },
      signal: AbortSignal.timeout(options.timeoutMs),
    })
    if (!response.ok && !options.acceptStatus?.includes(response.status)) {
      await response.body?.cancel()
      throw new ServiceError(`${url.host} answered ${response.status}`)
    }
    return await response.json()
  } catch (error) {
    if (error instanceof ServiceError) throw error
    const reason = error instanceof Error ? error.name : 'error'
    throw new ServiceError(`${url.host} failed: ${reason}`, { cause: error })
  }
}
