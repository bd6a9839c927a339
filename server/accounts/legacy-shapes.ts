// The legacy client's request shapes for the account calls, translated into the project's (issue
// 21), and the legacy client's fields added to the answers. The one place in this module that knows them.
//   login: `loginType` (dropped), `apiType: 2` (the legacy client's device login), `channelId` (= registChannel)
//   setLang: `lang` (e.g. `pt`, `pt_BR`, or the legacy client's country codes `BR`, `IN`, `US`) → `language`
//   bindLoginAccount: no `confirmPassword` (the legacy client's form has none) → the password itself
//   saveUserAccountInfo: `userName` (full name), `accountNumber` (the CPF), `phone`, `email`,
//     `payType` 1/4/5 (its PIX key's type) → `{ fullName, cpf }`; phone and e-mail are not kept
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AccountInfo } from '../../contract/accounts.ts'
import { type Language, pickLanguage } from '../../contract/languages.ts'
import type { AccountDetails } from '../../contract/verification.ts'
import { legacyPayTypeOf, translateBody } from '../http/legacy-shapes.ts'
import { Refusal } from '../refusal.ts'
import type { Player } from './players.ts'

// The legacy client's request shapes, for the OpenAPI document (the routes validate the translated body).
const legacyText = z.string().max(256)
export const legacyLoginRequest = z
  .looseObject({
    deviceId: z.string(),
    loginType: z.unknown().optional(),
    channelId: legacyText.optional(),
    apiType: z.literal(2).optional(),
    extensionCode: legacyText.optional(),
  })
  .meta({ description: "The legacy client's device login: `loginType` is ignored, `channelId` is the channel." })
export const legacySetLangRequest = z
  .strictObject({ lang: z.string().max(10) })
  .meta({ description: "The legacy client's language code (`pt`, `pt_BR`, `en`, `hi`, or `BR`, `IN`, `US` …)." })

/** The legacy client's country-style language codes: its Indian market's `IN` is Hindi. */
const legacyCountryLanguages: Readonly<Record<string, Language>> = { BR: 'pt-BR', IN: 'hi', US: 'en', GB: 'en' }
export const legacyBindRequest = z
  .strictObject({ userName: z.string(), password: z.string() })
  .meta({ description: "The legacy client's bind form, without `confirmPassword`." })
export const legacySaveAccountRequest = z
  .strictObject({
    userName: z.string().meta({ description: 'The full name.' }),
    accountNumber: z.string().meta({ description: 'The CPF (a phone or e-mail is refused: `not_cpf_key`).' }),
    phone: z.string().optional(),
    email: z.string().optional(),
    payType: z.union([z.number(), z.string()]).optional(),
  })
  .meta({ description: "The legacy client's account form; phone and e-mail are not kept." })

export const legacyLogin = translateBody((body) => {
  const { loginType: _loginType, channelId, ...rest } = body
  if (rest.apiType === 2) delete rest.apiType
  if (rest.registChannel === undefined && typeof channelId === 'string') rest.registChannel = channelId
  return rest
})

export const legacySetLang = translateBody((body) => {
  const { lang, ...rest } = body
  if (rest.language !== undefined || typeof lang !== 'string') return body
  const language = legacyCountryLanguages[lang] ?? pickLanguage(lang.replace('_', '-')) ?? lang
  return { ...rest, language }
})

export const legacyBind = translateBody((body) =>
  body.confirmPassword === undefined ? { ...body, confirmPassword: body.password } : body,
)

export const legacySaveAccount = translateBody((body) => {
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

export const legacyAccountFields = {
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
export function withLegacyAccountFields(details: AccountDetails) {
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
export const legacyAccountResultSchema = z
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
export async function legacyAccountResult(
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
    payType: last ? legacyPayTypeOf[last.payType] : null,
    createTime: Number(player.created_at),
    gameActivityFlag: app.config.promotions.enabled && info.selfExclusion === null ? 1 : 0,
  }
}
