// Operator cash adjustment against a running server (needs OPS_TOKEN set on both sides):
//   OPS_TOKEN=… npm run ops:adjust -- <userId> <amountCentavos> "<reason>" [requestId]
// A positive amount credits the player's cash, a negative one debits it (never below zero).
// The requestId makes a retried command apply once.
import { randomUUID } from 'node:crypto'
import { cliArgs } from './cli-args.ts'

const usage = 'usage: OPS_TOKEN=… npm run ops:adjust -- <userId> <amountCentavos> "<reason>" [requestId]'
const { positionals } = cliArgs({ allowPositionals: true }, usage)
const [userId, amount, reason, requestId = randomUUID()] = positionals
const appUrl = process.env.APP_URL ?? 'http://localhost:8080'
const token = process.env.OPS_TOKEN
if (!token || !userId || !amount || !reason || positionals.length > 4) {
  console.error(usage)
  process.exit(2)
}
const response = await fetch(`${appUrl}/api/ops/adjust`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-ops-token': token },
  body: JSON.stringify({ requestId, userId: Number(userId), amount: Number(amount), reason }),
})
const body = (await response.json()) as { success: boolean; msg: string; data: unknown }
console.log(JSON.stringify(body, null, 2))
process.exit(body.success ? 0 : 1)
