// The e-mail that carries an operator's one-time setup link to the operator's own address: the
// link is never handed to the admin who created or reset the account (four-eyes needs the two
// people to be independent), only sent through the mail outbox, in the market's language.
import type { Kysely } from 'kysely'
import type { Language } from '../../contract/languages.ts'
import type { Database } from '../db/schema.ts'
import { say } from '../i18n/catalog.ts'
import type { MailService } from '../mail/plugin.ts'

const subject = {
  create: /*i18n*/ { id: 'mail.operator_setup.subject', message: 'Seu acesso ao console do Jogo Limpo' },
  reset: /*i18n*/ { id: 'mail.operator_reset.subject', message: 'Seu acesso ao console do Jogo Limpo foi redefinido' },
}

const body = /*i18n*/ {
  id: 'mail.operator_setup.body',
  comment: 'kind: create (a new operator) or reset (password and second factor cleared); expiresAt is a date and time',
  message:
    'Olá, {name}.\n\n{kind, select, reset {Sua senha e seu segundo fator no console do Jogo Limpo foram redefinidos por {by}.} other {{by} criou seu acesso ao console do Jogo Limpo.}}\n\nEscolha sua senha neste link (vale uma vez, até {expiresAt}):\n{link}\n\nNão repasse este link a ninguém. Se você não esperava esta mensagem, avise a segurança.',
}

export interface SetupMail {
  kind: 'create' | 'reset'
  to: string
  name: string
  /** Who created or reset the account (named in the message). */
  by: string
  link: string
  expiresAt: string
}

/** Queues the setup link's e-mail in the change's transaction; answers the outbox row's id. */
export function queueSetupMail(
  mail: Pick<MailService, 'queue'>,
  trx: Kysely<Database>,
  language: Language,
  message: SetupMail,
  now: number,
): Promise<number> {
  const { kind, to, name, by, link, expiresAt } = message
  return mail.queue(
    trx,
    { to, subject: say(language, subject[kind]), text: say(language, body, { kind, name, by, link, expiresAt }) },
    now,
  )
}
