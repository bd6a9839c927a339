// The sandbox bank's HTML: a plain server-rendered page (no script and no inline style, so it
// works under the app's strict CSP and in any browser) where a tester pastes a copia-e-cola
// code, sees what it decodes to and the refunds the app sent back, and pays it (as the charge's
// payer or from another CPF); registers PIX keys in the bank's directory; and sets what the
// bank does with payouts to their own keys.
import { formatMoney } from '../../../contract/money.ts'
import type { ParsedBrCode } from '../brcode.ts'
import { fromPixValue } from '../pix-values.ts'
import type { PixCharge, PixRefund } from '../provider.ts'

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Served at /sandbox/bank.css. */
export const bankCss = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #0f3d2e; color: #f4f1e8; }
  main { max-width: 32rem; margin: 0 auto; padding: 1rem; }
  .marker { background: #ffcc33; color: #1a1a1a; font-weight: 700; padding: .4rem .8rem; border-radius: .4rem; display: inline-block; }
  textarea, input[type=text] { width: 100%; box-sizing: border-box; font: 14px monospace; padding: .5rem; border-radius: .4rem; border: 0; }
  button { font: inherit; font-weight: 700; padding: .7rem 1.4rem; border: 0; border-radius: .5rem; background: #ffcc33; color: #1a1a1a; margin-top: .8rem; cursor: pointer; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .3rem 1rem; background: #14503c; padding: 1rem; border-radius: .5rem; }
  dt { opacity: .8 } dd { margin: 0; font-weight: 600; word-break: break-all; }
  .error { background: #7a1f1f; padding: .6rem 1rem; border-radius: .5rem; }
  .ok { background: #1f6b3a; padding: .6rem 1rem; border-radius: .5rem; }
  fieldset { border: 1px solid #2c7a5c; border-radius: .5rem; margin-top: 1rem; }
  label { display: block; margin: .3rem 0; }
  section { margin-top: 1.5rem; }
`

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/sandbox/bank.css"></head>
<body><main>
<h1>Banco sandbox</h1>
<p class="marker" data-testid="sandbox-marker">SANDBOX — nenhum dinheiro real</p>
${body}
</main></body></html>`
}

export function codeForm(code = ''): string {
  return `<form method="get" action="/sandbox/bank">
<label for="code">Código PIX copia e cola</label>
<textarea id="code" name="code" rows="5" required>${escapeHtml(code)}</textarea>
<button type="submit">Ler código</button>
</form>`
}

const statusText: Record<PixCharge['status'], string> = {
  ATIVA: 'Ativa — aguardando pagamento',
  CONCLUIDA: 'Concluída — já paga',
  REMOVIDA_PELO_USUARIO_RECEBEDOR: 'Retirada pelo recebedor (pedido expirado ou cancelado no app)',
  REMOVIDA_PELO_PSP: 'Expirada',
}

const refundStatusText: Record<PixRefund['status'], string> = {
  EM_PROCESSAMENTO: 'em processamento',
  DEVOLVIDO: 'devolvido ao pagador',
  NAO_REALIZADO: 'não realizada',
}

function refundList(refunds: (PixRefund & { endToEndId: string })[]): string {
  if (refunds.length === 0) return ''
  const items = refunds
    .map(
      (refund) =>
        `<li>${escapeHtml(formatMoney(fromPixValue(refund.valor) ?? 0))} — ${escapeHtml(refundStatusText[refund.status])} (PIX ${escapeHtml(refund.endToEndId)}, devolução ${escapeHtml(refund.rtrId)})</li>`,
    )
    .join('')
  return `<section><h2>Devoluções (API Pix devolucao)</h2><ul data-testid="refunds">${items}</ul></section>`
}

export function chargeDetails(
  code: string,
  parsed: ParsedBrCode,
  charge: PixCharge | null,
  refunds: (PixRefund & { endToEndId: string })[] = [],
): string {
  // A dynamic code carries neither amount nor txid: both are read from the charge at its location.
  const cents = charge ? Math.round(Number(charge.valor.original) * 100) : parsed.amount
  const amount = cents === undefined ? 'valor livre' : formatMoney(cents)
  const rows = [
    ['Recebedor', parsed.merchantName],
    ['Cidade', parsed.merchantCity],
    ['Valor', amount],
    ['Identificador (txid)', charge?.txid ?? parsed.txid],
    ['Situação', charge ? statusText[charge.status] : 'Cobrança desconhecida neste banco'],
  ]
  const details = `<dl data-testid="decoded">${rows
    .map(([k, v]) => `<dt>${escapeHtml(k as string)}</dt><dd>${escapeHtml(v as string)}</dd>`)
    .join('')}</dl>${refundList(refunds)}`
  if (!charge) return details
  const paid = charge.status === 'CONCLUIDA'
  // Withdrawn by the receiver or removed at expiry: either way no longer payable, except late.
  const expired = charge.status !== 'ATIVA' && !paid
  return `${details}
<form method="post" action="/sandbox/bank/pay">
<input type="hidden" name="code" value="${escapeHtml(code)}">
<fieldset><legend>Opções de teste</legend>
<label>Pagar outro valor (R$, opcional) <input type="text" name="amount" inputmode="decimal" placeholder="${escapeHtml(charge.valor.original)}"></label>
<label>Pagar de outro CPF (opcional; sem ele paga o titular da cobrança) <input type="text" name="payerCpf" inputmode="numeric" autocomplete="off"></label>
<label><input type="checkbox" name="webhook" value="drop"> Perder a notificação (webhook) — a conciliação deve achar o pagamento</label>
${expired ? '<label><input type="checkbox" name="late" value="1"> Liquidar mesmo expirada (pagamento iniciado antes e liquidado atrasado)</label>' : ''}
${paid ? '<input type="hidden" name="again" value="1"><p>Esta cobrança já foi paga: um novo pagamento é um segundo PIX, que o app deve devolver.</p>' : ''}
</fieldset>
<button type="submit">${paid ? 'Pagar de novo' : 'Pagar'} ${escapeHtml(amount)}</button>
</form>`
}

export function dictForm(): string {
  return `<form method="post" action="/sandbox/bank/dict">
<fieldset><legend>Chaves PIX (DICT): registrar uma chave num CPF</legend>
<p>Chaves CPF já pertencem ao próprio CPF. Telefone, e-mail e chave aleatória pertencem a quem as registrar aqui; registrar de novo passa a chave para o novo titular.</p>
<label>Tipo <select name="keyType"><option value="phone">Telefone</option><option value="email">E-mail</option><option value="random">Aleatória</option></select></label>
<label>Chave <input type="text" name="key" required></label>
<label>CPF do titular <input type="text" name="cpf" inputmode="numeric" autocomplete="off" required></label>
<button type="submit">Registrar chave</button>
</fieldset></form>`
}

export function payoutRuleForm(): string {
  return `<form method="post" action="/sandbox/bank/payout-rule">
<fieldset><legend>Saques: o que este banco faz com uma chave PIX sua</legend>
<p>Só o titular da chave define a regra: informe o CPF em que ela está registrada.</p>
<label>Tipo <select name="keyType"><option value="cpf">CPF</option><option value="phone">Telefone</option><option value="email">E-mail</option><option value="random">Aleatória</option></select></label>
<label>Chave <input type="text" name="key" required></label>
<label>CPF do titular <input type="text" name="cpf" inputmode="numeric" autocomplete="off" required></label>
<label>Resultado <select name="outcome">
<option value="pay">Pagar (padrão)</option>
<option value="invalid_key">Recusar a chave (o jogador pode corrigir)</option>
<option value="reject">Recusar de vez (o dinheiro volta ao saldo)</option>
<option value="no_answer">Aceitar sem responder (o app precisa consultar)</option>
</select></label>
<button type="submit">Salvar regra</button>
</fieldset></form>`
}
