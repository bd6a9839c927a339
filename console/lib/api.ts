// The console's calls: POST JSON to /api/ops/* through the one API transport (contract/client.ts),
// the session cookie sent by the browser (httpOnly, SameSite=Strict), answers in the envelope. A
// 401 means the session ended: whoever listens (the App) goes back to the login page.
import type { GetPath, PostPath } from '../../contract/api-paths.ts'
import { ApiError, apiClient, type Under, type WithQuery } from '../../contract/client.ts'

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

/** A refusal or failure of an operator call, with the server's msgCode (contract/client.ts). */
export { ApiError as CallError }

const client = apiClient<PostPath | WithQuery<GetPath>>({
  base: '/api',
  language: () => document.documentElement.lang,
  failures: () => {
    const network = navigator.onLine ? 'Servidor indisponível.' : 'Sem conexão.'
    return { network, timeout: network }
  },
  onEnvelope: (_envelope, status, path) => {
    if (status === 401 && !path.startsWith('/ops/session/login')) sessionEnded()
  },
})

/** Calls an operator endpoint (POST with a JSON body; GET when `body` is null); resolves to `data`. */
export function call<T>(path: Under<'/ops/', PostPath>, body?: object): Promise<T>
export function call<T>(path: WithQuery<Under<'/ops/', GetPath>>, body: null): Promise<T>
export function call<T>(
  path: Under<'/ops/', PostPath> | WithQuery<Under<'/ops/', GetPath>>,
  body: object | null = {},
): Promise<T> {
  return client.call<T>(`/ops/${path}`, body ?? undefined, { method: body === null ? 'GET' : 'POST' })
}

/** A public read outside the operator's paths (the deployment's settings); resolves to `data`. */
export function read<T>(path: WithQuery<GetPath>): Promise<T> {
  return client.call<T>(path, undefined, { method: 'GET' })
}

/** A file an operator endpoint answers to a POST (an export): its bytes and the name it gives. */
export async function callFile(
  path: Under<'/ops/', PostPath>,
  body: object,
): Promise<{ blob: Blob; filename: string }> {
  const file = await client.file(`/ops/${path}`, body)
  return { blob: file.blob, filename: file.filename || 'export' }
}
