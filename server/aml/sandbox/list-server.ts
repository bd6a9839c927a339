// The sandbox sanctions list: an HTTP server `npm start` runs beside the app when SANCTIONS_LIST_URL
// names no list, publishing an XML file in the UN consolidated list's format at the path the UN
// uses, with an ETag and 304s as a static file server answers. POST /sandbox/list with another
// XML body publishes that instead (to see a list change rescreen every player). Nothing in
// server/ but main.ts imports it.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export const LIST_PATH = '/resources/xml/en/consolidated.xml'

export async function startSandboxSanctionsList(options: { port: number; host: string; file: string }) {
  let xml = readFileSync(options.file, 'utf8')
  const etag = () => `"${createHash('sha256').update(xml).digest('hex').slice(0, 32)}"`
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === LIST_PATH) {
      const tag = etag()
      if (request.headers['if-none-match'] === tag) {
        response.writeHead(304, { etag: tag }).end()
        return
      }
      response.writeHead(200, { 'content-type': 'application/xml; charset=utf-8', etag: tag }).end(xml)
      return
    }
    if (request.method === 'POST' && request.url === '/sandbox/list') {
      const chunks: Buffer[] = []
      let size = 0
      request.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > 50 * 1024 * 1024) request.destroy()
        else chunks.push(chunk)
      })
      request.on('end', () => {
        xml = Buffer.concat(chunks).toString('utf8')
        response.writeHead(204).end()
      })
      return
    }
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, resolve)
  })
  const { port } = server.address() as AddressInfo
  const base = `http://${options.host}:${port}`
  return {
    url: `${base}${LIST_PATH}`,
    base,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
