import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

/**
 * A P-256 key and a self-signed certificate for `hostName`, valid for two days, made by openssl for this run: no
 * key is kept in the repository. (OpenSSL comes with Debian's ca-certificates and postgresql.)
 */
export async function selfSignedCertificate(hostName: string): Promise<{ key: string; cert: string }> {
  const folder = await mkdtemp(join(tmpdir(), 'stand-in-'))
  const keyFile = join(folder, 'key.pem')
  const certFile = join(folder, 'cert.pem')
  try {
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${hostName}`,
      '-addext',
      `subjectAltName=DNS:${hostName}`,
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ])
    return { key: await readFile(keyFile, 'utf8'), cert: await readFile(certFile, 'utf8') }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
