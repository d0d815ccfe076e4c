/**
 * The baseline of the API throughput bench: a bare node:http server answering recorded responses byte for byte.
 * Run as its own process (`node --import tsx tests/bench/bareServer.ts <responses.json>`), so that it does not
 * share an event loop with the load generator, just as the real API host does not. Prints its port once
 * listening on 127.0.0.1.
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { RecordedResponse } from './recordedResponse'

const file = process.argv[2]
if (!file) throw new Error('usage: bareServer.ts <responses.json>')
const recorded = JSON.parse(readFileSync(file, 'utf8')) as Record<string, RecordedResponse>
const answers = new Map(
  Object.entries(recorded).map(([path, response]) => [
    path,
    { status: response.status, headers: response.headers, body: Buffer.from(response.body, 'utf8') },
  ]),
)

const server = createServer((request, response) => {
  const answer = answers.get(request.url ?? '')
  if (!answer) {
    response.writeHead(404).end()
    return
  }
  response.writeHead(answer.status, answer.headers).end(answer.body)
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  if (typeof address === 'object' && address) console.log(address.port)
})
process.once('SIGTERM', () => server.close(() => process.exit(0)))
