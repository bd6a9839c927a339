// The seed's request shapes for the account calls, translated into the project's (SPEC 9, issue
// 21), and the seed's fields added to the answers. The one place in this module that knows them.
//   login: `loginType` (dropped), `apiType: 2` (the seed's device login), `channelId` (= registChannel)
//   setLang: `lang` (e.g. `pt`, `pt_BR`) → `language`
//   bindLoginAccount: no `confirmPassword` (the seed's form has none) → the password itself
//   saveUserAccountInfo: `userName` (full name), `accountNumber` (the CPF), `phone`, `email`,
//     `payType` 1/4/5 (its PIX key's type) → `{ fullName, cpf }`; phone and e-mail are not kept
import type { FastifyInstance } from 'fastify'
import type { AccountInfo } from '../../contract/accounts.ts'
import { pickLanguage } from '../../contract/languages.ts'
import type { AccountDetails } from '../../contract/verification.ts'
import { type Body, seedPayTypeOf, translateBody } from '../http/seed-shapes.ts'
import { Refusal } from '../refusal.ts'
import type { Player } from './players.ts'

export const seedLogin = translateBody((body) => {
  const { loginType: _loginType, channelId, ...rest } = body
  if (rest.apiType === 2) delete rest.apiType
  if (rest.registChannel === undefined && typeof channelId === 'string') rest.registChannel = channelId
  return rest
})

export const seedSetLang = translateBody((body) => {
  const { lang, ...rest } = body
  if (rest.language !== undefined || typeof lang !== 'string') return body
  return { ...rest, language: pickLanguage(lang.replace('_', '-')) ?? lang }
})

export const seedBind = translateBody((body) =>
  body.confirmPassword === undefined ? { ...body, confirmPassword: body.password } : body,
)

export const seedSaveAccount = translateBody((body) => {
  if (body.fullName !== undefined || body.cpf !== undefined) return body
  const { userName, accountNumber, phone: _phone, email: _email, payType: _payType, ...rest } = body
  if (userName === undefined && accountNumber === undefined) return body
  // The seed's form carries the CPF in `accountNumber` (its `payType` picks the PIX key among CPF,
  // phone and e-mail); a phone or e-mail there cannot verify anyone, so say what is needed.
  if (typeof accountNumber === 'string' && /[@+]/.test(accountNumber)) throw new Refusal('not_cpf_key')
  return { ...rest, fullName: userName, cpf: accountNumber }
})

/** The account details with the seed form's field names beside the project's (masked CPF only). */
export function withSeedAccountFields(details: AccountDetails) {
  return {
    ...details,
    userName: details.fullName,
    accountNumber: details.cpfMasked,
    payType: details.verified ? 1 : null,
  }
}

/** accountInfo's `data.result` as the seed reads it, every figure from the same records. */
export async function seedAccountResult(app: FastifyInstance, player: Player, info: AccountInfo): Promise<Body> {
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
    chargeItem: offer ? { amount: offer.maxDeposit, rate: offer.rate, rewardAmount: offer.maxBonus } : null,
    chargeValidNum: info.chargeValidNum,
    rewardAmount: info.rewardAmount,
    reloginFlag: info.reloginFlag,
    processOrderId: withdraw.state === 'withdraw_processing' ? withdraw.orderId : null,
    payType: last ? seedPayTypeOf[last.payType] : null,
    createTime: Number(player.created_at),
    gameActivityFlag: app.config.promotions.enabled && info.selfExclusion === null ? 1 : 0,
  }
}
