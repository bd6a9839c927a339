// The one typed configuration: environment variables validated with zod, with defaults.
// A bad value stops start-up with a message that names the variable.
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { languages } from '../contract/languages.ts'
import type { GameOffReason } from '../contract/ops.ts'
import { type PromotionKey, promotionKeys } from '../contract/promotion-keys.ts'

const integer = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback)

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  PUBLIC_URL: z.url().optional(),
  // Web Push (VAPID, RFC 8292): generated into DATA_DIR at first start when not given.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url P-256 private key')
    .optional(),
  WEB_PUSH_ORIGINS: z.string().optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https?:\/\/)/, 'must be a mailto: or https: URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty` (readable lines, the default outside production) or `json` (one object per line). */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /** When set, `/metrics` answers only with `Authorization: Bearer <token>`; otherwise it is not served. */
  METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  TOKEN_TTL_SECONDS: integer(30 * 24 * 3600),
  TRUST_PROXY: z
    .string()
    .trim()
    .refine(isTrustProxy, 'must be false, true, a hop count, or a comma-separated list of proxy addresses (IP or CIDR)')
    .default('false'),
  // Per client address. Many Brazilian mobile subscribers share one address (CGNAT), so these
  // stay generous; the per-player, per-account and per-device limits do the real work.
  LOGIN_RATE_LIMIT_PER_MINUTE: integer(120),
  API_RATE_LIMIT_PER_MINUTE: integer(6000),
  PLAYER_RATE_LIMIT_PER_MINUTE: integer(600),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(20_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(256),
  MARKET_CURRENCY: z.enum(['BRL', 'MXN', 'INR', 'NGN']).default('BRL'),
  MARKET_LANGUAGE: z.enum(languages).default('pt-BR'),
  MARKET_TIME_ZONE: z.string().default('America/Sao_Paulo'),
  STATIC_DIR: z.string().default('./dist'),
  LOCALES_DIR: z.string().default('./locales'),
  OPS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
  /** The keys that seal operators' TOTP secrets at rest: base64 of 32 bytes each, comma-separated, the sealing key first. */
  SECRETS_KEY: z
    .string()
    .refine(
      (text) => text.split(',').every((key) => Buffer.from(key.trim(), 'base64').length === 32),
      'each comma-separated key must be 32 bytes in base64 (openssl rand -base64 32)',
    )
    .optional(),
  SECRETS_KEY_FILE: z.string().min(1).optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'pix-api']).default('sandbox'),
  /** The PSP's API Pix base URL (https://…, with its path prefix, e.g. https://pix.psp.com.br/api/v2). */
  PIX_API_BASE_URL: z.url().optional(),
  PIX_CLIENT_ID: z.string().min(1).max(200).optional(),
  PIX_CLIENT_SECRET: z.string().min(1).max(500).optional(),
  /** The client certificate (PEM) the PSP issued or signed for mTLS, and its key. */
  PIX_CERT_FILE: z.string().min(1).optional(),
  PIX_KEY_FILE: z.string().min(1).optional(),
  /** The CA (PEM) that signs the PSP's server certificate, when it is not a public one. */
  PIX_CA_FILE: z.string().min(1).optional(),
  /** The operator's own PIX key (the charges' `chave`). */
  PIX_RECEIVER_KEY: z.string().min(1).max(77).optional(),
  /** Where the PSP POSTs webhooks (registered with PUT /webhook/{chave} at start-up). */
  PIX_WEBHOOK_URL: z.url().optional(),
  /**
   * The HTTPS listener for the PSP's webhooks with mTLS: its port, the CA of the PSP's client
   * certificates and this listener's own certificate and key. When set, webhooks are taken only
   * through it. `npm start` sets them for the local sandbox.
   */
  PIX_WEBHOOK_MTLS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  PIX_WEBHOOK_CA_FILE: z.string().min(1).optional(),
  PIX_WEBHOOK_TLS_CERT_FILE: z.string().min(1).optional(),
  PIX_WEBHOOK_TLS_KEY_FILE: z.string().min(1).optional(),
  /** With pix-api against the sandbox API Pix server: its bank page, where a tester pays a code. */
  PIX_SANDBOX_BANK_URL: z.url().optional(),
  /** The sandbox API Pix server's port (`npm start` runs it next to the app). */
  SANDBOX_PIX_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  /**
   * The host the sandbox's charge locations name in a BR Code (26-25): a dotted DNS name without a
   * port, as bank apps and BR Code parsers accept; at most 35 characters, so the location (with
   * `/qr/v2/` and a txid of up to 35) stays within the 77 a BR Code allows.
   */
  SANDBOX_PIX_LOCATION_HOST: z
    .string()
    .max(35)
    .regex(
      /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*(?::\d{1,5})?$/i,
      'must be a host name (with a port only for a tester: bank apps refuse one)',
    )
    .default('pix.sandbox.jogolimpo.example'),
  /** Where consented conversion events are reported (a conversions API); reporting is off when unset. */
  ADS_ENDPOINT: z.url().optional(),
  ADS_TOKEN: z.string().min(1).optional(),
  /** How often the attribution worker looks for events to report. */
  ADS_REPORT_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5000),
  PIX_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  PIX_MERCHANT_NAME: z.string().min(1).max(25).default('JOGO LIMPO'),
  PIX_MERCHANT_CITY: z.string().min(1).max(15).default('SAO PAULO'),
  PIX_EXPIRY_SECONDS: z.coerce.number().int().min(60).max(86400).default(600),
  DEPOSIT_AMOUNTS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be a comma-separated list of centavo amounts')
    .default('1000,2000,5000,10000,15000,30000'),
  DEPOSIT_MIN: integer(1000),
  DEPOSIT_MAX: integer(500_000),
  PROMOTIONS: z.enum(['on', 'off']).optional(),
  FIRST_DEPOSIT_MAX: integer(15_000),
  FIRST_DEPOSIT_RATE: z.coerce.number().positive().max(10).default(2),
  FIRST_DEPOSIT_WAGERING: z.coerce.number().int().min(1).max(100).default(10),
  WITHDRAW_AMOUNTS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'must be a comma-separated list of centavo amounts')
    .default('2000,5000,10000,20000,50000'),
  WITHDRAW_MIN: integer(1000),
  WITHDRAW_DAILY_MAX: integer(500_000),
  WITHDRAW_REVIEW_ABOVE: integer(100_000),
  /** The first withdrawal to a new key within 24 h of a change of the account's devices waits this long. */
  WITHDRAW_COOL_OFF_MINUTES: z.coerce.number().int().min(0).max(120).default(60),
  /** The reality check's interval for a player who chose none (1 in end-to-end tests). */
  REALITY_CHECK_DEFAULT_MINUTES: z.coerce.number().int().min(1).max(120).default(60),
  /** The review SLA: an operator decides a withdrawal held for review within this many minutes (inside the 120-minute payout rule). */
  WITHDRAW_REVIEW_MINUTES: z.coerce.number().int().min(1).max(110).default(30),
  /** Console sessions end after this long without a request, and after OPS_SESSION_HOURS whatever happens. */
  OPS_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  OPS_SESSION_HOURS: z.coerce.number().int().min(1).max(24).default(12),
  /** The most a person may adjust alone in 24 h, per operator and per player (server/ops/adjustments.ts). */
  OPS_FOUR_EYES_ABOVE: integer(50_000),
  /** Money watch (server/risk/rules.ts): the thresholds its rules flag players at; each is also a runtime setting. */
  RISK_LOOKBACK_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  RISK_MIN_PLAY_PERCENT: z.coerce.number().int().min(0).max(1000).default(50),
  RISK_MAX_PAYERS: z.coerce.number().int().min(2).max(50).default(3),
  RISK_MAX_PAYOUT_KEYS: z.coerce.number().int().min(2).max(50).default(3),
  RISK_CYCLES_PER_DAY: z.coerce.number().int().min(2).max(50).default(3),
  RISK_STRUCTURING_PERCENT: z.coerce.number().int().min(1).max(50).default(10),
  RISK_STRUCTURING_COUNT: z.coerce.number().int().min(2).max(50).default(3),
  RISK_STAKE_JUMP_FACTOR: z.coerce.number().int().min(2).max(100).default(5),
  SANDBOX_PAYOUT_DELAY_MS: integer(1500),
  WIN_FEED_MIN: integer(2000),
  PROMOTIONS_DISABLED: z
    .string()
    .regex(
      new RegExp(`^((${promotionKeys.join('|')})(,(${promotionKeys.join('|')}))*)?$`),
      `must be a comma-separated list of ${promotionKeys.join(', ')}`,
    )
    .default(''),
  REWARD_WAGERING: z.coerce.number().int().min(1).max(100).default(5),
  GIFT_AMOUNT: integer(10_000),
  SIGN_IN_REWARDS: z
    .string()
    .regex(/^\d+(,\d+){6}$/, 'must be seven comma-separated centavo amounts (days 1–7)')
    .default('100,100,200,200,300,300,500'),
  SIGN_IN_STREAK_BONUS: integer(2_800),
  WHEEL_INTERVAL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 86400)
    .default(7200),
  WHEEL_PRIZES: z
    .string()
    .regex(/^\d+:\d+(,\d+:\d+)*$/, 'must be a comma-separated list of amount:weight pairs')
    .default('100:80,300:15,700:5'),
  TASK_REWARD: integer(300),
  INVITE_REWARD: integer(800),
  DOWNLOAD_REWARD: integer(200),
  WITHDRAW_PROMPT_MIN: integer(50_000),
  /** The API's Swagger UI at /api/docs (the OpenAPI document is always served). */
  API_DOCS: z.enum(['on', 'off']).optional(),
  /** On SIGTERM, how long /readyz answers 503 before the listener closes (set to the load balancer's check interval). */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** On SIGTERM, how long in-flight requests get to finish. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(20_000),
  NODE_ENV: z.string().optional(),
})

