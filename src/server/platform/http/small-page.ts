/**
 * The shell of the small server-rendered pages that signed e-mail links open (unsubscribe, grade, save): no sign-in and no
 * client bundle, so they work from any mail app; light or dark as the reader's system is.
 */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** `body` is HTML the caller built with escapeHtml around every value it did not write itself. */
export function smallPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark"><title>${escapeHtml(title)} · Jargon</title>
<style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;min-height:100vh;margin:0;padding:16px;box-sizing:border-box}
main{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:32px;max-width:420px;width:100%;box-sizing:border-box}
button{background:#4f46e5;color:#fff;border:0;border-radius:8px;padding:12px 20px;font-size:15px;cursor:pointer}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #818cf8;outline-offset:2px}
a{color:#4f46e5}.muted{color:#475569}.brand{color:#4f46e5;font-weight:700;font-size:20px;margin:0 0 8px}
fieldset{border:0;padding:0;margin:0 0 20px}legend{font-weight:600;margin-bottom:8px}
label{display:flex;gap:10px;align-items:center;padding:10px 12px;border:1px solid #e2e8f0;border-radius:8px;margin-bottom:8px;cursor:pointer}
@media (prefers-color-scheme: dark){body{background:#020617;color:#e2e8f0}main{background:#0f172a;border-color:#1e293b}
a{color:#a5b4fc}.brand{color:#a5b4fc}.muted{color:#94a3b8}label{border-color:#334155}}</style></head><body><main><p class="brand">Jargon</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
