// The one typed configuration: environment variables validated with zod, with defaults.
// A bad value stops start-up with a message that names the variable.
import path from 'node:path'
import { z } from 'zod'
import { languages } from '../contract/languages.ts'

const integer = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback)

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TOKEN_TTL_SECONDS: integer(30 * 24 * 3600),
  LOGIN_RATE_LIMIT_PER_MINUTE: integer(20),
  API_RATE_LIMIT_PER_MINUTE: integer(1200),
  MARKET_CURRENCY: z.enum(['BRL', 'MXN', 'INR', 'NGN']).default('BRL'),
  MARKET_LANGUAGE: z.enum(languages).default('pt-BR'),
  MARKET_TIME_ZONE: z.string().default('America/Sao_Paulo'),
  STATIC_DIR: z.string().default('./dist'),
  LOCALES_DIR: z.string().default('./locales'),
  OPS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
})

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  publicUrl: string
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL']
  tokenTtlSeconds: number
  loginRateLimitPerMinute: number
  apiRateLimitPerMinute: number
  market: { currency: z.infer<typeof envSchema>['MARKET_CURRENCY']; language: string; timeZone: string }
  staticDir: string
  localesDir: string
  /** Enables the operator API under /api/ops when set. */
  opsToken: string | undefined
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  try {
    new Intl.DateTimeFormat('en', { timeZone: e.MARKET_TIME_ZONE })
  } catch {
    throw new ConfigError(`Invalid configuration:\n  MARKET_TIME_ZONE: unknown time zone ${e.MARKET_TIME_ZONE}`)
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    market: { currency: e.MARKET_CURRENCY, language: e.MARKET_LANGUAGE, timeZone: e.MARKET_TIME_ZONE },
    staticDir: path.resolve(e.STATIC_DIR),
    localesDir: path.resolve(e.LOCALES_DIR),
    opsToken: e.OPS_TOKEN,
  }
}
