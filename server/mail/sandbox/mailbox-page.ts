// The sandbox mailbox's HTML: a plain server-rendered page (no script, no inline style, so it
// works under a strict CSP) listing the e-mail and text messages the app sent, newest first,
// with each message's links made clickable.

export interface ReceivedMail {
  id: string
  /** The envelope's sender and recipients (what the SMTP conversation said). */
  from: string
  to: string[]
  subject: string
  text: string
  html: string | null
  messageId: string | null
  receivedAt: number
}

export interface ReceivedSms {
  sid: string
  to: string
  from: string
  body: string
  receivedAt: number
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** Served at /sandbox/mailbox.css. */
export const mailboxCss = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #1d2b3a; color: #f4f1e8; }
  main { max-width: 48rem; margin: 0 auto; padding: 1rem; }
  .marker { background: #ffcc33; color: #1a1a1a; font-weight: 700; padding: .4rem .8rem; border-radius: .4rem; display: inline-block; }
  article { background: #263b50; padding: 1rem; border-radius: .5rem; margin: 1rem 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .2rem 1rem; margin: 0 0 .6rem; }
  dt { opacity: .8 } dd { margin: 0; font-weight: 600; word-break: break-all; }
  pre { white-space: pre-wrap; word-break: break-word; background: #10202f; padding: .8rem; border-radius: .4rem; }
  a { color: #ffcc33; }
`

const when = (at: number) => new Date(at).toISOString().replace('T', ' ').slice(0, 19)

/** Escapes the text and makes its http(s) links into anchors. */
function withLinks(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, i) => (i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join('')
}

function mailItem(mail: ReceivedMail): string {
  return `<article data-testid="mail">
<dl><dt>De</dt><dd>${escapeHtml(mail.from)}</dd><dt>Para</dt><dd data-testid="mail-to">${escapeHtml(mail.to.join(', '))}</dd>
<dt>Assunto</dt><dd data-testid="mail-subject">${escapeHtml(mail.subject)}</dd><dt>Recebido</dt><dd>${when(mail.receivedAt)} UTC</dd></dl>
<pre>${withLinks(mail.text)}</pre></article>`
}

function smsItem(sms: ReceivedSms): string {
  return `<article data-testid="sms">
<dl><dt>De</dt><dd>${escapeHtml(sms.from)}</dd><dt>Para</dt><dd>${escapeHtml(sms.to)}</dd><dt>Recebido</dt><dd>${when(sms.receivedAt)} UTC</dd></dl>
<pre>${withLinks(sms.body)}</pre></article>`
}

export function mailboxPage(mails: ReceivedMail[], texts: ReceivedSms[]): string {
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Caixa de correio sandbox</title><link rel="stylesheet" href="/sandbox/mailbox.css"></head>
<body><main>
<h1>Caixa de correio sandbox</h1>
<p class="marker" data-testid="sandbox-marker">SANDBOX — nada sai desta máquina</p>
<p>O que o app enviou por e-mail e SMS, mais recente primeiro. Também em <a href="/sandbox/mailbox.json">JSON</a>.</p>
<section><h2>E-mail (${mails.length})</h2>${mails.map(mailItem).join('') || '<p>Nenhum e-mail ainda.</p>'}</section>
<section><h2>SMS (${texts.length})</h2>${texts.map(smsItem).join('') || '<p>Nenhum SMS ainda.</p>'}</section>
</main></body></html>`
}
