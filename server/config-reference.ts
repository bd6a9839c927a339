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
const harm = g('Harm watch')
const mail = g('E-mail and SMS')
const regulator = g('Regulatory files (SIGAP)')
const register = g('Barred-person register (SIGAP)')
const transparency = g('Transparency chain')
const closure = g('Account closure')
const face = g('Identity by face')
const aml = g('AML risk classes and sanctions screening')

export const configReference: Record<Variable, VariableDoc> = {
  PORT: server('Where the server listens (TCP port).'),
  HOST: server('The address the server binds.'),
  DATA_DIR: server(
    "Holds the SQLite file `jogo-limpo.sqlite`, the sandbox PSP's certificates (`sandbox-pix/`) and the Web Push keys (`vapid.json`).",
  ),
  SQLITE_CACHE_MB: server(
    "SQLite's page cache for the server's connection, in MiB (SQLite's own default is 2). The tables a spin writes are keyed by random ids, so on a file of a year's size a small cache turns every insert into reads from disk.",
  ),
  DATABASE_URL: server('A `postgres://` URL: use PostgreSQL instead of the embedded SQLite file.'),
  DATABASE_REPLICA_URL: server(
    "A `postgres://` URL of a streaming replica of `DATABASE_URL`: reports and their CSV files, the transparency page's reads and the console's player search read there (a player's own screens and every write stay on the primary). While the replica is down or behind, those reads go to the primary; `jogolimpo_db_replica_lag_seconds`, `jogolimpo_db_replica_up` and `jogolimpo_db_reads_total` show it (docs/operations.md).",
  ),
  DATABASE_REPLICA_MAX_LAG_SECONDS: server(
    "The replica's lag past which the read pool reads from the primary instead, until it catches up.",
  ),
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
  TEST_CLOCK_FILE: security(
    'End-to-end tests only (refused when NODE_ENV=production): a file holding milliseconds the server clock runs ahead, read when it changes, so a test lets an idle session end without waiting.',
  ),
  SESSION_IDLE_MINUTES: security(
    "Minutes without activity (an authenticated call, or play in a game) after which a player's session ends on every instance and the app asks for the passkey or password again; 0 never ends it.",
  ),
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
  MARKET_COUNTRY: market(
    'The market (`BR`, `MX`, `IN`, `NG`) whose rules the promotions follow: a reward its law forbids (in `BR` the first-deposit bonus, the new-player gift, invites and the install reward: Portaria SPA/MF 1.231/2024 art. 42 § 1º) is never offered and cannot be switched on; only the wheel, sign-in and play tasks stay there.',
  ),
  MARKET_GEOFENCE: market(
    "`on`: deposits, withdrawals, game launches and spins from a client address outside `MARKET_COUNTRY` are refused (`outside_market`), the address placed by the country database the `geoip-country` package ships (see docs/compliance.md). Behind a proxy only the hops `TRUST_PROXY` names are believed. `off` only where the market's law asks for no such check.",
  ),
  MARKET_ADDRESS_RANGES: market(
    "Address ranges (CIDR, comma-separated) taken as inside the market's country without a lookup, e.g. the operator's own office network. Unset: loopback and private ranges (`127.0.0.0/8,::1/128,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fc00::/7`) outside production — the tests and `npm start` run on 127.0.0.1 — and none when `NODE_ENV=production`, where a private address reaching the app means `TRUST_PROXY` is wrong and is refused.",
  ),
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
  OPS_LOGIN_RATE_LIMIT_PER_MINUTE: ops(
    'Console logins (and setup-link uses) per client address a minute; each costs a scrypt check, and the per-e-mail throttle comes on top. Raised only where many people log in from one address (end-to-end tests).',
  ),
  OPS_FOUR_EYES_GRANT_DAYS: ops(
    'For this many days after an operator created, reset or changed the role of another, neither may approve what the other requested (four-eyes needs two independent people); `0` turns the rule off.',
  ),
  OPS_FOUR_EYES_ABOVE: ops(
    "The most (centavos, either sign, summed) a person may adjust alone in any 24 h — by one operator to anyone, and to one player by anyone; an adjustment that would cross either sum waits for a second operator's approval.",
  ),
  VERIFICATION_REVIEWS_PER_ADDRESS_DAY: security(
    'Verification reviews (what the identity bureau could not settle, for an operator to decide) one client address may open per local day; beyond it a submission that would open one answers `verification_review_limit`. Mobile carriers put many players behind one address: reviews are a small share of verifications.',
  ),
  HARM_POLL_MS: harm(
    'How often the harm watch recomputes the markers of players whose deposits, play, limits, withdrawals or support messages changed (milliseconds; `0`: never by itself, only when called).',
  ),
  HARM_DEPOSITS_PER_DAY: harm('This many paid deposits within 24 hours fire `deposits_per_day`.'),
  HARM_DEPOSIT_ACCELERATION_PERCENT: harm(
    "The last 24 hours' deposits at this percentage of the previous six days' daily mean (at least one a day) fire `deposit_acceleration`.",
  ),
  HARM_CHASE_MINUTES: harm(
    'A deposit paid this many minutes or fewer after rounds that lost money counts as chasing losses.',
  ),
  HARM_CHASE_DEPOSITS: harm('This many deposits chasing losses within 24 hours fire `chasing_losses`.'),
  HARM_LOSS_LIMIT_PERCENT: harm(
    "Today's net loss at this percentage of the player's own daily loss limit fires `loss_of_limit`.",
  ),
  HARM_NIGHT_HOURS: harm('The local night (market time zone), from-to hours: play in it counts for `night_play`.'),
  HARM_NIGHTS: harm('Play in the night on this many of the last 7 local days fires `night_play`.'),
  HARM_SESSION_MINUTES: harm('A game session this many minutes long in the last 7 days fires `long_session`.'),
  HARM_SESSIONS_PER_DAY: harm('This many game sessions opened within 24 hours fire `session_frequency`.'),
  HARM_REVERSED_WITHDRAWALS: harm(
    'This many withdrawals that failed or were refused (the money came back to play) in 30 days fire `reversed_withdrawals`.',
  ),
  HARM_LIMIT_RAISES: harm('This many limits raised or removed by the player in 30 days fire `limit_raises`.'),
  HARM_STAKE_RISE_PERCENT: harm(
    "Today's mean stake at this percentage of the previous six days' fires `rising_stakes`.",
  ),
  HARM_REALITY_DISMISSALS: harm(
    'This many reality checks answered "continue" within 24 hours fire `reality_check_dismissals`.',
  ),
  HARM_DISTRESS_MESSAGES: harm(
    'This many support messages with a distress word (pt-BR, en) in 30 days fire `distress_words`.',
  ),
  HARM_LEVELS: harm(
    'The harm scores at which levels 1–4 begin (four ascending numbers): 1 an in-app message with their figures, 2 an offered cool-off, 3 a contact task for an operator, 4 a mandatory pause.',
  ),
  HARM_TASK_DUE_HOURS: harm("A level-3 contact task is due this many hours after it opens (the worklist's clock)."),
  HARM_PAUSE_HOURS: harm(
    'The mandatory pause at level 4 lasts this many hours (never shortening a longer one in force).',
  ),
  HARM_REPEAT_DAYS: harm('An intervention of one level is not repeated to the same player within this many days.'),
  HARM_LOWERED_DAYS: harm('A score lowered by two operators stays lowered this many days, unless new markers fire.'),
  RISK_LOOKBACK_DAYS: watch('How many days of deposits, withdrawals and play the money-watch rules look back over.'),
  RISK_MIN_PLAY_PERCENT: watch(
    'A withdrawal flags `little_play` when the deposits of the look-back window were staked less than this percentage of their sum.',
  ),
  RISK_MAX_PAYERS: watch('This many different payers (CPFs) of deposits in the window flag `many_payers`.'),
  RISK_MAX_PAYOUT_KEYS: watch('This many different PIX keys withdrawn to in the window flag `many_payout_keys`.'),
  RISK_LINKED_ACCOUNTS: watch(
    'This many accounts (the player included) sharing a device, a client address, a payer or a payout account flag `linked_accounts` and hold the withdrawal for review.',
  ),
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
  FIRST_DEPOSIT_RATE: rewards(
    'First-deposit bonus = rate × deposit (counting at most `FIRST_DEPOSIT_MAX`); never paid in `BR`, whose rules forbid it.',
  ),
  FIRST_DEPOSIT_MAX: rewards('The most of a first deposit the bonus counts (centavos).'),
  FIRST_DEPOSIT_WAGERING: rewards('The first-deposit bonus must be bet this many times before it becomes cash.'),
  REWARD_WAGERING: rewards("Every other reward's bonus must be bet this many times before it becomes cash."),
  GIFT_AMOUNT: rewards('The new-player gift (centavos); never paid in `BR`, whose rules forbid it.'),
  SIGN_IN_REWARDS: rewards('Sign-in days 1–7 (centavos).'),
  SIGN_IN_STREAK_BONUS: rewards('What the 7th consecutive sign-in day adds (centavos).'),
  WHEEL_INTERVAL_SECONDS: rewards("The free wheel's wait between spins."),
  WHEEL_PRIZES: rewards("The wheel's prizes as `amount:weight` (probability = weight ÷ sum of weights)."),
  TASK_REWARD: rewards('A completed play task (centavos).'),
  INVITE_REWARD: rewards('A qualified invitee (centavos); never paid in `BR`, whose rules forbid it.'),
  DOWNLOAD_REWARD: rewards('Opening the app installed (centavos); never paid in `BR`, whose rules forbid it.'),
  REALITY_CHECK_DEFAULT_MINUTES: play("The reality check's interval for a player who chose none."),
  WIN_FEED_MIN: play("The smallest win the home's win feed shows (centavos)."),
  SMTP_URL: mail(
    'The SMTP server outgoing e-mail goes through, as a URL: `smtp://user:pass@host:587` (STARTTLS when offered; add `?requireTLS=true` to insist) or `smtps://user:pass@host:465` (TLS from the start). Takes precedence over `SMTP_HOST`. With neither, `npm start` runs the sandbox mailbox and sends there — outside production only: with `NODE_ENV=production` the server does not start without one.',
  ),
  SMTP_HOST: mail('The SMTP server by its parts (with `SMTP_PORT`, `SMTP_USER`, `SMTP_PASS`, `SMTP_TLS`).'),
  SMTP_PORT: mail('The SMTP port; 587 with `SMTP_TLS=starttls` or `none`, 465 with `implicit` when unset.'),
  SMTP_USER: mail('The SMTP login (AUTH PLAIN/LOGIN); none when unset.'),
  SMTP_PASS: mail('The SMTP password.'),
  SMTP_TLS: mail(
    '`starttls` (the connection must upgrade before anything is sent), `implicit` (TLS from the first byte) or `none` (plain; only for a relay on the same machine).',
  ),
  MAIL_FROM: mail('The From address of every message the app sends.'),
  MAIL_POLL_MS: mail(
    'How often the outbox looks for messages due (a new message is also sent right after its commit; a failed one is retried with growing waits).',
  ),
  SANDBOX_SMTP_PORT: mail("The sandbox mailbox's SMTP port (`npm start` runs it when no SMTP server is configured)."),
  SANDBOX_MAILBOX_PORT: mail(
    "The sandbox mailbox's page (`/sandbox/mailbox`), its JSON listing and its sandbox SMS API (HTTP, on 127.0.0.1).",
  ),
  SMS_API_URL: mail(
    "The base URL of an SMS API in the Messages-resource shape (`POST <url>/2010-04-01/Accounts/<sid>/Messages.json`, form fields `To`, `From`, `Body`, Basic auth); the sandbox mailbox's when unset under `npm start`.",
  ),
  SMS_ACCOUNT_SID: mail('The SMS account id (the Basic auth user and part of the path).'),
  SMS_AUTH_TOKEN: mail('The SMS account token (the Basic auth password).'),
  SMS_FROM: mail('The sender of text messages (a number or an alphanumeric sender id).'),
  ADS_ENDPOINT: ads('Where consented conversion events are reported (a conversions API); reporting is off when unset.'),
  ADS_TOKEN: ads('Bearer token for `ADS_ENDPOINT`.'),
  ADS_REPORT_INTERVAL_MS: ads('How often the attribution reporter looks for events to send.'),
  SIGAP_FILES_URL: regulator(
    "The regulator's file-reception API for the daily files (protocol assumed: docs/regulatory-files.md); unset, `npm start` runs the sandbox receiver outside production, and in production the files wait unsent.",
  ),
  SIGAP_FILES_TOKEN: regulator('Bearer token for `SIGAP_FILES_URL`.'),
  SANDBOX_SIGAP_FILES_PORT: regulator('The port of the sandbox receiver `npm start` runs (0: any free port).'),
  REGULATORY_FILES_INTERVAL_MS: regulator(
    'How often the daily files job looks for a finished day to export, files to send and answers to read (0: only when called).',
  ),
  REGULATORY_FILES_CATCH_UP_DAYS: regulator('Days before yesterday still exported when missing (the server was down).'),
  SIGAP_URL: register(
    "The barred-person register's API (SIGAP, Módulo de Impedidos). Unset: `npm start` runs the sandbox register beside the app and points here at it — outside production only: with `NODE_ENV=production` the server does not start without it.",
  ),
  SIGAP_TOKEN: register('Bearer token sent to `SIGAP_URL`.'),
  SIGAP_TIMEOUT_MS: register(
    'How long one question to the register may take before it counts as unanswered (the player stays unchecked and is asked again).',
  ),
  SIGAP_RATE_PER_SECOND: register(
    'Questions per second the periodic sweep sends the register, at most, per instance running it (one at a time).',
  ),
  SIGAP_SWEEP_DAYS: register('Days between sweeps over every registered player (the rule: at most 15).'),
  SANDBOX_SIGAP_PORT: register(
    'Port of the sandbox register `npm start` runs when `SIGAP_URL` is unset (0: any free port).',
  ),
  TRANSPARENCY_TSA_URL: transparency(
    "The RFC 3161 time-stamping authority each frozen day's hash is sent to (e.g. `https://freetsa.org/tsr`; docs/transparency.md); unset, `npm start` runs the sandbox TSA outside production, and in production days are frozen unanchored.",
  ),
  TRANSPARENCY_TSA_CERT_FILE: transparency(
    "PEM file of the certificate trusted for that authority's tokens (its CA's, e.g. FreeTSA's `cacert.pem`): each token is checked before it is kept and at every self-check of the chain; unset, tokens are kept unchecked.",
  ),
  TRANSPARENCY_HELD_FOR_PLAYERS: transparency(
    "The money held for players at the PSP, `<centavos>@<YYYY-MM-DD>:<source>` (e.g. `1250000@2026-11-27:extrato do PSP` or an auditor's figure): the page shows it beside the published player liabilities, with their ratio; unset, the page says it is not informed.",
  ),
  SANDBOX_TSA_PORT: transparency(
    'Port of the sandbox TSA `npm start` runs when `TRANSPARENCY_TSA_URL` is unset (0: any free port).',
  ),
  ACCOUNT_CLOSE_DAYS: closure(
    "Days from a closure's start (a register hit, the player's request, an operator) to the account closed; a closure not closed by then is overdue on the console's worklist (Instrução Normativa SPA/MF 31/2025: 3 days, the most allowed).",
  ),
  ACCOUNT_REOPEN_DAYS: closure(
    'Days after a closure during which the same CPF can neither register again nor have the account reopened except by an operator (audited). No rule read sets this period; see docs/compliance.md.',
  ),
  CLOSURE_POLL_MS: closure('How often open closures are moved on: payouts settled, accounts closed.'),
  FACE_CHECK: face(
    '`on`: after the identity bureau accepts name, CPF and date of birth, the account is verified only once a live picture of the face matches the CPF at the face provider (or an operator approves it in the verification queue). `off` skips the face step (and the step-up).',
  ),
  FACE_STEP_UP: face(
    '`on`: the face is checked again before the first withdrawal to a PIX key never paid to, and on a device a password or passkey login added to a verified account (asked by the app right after that login, and required before its first withdrawal or passkey change). A player verified without a camera is not asked (an audit row says so). Needs `FACE_CHECK=on`.',
  ),
  FACE_MATCH_THRESHOLD: face(
    'The similarity (0–1) the provider must report for the face to pass; below it the verification goes to the queue with the score.',
  ),
  FACE_LIVENESS_THRESHOLD: face(
    'The liveness score (0–1) the provider must report for the face to pass; below it the verification goes to the queue with the score.',
  ),
  FACE_URL: face(
    "The face provider's API base (Serpro Datavalid, e.g. its `/datavalid/v4` base). Unset: `npm start` runs the sandbox face server beside the app and points here at it.",
  ),
  FACE_CLIENT_ID: face("The provider's consumer key (client credentials for its token)."),
  FACE_CLIENT_SECRET: face("The provider's consumer secret."),
  FACE_TIMEOUT_MS: face(
    'How long one face check may take before it counts as unanswered (the verification goes to the queue).',
  ),
  SANDBOX_FACE_PORT: face(
    'Port of the sandbox face server `npm start` runs when `FACE_URL` is unset (0: any free port).',
  ),
  AML_LOOKBACK_DAYS: aml(
    'How many days of deposits, withdrawals, payers, flags and logins the AML risk rules look back over (docs/aml.md).',
  ),
  AML_VOLUME_MEDIUM: aml(
    'Paid deposits in the look-back window (centavos) from which the `volume` reason makes a bettor medium risk.',
  ),
  AML_VOLUME_HIGH: aml(
    'Paid deposits in the look-back window (centavos) from which the `volume` reason makes a bettor high risk.',
  ),
  AML_PROFILE_HIGH_MULTIPLE: aml(
    'Deposits over the declared profile make a bettor medium risk (`volume_over_profile`); over this many times the profile, high risk.',
  ),
  AML_PAYERS_MEDIUM: aml(
    'This many payers other than the bettor (CPFs the banks reported) in the window make them medium risk (`payers`).',
  ),
  AML_PAYERS_HIGH: aml('This many payers other than the bettor in the window make them high risk (`payers`).'),
  AML_PAYOUT_KEYS_MEDIUM: aml(
    'This many different PIX keys withdrawn to in the window make a bettor medium risk (`payout_keys`).',
  ),
  AML_PAYOUT_KEYS_HIGH: aml(
    'This many different PIX keys withdrawn to in the window make a bettor high risk (`payout_keys`).',
  ),
  AML_FLAGS_HIGH: aml(
    'Money-watch flags in the window from which `money_watch` makes a bettor high risk (one flag, or one still open, makes them medium; a case reported to COAF, high).',
  ),
  AML_COUNTRY_NETWORKS: aml(
    'Networks of high-risk jurisdictions as `CC:cidr` pairs (e.g. `KP:175.45.176.0/22`): a login from one makes a bettor high risk (`country`), and a party of that country too. Empty: no country signal from addresses.',
  ),
  AML_REVIEW_DAYS_LOW: aml(
    "Days between an operator's reviews of a low-risk bettor (0: none; the daily recomputation is the review).",
  ),
  AML_REVIEW_DAYS_MEDIUM: aml("Days between an operator's reviews of a medium-risk bettor (0: none)."),
  AML_REVIEW_DAYS_HIGH: aml("Days between an operator's reviews of a high-risk bettor."),
  AML_FIRST_REVIEW_DAYS: aml(
    'Days an operator has for the first review of a bettor who has just entered a reviewed class (or a higher one).',
  ),
  AML_RECOMPUTE_HOURS: aml("Hours between two recomputations of every bettor's class by the AML worker."),
  AML_WORKER_MS: aml(
    "How often the AML worker takes its turn: the list's poll, a batch of screening and a batch of classes.",
  ),
  SANCTIONS_LIST_URL: aml(
    "The UN Security Council consolidated list's XML (https://scsanctions.un.org/resources/xml/en/consolidated.xml). Unset: `npm start` runs the sandbox list beside the app and points here at it; `npm run aml:sanctions -- --file x.xml` loads a file either way.",
  ),
  SANCTIONS_POLL_HOURS: aml('Hours between two fetches of `SANCTIONS_LIST_URL` (an unchanged list costs a 304).'),
  SANDBOX_SANCTIONS_PORT: aml(
    'Port of the sandbox sanctions list `npm start` runs when `SANCTIONS_LIST_URL` is unset (0: any free port).',
  ),
}
