// Where the server is reached, for links printed outside a request (the first admin's setup
// link at start-up, `npm run ops:operator` links): PUBLIC_URL when set, otherwise the address the
// server actually listens on — written to DATA_DIR/public-url at start so the operator CLI,
// run beside it on the same DATA_DIR, prints a link that opens.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const FILE = 'public-url'

interface UrlConfig {
  publicUrl: string
  /** PUBLIC_URL was given (otherwise publicUrl is only the PORT's guess). */
  publicUrlSet: boolean
  dataDir: string
}

/** The URL a running server answers on: PUBLIC_URL, or localhost at the port it bound. */
export function listeningUrl(config: UrlConfig, port: number): string {
  return config.publicUrlSet ? config.publicUrl : `http://localhost:${port}`
}

/** Kept for the CLI; a DATA_DIR it cannot write (PostgreSQL deployments) only loses the hint. */
export function recordPublicUrl(config: UrlConfig, url: string): void {
  try {
    writeFileSync(path.join(config.dataDir, FILE), `${url}\n`)
  } catch {
    // The CLI then falls back to PUBLIC_URL / PORT.
  }
}

/** For the CLI: PUBLIC_URL, else what the server on this DATA_DIR recorded, else PORT's guess. */
export function publicUrlForCli(config: UrlConfig): string {
  if (config.publicUrlSet) return config.publicUrl
  try {
    const recorded = readFileSync(path.join(config.dataDir, FILE), 'utf8').trim()
    if (URL.canParse(recorded)) return recorded
  } catch {
    // No server has started on this DATA_DIR yet.
  }
  return config.publicUrl
}
