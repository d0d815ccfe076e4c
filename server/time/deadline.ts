/**
 * What `work` gives, or `late` if it fails or takes longer than `ms` (a database that stopped answering must
 * not hold a probe or a scrape open; the work itself goes on and its result is dropped).
 */
export async function within<T>(work: () => Promise<T>, ms: number, late: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const expiry = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late), ms)
  })
  try {
    return await Promise.race([work().catch(() => late), expiry])
  } finally {
    clearTimeout(timer)
  }
}
