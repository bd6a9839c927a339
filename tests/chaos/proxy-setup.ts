// Several real server processes on one temporary PostgreSQL database behind a real nginx
// (Debian's package; `.ci/run` installs it), configured by scripts/nginx-config.ts, and the
// player-side calls the proxy tests make through it.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { request as httpsRequest } from 'node:https'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { nginxConfig } from '../../scripts/nginx-config.ts'
import { loadConfig } from '../../server/config.ts'
import { loadOrCreateSandboxClient, loadOrCreateSandboxPki, signingHostOf } from '../../server/payments/sandbox/pki.ts'
import { REGISTRATION_LIMITS_FOR_TESTS } from '../support/registration-limits.ts'
import { freeTestPort, OPS_TOKEN, prepare, startServer } from './server-process.ts'

export const NGINX = '/usr/sbin/nginx'
/** The proxy tests run where nginx is installed and PostgreSQL is given (instances share one database). */
export const canRunProxy = existsSync(NGINX) && Boolean(process.env.TEST_DATABASE_URL)

export interface Cluster {
  base: string
  ports: number[]
  servers: ChildProcess[]
  env: Record<string, string>
  open: Awaited<ReturnType<typeof prepare>>['open']
  /** POSTs JSON to instance i's sandbox bank (its own sandbox API Pix server, HTTPS with its CA). */
  sandboxBank(i: number, route: string, body: object): Promise<{ success: boolean; data: unknown }>
  /** SIGTERMs instance i, waits for its exit code, starts it again on the same port. */
  restart(i: number): Promise<number | null>
  stop(): Promise<void>
}

async function startNginx(prefix: string, listen: number, upstreams: number[]): Promise<ChildProcess> {
  for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(prefix, kind))
  const config = nginxConfig({
    listen: `127.0.0.1:${listen}`,
    upstreams: upstreams.map((port) => `127.0.0.1:${port}`),
    prefix,
  }).replace('worker_processes auto;', `worker_processes 1;\n${process.getuid?.() === 0 ? 'user root;' : ''}`)
  writeFileSync(path.join(prefix, 'nginx.conf'), config)
  const child = spawn(NGINX, ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: 'ignore',
  })
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${listen}/healthz`)).ok) return child
    } catch {
      // not up yet
    }
    await sleep(100)
  }
  child.kill('SIGKILL')
  throw new Error('nginx did not start')
}

export async function startCluster(instances: number, extraEnv: Record<string, string> = {}): Promise<Cluster> {
  const setup = await prepare('postgres')
  const prefix = mkdtempSync(path.join(tmpdir(), 'jogo-limpo-nginx-'))
  const ports: number[] = []
  for (let i = 0; i < instances; i++) ports.push(await freeTestPort())
  const proxyPort = await freeTestPort()
  const env = {
    ...setup.env,
    // nginx is the only proxy, on loopback: its X-Forwarded-For is believed, nobody else's.
    TRUST_PROXY: '127.0.0.1',
    // Every instance serves the same public address (the proxy's), as behind a real proxy: a BR
    // Code one instance makes points at a location every instance answers.
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    PIX_WEBHOOK_SECRET: 'proxy-test-webhook-secret-0123456789',
    ...extraEnv,
  }
  // Each instance runs its own sandbox API Pix server in front of the sandbox's shared books.
  const sandboxPorts: number[] = []
  for (let i = 0; i < instances; i++) sandboxPorts.push(await freeTestPort())
  const dataDirs = ports.map((_, i) => path.join(prefix, `data-${i}`))
  const envOf = (i: number) => ({
    ...env,
    DATA_DIR: dataDirs[i] as string,
    SANDBOX_PIX_PORT: String(sandboxPorts[i]),
  })
  // One PSP, one CA: the instances' sandbox servers share their certificates and OAuth2 client
  // (made here once, so no two instances race to make them), and the webhook registration in
  // the shared books may name any instance's mTLS listener.
  const pkiDir = path.join(prefix, 'sandbox-pix')
  // For the locations' host the instances sign for, so that none of them issues its own.
  await loadOrCreateSandboxPki(pkiDir, undefined, signingHostOf(loadConfig(env).payments.sandboxLocationHost))
  loadOrCreateSandboxClient(pkiDir)
  for (const dir of dataDirs) {
    mkdirSync(dir, { recursive: true })
    symlinkSync(pkiDir, path.join(dir, 'sandbox-pix'))
  }
  const servers = await Promise.all(ports.map((port, i) => startServer(envOf(i), port)))
  const nginx = await startNginx(prefix, proxyPort, ports)
  const exited = (child: ChildProcess) =>
    child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise<number | null>((r) => child.once('exit', r))
  return {
    base: `http://127.0.0.1:${proxyPort}`,
    ports,
    servers,
    env,
    open: setup.open,
    sandboxBank: (i, route, body) =>
      new Promise((resolve, reject) => {
        const ca = readFileSync(path.join(dataDirs[i] as string, 'sandbox-pix', 'ca.crt'), 'utf8')
        const call = httpsRequest(
          `https://localhost:${sandboxPorts[i]}/sandbox/bank${route}`,
          { method: 'POST', ca, headers: { 'content-type': 'application/json' } },
          (response) => {
            let text = ''
            response.on('data', (chunk) => {
              text += chunk
            })
            response.on('end', () => resolve(JSON.parse(text)))
          },
        )
        call.on('error', reject)
        call.end(JSON.stringify(body))
      }),
    async restart(i) {
      const server = servers[i] as ChildProcess
      server.kill('SIGTERM')
      const code = await exited(server)
      servers[i] = await startServer(envOf(i), ports[i] as number)
      return code
    },
    async stop() {
      for (const server of servers) if (server.exitCode === null) server.kill('SIGTERM')
      await Promise.all(servers.map(exited))
      nginx.kill('SIGQUIT')
      await exited(nginx)
      if (process.env.KEEP_NGINX_LOG)
        writeFileSync(process.env.KEEP_NGINX_LOG, readFileSync(path.join(prefix, 'error.log')))
      rmSync(prefix, { recursive: true, force: true })
      await setup.cleanup()
    },
  }
}

