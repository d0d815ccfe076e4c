import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

export interface PrecompressResult {
  file: string
  bytes: number
  brotliBytes: number | null
  gzipBytes: number | null
}

/**
 * Writes `file.br` and `file.gz` beside each built file, at the strongest settings (done once per build, so the
 * server never compresses a static file per request; @fastify/static serves them with `preCompressed`). A copy
 * that would not be smaller (images already compressed) is not written, and the server sends the original.
 */
export async function precompress(distDir: string, files: string[]): Promise<PrecompressResult[]> {
  return Promise.all(
    files.map(async (file) => {
      const path = join(distDir, file)
      const source = await readFile(path)
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
      ])
      const written = async (suffix: string, copy: Buffer) => {
        if (copy.length >= source.length) return null
        await writeFile(`${path}${suffix}`, copy)
        return copy.length
      }
      return {
        file,
        bytes: source.length,
        brotliBytes: await written('.br', br),
        gzipBytes: await written('.gz', gz),
      }
    }),
  )
}
