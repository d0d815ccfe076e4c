/** An API answer as the bare baseline server replays it: status, headers and the very same body. */
export interface RecordedResponse {
  status: number
  headers: Record<string, string>
  body: string
}

/** Headers node:http sets per connection or per response itself; everything else is replayed as recorded. */
const perConnection = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

export async function recordResponse(response: Response): Promise<RecordedResponse> {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (!perConnection.has(name)) headers[name] = value
  })
  return { status: response.status, headers, body: await response.text() }
}
