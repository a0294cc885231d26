/** The small pages of the signed unsubscribe link (no sign-in, no client bundle: it must work from any mail app). */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Jargon</title>
<style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:32px;max-width:420px}
button{background:#4f46e5;color:#fff;border:0;border-radius:8px;padding:12px 20px;font-size:15px;cursor:pointer}
a{color:#4f46e5}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export const unsubscribeConfirmPage = (token: string) =>
  page(
    "Stop these e-mails?",
    `<p>You will stop receiving this topic's words by e-mail. They will keep arriving in the app, where you can change this at any time.</p>
<form method="post"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Stop e-mails</button></form>`,
  );

export const unsubscribedPage = (topicName: string) =>
  page(
    "You're unsubscribed",
    `<p>E-mails for ${escapeHtml(topicName || "this topic")} are off. The words still arrive in the app.</p><p><a href="/subscriptions">Manage your subscriptions</a></p>`,
  );

export const invalidLinkPage = () =>
  page(
    "This link doesn't work",
    `<p>The unsubscribe link is incomplete or was changed. Sign in to manage your e-mails.</p><p><a href="/subscriptions">Manage your subscriptions</a></p>`,
  );
