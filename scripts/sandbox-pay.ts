// Pays a PIX charge in the sandbox bank (on the sandbox API Pix server next to a running app), like
// a tester with a bank app:
//   npm run sandbox:pay -- <txid | copia-e-cola code> [--amount 50,00] [--payer-cpf <cpf>]
//                          [--again] [--late] [--drop-webhook]
// --amount pays a different amount (the app credits the charge and returns the rest),
// --payer-cpf pays from another CPF than the charge's payer (the app returns it), --again pays a
// charge already paid (a second payment, returned), --late settles an expired charge,
// --drop-webhook settles without notifying the app (its reconciliation must find the payment).
import { sandboxBankPost } from './sandbox-bank-call.ts'

const args = process.argv.slice(2)
const flag = (name: string) => args.includes(name)
const optionValue = (name: string) => {
  const at = args.indexOf(name)
  return at >= 0 ? args[at + 1] : undefined
}
const valued = new Set(['--amount', '--payer-cpf'].map((name) => args.indexOf(name) + 1).filter((i) => i > 0))
const target = args.find((arg, i) => !arg.startsWith('--') && !valued.has(i))
if (!target) {
  console.error(
    'usage: npm run sandbox:pay -- <txid | copia-e-cola code> [--amount 50,00] [--payer-cpf <cpf>] [--again] [--late] [--drop-webhook]',
  )
  process.exit(2)
}
const amount = optionValue('--amount')
const payerCpf = optionValue('--payer-cpf')
const isTxid = /^[A-Za-z0-9]{26,35}$/.test(target)
const body = await sandboxBankPost('/pay', {
  ...(isTxid ? { txid: target } : { code: target }),
  ...(amount ? { amount } : {}),
  ...(payerCpf ? { payerCpf } : {}),
  late: flag('--late'),
  again: flag('--again'),
  webhook: flag('--drop-webhook') ? 'drop' : 'send',
})
console.log(JSON.stringify(body, null, 2))
process.exit(body.success ? 0 : 1)
