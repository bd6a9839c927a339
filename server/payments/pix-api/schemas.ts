// The project's own zod schemas of what travels between the app and its PSP, written from Banco
// Central's API Pix 2.9.0 (the specification's CobSolicitada, CobGerada,
// CobCompleta, CobsConsultadas, CobRevisada, Pix, PixConsultados, DevolucaoSolicitada, Devolucao,
// WebhookSolicitado, WebhookCompleto, WebhooksConsultados, WebhookPixBody, Problema) plus the two parts API Pix leaves to each PSP:
// the OAuth2 client-credentials token, and payouts ("Pix send") with key lookups. The client
// validates every request before sending and every answer before using it; the sandbox server
// validates what it receives with the same schemas.
import { z } from 'zod'
import { isValidCpf } from '../../../contract/cpf.ts'

export const txidSchema = z.string().regex(/^[a-zA-Z0-9]{26,35}$/)
export const endToEndIdSchema = z.string().regex(/^[a-zA-Z0-9]{32}$/)
export const devolucaoIdSchema = z.string().regex(/^[a-zA-Z0-9]{1,35}$/)
/** API Pix money: "150.00". */
export const valorSchema = z.string().regex(/^\d{1,10}\.\d{2}$/)
const horarioSchema = z.iso.datetime({ offset: true })
const chaveSchema = z.string().min(1).max(77)
const cobStatusSchema = z.enum(['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP'])

/** `devedor`: a person (CPF and name) or a company (CNPJ and name), never both (PessoaFisica | PessoaJuridica). */
export const devedorSchema = z.union([
  z.strictObject({
    cpf: z
      .string()
      .regex(/^\d{11}$/)
      .refine(isValidCpf),
    nome: z.string().min(1).max(200),
  }),
  z.strictObject({ cnpj: z.string().regex(/^[0-9A-Z]{14}$/), nome: z.string().min(1).max(200) }),
])
/** `infoAdicionais`: up to 50 name and value pairs shown to the payer. */
export const infoAdicionaisSchema = z
  .array(z.strictObject({ nome: z.string().max(50), valor: z.string().max(200) }))
  .max(50)
/** `loc` in a charge request (PayloadLocationCob): the id of a location made with `POST /loc`. */
const locCobSchema = z.strictObject({ id: z.number().int().positive(), tipoCob: z.literal('cob').optional() })
const modalidadeAlteracaoSchema = z.union([z.literal(0), z.literal(1)])

/**
 * `PUT /cob/{txid}` and `POST /cob` body (CobSolicitada). The app itself sends no `devedor` (no
 * personal data leaves it), but the PSP takes every field API Pix allows.
 */
export const cobSolicitadaSchema = z.strictObject({
  calendario: z.strictObject({ expiracao: z.number().int().positive() }),
  devedor: devedorSchema.optional(),
  loc: locCobSchema.optional(),
  valor: z.strictObject({ original: valorSchema, modalidadeAlteracao: modalidadeAlteracaoSchema.optional() }),
  chave: chaveSchema,
  solicitacaoPagador: z.string().max(140).optional(),
  infoAdicionais: infoAdicionaisSchema.optional(),
})

/**
 * `PATCH /cob/{txid}` body (CobRevisada): any of the charge's fields, or its withdrawal (the app
 * uses only that: `status: REMOVIDA_PELO_USUARIO_RECEBEDOR`).
 */
export const cobRevisadaSchema = z.strictObject({
  calendario: z.strictObject({ expiracao: z.number().int().positive() }).optional(),
  devedor: devedorSchema.optional(),
  loc: locCobSchema.optional(),
  status: z.literal('REMOVIDA_PELO_USUARIO_RECEBEDOR').optional(),
  valor: z
    .strictObject({ original: valorSchema.optional(), modalidadeAlteracao: modalidadeAlteracaoSchema.optional() })
    .optional(),
  chave: chaveSchema.optional(),
  solicitacaoPagador: z.string().max(140).optional(),
  infoAdicionais: infoAdicionaisSchema.optional(),
})

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

/** A payload location (PayloadLocation, PayloadLocationCompleta with its `txid` when it serves one). */
export const payloadLocationSchema = z.object({
  id: z.number().int().positive(),
  location: z.string().max(77),
  tipoCob: z.enum(['cob', 'cobv']),
  criacao: horarioSchema,
  txid: txidSchema.optional(),
})

/**
 * CobGerada / CobCompleta: what `PUT`, `GET` and `PATCH /cob/{txid}` answer. `location` and its
 * code are absent only from a charge whose location was unlinked (`DELETE /loc/{id}/txid`).
 */
export const cobCompletaSchema = z.object({
  txid: txidSchema,
  revisao: z.number().int().nonnegative(),
  calendario: z.object({ criacao: horarioSchema, expiracao: z.number().int().positive() }),
  loc: payloadLocationSchema.optional(),
  location: z.string().max(77).optional(),
  status: cobStatusSchema,
  devedor: devedorSchema.optional(),
  valor: z.object({ original: valorSchema, modalidadeAlteracao: modalidadeAlteracaoSchema.optional() }),
  chave: chaveSchema,
  solicitacaoPagador: z.string().max(140).optional(),
  infoAdicionais: infoAdicionaisSchema.optional(),
  pixCopiaECola: z.string().max(512).optional(),
  pix: z.array(pixSchema).optional(),
})

export const paginacaoSchema = z.object({
  paginaAtual: z.number().int().nonnegative(),
  itensPorPagina: z.number().int().positive(),
  quantidadeDePaginas: z.number().int().nonnegative(),
  quantidadeTotalDeItens: z.number().int().nonnegative(),
})

/** `GET /pix?inicio&fim` (PixConsultados): the filters asked for are echoed in `parametros`. */
export const pixConsultadosSchema = z.object({
  parametros: z.object({
    inicio: horarioSchema,
    fim: horarioSchema,
    txid: z.string().optional(),
    txIdPresente: z.boolean().optional(),
    devolucaoPresente: z.boolean().optional(),
    cpf: z.string().optional(),
    cnpj: z.string().optional(),
    paginacao: paginacaoSchema,
  }),
  pix: z.array(pixSchema),
})

/** `GET /loc?inicio&fim` (PayloadLocationConsultadas). */
export const payloadLocationConsultadasSchema = z.object({
  parametros: z.object({
    inicio: horarioSchema,
    fim: horarioSchema,
    txIdPresente: z.boolean().optional(),
    tipoCob: z.enum(['cob', 'cobv']).optional(),
    paginacao: paginacaoSchema,
  }),
  loc: z.array(payloadLocationSchema),
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

/**
 * `PUT /webhook/{chave}` body (WebhookSolicitado; the PSP answers 200 with no body) and what `GET`
 * answers (WebhookCompleto: the receiver's CNPJ, and the key as PSPs commonly add).
 */
export const webhookSolicitadoSchema = z.strictObject({ webhookUrl: z.url() })
export const webhookCompletoSchema = z.object({
  webhookUrl: z.url(),
  cnpj: z.string().regex(/^[0-9A-Z]{14}$/),
  chave: chaveSchema.optional(),
  criacao: horarioSchema,
})
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

/** OAuth2 client credentials (RFC 6749 §4.4): `POST /oauth/token`'s answer. */
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
