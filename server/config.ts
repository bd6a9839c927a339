// The one typed configuration: environment variables validated with zod, with defaults.
// A bad value stops start-up with a message that names the variable.
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { isIP } from 'node:net'
import path from 'node:path'
import { z } from 'zod'
import { languages } from '../contract/languages.ts'
import { markets, promotionBan } from '../contract/market-rules.ts'
import type { GameOffReason } from '../contract/ops.ts'
import { type PromotionKey, promotionKeys } from '../contract/promotion-keys.ts'

const integer = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback)

export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  SQLITE_CACHE_MB: z.coerce.number().int().min(2).max(4096).default(64),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_REPLICA_MAX_LAG_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
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
  SESSION_IDLE_MINUTES: integer(30),
  TEST_CLOCK_FILE: z.string().min(1).optional(),
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
  /** The market (ISO 3166 country) whose law the promotions follow (contract/market-rules.ts). */
  MARKET_COUNTRY: z.enum(markets).default('BR'),
  MARKET_CURRENCY: z.enum(['BRL', 'MXN', 'INR', 'NGN']).default('BRL'),
  MARKET_LANGUAGE: z.enum(languages).default('pt-BR'),
  MARKET_TIME_ZONE: z.string().default('America/Sao_Paulo'),
  /** Refuse deposits, withdrawals and play from client addresses outside MARKET_COUNTRY (server/geo). */
  MARKET_GEOFENCE: z.enum(['on', 'off']).default('on'),
  /**
   * Address ranges (CIDR, comma-separated) taken as inside the market's country without a lookup;
   * unset: loopback and private ranges outside production, none in production.
   */
  MARKET_ADDRESS_RANGES: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || value.split(',').every((entry) => isCidr(entry.trim())),
      'must be a comma-separated list of address ranges (CIDR, e.g. 10.0.0.0/8,fc00::/7)',
    )
    .optional(),
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
  /**
   * Outgoing e-mail (server/mail): an SMTP URL (`smtp://user:pass@host:587`, `smtps://…:465`), or
   * its parts; neither: the sandbox mailbox `npm start` runs next to the app (refused in production).
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_USER: z.string().min(1).optional(),
  SMTP_PASS: z.string().min(1).optional(),
  /** `starttls` (required upgrade, port 587), `implicit` (TLS from the start, port 465) or `none` (a local relay). */
  SMTP_TLS: z.enum(['starttls', 'implicit', 'none']).default('starttls'),
  MAIL_FROM: z.string().min(3).max(200).default('Jogo Limpo <nao-responda@jogolimpo.invalid>'),
  /** How often the outbox looks for messages due (new ones are also sent right after their commit). */
  MAIL_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(5000),
  /** The sandbox mailbox's SMTP port and its page's HTTP port (`npm start` with no SMTP configured). */
  SANDBOX_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(2525),
  SANDBOX_MAILBOX_PORT: z.coerce.number().int().min(0).max(65535).default(8082),
  /** Text messages through an HTTP API in the Messages-resource shape (server/mail/sms.ts). */
  SMS_API_URL: z.url().optional(),
  SMS_ACCOUNT_SID: z.string().min(1).optional(),
  SMS_AUTH_TOKEN: z.string().min(1).optional(),
  SMS_FROM: z.string().min(1).max(40).default('JogoLimpo'),
  /** Where consented conversion events are reported (a conversions API); reporting is off when unset. */
  ADS_ENDPOINT: z.url().optional(),
  ADS_TOKEN: z.string().min(1).optional(),
  /** How often the attribution worker looks for events to report. */
  ADS_REPORT_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5000),
  /** The regulator's file-reception API (SIGAP); unset: `npm start` runs the sandbox receiver outside production, and files wait unsent otherwise. */
  SIGAP_FILES_URL: z.url().optional(),
  SIGAP_FILES_TOKEN: z.string().min(1).optional(),
  /** Where `npm start` runs the sandbox receiver when SIGAP_FILES_URL is unset (0: any free port). */
  SANDBOX_SIGAP_FILES_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /**
   * The RFC 3161 time-stamping authority each frozen transparency day's hash is sent to (e.g.
   * https://freetsa.org/tsr); unset: `npm start` runs the sandbox TSA outside production, and
   * days are frozen unanchored otherwise (docs/transparency.md).
   */
  TRANSPARENCY_TSA_URL: z.url().optional(),
  /** PEM file of the certificate(s) trusted for that authority's tokens (its CA's): each token is checked before it is kept. */
  TRANSPARENCY_TSA_CERT_FILE: z.string().min(1).optional(),
  /**
   * The money held for players at the PSP, as last audited or read from the PSP's statement:
   * `<centavos>@<YYYY-MM-DD>:<source>` (the page shows it beside the published liabilities).
   */
  TRANSPARENCY_HELD_FOR_PLAYERS: z
    .string()
    .regex(/^\d+@\d{4}-\d{2}-\d{2}:.{1,200}$/)
    .optional(),
  /** Where `npm start` runs the sandbox TSA when TRANSPARENCY_TSA_URL is unset (0: any free port). */
  SANDBOX_TSA_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** How often the daily files' job looks for a day to export and files to send (0: never on its own). */
  REGULATORY_FILES_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** Days before yesterday still exported if missing (the server was down). */
  REGULATORY_FILES_CATCH_UP_DAYS: z.coerce.number().int().min(0).max(60).default(7),
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
  /** Console logins per client address a minute (each costs a scrypt check; the per-e-mail throttle comes on top). */
  OPS_LOGIN_RATE_LIMIT_PER_MINUTE: integer(20),
  /** The most a person may adjust alone in 24 h, per operator and per player (server/ops/adjustments.ts). */
  OPS_FOUR_EYES_ABOVE: integer(50_000),
  /** A second person who was created, reset or given their role by the first this recently is not independent. */
  OPS_FOUR_EYES_GRANT_DAYS: z.coerce.number().int().min(0).max(365).default(7),
  /** Verification reviews one client address may open per local day (server/accounts/identity-checks.ts). */
  VERIFICATION_REVIEWS_PER_ADDRESS_DAY: z.coerce.number().int().min(1).max(100_000).default(30),
  SIGAP_URL: z.url().optional(),
  SIGAP_TOKEN: z.string().min(1).optional(),
  SIGAP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  SIGAP_RATE_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(20),
  SIGAP_SWEEP_DAYS: z.coerce.number().int().min(1).max(15).default(15),
  SANDBOX_SIGAP_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Account closure (server/closure): days from its start to the account closed (IN SPA/MF 31/2025: 3). */
  ACCOUNT_CLOSE_DAYS: z.coerce.number().int().min(1).max(3).default(3),
  /** Days a closed account's CPF cannot register or reopen without an operator (no period found in the rules). */
  ACCOUNT_REOPEN_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** How often open closures are moved on (payout settled, account closed). */
  CLOSURE_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5000),
  /** Identity by face (server/accounts/face-checks.ts): the step after name, CPF and date of birth. */
  FACE_CHECK: z.enum(['on', 'off']).default('on'),
  FACE_STEP_UP: z.enum(['on', 'off']).default('on'),
  FACE_MATCH_THRESHOLD: z.coerce.number().min(0).max(1).default(0.9),
  FACE_LIVENESS_THRESHOLD: z.coerce.number().min(0).max(1).default(0.8),
  FACE_URL: z.url().optional(),
  FACE_CLIENT_ID: z.string().min(1).optional(),
  FACE_CLIENT_SECRET: z.string().min(1).optional(),
  FACE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  SANDBOX_FACE_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Money watch (server/risk/rules.ts): the thresholds its rules flag players at; each is also a runtime setting. */
  RISK_LOOKBACK_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  RISK_MIN_PLAY_PERCENT: z.coerce.number().int().min(0).max(1000).default(50),
  RISK_MAX_PAYERS: z.coerce.number().int().min(2).max(50).default(3),
  RISK_MAX_PAYOUT_KEYS: z.coerce.number().int().min(2).max(50).default(3),
  RISK_LINKED_ACCOUNTS: z.coerce.number().int().min(2).max(50).default(2),
  RISK_CYCLES_PER_DAY: z.coerce.number().int().min(2).max(50).default(3),
  RISK_STRUCTURING_PERCENT: z.coerce.number().int().min(1).max(50).default(10),
  RISK_STRUCTURING_COUNT: z.coerce.number().int().min(2).max(50).default(3),
  RISK_STAKE_JUMP_FACTOR: z.coerce.number().int().min(2).max(100).default(5),
  /** Anti-money-laundering risk classes (server/aml/rules.ts, docs/aml.md): the look-back and the thresholds. */
  AML_LOOKBACK_DAYS: z.coerce.number().int().min(7).max(365).default(90),
  AML_VOLUME_MEDIUM: integer(1_000_000),
  AML_VOLUME_HIGH: integer(5_000_000),
  AML_PROFILE_HIGH_MULTIPLE: z.coerce.number().int().min(1).max(100).default(3),
  AML_PAYERS_MEDIUM: z.coerce.number().int().min(1).max(50).default(1),
  AML_PAYERS_HIGH: z.coerce.number().int().min(1).max(50).default(3),
  AML_PAYOUT_KEYS_MEDIUM: z.coerce.number().int().min(2).max(50).default(2),
  AML_PAYOUT_KEYS_HIGH: z.coerce.number().int().min(2).max(50).default(4),
  AML_FLAGS_HIGH: z.coerce.number().int().min(1).max(50).default(3),
  /** Networks of high-risk jurisdictions as `CC:cidr` pairs, comma-separated (a login from one is a country signal). */
  AML_COUNTRY_NETWORKS: z
    .string()
    .regex(
      /^([A-Z]{2}:[0-9a-fA-F.:]+\/\d{1,3}(,[A-Z]{2}:[0-9a-fA-F.:]+\/\d{1,3})*)?$/,
      'must be CC:cidr pairs, comma-separated',
    )
    .default(''),
  /** Days between an operator's reviews per class (0: the daily recomputation is the review). */
  AML_REVIEW_DAYS_LOW: z.coerce.number().int().min(0).max(3650).default(0),
  AML_REVIEW_DAYS_MEDIUM: z.coerce.number().int().min(0).max(3650).default(365),
  AML_REVIEW_DAYS_HIGH: z.coerce.number().int().min(1).max(3650).default(180),
  /** Days an operator has for the first review of a bettor who has just entered a reviewed class. */
  AML_FIRST_REVIEW_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  /** Hours between two recomputations of a bettor's class by the worker. */
  AML_RECOMPUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 31)
    .default(24),
  AML_WORKER_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** The UN Security Council consolidated list (XML) the worker fetches; none: loaded by `npm run aml:sanctions`. */
  SANCTIONS_LIST_URL: z.url().optional(),
  SANCTIONS_POLL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(24),
  SANDBOX_SANCTIONS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** Harm watch (server/harm/rules.ts): the thresholds its markers fire at, the score's levels and the interventions. */
  HARM_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  HARM_DEPOSITS_PER_DAY: z.coerce.number().int().min(1).max(1000).default(5),
  HARM_DEPOSIT_ACCELERATION_PERCENT: z.coerce.number().int().min(101).max(10_000).default(300),
  HARM_CHASE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  HARM_CHASE_DEPOSITS: z.coerce.number().int().min(1).max(1000).default(3),
  HARM_LOSS_LIMIT_PERCENT: z.coerce.number().int().min(1).max(100).default(80),
  HARM_NIGHT_HOURS: z
    .string()
    .regex(/^([01]?\d|2[0-3])-([01]?\d|2[0-3])$/, 'must be two local hours, from-to (e.g. 0-6)')
    .default('0-6'),
  HARM_NIGHTS: z.coerce.number().int().min(1).max(7).default(3),
  HARM_SESSION_MINUTES: z.coerce.number().int().min(10).max(1440).default(180),
  HARM_SESSIONS_PER_DAY: z.coerce.number().int().min(1).max(1000).default(8),
  HARM_REVERSED_WITHDRAWALS: z.coerce.number().int().min(1).max(100).default(2),
  HARM_LIMIT_RAISES: z.coerce.number().int().min(1).max(100).default(2),
  HARM_STAKE_RISE_PERCENT: z.coerce.number().int().min(101).max(10_000).default(200),
  HARM_REALITY_DISMISSALS: z.coerce.number().int().min(1).max(100).default(3),
  HARM_DISTRESS_MESSAGES: z.coerce.number().int().min(1).max(100).default(1),
  HARM_LEVELS: z
    .string()
    .regex(/^\d+,\d+,\d+,\d+$/, 'must be four ascending scores (levels 1–4)')
    .refine((v) => {
      const [a, b, c, d] = v.split(',').map(Number) as [number, number, number, number]
      return a > 0 && a < b && b < c && c < d
    }, 'must be four ascending scores above 0')
    .default('3,5,8,11'),
  HARM_TASK_DUE_HOURS: z.coerce.number().int().min(1).max(720).default(24),
  HARM_PAUSE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 180)
    .default(72),
  HARM_REPEAT_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  HARM_LOWERED_DAYS: z.coerce.number().int().min(1).max(180).default(14),
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

function isCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = isIP(address)
  return (
    rest.length === 0 &&
    family !== 0 &&
    prefix !== undefined &&
    /^\d+$/.test(prefix) &&
    Number(prefix) <= (family === 4 ? 32 : 128)
  )
}

/**
 * The ranges a development or test server takes as inside the market (the tests and `npm start`
 * run on 127.0.0.1): loopback and private (RFC 1918, RFC 4193). Production takes none unless told.
 */
export const DEVELOPMENT_MARKET_RANGES = '127.0.0.0/8,::1/128,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7'

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

/**
 * True when the master switch is on, this reward is not switched off on its own and the market's
 * rules allow it — whatever the stored setting says, a reward the market forbids is never on.
 */
export function promotionOn(config: Config, key: PromotionKey): boolean {
  return (
    config.promotions.enabled &&
    !config.promotions.disabled.includes(key) &&
    promotionBan(config.market.country, key) === null
  )
}

export class ConfigError extends Error {}

/** What the server runs with: the environment, checked and shaped (its type is derived from here). */
/** The webhooks' mTLS listener is asked for, for a PSP the app is configured to reach. */
function webhookMtlsSet(e: { PIX_WEBHOOK_MTLS_PORT?: number; PAYMENT_PROVIDER: string; PIX_API_BASE_URL?: string }) {
  return e.PIX_WEBHOOK_MTLS_PORT !== undefined && (e.PAYMENT_PROVIDER === 'pix-api' || Boolean(e.PIX_API_BASE_URL))
}

