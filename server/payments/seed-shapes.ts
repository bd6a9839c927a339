// The seed's request shapes for the deposit and withdrawal calls, translated into the project's
//, and the seed's fields added to the answers. The one place in this module
// that knows them.
//   create/order without `requestId`: derived from the player, the amount, the offer choice and a
//     10-second window — a deposit order moves no money (the player still has to pay it), so a
//     double tap replays the same order and nothing is at risk.
//   withdraw/create/order without `requestId`: refused (`request_id_required`) — a withdrawal moves
//     money, and a guessed id could either repeat a payout or swallow a real second one.
//   numeric `payType` 1/4/5 → cpf/phone/email (withdraw order, key correction)
//   withdrawInfo `id` (the seed's channel id; PIX is the only channel) → dropped
import { z } from 'zod'
import { type WithdrawOrderView, withdrawOrderView } from '../../contract/withdrawals.ts'
import { derivedRequestId, projectPayType, seedPayTypeOf, translateBody } from '../http/seed-shapes.ts'
import { Refusal } from '../refusal.ts'

const DEPOSIT_REPLAY_WINDOW_MS = 10_000

// The seed's request shapes, for the OpenAPI document (the routes validate the translated body).
export const seedCreateDepositRequest = z
  .looseObject({ amount: z.number().int().positive(), acceptOffer: z.boolean().optional() })
  .meta({
    description: "The seed client's deposit: no `requestId` (derived from player, amount and a 10-second window).",
  })
export const seedCreateWithdrawRequest = z
  .looseObject({ requestId: z.string(), payType: z.union([z.literal(1), z.literal(4), z.literal(5)]) })
  .meta({ description: "The seed client's withdrawal form: numeric `payType` 1 (CPF), 4 (phone), 5 (e-mail)." })
export const seedWithdrawInfoRequest = z
  .looseObject({ id: z.unknown() })
  .meta({ description: "The seed client's call with its channel `id` (ignored: PIX is the only channel)." })

export const seedCreateDeposit = translateBody((body, request) => {
  if (body.requestId !== undefined) return body
  const window = Math.floor(request.server.clock.now() / DEPOSIT_REPLAY_WINDOW_MS)
  const requestId = derivedRequestId(
    'deposit',
    request.playerId,
    String(body.amount),
    String(body.acceptOffer ?? false),
    window,
  )
  return { ...body, requestId }
})

export const seedCreateWithdraw = translateBody((body) => {
  if (body.requestId === undefined) throw new Refusal('request_id_required')
  return { ...body, payType: projectPayType(body.payType) }
})

export const seedUpdateKey = translateBody((body) =>
  body.payType === undefined ? body : { ...body, payType: projectPayType(body.payType) },
)

export const seedWithdrawInfo = translateBody((body) => {
  const { id: _id, ...rest } = body
  return rest
})

/** An order with the seed's names beside the project's (numeric payType, times, the key masked). */
export function withSeedOrderFields<T extends WithdrawOrderView>(order: T) {
  return {
    ...order,
    id: order.orderId,
    payTypeCode: seedPayTypeOf[order.payType],
    accountNumber: order.accountMasked,
    userName: order.holderName,
    createTime: order.createdAt,
    updateTime: order.updatedAt,
  }
}

/** An order as withSeedOrderFields answers it, for the OpenAPI document. */
export const seedOrderView = withdrawOrderView.extend({
  id: z.string(),
  payTypeCode: z.number().int().nullable().meta({ description: "The seed's payType: 1 CPF, 4 phone, 5 e-mail." }),
  accountNumber: z.string(),
  userName: z.string(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
})

/** The withdrawal "banks" the seed lists (`/withdraw/bank/all/list`): the PIX key types. */
export const seedBankList = [
  { id: 1, payType: 1, code: 'cpf', name: 'PIX CPF' },
  { id: 4, payType: 4, code: 'phone', name: 'PIX Telefone' },
  { id: 5, payType: 5, code: 'email', name: 'PIX E-mail' },
  { id: 6, payType: null, code: 'random', name: 'PIX Chave aleatória' },
]
