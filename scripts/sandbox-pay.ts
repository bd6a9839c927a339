// Pays a PIX charge in the sandbox bank (on the sandbox API Pix server next to a running app), like
// a tester with a bank app:
//   npm run sandbox:pay -- <txid | copia-e-cola code> [--amount 50,00] [--payer-cpf <cpf>]
//                          [--again] [--late] [--drop-webhook]
// --amount pays a different amount (the app credits the charge and returns the rest),
// --payer-cpf pays from another CPF than the charge's payer (the app returns it), --again pays a
// charge already paid (a second payment, returned), --late settles an expired charge,
// --drop-webhook settles without notifying the app (its reconciliation must find the payment).

import { cliArgs } from './cli-args.ts'
import { sandboxBankPost } from './sandbox-bank-call.ts'

const usage =
  'usage: npm run sandbox:pay -- <txid | copia-e-cola code> [--amount 50,00] [--payer-cpf <cpf>] [--again] [--late] [--drop-webhook]'
const { values, positionals } = cliArgs(
  {
    options: {
      amount: { type: 'string' },
      'payer-cpf': { type: 'string' },
      again: { type: 'boolean', default: false },
      late: { type: 'boolean', default: false },
      'drop-webhook': { type: 'boolean', default: false },
    },
    allowPositionals: true,
  },
  usage,
)
const [target] = positionals
if (!target || positionals.length > 1) {
  console.error(usage)
  process.exit(2)
}
const { amount, 'payer-cpf': payerCpf } = values
const isTxid = /^[A-Za-z0-9]{26,35}$/.test(target)
const body = await sandboxBankPost('/pay', {
  ...(isTxid ? { txid: target } : { code: target }),
  ...(amount ? { amount } : {}),
  ...(payerCpf ? { payerCpf } : {}),
  late: values.late,
  again: values.again,
  webhook: values['drop-webhook'] ? 'drop' : 'send',
})
console.log(JSON.stringify(body, null, 2))
process.exit(body.success ? 0 : 1)