const configSchema = envSchema
  .superRefine((e, context) => {
    if (e.DATABASE_REPLICA_URL && !e.DATABASE_URL) {
      context.addIssue({
        code: 'custom',
        path: ['DATABASE_REPLICA_URL'],
        message: 'needs DATABASE_URL (a replica of the PostgreSQL primary; SQLite has none)',
      })
    }
    // Moving the clock is for end-to-end tests; a production server keeps true time.
    if (e.TEST_CLOCK_FILE && e.NODE_ENV === 'production')
      context.addIssue({ code: 'custom', path: ['TEST_CLOCK_FILE'], message: 'is for tests only, not production' })
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
    sqliteCacheMb: e.SQLITE_CACHE_MB,
    databaseUrl: e.DATABASE_URL,
    /** The read pool's streaming replica and the lag past which its reads go to the primary. */
    databaseReplica: e.DATABASE_REPLICA_URL
      ? { url: e.DATABASE_REPLICA_URL, maxLagSeconds: e.DATABASE_REPLICA_MAX_LAG_SECONDS }
      : null,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    publicUrlSet: e.PUBLIC_URL !== undefined,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.NODE_ENV === 'production' ? 'json' : 'pretty'),
    /** Enables the Prometheus endpoint `/metrics` (bearer token) when set. */
    metricsToken: e.METRICS_TOKEN,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    /** A session ends after this long without activity (0: never). */
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    /** End-to-end tests only: the clock runs this file's milliseconds ahead. */
    testClockFile: e.TEST_CLOCK_FILE,
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
    market: {
      country: e.MARKET_COUNTRY,
      currency: e.MARKET_CURRENCY,
      language: e.MARKET_LANGUAGE,
      timeZone: e.MARKET_TIME_ZONE,
      /** Deposits, withdrawals and play only from addresses in the market's country (server/geo). */
      geofence: e.MARKET_GEOFENCE === 'on',
      /** Ranges taken as inside the market's country without a lookup. */
      addressRanges: (e.MARKET_ADDRESS_RANGES ?? (e.NODE_ENV === 'production' ? '' : DEVELOPMENT_MARKET_RANGES))
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ''),
    },
    staticDir: path.resolve(e.STATIC_DIR),
    localesDir: path.resolve(e.LOCALES_DIR),
    /** The scripts' service account on the operator API (`x-ops-token`); off when unset. */
    opsToken: e.OPS_TOKEN,
    /** Where the keys that seal secrets at rest come from (ops/secret-keys.ts). */
    secrets: { keys: e.SECRETS_KEY, keyFile: e.SECRETS_KEY_FILE ? path.resolve(e.SECRETS_KEY_FILE) : undefined },
    ops: {
      sessionIdleMs: e.OPS_SESSION_IDLE_MINUTES * 60_000,
      sessionMaxMs: e.OPS_SESSION_HOURS * 3600_000,
      loginRateLimitPerMinute: e.OPS_LOGIN_RATE_LIMIT_PER_MINUTE,
      fourEyesAbove: e.OPS_FOUR_EYES_ABOVE,
      fourEyesGrantWindowMs: e.OPS_FOUR_EYES_GRANT_DAYS * 24 * 3600_000,
    },
    mail: {
      /** How the app reaches its SMTP server; null: none configured and no sandbox started yet. */
      smtp: e.SMTP_URL
        ? ({ kind: 'url', url: e.SMTP_URL } as const)
        : e.SMTP_HOST
          ? ({
              kind: 'parts',
              host: e.SMTP_HOST,
              port: e.SMTP_PORT ?? (e.SMTP_TLS === 'implicit' ? 465 : 587),
              tls: e.SMTP_TLS,
              user: e.SMTP_USER ?? null,
              pass: e.SMTP_PASS ?? null,
            } as const)
          : null,
      from: e.MAIL_FROM,
      pollMs: e.MAIL_POLL_MS,
      sandboxSmtpPort: e.SANDBOX_SMTP_PORT,
      sandboxMailboxPort: e.SANDBOX_MAILBOX_PORT,
      sms:
        e.SMS_API_URL && e.SMS_ACCOUNT_SID && e.SMS_AUTH_TOKEN
          ? { apiUrl: e.SMS_API_URL, accountSid: e.SMS_ACCOUNT_SID, authToken: e.SMS_AUTH_TOKEN, from: e.SMS_FROM }
          : null,
    },
    /** Verification reviews (what the identity bureau could not settle) one address may open per local day. */
    verification: { reviewsPerAddressPerDay: e.VERIFICATION_REVIEWS_PER_ADDRESS_DAY },
    /**
     * The barred-person register (SIGAP's Módulo de Impedidos, server/sigap). No url: the sandbox
     * register, which server/main.ts or the test harness starts and then names here.
     */
    sigap: {
      url: e.SIGAP_URL ?? null,
      token: e.SIGAP_TOKEN ?? null,
      timeoutMs: e.SIGAP_TIMEOUT_MS,
      ratePerSecond: e.SIGAP_RATE_PER_SECOND,
      sweepDays: e.SIGAP_SWEEP_DAYS,
      sandboxPort: e.SANDBOX_SIGAP_PORT,
    },
    /** Account closure (server/closure, docs/compliance.md): its term, the reopening wait, its poll. */
    closure: {
      closeDays: e.ACCOUNT_CLOSE_DAYS,
      reopenDays: e.ACCOUNT_REOPEN_DAYS,
      pollMs: e.CLOSURE_POLL_MS,
    },
    /**
     * Identity by face: the face step after the bureau, the step-up before a withdrawal to a new key
     * and on a new device, the thresholds an answer must reach, and the provider (Datavalid's API).
     * No url: the sandbox face server, which server/main.ts or the test harness starts and names here.
     */
    face: {
      check: e.FACE_CHECK === 'on',
      stepUp: e.FACE_CHECK === 'on' && e.FACE_STEP_UP === 'on',
      matchThreshold: e.FACE_MATCH_THRESHOLD,
      livenessThreshold: e.FACE_LIVENESS_THRESHOLD,
      url: e.FACE_URL ?? null,
      clientId: e.FACE_CLIENT_ID ?? null,
      clientSecret: e.FACE_CLIENT_SECRET ?? null,
      timeoutMs: e.FACE_TIMEOUT_MS,
      sandboxPort: e.SANDBOX_FACE_PORT,
    },
    /** Money watch: the thresholds the rules flag players at (server/risk/rules.ts, docs/money-watch.md). */
    risk: {
      lookbackDays: e.RISK_LOOKBACK_DAYS,
      minPlayPercent: e.RISK_MIN_PLAY_PERCENT,
      maxPayers: e.RISK_MAX_PAYERS,
      maxPayoutKeys: e.RISK_MAX_PAYOUT_KEYS,
      linkedAccounts: e.RISK_LINKED_ACCOUNTS,
      cyclesPerDay: e.RISK_CYCLES_PER_DAY,
      structuringPercent: e.RISK_STRUCTURING_PERCENT,
      structuringCount: e.RISK_STRUCTURING_COUNT,
      stakeJumpFactor: e.RISK_STAKE_JUMP_FACTOR,
    },
    /** Anti-money-laundering risk classes and sanctions screening (server/aml, docs/aml.md). */
    aml: {
      lookbackDays: e.AML_LOOKBACK_DAYS,
      volumeMedium: e.AML_VOLUME_MEDIUM,
      volumeHigh: e.AML_VOLUME_HIGH,
      profileHighMultiple: e.AML_PROFILE_HIGH_MULTIPLE,
      payersMedium: e.AML_PAYERS_MEDIUM,
      payersHigh: e.AML_PAYERS_HIGH,
      payoutKeysMedium: e.AML_PAYOUT_KEYS_MEDIUM,
      payoutKeysHigh: e.AML_PAYOUT_KEYS_HIGH,
      flagsHigh: e.AML_FLAGS_HIGH,
      countryNetworks:
        e.AML_COUNTRY_NETWORKS === ''
          ? []
          : e.AML_COUNTRY_NETWORKS.split(',').map((pair) => {
              const [country, cidr] = pair.split(/:(.*)/s) as [string, string]
              return { country, cidr }
            }),
      reviewDays: { low: e.AML_REVIEW_DAYS_LOW, medium: e.AML_REVIEW_DAYS_MEDIUM, high: e.AML_REVIEW_DAYS_HIGH },
      firstReviewDays: e.AML_FIRST_REVIEW_DAYS,
      recomputeMs: e.AML_RECOMPUTE_HOURS * 3600_000,
      workerMs: e.AML_WORKER_MS,
      sanctionsListUrl: e.SANCTIONS_LIST_URL ?? null,
      sanctionsPollMs: e.SANCTIONS_POLL_HOURS * 3600_000,
      sandboxSanctionsPort: e.SANDBOX_SANCTIONS_PORT,
    },
    /** Harm watch: its markers' thresholds, the score's levels and the interventions (server/harm, docs/responsible-gaming.md). */
    harm: {
      pollMs: e.HARM_POLL_MS,
      depositsPerDay: e.HARM_DEPOSITS_PER_DAY,
      depositAccelerationPercent: e.HARM_DEPOSIT_ACCELERATION_PERCENT,
      chaseMinutes: e.HARM_CHASE_MINUTES,
      chaseDeposits: e.HARM_CHASE_DEPOSITS,
      lossLimitPercent: e.HARM_LOSS_LIMIT_PERCENT,
      nightFrom: Number(e.HARM_NIGHT_HOURS.split('-')[0]),
      nightTo: Number(e.HARM_NIGHT_HOURS.split('-')[1]),
      nights: e.HARM_NIGHTS,
      sessionMinutes: e.HARM_SESSION_MINUTES,
      sessionsPerDay: e.HARM_SESSIONS_PER_DAY,
      reversedWithdrawals: e.HARM_REVERSED_WITHDRAWALS,
      limitRaises: e.HARM_LIMIT_RAISES,
      stakeRisePercent: e.HARM_STAKE_RISE_PERCENT,
      realityDismissals: e.HARM_REALITY_DISMISSALS,
      distressMessages: e.HARM_DISTRESS_MESSAGES,
      levels: e.HARM_LEVELS.split(',').map(Number) as [number, number, number, number],
      taskDueHours: e.HARM_TASK_DUE_HOURS,
      pauseHours: e.HARM_PAUSE_HOURS,
      repeatDays: e.HARM_REPEAT_DAYS,
      loweredDays: e.HARM_LOWERED_DAYS,
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
    /** The transparency chain's anchoring: the RFC 3161 authority each day's hash is stamped by, and the certificate trusted for it. */
    transparency: {
      tsaUrl: e.TRANSPARENCY_TSA_URL ?? null,
      tsaCertFile: e.TRANSPARENCY_TSA_CERT_FILE ?? null,
      /** The money held for players at the PSP (audited or from its statement), or null when not given. */
      heldForPlayers: heldForPlayers(e.TRANSPARENCY_HELD_FOR_PLAYERS),
      sandboxTsaPort: e.SANDBOX_TSA_PORT,
      /** `npm start` runs the sandbox TSA when no URL is given, outside production. */
      sandboxTsa: !e.TRANSPARENCY_TSA_URL && e.NODE_ENV !== 'production',
    },
    /** The daily files for the regulator (SIGAP): where they are sent, and the job's pace. */
    regulatoryFiles: {
      url: e.SIGAP_FILES_URL ?? null,
      token: e.SIGAP_FILES_TOKEN ?? null,
      sandboxPort: e.SANDBOX_SIGAP_FILES_PORT,
      /** `npm start` runs the sandbox receiver when no URL is given, outside production. */
      sandbox: !e.SIGAP_FILES_URL && e.NODE_ENV !== 'production',
      intervalMs: e.REGULATORY_FILES_INTERVAL_MS,
      catchUpDays: e.REGULATORY_FILES_CATCH_UP_DAYS,
    },
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

/** `<centavos>@<YYYY-MM-DD>:<source>` as its parts. */
function heldForPlayers(text: string | undefined): { amount: number; asOf: string; source: string } | null {
  if (!text) return null
  const at = text.indexOf('@')
  return { amount: Number(text.slice(0, at)), asOf: text.slice(at + 1, at + 11), source: text.slice(at + 12) }
}

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

/**
 * A production server speaks to the real barred-person register and the real mail server: the
 * sandbox register and mailbox `npm start` runs beside the app are for development and tests, and
 * a production server that fell back to them would check no one and tell no one. So, with
 * NODE_ENV=production, an unset SIGAP_URL or SMTP server stops start-up naming the setting
 * (server/main.ts calls this before it starts anything).
 */
export function requireOutsideServicesInProduction(env: Record<string, string | undefined>, config: Config): void {
  if (env.NODE_ENV !== 'production') return
  const lines: string[] = []
  if (!config.sigap.url)
    lines.push(
      '  SIGAP_URL: is required when NODE_ENV=production (the sandbox barred-person register runs only outside production)',
    )
  if (!config.mail.smtp)
    lines.push(
      '  SMTP_URL: is required when NODE_ENV=production, or SMTP_HOST with its parts (the sandbox mailbox runs only outside production)',
    )
  if (lines.length > 0) throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
}