export type Post = (path: string, body: object, headers?: Record<string, string>) => ReturnType<Response['json']>

export function poster(base: string): Post {
  return async (url, body, headers = {}) => {
    const res = await fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    })
    if (!res.ok && res.status !== 400 && res.status !== 429) throw new Error(`HTTP ${res.status} on ${url}`)
    return res.json()
  }
}

/** A player logged in, funded by the operator, with an open game session for spins. */
export async function fundedPlayer(post: Post, cash: number) {
  const login = await post('/api/user/login', { deviceId: crypto.randomUUID(), ageConfirmed: true })
  const { token, userId } = login.data as { token: string; userId: number }
  const auth = { 'access-token': token }
  await post('/api/v1/bus/setRegistrationLimits', REGISTRATION_LIMITS_FOR_TESTS, auth)
  if (cash > 0) {
    await post(
      '/api/ops/adjust',
      { requestId: `fund-${userId}`, userId, amount: cash, reason: 'proxy test' },
      { 'x-ops-token': OPS_TOKEN },
    )
  }
  const forward = await post('/api/game/forward', { id: 'fruta-fina' }, auth)
  const launchToken = new URL(forward.data.openGameUrl, 'http://x').searchParams.get('launch')
  const opened = await post('/api/game/session/open', { launchToken })
  const game = { 'game-session': opened.data.sessionToken as string }
  // The game page sets the first client seed for the committed server seed, as the browser does.
  await post(
    '/api/game/session/seed',
    { clientSeed: `proxy-${userId}`, nextServerSeedHash: opened.data.nextServerSeedHash },
    game,
  )
  return { token, userId, auth, game }
}
