import { request as httpRequest } from 'node:http'

export interface BrowserResponse {
  status: number
  url: string
  headers: Record<string, string | string[] | undefined>
  body: string
}

interface StoredCookie {
  value: string
  path: string
}

/**
 * A minimal browser for tests over a real port: a cookie jar per host (with paths) and redirects followed.
 * Every `*.localhost` name is sent to 127.0.0.1 with its own Host header, as Chromium does.
 */
export class TestBrowser {
  readonly #jar = new Map<string, Map<string, StoredCookie>>()

  cookie(host: string, name: string): string | undefined {
    return this.#jar.get(host)?.get(name)?.value
  }

  #cookieHeader(url: URL): string {
    const cookies = this.#jar.get(url.hostname) ?? new Map<string, StoredCookie>()
    return [...cookies]
      .filter(([, cookie]) => url.pathname.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ')
  }

  #store(url: URL, header: string | string[] | undefined) {
    const cookies = this.#jar.get(url.hostname) ?? new Map<string, StoredCookie>()
    this.#jar.set(url.hostname, cookies)
    for (const line of Array.isArray(header) ? header : header ? [header] : []) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim())
      const name = pair.slice(0, pair.indexOf('='))
      const value = pair.slice(pair.indexOf('=') + 1)
      const path =
        attributes.find((attribute) => attribute.toLowerCase().startsWith('path='))?.slice(5) ?? '/'
      const expired =
        attributes.some((attribute) => attribute.toLowerCase() === 'max-age=0') ||
        attributes.some((attribute) => attribute.includes('1970'))
      if (expired) cookies.delete(name)
      else cookies.set(name, { value, path })
    }
  }

  /** One request, no redirects followed. */
  send(
    url: string,
    options: { method?: string; form?: Record<string, string> } = {},
  ): Promise<BrowserResponse> {
    const target = new URL(url)
    const body = options.form ? new URLSearchParams(options.form).toString() : undefined
    const cookie = this.#cookieHeader(target)
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: target.port,
          method: options.method ?? 'GET',
          path: `${target.pathname}${target.search}`,
          headers: {
            host: target.host,
            accept: 'text/html',
            ...(cookie ? { cookie } : {}),
            ...(body
              ? {
                  'content-type': 'application/x-www-form-urlencoded',
                  'content-length': Buffer.byteLength(body),
                }
              : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => {
            this.#store(target, res.headers['set-cookie'])
            resolve({
              status: res.statusCode ?? 0,
              url,
              headers: res.headers,
              body: Buffer.concat(chunks).toString(),
            })
          })
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  }

  /** A request and the redirects after it, as a browser follows them; returns the first non-redirect answer. */
  async go(
    url: string,
    options: { method?: string; form?: Record<string, string> } = {},
  ): Promise<BrowserResponse> {
    let response = await this.send(url, options)
    for (let hops = 0; response.status >= 300 && response.status < 400 && hops < 20; hops++) {
      const location = response.headers.location
      if (typeof location !== 'string') break
      response = await this.send(new URL(location, response.url).href)
    }
    return response
  }
}
