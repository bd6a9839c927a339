// What each environment variable means, for docs/configuration.md. Typed by the config schema's
// keys, so a variable added to the schema without a sentence here (or a sentence left behind
// for a removed one) fails the type check; `npm run config:docs` writes the page from this and
// the schema's own defaults and bounds, and a test fails when the page is stale.
import type { z } from 'zod'
import type { envSchema } from './config.ts'

type Variable = keyof z.input<typeof envSchema>

export interface VariableDoc {
  group: string
  meaning: string
}

const g =
  (group: string) =>
  (meaning: string): VariableDoc => ({ group, meaning })
const server = g('Server')
const market = g('Market')
const security = g('Security and sessions')
const observability = g('Logs, metrics and shutdown')
const pix = g('Payments (PIX)')
const money = g('Deposits and withdrawals')
const rewards = g('Rewards')
const play = g('Play and responsible gaming')
const ops = g('Operators')
const ads = g('Marketing attribution')
const watch = g('Money watch')

export const configReference: Record<Variable, VariableDoc> = {
  PORT: server('Where the server listens (TCP port).'),
  HOST: server('The address the server binds.'),
  DATA_DIR: server(
    "Holds the SQLite file `jogo-limpo.sqlite`, the sandbox PSP's certificates (`sandbox-pix/`) and the Web Push keys (`vapid.json`).",
  ),
  DATABASE_URL: server('A `postgres://` URL: use PostgreSQL instead of the embedded SQLite file.'),
  PUBLIC_URL: server(
    'The address printed at start and used in links (setup links, push subjects); `http://localhost:$PORT` when unset.',
  ),
  STATIC_DIR: server('The built PWA and console (`npm run build` writes it).'),
  LOCALES_DIR: server(
    "The compiled Lingui catalogs the server serves as the player app's language packs (its own texts it reads from the repository's `locales/`).",
  ),
  API_DOCS: server(
    'The Swagger UI at `/api/docs` (`on` unless `NODE_ENV=production`); the OpenAPI document is always at `/api/openapi.json`.',
  ),
  NODE_ENV: server('`production` switches logs to JSON and the Swagger UI off by default.'),
  TRUST_PROXY: security(
    "Whose `X-Forwarded-For` to believe for the client address: `false` (the socket's address), `true` (any hop), a hop count (only when the app is reachable through its proxies alone), or a comma list of proxy addresses/CIDRs. Behind a proxy set it to the proxy's address, never `true`.",
  ),
  TOKEN_TTL_SECONDS: security("Sliding lifetime of a player's session token."),
  LOGIN_RATE_LIMIT_PER_MINUTE: security('Login and bind attempts per client address per minute.'),
  API_RATE_LIMIT_PER_MINUTE: security(
    'All API calls per client address per minute (generous: carriers put hundreds of players behind one address).',
  ),
  PLAYER_RATE_LIMIT_PER_MINUTE: security('Authenticated API calls per player per minute.'),
  HEADERS_TIMEOUT_MS: security(
    "A request's headers must arrive within this long (checked every second), or the connection is closed.",
  ),
  REQUEST_TIMEOUT_MS: security(
    'The whole request, body included, must arrive within this long, or the connection is closed.',
  ),
  MAX_CONNECTIONS_PER_ADDRESS: security(
    'Connections open at once from one client address (the next is answered 429 and closed); the proxies `TRUST_PROXY` names are not counted.',
  ),
  SECRETS_KEY: security(
    "The keys that seal operators' TOTP secrets at rest: base64 of 32 bytes each (`openssl rand -base64 32`), comma-separated; the first seals, all open (rotation: SECURITY.md).",
  ),
  SECRETS_KEY_FILE: security(
    'The same keys one per line, in a file only its owner may read (0600); `DATA_DIR/secrets.key`, made at first need, when neither is set. Several instances must share the keys.',
  ),
  VAPID_PUBLIC_KEY: server(
    'Web Push public key (base64url P-256); made once into `DATA_DIR/vapid.json` when unset. Several instances must share the keys (give both, or share `DATA_DIR`).',
  ),
  VAPID_PRIVATE_KEY: server('Web Push private key; give both keys or neither.'),
  VAPID_SUBJECT: server('The contact the push services see (`mailto:` or `https:`); `PUBLIC_URL` when unset.'),
  WEB_PUSH_ORIGINS: server(
    "Push service origins accepted besides the browsers' own (FCM, Mozilla, Apple, WNS; https only), comma-separated — e.g. a local push service in tests.",
  ),
  LOG_LEVEL: observability('pino level (`silent` … `trace`).'),
  LOG_FORMAT: observability(
    '`pretty` (readable lines) or `json` (one object per line); `json` by default when `NODE_ENV=production`.',
  ),
  METRICS_TOKEN: observability(
    'Serves Prometheus metrics at `/metrics` to `Authorization: Bearer <token>`; not served when unset.',
  ),
  SHUTDOWN_DELAY_MS: observability(
    "On SIGTERM, how long `/readyz` answers 503 before the listener closes (set it to twice the load balancer's check interval).",
  ),
  SHUTDOWN_TIMEOUT_MS: observability('On SIGTERM, how long in-flight requests get to finish.'),
  MARKET_CURRENCY: market("The market's currency (amounts are always integer minor units)."),
  MARKET_LANGUAGE: market("The default language of the app and of the API's messages."),
  MARKET_TIME_ZONE: market(
    "The market's time zone: local days for limits, sign-in days, reports and snapshots; the app and the console show every time in it.",
  ),
  OPS_TOKEN: ops(
    "The scripts' service account on the operator API (header `x-ops-token`; audited as `service: OPS_TOKEN`). People use the console.",
  ),
  OPS_SESSION_IDLE_MINUTES: ops('A console session ends after this long without a request.'),
  OPS_SESSION_HOURS: ops('A console session ends after this long in any case.'),
  OPS_FOUR_EYES_ABOVE: ops(
    "The most (centavos, either sign, summed) a person may adjust alone in any 24 h — by one operator to anyone, and to one player by anyone; an adjustment that would cross either sum waits for a second operator's approval.",
  ),
  RISK_LOOKBACK_DAYS: watch('How many days of deposits, withdrawals and play the money-watch rules look back over.'),
  RISK_MIN_PLAY_PERCENT: watch(
    'A withdrawal flags `little_play` when the deposits of the look-back window were staked less than this percentage of their sum.',
  ),
  RISK_MAX_PAYERS: watch('This many different payers (CPFs) of deposits in the window flag `many_payers`.'),
  RISK_MAX_PAYOUT_KEYS: watch('This many different PIX keys withdrawn to in the window flag `many_payout_keys`.'),
  RISK_CYCLES_PER_DAY: watch('This many deposit-then-withdrawal cycles within 24 hours flag `rapid_cycles`.'),
  RISK_STRUCTURING_PERCENT: watch(
    'A withdrawal this close (percent) below the review threshold (`WITHDRAW_REVIEW_ABOVE`) counts as just under it.',
  ),
  RISK_STRUCTURING_COUNT: watch(
    'This many withdrawals just under the review threshold in the window flag `structuring`.',
  ),
  RISK_STAKE_JUMP_FACTOR: watch(
    "Today's average stake this many times the window's earlier average (over at least 20 rounds) flags `stake_change`.",
  ),
  PAYMENT_PROVIDER: pix(
    "`sandbox` (no real money: the sandbox API Pix server `npm start` runs on `SANDBOX_PIX_PORT`, with the `PIX_*` settings filled in) or `pix-api` (a PSP's standard API Pix over mTLS; see docs/payments.md).",
  ),
  PIX_API_BASE_URL: pix(
    "The PSP's API Pix base URL with its path prefix (required with `pix-api`); the token is asked at `<base>/oauth/token`.",
  ),
  PIX_CLIENT_ID: pix('The OAuth2 client id the PSP issued (required with `pix-api`).'),
  PIX_CLIENT_SECRET: pix('The OAuth2 client secret the PSP issued (required with `pix-api`).'),
  PIX_CERT_FILE: pix('PEM client certificate the PSP issued or signed, for mTLS (required with `pix-api`).'),
  PIX_KEY_FILE: pix('PEM private key of that certificate (required with `pix-api`).'),
  PIX_CA_FILE: pix("PEM of the CA that signs the PSP's server certificate, when it is not a public one."),
  PIX_RECEIVER_KEY: pix("The operator's own PIX key, the `chave` of every charge (required with `pix-api`)."),
  PIX_WEBHOOK_URL: pix(
    'Where the PSP POSTs webhooks (`/pix`, `/payout` appended), registered with `PUT /webhook/{chave}` at start-up; https (plain http only to localhost).',
  ),
  PIX_WEBHOOK_SECRET: pix(
    'HMAC key the PSP signs webhooks with (random per process when unset; required with `pix-api`).',
  ),
  PIX_WEBHOOK_MTLS_PORT: pix(
    "An HTTPS listener for the PSP's webhooks that accepts only a client certificate from `PIX_WEBHOOK_CA_FILE`; once set, webhooks to the app's own port are refused.",
  ),
  PIX_WEBHOOK_CA_FILE: pix("The CA that issues the PSP's webhook client certificates."),
  PIX_WEBHOOK_TLS_CERT_FILE: pix("The webhook listener's own certificate."),
  PIX_WEBHOOK_TLS_KEY_FILE: pix("The webhook listener's own private key."),
  PIX_SANDBOX_BANK_URL: pix(
    'The bank page the deposit screen links to (with the sandbox; a real PSP has none: players pay in their bank app).',
  ),
  SANDBOX_PIX_PORT: pix('The sandbox API Pix server `npm start` runs next to the app (HTTPS + mTLS + OAuth2).'),
  SANDBOX_PIX_LOCATION_HOST: pix(
    "The host of the sandbox's charge locations in a BR Code (field 26-25): a dotted DNS name without a port, as bank apps and outside BR Code parsers require. The sandbox serves each location at `/qr/v2/<txid>` (and its signing key at `/.well-known/jwks.json`) on `SANDBOX_PIX_PORT` whatever host is named; point the name at it (hosts file, proxy) to fetch them from outside.",
  ),
  SANDBOX_PAYOUT_DELAY_MS: pix('How long the sandbox bank takes to settle a payout.'),
  PIX_MERCHANT_NAME: pix('Receiver name in the BR Code.'),
  PIX_MERCHANT_CITY: pix('Receiver city in the BR Code.'),
  PIX_EXPIRY_SECONDS: money('How long a deposit code can be paid.'),
  DEPOSIT_AMOUNTS: money("The deposit screen's choices (centavos, comma-separated)."),
  DEPOSIT_MIN: money('Smallest deposit (centavos).'),
  DEPOSIT_MAX: money('Largest deposit (centavos).'),
  WITHDRAW_AMOUNTS: money("The withdraw screen's presets (centavos)."),
  WITHDRAW_MIN: money('Smallest withdrawal (centavos).'),
  WITHDRAW_DAILY_MAX: money('Withdrawals per player per local day (centavos).'),
  WITHDRAW_REVIEW_ABOVE: money("Withdrawals above this wait for an operator's review (centavos)."),
  WITHDRAW_REVIEW_MINUTES: money(
    'The review promise shown to the player: an operator decides within this many minutes (inside the 120-minute payout rule).',
  ),
  WITHDRAW_COOL_OFF_MINUTES: money(
    'The first withdrawal to a new key waits this long after a real change of credentials in the last 24 h (`0` turns it off).',
  ),
  WITHDRAW_PROMPT_MIN: money('After leaving a game, the "you can withdraw" prompt shows from this much cash.'),
  PROMOTIONS: rewards(
    'Every promotion at once (`on` with the sandbox provider, `off` otherwise; Lei 14.790/2023 art. 29).',
  ),
  PROMOTIONS_DISABLED: rewards('Rewards switched off one by one (comma list).'),
  FIRST_DEPOSIT_RATE: rewards('First-deposit bonus = rate × deposit (counting at most `FIRST_DEPOSIT_MAX`).'),
  FIRST_DEPOSIT_MAX: rewards('The most of a first deposit the bonus counts (centavos).'),
  FIRST_DEPOSIT_WAGERING: rewards('The first-deposit bonus must be bet this many times before it becomes cash.'),
  REWARD_WAGERING: rewards("Every other reward's bonus must be bet this many times before it becomes cash."),
  GIFT_AMOUNT: rewards('The new-player gift (centavos).'),
  SIGN_IN_REWARDS: rewards('Sign-in days 1–7 (centavos).'),
  SIGN_IN_STREAK_BONUS: rewards('What the 7th consecutive sign-in day adds (centavos).'),
  WHEEL_INTERVAL_SECONDS: rewards("The free wheel's wait between spins."),
  WHEEL_PRIZES: rewards("The wheel's prizes as `amount:weight` (probability = weight ÷ sum of weights)."),
  TASK_REWARD: rewards('A completed play task (centavos).'),
  INVITE_REWARD: rewards('A qualified invitee (centavos).'),
  DOWNLOAD_REWARD: rewards('Opening the app installed (centavos).'),
  REALITY_CHECK_DEFAULT_MINUTES: play("The reality check's interval for a player who chose none."),
  WIN_FEED_MIN: play("The smallest win the home's win feed shows (centavos)."),
  ADS_ENDPOINT: ads('Where consented conversion events are reported (a conversions API); reporting is off when unset.'),
  ADS_TOKEN: ads('Bearer token for `ADS_ENDPOINT`.'),
  ADS_REPORT_INTERVAL_MS: ads('How often the attribution reporter looks for events to send.'),
}
