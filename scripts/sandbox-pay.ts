// Pays a PIX charge in the sandbox bank of a running server, like a tester with a bank app:
//   npm run sandbox:pay -- <txid | copia-e-cola code> [--amount 50,00] [--late] [--drop-webhook]
// --amount pays a different amount, --late settles an expired charge, --drop-webhook settles
// without notifying the app (its reconciliation must find the payment).
const args = process.argv.slice(2)
const flag = (name: string) => args.includes(name)
const amountAt = args.indexOf('--amount')
const amount = amountAt >= 0 ? args[amountAt + 1] : undefined
const target = args.find((arg, i) => !arg.startsWith('--') && (amountAt < 0 || i !== amountAt + 1))
if (!target) {
  console.error('usage: npm run sandbox:pay -- <txid | copia-e-cola code> [--amount 50,00] [--late] [--drop-webhook]')
  process.exit(2)
}
const appUrl = process.env.APP_URL ?? 'http://localhost:8080'
const isTxid = /^[A-Za-z0-9]{26,35}$/.test(target)
const response = await fetch(`${appUrl}/sandbox/bank/pay`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    ...(isTxid ? { txid: target } : { code: target }),
    ...(amount ? { amount } : {}),
    late: flag('--late'),
    webhook: flag('--drop-webhook') ? 'drop' : 'send',
  }),
})
const body = (await response.json()) as { paid: boolean; reason?: string }
console.log(JSON.stringify(body, null, 2))
process.exit(body.paid ? 0 : 1)

export {}
