// The server's logger settings: structured JSON (one line per request) in production, readable
// lines through pino-pretty otherwise, and the secrets a log line must never carry — tokens,
// passwords, CPFs, PIX keys, full names — replaced wherever they appear up to three levels deep.
import type { FastifyServerOptions } from 'fastify'
import type { Config } from '../config.ts'

/** Field names whose values are secret or personal, in the casings the API and tables use. */
const secretFields = [
  'authorization',
  'cookie',
  'x-ops-token',
  'access-token',
  'game-session',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'password',
  'newPassword',
  'oldPassword',
  'currentPassword',
  'withdrawPassword',
  'cpf',
  'ownerCpf',
  'owner_cpf',
  'pixKey',
  'pix_key',
  'fullName',
  'full_name',
]

/** Every secret field at the top level and under one or two levels of objects (req.headers.x, body.payer.cpf). */
export const redactPaths = secretFields.flatMap((field) => {
  const key = /^[A-Za-z_$][\w$]*$/.test(field) ? `.${field}` : `["${field}"]`
  return [key.slice(key.startsWith('.') ? 1 : 0), `*${key}`, `*.*${key}`]
})

export const REDACTED = '[redacted]'

const secretQuery = /([?&](?:token|launch|access[-_]token|game[-_]session|key|cpf|password)=)[^&#]*/gi

/** A URL with the values of its secret query parameters (a game's launch token, say) replaced. */
export function redactUrl(url: string): string {
  return url.replace(secretQuery, `$1${REDACTED}`)
}

interface LoggedRequest {
  method: string
  url: string
  hostname?: string
  ip?: string
}

export function loggerOptions(config: Pick<Config, 'logLevel' | 'logFormat'>): FastifyServerOptions['logger'] {
  const options = {
    level: config.logLevel,
    // Nothing is written at `silent`, yet pino would still run the redaction on every request's
    // child logger (its bindings are serialised when it is made).
    ...(config.logLevel === 'silent' ? {} : { redact: { paths: redactPaths, censor: REDACTED } }),
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
      }),
    },
  }
  if (config.logFormat !== 'pretty' || config.logLevel === 'silent') return options
  return {
    ...options,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true },
    },
  }
}
