import fastifySwagger from '@fastify/swagger'
import fastifySwaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { createJsonSchemaTransform } from 'fastify-type-provider-zod'

export const apiDocsPath = '/api/docs'

/**
 * The OpenAPI document, generated from the zod contract as the endpoints register (so this comes first), and
 * Swagger UI at /api/docs (its JSON at /api/docs/json). Only the tagged API endpoints are documented.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Passenger transport portal API',
        description:
          'The calls of the portal and the operator integration API. Send `X-Tenant` unless the host names the tenant; errors share one shape (apiError). State-changing calls take an `Idempotency-Key` header.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'X-Api-Key',
            description: "The transport operator's API key for this tenant (operator integration API)",
          },
        },
      },
    },
    hideUntagged: true,
    transform: createJsonSchemaTransform({ skipList: [] }),
  })
  await app.register(fastifySwaggerUi, {
    routePrefix: apiDocsPath,
    // The default validator badge loads an image from elsewhere, which the content security policy blocks.
    uiConfig: { validatorUrl: null },
  })
}
