/** Answers of a proxy or load balancer in front of a server that did not answer. */
const gatewayFailures = new Set([502, 504])

/** Whether an HTTP status (0 when no answer came) is the portal's server's own answer. */
export const serverAnswered = (status: number): boolean => status !== 0 && !gatewayFailures.has(status)
