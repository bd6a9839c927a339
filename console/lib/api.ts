// The console's calls: POST JSON to /api/ops/*, the session cookie sent by the browser (httpOnly,
// SameSite=Strict), answers in the envelope. A 401 means the session ended: whoever listens
// (the App) goes back to the login page.
import type { Envelope } from '../../contract/envelope.ts'

type Listener = () => void
const unauthenticated = new Set<Listener>()

export function onUnauthenticated(listener: Listener): () => void {
  unauthenticated.add(listener)
  return () => unauthenticated.delete(listener)
}

/** The session ended elsewhere (the server closed the console's socket): back to the login. */
export function sessionEnded(): void {
  for (const listener of unauthenticated) listener()
}

export class CallError extends Error {
  readonly msgCode: string
  readonly data: unknown
  constructor(msgCode: string, msg: string, data: unknown) {
    super(msg)
    this.msgCode = msgCode
    this.data = data
  }
}

/** Calls an operator endpoint (POST with a JSON body; GET when `body` is null); resolves to `data`. */
export async function call<T>(path: string, body: object | null = {}): Promise<T> {
  let response: Response
  try {
    response = await fetch(`/api/ops/${path}`, {
      method: body === null ? 'GET' : 'POST',
      credentials: 'same-origin',
      headers: {
        'accept-language': document.documentElement.lang,
        ...(body === null ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === null ? {} : { body: JSON.stringify(body) }),
    })
  } catch {
    throw new CallError('network', navigator.onLine ? 'Servidor indisponível.' : 'Sem conexão.', null)
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null
  if (!envelope) throw new CallError('server_error', `HTTP ${response.status}`, null)
  if (response.status === 401 && !path.startsWith('session/login')) sessionEnded()
  if (!envelope.success) throw new CallError(envelope.msgCode, envelope.msg, envelope.data)
  return envelope.data as T
}

/** A file an operator endpoint answers to a POST (an export): its bytes and the name it gives. */
export async function callFile(path: string, body: object): Promise<{ blob: Blob; filename: string }> {
  let response: Response
  try {
    response = await fetch(`/api/ops/${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'accept-language': document.documentElement.lang, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  } catch {
    throw new CallError('network', navigator.onLine ? 'Servidor indisponível.' : 'Sem conexão.', null)
  }
  const disposition = response.headers.get('content-disposition') ?? ''
  if (!response.ok || !disposition.startsWith('attachment')) {
    const envelope = (await response.json().catch(() => null)) as Envelope<unknown> | null
    if (response.status === 401) for (const listener of unauthenticated) listener()
    throw new CallError(envelope?.msgCode ?? 'server_error', envelope?.msg ?? `HTTP ${response.status}`, envelope?.data)
  }
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'export'
  return { blob: await response.blob(), filename }
}
