// The project's own zod schemas of what travels between the app and its PSP, written from Banco
// Central's API Pix 2.9.0 (the specification's CobSolicitada, CobGerada,
// CobCompleta, CobsConsultadas, CobRevisada, Pix, PixConsultados, DevolucaoSolicitada, Devolucao,
// WebhookSolicitado, WebhookCompleto, WebhooksConsultados, WebhookPixBody, Problema) plus the two parts API Pix leaves to each PSP:
// the OAuth2 client-credentials token, and payouts ("Pix send") with key lookups. The client
// validates every request before sending and every answer before using it; the sandbox server
// validates what it receives with the same schemas.
import { z } from 'zod'

export const txidSchema = z.string().regex(/^[a-zA-Z0-9]{26,35}$/)
export const endToEndIdSchema = z.string().regex(/^[a-zA-Z0-9]{32}$/)
export const devolucaoIdSchema = z.string().regex(/^[a-zA-Z0-9]{1,35}$/)
/** API Pix money: "150.00". */
export const valorSchema = z.string().regex(/^\d{1,10}\.\d{2}$/)
const horarioSchema = z.iso.datetime({ offset: true })
const chaveSchema = z.string().min(1).max(77)
const cobStatusSchema = z.enum(['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP'])

/** `PUT /cob/{txid}` body (CobSolicitada): no `devedor` — the app sends no personal data. */
export const cobSolicitadaSchema = z.strictObject({
  calendario: z.strictObject({ expiracao: z.number().int().positive() }),
  valor: z.strictObject({ original: valorSchema, modalidadeAlteracao: z.literal(0).optional() }),
  chave: chaveSchema,
  solicitacaoPagador: z.string().max(140).optional(),
})

/** `PATCH /cob/{txid}` body (CobRevisada), as the app uses it: cancel a charge. */
export const cobRevisadaSchema = z.strictObject({ status: z.literal('REMOVIDA_PELO_USUARIO_RECEBEDOR') })

/** A return of (part of) a PIX received (Devolucao). */
export const devolucaoSchema = z.object({
  id: devolucaoIdSchema,
  rtrId: z.string().regex(/^[a-zA-Z0-9]{32}$/),
  valor: valorSchema,
  natureza: z.enum(['ORIGINAL', 'RETIRADA']).optional(),
  descricao: z.string().max(140).optional(),
  horario: z.object({ solicitacao: horarioSchema, liquidacao: horarioSchema.optional() }),
  status: z.enum(['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO']),
  motivo: z.string().max(140).optional(),
})

/** `Pix` (webhook, `GET /pix`, `GET /pix/{e2eid}`, `cob.pix[]`); `pagador` is the PSP's usual extension. */
export const pixSchema = z.object({
  endToEndId: endToEndIdSchema,
  txid: z
    .string()
    .regex(/^[a-zA-Z0-9]{1,35}$/)
    .optional(),
  valor: valorSchema,
  chave: chaveSchema.optional(),
  horario: horarioSchema,
  infoPagador: z.string().max(140).optional(),
  pagador: z.object({ cpf: z.string().regex(/^\d{11}$/) }).optional(),
  /** The returns of this PIX, each with its status (the webhook repeats the PIX when one ends). */
  devolucoes: z.array(devolucaoSchema).optional(),
})

/** CobGerada / CobCompleta: what `PUT`, `GET` and `PATCH /cob/{txid}` answer. */
export const cobCompletaSchema = z.object({
  txid: txidSchema,
  revisao: z.number().int().nonnegative(),
  calendario: z.object({ criacao: horarioSchema, expiracao: z.number().int().positive() }),
  loc: z.object({ id: z.number().int(), location: z.string().max(77), tipoCob: z.literal('cob') }).optional(),
  location: z.string().max(77),
  status: cobStatusSchema,
  valor: z.object({ original: valorSchema }),
  chave: chaveSchema,
  solicitacaoPagador: z.string().max(140).optional(),
  pixCopiaECola: z.string().max(512),
  pix: z.array(pixSchema).optional(),
})

export const paginacaoSchema = z.object({
  paginaAtual: z.number().int().nonnegative(),
  itensPorPagina: z.number().int().positive(),
  quantidadeDePaginas: z.number().int().nonnegative(),
  quantidadeTotalDeItens: z.number().int().nonnegative(),
})

/** `GET /pix?inicio&fim` (PixConsultados). */
export const pixConsultadosSchema = z.object({
  parametros: z.object({ inicio: horarioSchema, fim: horarioSchema, paginacao: paginacaoSchema }),
  pix: z.array(pixSchema),
})

