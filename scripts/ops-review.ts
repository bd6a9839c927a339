// An operator's decision on a withdrawal waiting for review, against a running server:
//   OPS_TOKEN=… npm run ops:review -- <orderId> approve|reject
// Approve sends the payout; reject returns the money to the player's balance at once.
import { cliArgs } from './cli-args.ts'

const usage = 'usage: OPS_TOKEN=… npm run ops:review -- <orderId> approve|reject'
const { positionals } = cliArgs({ allowPositionals: true }, usage)
const [orderId, decision] = positionals
const appUrl = process.env.APP_URL ?? 'http://localhost:8080'
const token = process.env.OPS_TOKEN
if (!token || !orderId || (decision !== 'approve' && decision !== 'reject') || positionals.length > 2) {
  console.error(usage)
  process.exit(2)
}
const response = await fetch(`${appUrl}/api/ops/withdrawals/review`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-ops-token': token },
  body: JSON.stringify({ orderId, decision }),
})
const body = (await response.json()) as { success: boolean; msg: string; data: unknown }
console.log(JSON.stringify(body, null, 2))
process.exit(body.success ? 0 : 1)
