import type { mailbox, smsOutbox } from "@server/db/schema";

type Message = typeof mailbox.$inferSelect;
type Text = typeof smsOutbox.$inferSelect;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const timeOf = (date: Date) =>
  `<time datetime="${date.toISOString()}">${date.toISOString().replace("T", " ").slice(0, 19)} UTC</time>`;

/** The local SMS outbox beside the e-mails (absent when Twilio sends the texts). */
function renderTexts(texts: Text[] | undefined): string {
  if (!texts) return "";
  const items = texts
    .map(
      (text) =>
        `<li><span>${escapeHtml(text.to)} · ${timeOf(text.createdAt)}</span><pre>${escapeHtml(text.body)}</pre></li>`,
    )
    .join("\n");
  return `<section class="texts" aria-labelledby="texts-heading"><h2 id="texts-heading">Text messages</h2>
${texts.length ? `<ul aria-label="Text messages">${items}</ul>` : '<p class="empty">No text messages yet. Texts the app sends will appear here.</p>'}</section>`;
}

/**
 * /dev/mailbox: the local mailbox, newest first, with the chosen message rendered in a sandboxed frame, and the
 * local SMS outbox's texts and any other local outbox (Telegram) beside it.
 */
export function renderMailboxPage(
  messages: Message[],
  open?: Message,
  texts?: Text[],
  /** Other local outboxes' sections (the Telegram chat), shown after the texts. */
  outboxSections = "",
): string {
  const items = messages
    .map(
      (message) => `<li${open?.id === message.id ? ' class="current"' : ""}>
<a href="/dev/mailbox/${message.id}"><strong>${escapeHtml(message.subject)}</strong>
<span>${escapeHtml(message.to)} · ${timeOf(message.createdAt)}</span></a></li>`,
    )
    .join("\n");
  const viewer = open
    ? `<article aria-label="Message">
<h2>${escapeHtml(open.subject)}</h2>
<p class="meta">To ${escapeHtml(open.to)} · From ${escapeHtml(open.from)}</p>
<iframe title="Message body" sandbox="" srcdoc="${escapeHtml(open.html)}"></iframe>
<details><summary>Plain text</summary><pre>${escapeHtml(open.text)}</pre></details>
</article>`
    : `<p class="empty">${messages.length ? "Choose a message to read it." : "No messages yet. E-mails the app sends will appear here."}</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local mailbox · Jargon</title><style>
body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#0f172a;background:#f8fafc}
header{padding:16px 24px;border-bottom:1px solid #e2e8f0;background:#fff}
h1{margin:0;font-size:18px}header p{margin:4px 0 0;color:#475569;font-size:13px}
.layout{display:grid;grid-template-columns:minmax(240px,360px) 1fr;min-height:calc(100vh - 70px)}
ul{list-style:none;margin:0;padding:0;border-right:1px solid #e2e8f0;background:#fff;overflow:auto}
li a{display:block;padding:12px 16px;border-bottom:1px solid #f1f5f9;color:inherit;text-decoration:none}
li a span{display:block;color:#64748b;font-size:12px}li.current a,li a:hover{background:#eef2ff}
article{padding:20px 24px}article h2{margin:0 0 4px;font-size:18px}.meta{color:#64748b;margin:0 0 12px;font-size:13px}
iframe{width:100%;height:60vh;border:1px solid #e2e8f0;border-radius:8px;background:#fff}
pre{white-space:pre-wrap;background:#fff;border:1px solid #e2e8f0;padding:12px;border-radius:8px}
.empty{padding:24px;color:#64748b}a:focus-visible{outline:3px solid #4f46e5;outline-offset:-3px}
.texts{padding:16px 24px;border-bottom:1px solid #e2e8f0}.texts h2{margin:0 0 8px;font-size:16px}
.texts ul{border:1px solid #e2e8f0;border-radius:8px;max-height:40vh}.texts li{padding:10px 14px;border-bottom:1px solid #f1f5f9}
.texts li span{display:block;color:#64748b;font-size:12px}.buttons{display:flex;flex-wrap:wrap;gap:6px;margin-top:6px}
.write{display:flex;flex-wrap:wrap;gap:8px;align-items:end;margin:0 0 8px}.write label{display:flex;flex-direction:column;font-size:12px;color:#475569}
button{font:inherit;padding:4px 10px;border:1px solid #4f46e5;border-radius:6px;background:#fff;color:#3730a3;cursor:pointer}.texts pre{margin:4px 0 0;padding:0;border:0;background:none}
@media (max-width:767px){.layout{grid-template-columns:1fr}ul{border-right:0}}
</style></head><body><header><h1>Local mailbox</h1><p>No SMTP server is configured, so every e-mail Jargon sends is kept here.</p></header>
${renderTexts(texts)}${outboxSections}
<div class="layout"><ul aria-label="Messages">${items}</ul>${viewer}</div></body></html>`;
}
