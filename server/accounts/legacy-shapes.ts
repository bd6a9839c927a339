// The legacy client's paths and request shapes for the account calls, translated into the project's,
// and the legacy client's fields added to the answers. The one place in this module that knows them;
// each project route names its legacy path here (`config.legacyPath`).
//   login: `loginType` (dropped), `apiType: 2` (the legacy client's device login), `channelId` (= registChannel)
//   setLang: `lang` (e.g. `pt`, `pt_BR`, or the legacy client's country codes `BR`, `IN`, `US`) → `language`
//   bindLoginAccount: no `confirmPassword` (the legacy client's form has none) → the password itself
//   saveUserAccountInfo: `userName` (full name), `accountNumber` (the CPF), `phone`, `email`,
//     `payType` 1/4/5 (its PIX key's type) → `{ fullName, cpf }`; phone and e-mail are not kept
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { type AccountInfo, accountInfo as accountInfoSchema } from '../../contract/accounts.ts'
import { type Language, languages, pickLanguage } from '../../contract/languages.ts'
import { type AccountDetails, accountDetails } from '../../contract/verification.ts'
import { type Ok, replies } from '../http/envelope.ts'
import { type LegacyPath, legacyPayTypeOf, translateBody } from '../http/legacy-shapes.ts'
import { Refusal } from '../refusal.ts'
import { findById, type Player } from './players.ts'

// The legacy client's request shapes, for the OpenAPI document (the routes validate the translated body).
const legacyText = z.string().max(256)
const legacyLoginRequest = z
  .looseObject({
    deviceId: z.string(),
    loginType: z.unknown().optional(),
    channelId: legacyText.optional(),
    apiType: z.literal(2).optional(),
    extensionCode: legacyText.optional(),
  })
  .meta({ description: "The legacy client's device login: `loginType` is ignored, `channelId` is the channel." })
const legacySetLangRequest = z
  .strictObject({ lang: z.string().max(10) })
  .meta({ description: "The legacy client's language code (`pt`, `pt_BR`, `en`, `hi`, or `BR`, `IN`, `US` …)." })

/** The legacy client's country-style language codes: its Indian market's `IN` is Hindi. */
const legacyCountryLanguages: Readonly<Record<string, Language>> = { BR: 'pt-BR', IN: 'hi', US: 'en', GB: 'en' }
const legacyBindRequest = z
  .strictObject({ userName: z.string(), password: z.string() })
  .meta({ description: "The legacy client's bind form, without `confirmPassword`." })
const legacySaveAccountRequest = z
  .strictObject({
    userName: z.string().meta({ description: 'The full name.' }),
    accountNumber: z.string().meta({ description: 'The CPF (a phone or e-mail is refused: `not_cpf_key`).' }),
    phone: z.string().optional(),
    email: z.string().optional(),
    payType: z.union([z.number(), z.string()]).optional(),
  })
  .meta({ description: "The legacy client's account form; phone and e-mail are not kept." })

const legacyLogin = translateBody((body) => {
  const { loginType: _loginType, channelId, ...rest } = body
  if (rest.apiType === 2) delete rest.apiType
  if (rest.registChannel === undefined && typeof channelId === 'string') rest.registChannel = channelId
  return rest
})

const legacySetLang = translateBody((body) => {
  const { lang, ...rest } = body
  if (rest.language !== undefined || typeof lang !== 'string') return body
  const language = legacyCountryLanguages[lang] ?? pickLanguage(lang.replace('_', '-')) ?? lang
  return { ...rest, language }
})

const legacyBind = translateBody((body) =>
  body.confirmPassword === undefined ? { ...body, confirmPassword: body.password } : body,
)

const legacySaveAccount = translateBody((body) => {
  if (body.fullName !== undefined || body.cpf !== undefined) return body
  const { userName, accountNumber, phone: _phone, email: _email, payType: _payType, ...rest } = body
  if (userName === undefined && accountNumber === undefined) return body
  // The legacy client's form carries the CPF in `accountNumber` (its `payType` picks the PIX key among CPF,
  // phone and e-mail); a phone or e-mail there cannot verify anyone, so say what is needed.
  if (typeof accountNumber === 'string' && /[@+]/.test(accountNumber)) throw new Refusal('not_cpf_key')
  return { ...rest, fullName: userName, cpf: accountNumber }
})

const legacyUserAccount = z
  .object({
    userName: z.string().meta({ description: 'The full name.' }),
    accountNumber: z.string().meta({ description: 'The masked CPF.' }),
    payType: z.literal(1).meta({ description: "The legacy client's PIX key type: 1 (CPF)." }),
  })
  .nullable()
  .meta({ description: "The legacy client's saved account form: null until the full name and CPF are given." })

const legacyAccountFields = {
  userName: z.string().nullable().meta({ description: "The full name (the legacy form's name)." }),
  accountNumber: z.string().nullable().meta({ description: 'The masked CPF.' }),
  payType: z
    .number()
    .int()
    .nullable()
    .meta({ description: "The legacy client's PIX key type: 1 (CPF) once verified." }),
  userAccount: legacyUserAccount,
}