/** `GET /cob?inicio&fim` (CobsConsultadas). */
export const cobsConsultadasSchema = z.object({
  parametros: z.object({
    inicio: horarioSchema,
    fim: horarioSchema,
    cpf: z.string().optional(),
    cnpj: z.string().optional(),
    status: z.string().optional(),
    paginacao: paginacaoSchema,
  }),
  cobs: z.array(cobCompletaSchema),
})

/** `PUT /pix/{e2eid}/devolucao/{id}` body (DevolucaoSolicitada). */
export const devolucaoSolicitadaSchema = z.strictObject({
  valor: valorSchema,
  natureza: z.enum(['ORIGINAL', 'RETIRADA']).optional(),
  descricao: z.string().max(140).optional(),
})

/** `PUT /webhook/{chave}` body (WebhookSolicitado) and what `GET` answers (WebhookCompleto). */
export const webhookSolicitadoSchema = z.strictObject({ webhookUrl: z.url() })
export const webhookCompletoSchema = z.object({ webhookUrl: z.url(), chave: chaveSchema, criacao: horarioSchema })
/** `GET /webhook` (WebhooksConsultados). */
export const webhooksConsultadosSchema = z.object({
  parametros: z.object({ inicio: horarioSchema.optional(), fim: horarioSchema.optional(), paginacao: paginacaoSchema }),
  webhooks: z.array(webhookCompletoSchema),
})

/** What the PSP POSTs to the webhook URL (WebhookPixBody). */
export const webhookPixBodySchema = z.object({ pix: z.array(pixSchema).min(1) })

/** RFC 7807 problem (Problema), with API Pix's `violacoes`. */
export const problemaSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  correlationId: z.string().optional(),
  violacoes: z.array(z.object({ razao: z.string(), propriedade: z.string(), valor: z.string().optional() })).optional(),
})
export type Problema = z.infer<typeof problemaSchema>

/** OAuth2 client credentials (RFC 6749 §4.4): `POST /oauth/token`, HTTP Basic client id and secret. */
export const tokenRequestSchema = z.strictObject({
  grant_type: z.literal('client_credentials'),
  scope: z.string().max(1000).optional(),
})
export const tokenResponseSchema = z.object({
  access_token: z.string().min(16),
  token_type: z.string().regex(/^bearer$/i),
  expires_in: z.number().int().positive(),
  scope: z.string().optional(),
})

// Payouts and key lookups are not API Pix: this is the shape of a common PSP's "Pix send" API
// (`PUT /pix-send/{idEnvio}` once per our id, `GET /pix-send/{idEnvio}`, `GET /dict/{chave}`).

export const idEnvioSchema = z.string().regex(/^[a-zA-Z0-9-]{1,35}$/)

export const pixSendRequestSchema = z.strictObject({
  valor: valorSchema,
  /** The payee: the key, and the CPF it must belong to (the PSP refuses a key held by anyone else). */
  favorecido: z.strictObject({ chave: chaveSchema, cpf: z.string().regex(/^\d{11}$/), nome: z.string().max(140) }),
})

export const pixSendSchema = z.object({
  idEnvio: idEnvioSchema,
  valor: valorSchema,
  status: z.enum(['EM_PROCESSAMENTO', 'REALIZADO', 'NAO_REALIZADO']),
  endToEndId: endToEndIdSchema.nullable(),
  /** Why it was not made: the payee's key is unknown, held by someone else, or the bank refused. */
  erro: z.enum(['CHAVE_INEXISTENTE', 'CHAVE_DE_OUTRO_TITULAR', 'RECUSADO']).nullable(),
  motivo: z.string().max(140).nullable(),
  horario: z.object({ solicitacao: horarioSchema, liquidacao: horarioSchema.nullable() }),
})

export const dictEntrySchema = z.object({
  chave: chaveSchema,
  tipo: z.enum(['cpf', 'phone', 'email', 'random']),
  /** The holder: the name as the DICT gives it, the CPF masked as DICT answers return it (`***.456.789-**`). */
  titular: z.object({
    nome: z.string().trim().min(1).max(140),
    cpfMascarado: z.string().regex(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/),
  }),
})

/** A CPF as DICT lookups show it: only the middle six digits. */
export function maskCpfAsDict(cpf: string): string {
  return `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`
}

/** Whether a CPF (in full) is the one a lookup showed, in full or masked. */
export function cpfMatches(shown: string, cpf: string): boolean {
  if (/^\d{11}$/.test(shown)) return shown === cpf
  return shown === maskCpfAsDict(cpf)
}
