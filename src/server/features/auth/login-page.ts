import { FIRST_NAME_MAX } from "@shared/api/auth";

/**
 * Our own sign-in page, used when no OpenID Connect provider is configured. It is plain HTML served by the
 * API (the SPA's route table has no sign-in route) and works without JavaScript; /api/login/sign-in.js
 * only adds the browser's time zone and applies the saved theme.
 */

/**
 * What the page shows. Messages are fixed strings chosen by a code: nothing a link's query string says is echoed
 * inside our sign-in page (a crafted link could otherwise put a phishing text there).
 */
export type LoginPageState =
  | { view: "form"; error?: LoginErrorCode; email?: string }
  /** `email` comes from a signed cookie the form's own redirect set; a bare `?sent=1` names no address. */
  | { view: "sent"; email?: string; mailboxUrl?: string }
  /** The sign-in link's landing page: a button spends the link (by POST), so a mail scanner's GET cannot. */
  | { view: "confirm"; token: string; askFirstName?: boolean };

export const LOGIN_ERRORS = {
  invalid_email: "Please enter a valid e-mail address",
  rate_limited:
    "Too many sign-in links were requested for this address. Please wait 15 minutes and try again.",
  link_expired: "This sign-in link has expired or was already used. Enter your e-mail to get a new one.",
  mail_failed: "We couldn't send the e-mail just now. Please try again in a minute.",
} as const;
export type LoginErrorCode = keyof typeof LOGIN_ERRORS;

export const isLoginErrorCode = (value: unknown): value is LoginErrorCode =>
  typeof value === "string" && Object.hasOwn(LOGIN_ERRORS, value);

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function renderLoginPage(state: LoginPageState): string {
  return renderPage(
    state.view === "sent"
      ? sentView(state)
      : state.view === "confirm"
        ? confirmView(state.token, state.askFirstName ?? false)
        : formView(state),
  );
}

/** The page around a message of ours (OIDC failures), with a way back to signing in. */
export function renderLoginMessagePage(message: string): string {
  return renderPage(`<h1>Sign in</h1>
<p class="error" role="alert">${escapeHtml(message)}</p>
<p><a href="/api/login">Try signing in again</a></p>`);
}

function renderPage(body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Jargon</title>
<meta name="description" content="Sign in to Jargon with a one-time link sent to your e-mail.">
<link rel="icon" href="/favicon-48x48.png" type="image/png" sizes="48x48">
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

function formView(state: { error?: LoginErrorCode; email?: string }): string {
  const error = state.error
    ? `<p class="error" role="alert" id="login-error">${LOGIN_ERRORS[state.error]}</p>`
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

function sentView(state: { email?: string; mailboxUrl?: string }): string {
  const mailbox = state.mailboxUrl
    ? `<p class="small">No mail server is configured, so the message is in the <a href="${state.mailboxUrl}">local mailbox</a>.</p>`
    : "";
  const to = state.email ? `<strong>${escapeHtml(state.email)}</strong>` : "your address";
  return `<h1>Check your e-mail</h1>
<p class="muted" role="status">We sent a sign-in link to ${to}. It works once and expires in 15 minutes.</p>
${mailbox}
<p class="small"><a href="/api/login">Use a different address</a></p>`;
}

/** A first sign-in (the link would create the account) also asks for a first name, which may stay empty. */
function confirmView(token: string, askFirstName: boolean): string {
  const nameField = askFirstName
    ? `<label for="firstName">First name <span class="optional">(optional)</span></label>
<input id="firstName" name="firstName" type="text" autocomplete="given-name" maxlength="${FIRST_NAME_MAX}" autofocus
 aria-describedby="firstName-hint">
<p class="hint" id="firstName-hint">What Jargon calls you. You can leave it empty.</p>
`
    : "";
  return `<h1>${askFirstName ? "Welcome to Jargon" : "Sign in to Jargon"}</h1>
<p class="muted">${
    askFirstName
      ? "This address is new to Jargon: the button creates your free account and signs you in on this device."
      : "Press the button to finish signing in on this device. The link works once."
  }</p>
<form method="post" action="/api/login/email/verify">
<input type="hidden" name="token" value="${escapeHtml(token)}">
${nameField}<button type="submit"${askFirstName ? "" : " autofocus"}>${askFirstName ? "Create account and sign in" : "Sign in"}</button>
</form>
<p class="small">Didn't ask for this? Close this page; nothing happens without the button.</p>`;
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
.optional{font-weight:400;color:var(--muted)}
.hint{color:var(--muted);font-size:13px;margin:6px 0 0}
input[type=email],input[type=text]{width:100%;padding:10px 12px;border:1px solid var(--line);border-radius:8px;background:var(--bg);color:var(--ink);font:inherit}
button{margin-top:16px;width:100%;padding:11px 16px;border:0;border-radius:8px;background:var(--accent);color:var(--accent-ink);font:inherit;font-weight:600;cursor:pointer}
a{color:var(--accent)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.error{background:var(--error-bg);color:var(--error);padding:10px 12px;border-radius:8px;margin:0 0 16px;font-size:14px}
`;

/** Applies the saved theme before paint and adds the browser's time zone to the form. */
export const LOGIN_PAGE_SCRIPT = `(function(){try{var t=localStorage.getItem("theme");var dark=t==="dark"||(t==="system"&&matchMedia("(prefers-color-scheme: dark)").matches);if(dark)document.documentElement.classList.add("dark")}catch(e){}
document.addEventListener("DOMContentLoaded",function(){var f=document.getElementById("timeZone");if(f){try{f.value=Intl.DateTimeFormat().resolvedOptions().timeZone||""}catch(e){}}})})();`;
