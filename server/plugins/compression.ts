import { constants } from 'node:zlib'
import fastifyCompress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/** Below this an answer goes out as is: the headers would outweigh the saving. */
export const compressionThreshold = 1024

/**
 * Compresses answers built per request (the JSON API, server pages) by `Accept-Encoding`, brotli first. Static
 * files arrive already compressed by the build (sw/precompress.ts) with `Content-Encoding` set, which this leaves
 * alone. Brotli runs at a low quality: per request, speed matters more than the last few percent.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: compressionThreshold,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    // No client sends compressed bodies (JSON of a few KB at most): no decompressing hook on every request.
    globalDecompression: false,
  })
}
