// The sandbox bank's PIX key directory (DICT), from the command line (on the sandbox API Pix server):
//   npm run sandbox:dict -- add <key> <cpf> [--type cpf|phone|email|random]
//   npm run sandbox:dict -- list <cpf>
//   npm run sandbox:dict -- remove <key> <cpf> [--type cpf|phone|email|random]
// Without --type the bank takes the type the key is written in: 11 digits (dots and dash
// optional) whose check digits hold are a CPF key, a `+55…` number or any other digits a phone,
// text with @ an e-mail, a UUID a random key. A CPF key belongs to its own CPF without
// registering (adding it answers so); a phone number that is also a valid CPF needs --type phone.
// A withdrawal goes only to a key the directory says the player's CPF holds. Registering a key
// held by another CPF moves it (a DICT claim).
import { pixKeyTypes } from '../contract/pix-keys.ts'
import { cliArgs } from './cli-args.ts'
import { sandboxBankPost } from './sandbox-bank-call.ts'

const usage =
  'usage: npm run sandbox:dict -- add <key> <cpf> [--type cpf|phone|email|random] | list <cpf> | remove <key> <cpf> [--type …]'
const { values, positionals } = cliArgs({ options: { type: { type: 'string' } }, allowPositionals: true }, usage)
const [command, ...positional] = positionals
const keyType = values.type

function request(): { path: string; body: Record<string, string> } | null {
  const [first, second] = positional
  if (positional.length > 2) return null
  if (keyType !== undefined && !(pixKeyTypes as readonly string[]).includes(keyType)) return null
  const typed: Record<string, string> = keyType ? { keyType } : {}
  if (command === 'add' && first && second) return { path: '/dict', body: { key: first, cpf: second, ...typed } }
  if (command === 'remove' && first && second) {
    return { path: '/dict/remove', body: { key: first, cpf: second, ...typed } }
  }
  if (command === 'list' && first) return { path: '/dict/list', body: { cpf: first } }
  return null
}

const call = request()
if (!call) {
  console.error(usage)
  process.exit(2)
}
// The CPF goes in the body, never in the URL.
const body = await sandboxBankPost(call.path, call.body)
console.log(JSON.stringify(body, null, 2))
process.exit(body.success ? 0 : 1)
