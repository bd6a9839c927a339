// The only module that touches IndexedDB: every persisted key of the app, typed, over
// idb-keyval. The one thing kept in localStorage is the transparency page's last verified chain
// head from before the app kept every head (src/features/transparency/api.ts reads it once). docs/player-app.md lists every key for developers.
import { createStore, del, get, set } from 'idb-keyval'
import type { Language } from '../../contract/languages.ts'
import type { ChatContext, ConversationView, FaqView, NoticesView } from '../../contract/support.ts'

export interface EntryParams {
  inviteCode?: string
  channel?: string
}

export interface CachedUser {
  userId: number
  userName: string | null
  gold: number
  cash: number
  bonus: number
  /** When the server confirmed these figures (epoch ms); absent in copies kept by older versions. */
  at?: number
}

export interface LanguagePackRecord {
  language: Language
  version: string
  messages: Record<string, unknown>
}

/** What the deployment told the client before login (sandbox marker, promotions). */
export interface AppConfigRecord {
  sandbox: boolean
  promotions: boolean
  currency: string
  pixExpirySeconds: number
  /** After leaving a game, the "you can withdraw" prompt shows from this much cash. */
  withdrawPromptMin?: number
  /** The market's IANA time zone (the server's MARKET_TIME_ZONE); absent in a copy kept by an older app. */
  timeZone?: string
}

/** A deposit whose PIX sheet is open, so it survives paying in the same tab (iOS) or a reload. */
export interface OpenDepositRecord {
  orderId: string
  amount: number
  payCode: string
  /** The sandbox bank's page for this code; null with a real PSP (the player pays in their bank app). */
  payUrl: string | null
  /** Local clock time the code expires (server expiry adjusted for the phone's clock). */
  deadline: number
}

/** The identity form's fields as typed (`birthDate` as DD/MM/AAAA). */
export interface IdentityDraft {
  fullName: string
  cpf: string
  birthDate: string
}

/** A chat message written but not yet taken by the server (offline, or the send failed). */
export interface QueuedChatMessage {
  requestId: string
  text: string
  context?: ChatContext
  createdAt: number
}

/** A screen's last good answer, kept so the screen still shows it offline (marked with its time). */
export interface KeptAnswer {
  /** Whose answer it is: shown only to the same player. */
  userId: number
  /** When the server gave it (epoch ms, this device's clock). */
  at: number
  data: unknown
}

/** A chain head this device verified, when (its clock), and whether a change of it was reported. */
export interface WitnessedHead {
  day: string
  hash: string
  at: number
  reported?: boolean
}

export interface StoredValues {
  deviceId: string
  /** The secret the server issued this device; with the id it logs the account in again. */
  deviceSecret: string
  token: string
  user: CachedUser
  language: Language
  languagePack: LanguagePackRecord
  languageVersion: string
  sound: boolean
  adultConfirmed: boolean
  entryParams: EntryParams
  appConfig: AppConfigRecord
  openDeposit: OpenDepositRecord
  /** Game ids the player starred in the lobby, kept on this device only. */
  favouriteGames: string[]
  /** The wheel's next free spin, on this device's clock: its countdown shows offline and after a reload. */
  wheelNextSpinAt: number
  /** The player's own CPF (digits) once verified, to prefill the PIX key sheet; cleared on logout. */
  ownCpf: string
  /**
   * The name, CPF and date of birth as the player last sent them, until they are verified: a form
   * opened again (after our team refused them, or a refusal by the rules) starts from them rather
   * than empty. Cleared once verified and on logout.
   */
  identityDraft: IdentityDraft
  /** Notifications were offered on this device (once, after a first deposit or withdrawal). */
  webPushOffered: boolean
  /** Chat messages waiting to be sent, oldest first (sent again, same requestId, when back online). */
  supportOutbox: QueuedChatMessage[]
  /** The last conversation, FAQ and notices read, for reading offline. */
  supportConversation: ConversationView
  supportFaq: FaqView
  supportNotices: NoticesView
  /** The player has played a round on this device (the install offer waits for it). */
  playedRound: boolean
  /** When "Agora não" put off the install offer (epoch ms): offered again a week later. */
  installSnoozedAt: number
  /**
   * Every transparency chain head this device verified (the app is a witness): each visit checks
   * that the chain served now still holds them; never cleared on logout. Bounded (the newest kept).
   */
  witnessedHeads: WitnessedHead[]
  /** Each kept screen's last good answer (`kept:<screen>`), for reading offline. */
  [key: `kept:${string}`]: KeptAnswer
}

export type StorageKey = keyof StoredValues

const kv = createStore('jogo-limpo', 'kv')

export const storage = {
  get<K extends StorageKey>(key: K): Promise<StoredValues[K] | undefined> {
    return get<StoredValues[K]>(key, kv)
  },
  set<K extends StorageKey>(key: K, value: StoredValues[K]): Promise<void> {
    return set(key, value, kv)
  },
  remove(key: StorageKey): Promise<void> {
    return del(key, kv)
  },
}
