// Where the sanctions list comes from: the UN Security Council publishes its consolidated list as
// one XML file at a fixed address (SANCTIONS_LIST_URL; scsanctions.un.org/resources/xml/en/
// consolidated.xml). The adapter asks it with the validators of the last answer (ETag,
// Last-Modified), so an unchanged list costs a 304; a changed one is handed to the loader, which
// also compares hashes (a server without validators sends the same list again).

export interface SanctionsListSource {
  /** The list's XML, or null when unchanged since the last fetch. */
  fetchList(): Promise<{ xml: string; source: string } | null>
}

export class HttpSanctionsListSource implements SanctionsListSource {
  readonly #url: string
  readonly #timeoutMs: number
  #etag: string | null = null
  #lastModified: string | null = null

  constructor(url: string, timeoutMs = 60_000) {
    this.#url = url
    this.#timeoutMs = timeoutMs
  }

  async fetchList(): Promise<{ xml: string; source: string } | null> {
    const headers: Record<string, string> = { accept: 'application/xml, text/xml' }
    if (this.#etag) headers['if-none-match'] = this.#etag
    if (this.#lastModified) headers['if-modified-since'] = this.#lastModified
    const response = await fetch(this.#url, { headers, signal: AbortSignal.timeout(this.#timeoutMs) })
    if (response.status === 304) return null
    if (!response.ok) throw new Error(`sanctions list: ${response.status} from ${this.#url}`)
    const xml = await response.text()
    this.#etag = response.headers.get('etag')
    this.#lastModified = response.headers.get('last-modified')
    return { xml, source: this.#url }
  }
}