/** The account details with the legacy form's field names beside the project's (masked CPF only). */
function withLegacyAccountFields(details: AccountDetails) {
  const saved = details.verified && details.fullName !== null && details.cpfMasked !== null
  return {
    ...details,
    userName: details.fullName,
    accountNumber: details.cpfMasked,
    payType: details.verified ? 1 : null,
    userAccount: saved
      ? { userName: details.fullName as string, accountNumber: details.cpfMasked as string, payType: 1 as const }
      : null,
  }
}

const money = z.number().int()
const legacyAccountResultSchema = z
  .object({
    userId: z.number().int(),
    userName: z.string().nullable(),
    accountGold: money,
    gold: money,
    firstCharge: z.union([z.literal(0), z.literal(1)]),
    chargeItem: z
      .object({
        amount: money,
        rate: z.number(),
        rewardAmount: money,
        gold: money.meta({ description: '`amount` under the legacy name: the most of the deposit the offer counts.' }),
        firstRate: z.number().meta({ description: '`rate` under the legacy name.' }),
      })
      .nullable(),
    chargeValidNum: z.number().int(),
    rewardAmount: money,
    reloginFlag: z.union([z.literal(0), z.literal(1)]),
    processOrderId: z.string().nullable(),
    payType: z.number().int().nullable(),
    createTime: z.number().int(),
    gameActivityFlag: z.union([z.literal(0), z.literal(1)]),
  })
  .meta({ description: "The same figures under the legacy client's names." })

/** accountInfo's `data.result` as the legacy client reads it, every figure from the same records. */
async function legacyAccountResult(
  app: FastifyInstance,
  player: Player,
  info: AccountInfo,
): Promise<z.infer<typeof legacyAccountResultSchema>> {
  const withdraw = await app.payments.withdrawals.info(info.userId)
  const last = (await app.payments.withdrawals.page(info.userId, { pageNum: 1, pageSize: 1 })).orders[0]
  const offer = await app.payments.deposits.offerFor(info.userId, app.clock.now())
  return {
    userId: info.userId,
    userName: info.userName,
    accountGold: info.balance.total,
    gold: info.balance.total,
    firstCharge: info.firstCharge,
    // The first-deposit offer while it applies (promotions on, never deposited): deposit → bonus.
    chargeItem: offer
      ? {
          amount: offer.maxDeposit,
          rate: offer.rate,
          rewardAmount: offer.maxBonus,
          gold: offer.maxDeposit,
          firstRate: offer.rate,
        }
      : null,
    chargeValidNum: info.chargeValidNum,
    rewardAmount: info.rewardAmount,
    reloginFlag: info.reloginFlag,
    processOrderId: withdraw.state === 'withdraw_processing' ? withdraw.orderId : null,
    payType: last ? legacyPayTypeOf[last.keyType] : null,
    createTime: Number(player.created_at),
    gameActivityFlag: app.config.promotions.enabled && info.selfExclusion === null ? 1 : 0,
  }
}

const detailsAnswer = {
  answer: (reply: Ok<AccountDetails>) => ({ ...reply, data: withLegacyAccountFields(reply.data) }),
  response: replies(accountDetails.extend(legacyAccountFields)),
}

/** The account routes' legacy paths, by the project route they alias (see legacyAlias). */
export const accountLegacyPaths = {
  login: { path: '/user/login', translate: legacyLogin, body: legacyLoginRequest },
  bind: { path: '/user/bindLoginAccount', translate: legacyBind, body: legacyBindRequest },
  language: {
    path: '/user/setLang',
    translate: legacySetLang,
    body: legacySetLangRequest,
    answer: (reply: Ok<{ language: Language }>) => ({ ...reply, data: { ...reply.data, lang: reply.data.language } }),
    response: replies(z.object({ language: z.enum(languages), lang: z.enum(languages) })),
  },
  installAccepted: { path: '/user/installAccepted' },
  logout: { path: '/user/logout' },
  info: {
    path: '/v1/bus/accountInfo',
    answer: async (reply: Ok<AccountInfo>, request) => {
      const player = await findById(request.server.db, request.playerId)
      // The legacy client reads the same figures under `data.result` with its own names.
      return {
        ...reply,
        data: { ...reply.data, result: await legacyAccountResult(request.server, player, reply.data) },
      }
    },
    response: replies(accountInfoSchema.extend({ result: legacyAccountResultSchema })),
  },
  passkeyLoginOptions: { path: '/user/passkeyLoginOptions' },
  passkeyLogin: { path: '/user/passkeyLogin' },
  devices: { path: '/user/devices' },
  revokeDevice: { path: '/user/devices/revoke' },
  contactEmail: { path: '/user/contact/email' },
  contactPhone: { path: '/user/contact/phone' },
  contactConfirm: { path: '/user/contact/confirm' },
  contacts: { path: '/user/contacts' },
  passwordChange: { path: '/user/password/change' },
  passwordForgotten: { path: '/user/password/forgotten' },
  passwordReset: { path: '/user/password/reset' },
  details: { path: '/charge/amount/getUserAccountInfo', ...detailsAnswer },
  saveDetails: {
    path: '/charge/amount/saveUserAccountInfo',
    translate: legacySaveAccount,
    body: legacySaveAccountRequest,
    ...detailsAnswer,
  },
} satisfies Record<string, LegacyPath>
