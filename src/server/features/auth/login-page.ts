/**
 * Our own sign-in page, used when no OpenID Connect provider is configured. It is plain HTML served by the
 * API (the SPA's route table has no sign-in route) and works without JavaScript; /api/login/sign-in.js
 * only adds the browser's time zone and applies the saved theme.
 */
export interface LoginPageState {
  sentTo?: string;
  error?: string;
  email?: string;
  mailboxUrl?: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function renderLoginPage(state: LoginPageState): string {
  const body = state.sentTo ? sentView(state.sentTo, state.mailboxUrl) : formView(state);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Jargon</title>
<meta name="description" content="Sign in to Jargon with a one-time link sent to your e-mail.">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<script src="/api/login/sign-in.js"></script>
<style>${STYLES}</style>
</head>
<body>
<main class="card">
<a class="brand" href="/">Jargon</a>
${body}
</main>
</body>
</html>`;
}

function formView(state: LoginPageState): string {
  const error = state.error
    ? `<p class="error" role="alert" id="login-error">${escapeHtml(state.error)}</p>`
    : "";
  return `<h1>Sign in</h1>
<p class="muted">Enter your e-mail address and we'll send you a link to sign in. No password needed.</p>
${error}
<form method="post" action="/api/login/email">
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="email" required autofocus
 value="${escapeHtml(state.email ?? "")}"${state.error ? ' aria-describedby="login-error" aria-invalid="true"' : ""}>
<input type="hidden" name="timeZone" id="timeZone">
<button type="submit">Email me a sign-in link</button>
</form>
<p class="small">New to Jargon? The same link creates your free account.</p>`;
}

function sentView(email: string, mailboxUrl: string | undefined): string {
  const mailbox = mailboxUrl
    ? `<p class="small">No mail server is configured, so the message is in the <a href="${mailboxUrl}">local mailbox</a>.</p>`
    : "";
  return `<h1>Check your e-mail</h1>
<p class="muted" role="status">We sent a sign-in link to <strong>${escapeHtml(email)}</strong>. It works once and expires in 15 minutes.</p>
${mailbox}
<p class="small"><a href="/api/login">Use a different address</a></p>`;
}

const STYLES = `
:root{color-scheme:light;--bg:#f8fafc;--card:#fff;--ink:#0f172a;--muted:#475569;--line:#e2e8f0;--accent:#4f46e5;--accent-ink:#fff;--error:#b91c1c;--error-bg:#fef2f2}
html.dark{color-scheme:dark;--bg:#020617;--card:#0f172a;--ink:#f1f5f9;--muted:#94a3b8;--line:#1e293b;--accent:#818cf8;--accent-ink:#0b1020;--error:#fca5a5;--error-bg:#450a0a}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);color:var(--ink);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding:16px}
.card{width:100%;max-width:420px;background:var(--card);border:1px solid var(--line);border-radius:16px;padding:32px;box-shadow:0 10px 30px rgba(15,23,42,.06)}
.brand{display:inline-block;font-weight:800;font-size:20px;color:var(--accent);text-decoration:none;margin-bottom:20px}
h1{font-size:24px;margin:0 0 8px}
.muted{color:var(--muted);margin:0 0 20px}
.small{color:var(--muted);font-size:14px;margin:16px 0 0}
label{display:block;font-weight:600;font-size:14px;margin-bottom:6px}
input[type=email]{width:100%;padding:10px 12px;border:1px solid var(--line);border-radius:8px;background:var(--bg);color:var(--ink);font:inherit}
button{margin-top:16px;width:100%;padding:11px 16px;border:0;border-radius:8px;background:var(--accent);color:var(--accent-ink);font:inherit;font-weight:600;cursor:pointer}
a{color:var(--accent)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.error{background:var(--error-bg);color:var(--error);padding:10px 12px;border-radius:8px;margin:0 0 16px;font-size:14px}
`;

/** Applies the saved theme before paint and adds the browser's time zone to the form. */
export const LOGIN_PAGE_SCRIPT = `(function(){try{var t=localStorage.getItem("theme");var dark=t==="dark"||(t==="system"&&matchMedia("(prefers-color-scheme: dark)").matches);if(dark)document.documentElement.classList.add("dark")}catch(e){}
document.addEventListener("DOMContentLoaded",function(){var f=document.getElementById("timeZone");if(f){try{f.value=Intl.DateTimeFormat().resolvedOptions().timeZone||""}catch(e){}}})})();`;
