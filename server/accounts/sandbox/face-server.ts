// The sandbox face provider: its own HTTP server speaking the API face-datavalid.ts is written
// against (a client-credentials token, then the face validation), answering by CPF as a provider's
// sandbox would and accepting any picture. Test CPFs are valid CPFs beginning 000002: the 7th digit
// picks the answer, the 8th and 9th number up to 100 CPFs per answer (`sandboxFaceCpf`); every other
// CPF matches. It keeps no picture: it reads the body and forgets it. Only server/main.ts, tests
// and scripts load it.
import { createHash, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { withCheckDigits } from '../../../contract/cpf.ts'
import { facePath, tokenPath, type WireAnswer } from '../face-datavalid.ts'

/** What the sandbox answers, by the 7th digit of its test CPFs. */
export const sandboxFaceAnswers = {
  no_match: 1,
  spoof: 2,
  unavailable: 6,
  match: 7,
} as const
export type SandboxFaceAnswer = keyof typeof sandboxFaceAnswers

/** The sandbox's test CPF number `serial` (0–99) for an answer. */
export function sandboxFaceCpf(answer: SandboxFaceAnswer, serial: number): string {
  if (!Number.isInteger(serial) || serial < 0 || serial > 99) throw new RangeError('serial must be 0–99')
  return withCheckDigits(`000002${sandboxFaceAnswers[answer]}${String(serial).padStart(2, '0')}`)
}

/** The scores each answer carries (similarity, liveness). */
export const sandboxFaceScores: Record<Exclude<SandboxFaceAnswer, 'unavailable'>, [number, number]> = {
  match: [0.9612, 0.987],
  no_match: [0.4217, 0.979],
  spoof: [0.9344, 0.1203],
}

/** A face that matches (as any CPF outside the test range). */
export const SANDBOX_FACE_CPF_MATCH = sandboxFaceCpf('match', 0)
/** Another person's face: similarity 0.4217. */
export const SANDBOX_FACE_CPF_NO_MATCH = sandboxFaceCpf('no_match', 0)
/** A picture of a picture: liveness 0.1203. */
export const SANDBOX_FACE_CPF_SPOOF = sandboxFaceCpf('spoof', 0)
/** The provider answers 503 for it, always. */
export const SANDBOX_FACE_CPF_UNAVAILABLE = sandboxFaceCpf('unavailable', 0)

function answerOf(cpf: string): SandboxFaceAnswer {
  if (!cpf.startsWith('000002')) return 'match'
  const found = Object.entries(sandboxFaceAnswers).find(([, digit]) => digit === Number(cpf[6]))
  return found ? (found[0] as SandboxFaceAnswer) : 'match'
}

export interface SandboxFaceServer {
  url: string
  /** Checks answered so far, by CPF, and the SHA-256 of the last picture each sent. */
  readonly asked: Map<string, { count: number; lastImageSha256: string }>
  close(): Promise<void>
}

function send(res: ServerResponse, status: number, body?: unknown): void {
  const text = body === undefined ? '' : JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text)
}

async function readBody(req: IncomingMessage, max: number): Promise<string> {
  let size = 0
  const chunks: Buffer[] = []
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > max) throw new Error('too large')
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export async function startSandboxFace(options: { port: number; host?: string }): Promise<SandboxFaceServer> {
  const asked = new Map<string, { count: number; lastImageSha256: string }>()
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method === 'POST' && req.url === tokenPath) {
        await readBody(req, 4096)
        send(res, 200, { access_token: randomUUID(), token_type: 'Bearer', expires_in: 3600 })
        return
      }
      if (req.method !== 'POST' || req.url !== facePath) {
        send(res, 404, { message: 'not found' })
        return
      }
      const body = JSON.parse(await readBody(req, 4 * 1024 * 1024)) as {
        key?: { cpf?: string }
        answer?: { biometria_face?: string }
      }
      const cpf = body.key?.cpf ?? ''
      const image = body.answer?.biometria_face ?? ''
      if (!/^\d{11}$/.test(cpf) || image.length === 0) {
        send(res, 400, { message: 'cpf and biometria_face are required' })
        return
      }
      const sha = createHash('sha256').update(Buffer.from(image, 'base64')).digest('hex')
      asked.set(cpf, { count: (asked.get(cpf)?.count ?? 0) + 1, lastImageSha256: sha })
      const answer = answerOf(cpf)
      if (answer === 'unavailable') {
        send(res, 503, { message: 'sandbox: this CPF answers as if the provider were down' })
        return
      }
      const [similaridade, liveness] = sandboxFaceScores[answer]
      const wire: WireAnswer = {
        biometria_face: {
          disponivel: true,
          similaridade,
          probabilidade: similaridade >= 0.9 ? 'Altíssima probabilidade' : 'Baixíssima probabilidade',
          prova_vida: { score: liveness },
        },
        protocolo: `SBX-${randomUUID()}`,
      }
      send(res, 200, wire)
    })().catch(() => {
      if (!res.headersSent) send(res, 400, { message: 'unreadable request' })
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    asked,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
