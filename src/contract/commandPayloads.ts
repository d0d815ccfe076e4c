/**
 * The schemas the outbox's command payloads are built from (`payload(contract)` in src/commands). Handed over
 * as one namespace, which keeps every export of it in the workers' bundles: so these modules only, not the
 * whole contract (the operator API's and the error reports' schemas have no place there). A command whose
 * payload needs another module adds it here.
 */
export * from './common'
export * from './tripCommands'
export { messageParams, sendMessageRequest } from './messages'