function readablePem(file: string): boolean {
  try {
    return readFileSync(file, 'utf8').includes('-----BEGIN ')
  } catch {
    return false
  }
}

const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isProxyAddress(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/')
  if (rest.length > 0) return false
  if (prefix === undefined) return proxyNames.has(address) || isIP(address) !== 0
  const family = isIP(address)
  const bits = Number(prefix)
  return family !== 0 && /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128)
}

function isTrustProxy(value: string): boolean {
  if (['', 'false', 'true'].includes(value) || /^\d+$/.test(value)) return true
  return value.split(',').every((entry) => isProxyAddress(entry.trim()))
}

/**
 * Whom Fastify believes about `X-Forwarded-For`: nobody by default (the socket address is the
 * client), every hop (`true`), the last N hops (only safe when the app is reachable through its
 * proxies alone), or only the listed proxies.
 */
export type TrustProxy = boolean | number | string[]

/** The TrustProxy as Fastify's option (which takes a hop count as "trust nothing"). */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust
}

function parseTrustProxy(value: string): TrustProxy {
  if (value === '' || value === 'false') return false
  if (value === 'true') return true
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value)
  return value.split(',').map((entry) => entry.trim())
}

/** True when the master switch is on and this reward is not switched off on its own. */
export function promotionOn(config: Config, key: PromotionKey): boolean {
  return config.promotions.enabled && !config.promotions.disabled.includes(key)
}

