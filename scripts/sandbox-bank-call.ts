// POSTs JSON to the sandbox bank on the sandbox API Pix server `npm start` runs next to the app
// (https://localhost:SANDBOX_PIX_PORT, 8081 by default), trusting only the sandbox's own CA from
// DATA_DIR/sandbox-pix. SANDBOX_BANK_URL overrides where the bank is.
import { readFileSync } from 'node:fs'
import { request } from 'node:https'
import path from 'node:path'

export function sandboxBankPost(
  route: string,
  body: object,
): Promise<{ success: boolean; msg: string; data: unknown }> {
  const bank = process.env.SANDBOX_BANK_URL ?? `https://localhost:${process.env.SANDBOX_PIX_PORT ?? 8081}/sandbox/bank`
  const ca = readFileSync(path.join(process.env.DATA_DIR ?? './data', 'sandbox-pix', 'ca.crt'), 'utf8')
  return new Promise((resolve, reject) => {
    const call = request(
      `${bank}${route}`,
      { method: 'POST', ca, headers: { 'content-type': 'application/json' } },
      (response) => {
        let text = ''
        response.on('data', (chunk) => {
          text += chunk
        })
        response.on('end', () => {
          try {
            resolve(JSON.parse(text))
          } catch (error) {
            reject(error)
          }
        })
      },
    )
    call.on('error', reject)
    call.end(JSON.stringify(body))
  })
}
