import { escapeHtml, smallPage as page } from "@server/platform/http/small-page";

/** The small pages of the signed unsubscribe link (no sign-in, no client bundle: it must work from any mail app). */
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

export const dailyReviewConfirmPage = (token: string) =>
  page(
    "Stop the daily review e-mail?",
    `<p>Your reviews will wait for you in the app instead of arriving in one e-mail a day. You can change where reviews go in Settings at any time.</p>
<form method="post"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Keep reviews in the app</button></form>`,
  );

export const dailyReviewOffPage = () =>
  page(
    "Your daily review e-mail is off",
    `<p>Your reviews now wait for you in the app. Your words keep arriving as before.</p><p><a href="/settings">Choose where reviews go</a></p>`,
  );

export const invalidLinkPage = () =>
  page(
    "This link doesn't work",
    `<p>The unsubscribe link is incomplete or was changed. Sign in to manage your e-mails.</p><p><a href="/subscriptions">Manage your subscriptions</a></p>`,
  );