export class ConfigError extends Error {}

/** What the server runs with: the environment, checked and shaped (its type is derived from here). */
/** The webhooks' mTLS listener is asked for, for a PSP the app is configured to reach. */
function webhookMtlsSet(e: { PIX_WEBHOOK_MTLS_PORT?: number; PAYMENT_PROVIDER: string; PIX_API_BASE_URL?: string }) {
  return e.PIX_WEBHOOK_MTLS_PORT !== undefined && (e.PAYMENT_PROVIDER === 'pix-api' || Boolean(e.PIX_API_BASE_URL))
}

const configSchema = envSchema
  .superRefine((e, context) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: e.MARKET_TIME_ZONE })
    } catch {
      context.addIssue({
        code: 'custom',
        path: ['MARKET_TIME_ZONE'],
        message: `unknown time zone ${e.MARKET_TIME_ZONE}`,
      })
    }
    const amounts = e.DEPOSIT_AMOUNTS.split(',').map(Number)
    if (
      e.DEPOSIT_MIN <= 0 ||
      e.DEPOSIT_MIN > e.DEPOSIT_MAX ||
      amounts.some((a) => a < e.DEPOSIT_MIN || a > e.DEPOSIT_MAX)
    ) {
      context.addIssue({
        code: 'custom',
        path: ['DEPOSIT_AMOUNTS / DEPOSIT_MIN / DEPOSIT_MAX'],
        message: 'every amount must lie between a positive minimum and the maximum',
      })
    }
    if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
      context.addIssue({
        code: 'custom',
        path: ['VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY'],
        message: 'give both or neither',
      })
    }
    // With the sandbox the process entry (server/main.ts) or the test harness starts the sandbox
    // API Pix server and fills these in; the app reaches it exactly as it would a real PSP.
    if (e.PAYMENT_PROVIDER === 'pix-api' || e.PIX_API_BASE_URL) {
      for (const name of [
        'PIX_API_BASE_URL',
        'PIX_CLIENT_ID',
        'PIX_CLIENT_SECRET',
        'PIX_CERT_FILE',
        'PIX_KEY_FILE',
        'PIX_RECEIVER_KEY',
        'PIX_WEBHOOK_URL',
        'PIX_WEBHOOK_SECRET',
      ] as const) {
        if (!e[name])
          context.addIssue({
            code: 'custom',
            path: [name],
            message: `is required with PAYMENT_PROVIDER=${e.PAYMENT_PROVIDER === 'pix-api' ? 'pix-api' : 'sandbox and PIX_API_BASE_URL'}`,
          })
      }
      for (const name of ['PIX_API_BASE_URL', 'PIX_WEBHOOK_URL'] as const) {
        const url = e[name]
        // Plain HTTP only for a webhook to this machine (the sandbox, tests); a PSP needs TLS.
        const local = name === 'PIX_WEBHOOK_URL' && url && /^http:\/\/(localhost|127\.0\.0\.1)[:/]/.test(url)
        if (url && !url.startsWith('https://') && !local) {
          context.addIssue({ code: 'custom', path: [name], message: 'must be an https:// URL (API Pix runs over TLS)' })
        }
      }
      for (const name of ['PIX_CERT_FILE', 'PIX_KEY_FILE', 'PIX_CA_FILE'] as const) {
        const file = e[name]
        if (file && !readablePem(file)) {
          context.addIssue({ code: 'custom', path: [name], message: `cannot read a PEM file at ${file}` })
        }
      }
    }
    // With a bare sandbox config server/main.ts fills the files in (the sandbox CA and certificate).
    if (webhookMtlsSet(e)) {
      for (const name of ['PIX_WEBHOOK_CA_FILE', 'PIX_WEBHOOK_TLS_CERT_FILE', 'PIX_WEBHOOK_TLS_KEY_FILE'] as const) {
        const file = e[name]
        if (!file) context.addIssue({ code: 'custom', path: [name], message: 'is required with PIX_WEBHOOK_MTLS_PORT' })
        else if (!readablePem(file))
          context.addIssue({ code: 'custom', path: [name], message: `cannot read a PEM file at ${file}` })
      }
    }
    if (parseWheelPrizes(e.WHEEL_PRIZES).some((p) => p.amount <= 0 || p.weight <= 0)) {
      context.addIssue({ code: 'custom', path: ['WHEEL_PRIZES'], message: 'every amount and weight must be above 0' })
    }
  })
  .transform((e) => ({
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    publicUrlSet: e.PUBLIC_URL !== undefined,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'production' ? 'json' : 'pretty'),
    /** Enables the Prometheus endpoint `/metrics` (bearer token) when set. */
    metricsToken: e.METRICS_TOKEN,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    /** Logins per client address per minute. */
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    /** API calls per client address per minute. */
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    /** Authenticated API calls per player per minute. */
    playerRateLimitPerMinute: e.PLAYER_RATE_LIMIT_PER_MINUTE,
    /** What a slow client may take of the server (http/slow-clients.ts). */
    slowClients: {
      headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    },
    market: { currency: e.MARKET_CURRENCY, language: e.MARKET_LANGUAGE, timeZone: e.MARKET_TIME_ZONE },
    staticDir: path.resolve(e.STATIC_DIR),
    localesDir: path.resolve(e.LOCALES_DIR),
    /** The scripts' service account on the operator API (`x-ops-token`); off when unset. */
    opsToken: e.OPS_TOKEN,
    /** Where the keys that seal secrets at rest come from (ops/secret-keys.ts). */
    secrets: { keys: e.SECRETS_KEY, keyFile: e.SECRETS_KEY_FILE ? path.resolve(e.SECRETS_KEY_FILE) : undefined },
    ops: {
      sessionIdleMs: e.OPS_SESSION_IDLE_MINUTES * 60_000,
      sessionMaxMs: e.OPS_SESSION_HOURS * 3600_000,
      fourEyesAbove: e.OPS_FOUR_EYES_ABOVE,
    },
    /** Money watch: the thresholds the rules flag players at (server/risk/rules.ts, docs/money-watch.md). */
    risk: {
      lookbackDays: e.RISK_LOOKBACK_DAYS,
      minPlayPercent: e.RISK_MIN_PLAY_PERCENT,
      maxPayers: e.RISK_MAX_PAYERS,
      maxPayoutKeys: e.RISK_MAX_PAYOUT_KEYS,
      cyclesPerDay: e.RISK_CYCLES_PER_DAY,
      structuringPercent: e.RISK_STRUCTURING_PERCENT,
      structuringCount: e.RISK_STRUCTURING_COUNT,
      stakeJumpFactor: e.RISK_STAKE_JUMP_FACTOR,
    },
    payments: {
      provider: e.PAYMENT_PROVIDER,
      /** The webhooks' HMAC key (shared with the PSP); with the sandbox, set by whoever starts it. */
      webhookSecret: e.PIX_WEBHOOK_SECRET ?? randomBytes(32).toString('hex'),
      merchantName: e.PIX_MERCHANT_NAME,
      merchantCity: e.PIX_MERCHANT_CITY,
      expirySeconds: e.PIX_EXPIRY_SECONDS,
      /** The operator's PIX key; the sandbox's own when not configured. */
      receiverKey: e.PIX_RECEIVER_KEY ?? 'pix@jogolimpo.sandbox',
      /**
       * How the app reaches its PSP's API Pix: a real PSP (PAYMENT_PROVIDER=pix-api) or the local
       * sandbox server (sandbox: filled in by whoever started it); checked above. Null only for
       * a sandbox config nobody has started a server for yet.
       */
      pixApi:
        e.PAYMENT_PROVIDER === 'pix-api' || e.PIX_API_BASE_URL
          ? {
              baseUrl: e.PIX_API_BASE_URL as string,
              clientId: e.PIX_CLIENT_ID as string,
              clientSecret: e.PIX_CLIENT_SECRET as string,
              certFile: path.resolve(e.PIX_CERT_FILE as string),
              keyFile: path.resolve(e.PIX_KEY_FILE as string),
              caFile: e.PIX_CA_FILE ? path.resolve(e.PIX_CA_FILE) : undefined,
              webhookUrl: e.PIX_WEBHOOK_URL as string,
              bankUrl: e.PIX_SANDBOX_BANK_URL ?? null,
            }
          : null,
      sandboxPixPort: e.SANDBOX_PIX_PORT,
      sandboxLocationHost: e.SANDBOX_PIX_LOCATION_HOST,
      /** The webhooks' mTLS listener (checked above); null: webhooks come to the app's own port. */
      webhookMtls: !webhookMtlsSet(e)
        ? null
        : {
            port: e.PIX_WEBHOOK_MTLS_PORT as number,
            caFile: path.resolve(e.PIX_WEBHOOK_CA_FILE as string),
            certFile: path.resolve(e.PIX_WEBHOOK_TLS_CERT_FILE as string),
            keyFile: path.resolve(e.PIX_WEBHOOK_TLS_KEY_FILE as string),
          },
    },
    deposits: { amounts: e.DEPOSIT_AMOUNTS.split(',').map(Number), min: e.DEPOSIT_MIN, max: e.DEPOSIT_MAX },
    withdrawals: {
      presets: e.WITHDRAW_AMOUNTS.split(',').map(Number),
      min: e.WITHDRAW_MIN,
      dailyMax: e.WITHDRAW_DAILY_MAX,
      /** Amounts above this wait for an operator's decision, expected within reviewMinutes. */
      reviewAbove: e.WITHDRAW_REVIEW_ABOVE,
      reviewMinutes: e.WITHDRAW_REVIEW_MINUTES,
      /** The first withdrawal to a new key within 24 h of a password or device change waits this long. */
      coolOffMinutes: e.WITHDRAW_COOL_OFF_MINUTES,
    },
    /** How long the sandbox bank takes to settle a payout. */
    sandboxPayoutDelayMs: e.SANDBOX_PAYOUT_DELAY_MS,
    /** The reality check's interval (minutes) for a player who chose none. */
    realityCheckDefaultMinutes: e.REALITY_CHECK_DEFAULT_MINUTES,
    /** The smallest win (centavos) the home ticker shows. */
    winFeedMin: e.WIN_FEED_MIN,
    promotions: {
      /** Every promotion at once (Lei 14.790/2023 art. 29): on by default only with the sandbox provider. */
      enabled: e.PROMOTIONS ? e.PROMOTIONS === 'on' : e.PAYMENT_PROVIDER === 'sandbox',
      /** Rewards switched off one by one (the master switch above turns all of them off). */
      disabled: e.PROMOTIONS_DISABLED === '' ? [] : (e.PROMOTIONS_DISABLED.split(',') as PromotionKey[]),
      /** First deposit: `rate` × the deposit (counting at most `maxDeposit`) as bonus, wagered `wagering` times. */
      firstDeposit: { maxDeposit: e.FIRST_DEPOSIT_MAX, rate: e.FIRST_DEPOSIT_RATE, wagering: e.FIRST_DEPOSIT_WAGERING },
      /** Every other reward's bonus must be bet this many times before it becomes cash. */
      wagering: e.REWARD_WAGERING,
      giftAmount: e.GIFT_AMOUNT,
      signIn: { daily: e.SIGN_IN_REWARDS.split(',').map(Number), streakBonus: e.SIGN_IN_STREAK_BONUS },
      wheel: { intervalSeconds: e.WHEEL_INTERVAL_SECONDS, prizes: parseWheelPrizes(e.WHEEL_PRIZES) },
      taskReward: e.TASK_REWARD,
      inviteReward: e.INVITE_REWARD,
      downloadReward: e.DOWNLOAD_REWARD,
    },
    /** Games an operator switched off, by id (a runtime setting; none at start). */
    gamesOff: {} as Record<string, { reason: GameOffReason; at: number; by: string }>,
    /** After leaving a game, the "you can withdraw" prompt shows from this much cash. */
    withdrawPromptMin: e.WITHDRAW_PROMPT_MIN,
    /** Serve the Swagger UI at /api/docs: on by default outside production. */
    apiDocs: e.API_DOCS ? e.API_DOCS === 'on' : e.NODE_ENV !== 'production',
    shutdown: { delayMs: e.SHUTDOWN_DELAY_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    /** Consent-gated conversion reporting: off when no endpoint is configured. */
    ads: { endpoint: e.ADS_ENDPOINT ?? null, token: e.ADS_TOKEN ?? null, intervalMs: e.ADS_REPORT_INTERVAL_MS },
    /** VAPID keys for Web Push; both or neither (then generated into DATA_DIR at first start). */
    webPush: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT ?? e.PUBLIC_URL ?? 'mailto:suporte@jogolimpo.invalid',
      /** Push service origins accepted besides the browsers' own (a local push service). */
      extraOrigins: (e.WEB_PUSH_ORIGINS ?? '').split(',').filter(Boolean),
    },
  }))

export type Config = z.output<typeof configSchema>

function parseWheelPrizes(text: string) {
  return text.split(',').map((pair) => {
    const [amount, weight] = pair.split(':').map(Number) as [number, number]
    return { amount, weight }
  })
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return parsed.data
}
