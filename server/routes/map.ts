import type { FastifyInstance } from 'fastify'
import { endpoints } from '../../src/contract/endpoints'
import type { KeyStore } from '../auth/accessTokens'
import { registerEndpoint } from './registerEndpoint'

/** The map's settings: public, since the /track screen shows the map with no login. */
export function registerMapRoute(app: FastifyInstance, keys: KeyStore, styleUrl: string | null): void {
  registerEndpoint(app, keys, endpoints.getMapSettings, async () => ({ styleUrl }))
}
