import type { AnsweredDelivery } from "@server/features/learning/service";
import { ANSWER_LINK_LIFETIME_MS, DAY_MS } from "@shared/constants";
import { escapeHtml, smallPage } from "@server/platform/http/small-page";
import type { GradeLinkChoice } from "./signed-links";

const CHOICE_LABELS: Record<GradeLinkChoice, string> = {
  knew_it: "Knew it",
  didnt_know: "Didn't know",
  known: "I already know this word (don't send it again)",
};

/**
 * What a grade link's GET shows: the three answers, the one the link named already chosen, and a button that
 * records it by POST. Each answer carries its own signed token, so the POST records exactly the answer chosen.
 */
export function gradeConfirmPage(
  word: string,
  chosen: GradeLinkChoice,
  tokens: Record<GradeLinkChoice, string>,
): string {
  const options = (Object.keys(CHOICE_LABELS) as GradeLinkChoice[])
    .map(
      (choice) =>
        `<label><input type="radio" name="token" value="${escapeHtml(tokens[choice])}"${choice === chosen ? " checked" : ""}> ${escapeHtml(CHOICE_LABELS[choice])}</label>`,
    )
    .join("");
  return smallPage(
    `Did you know “${word}”?`,
    `<form method="post" action="/api/grade"><fieldset><legend>Your answer</legend>${options}</fieldset>
<button type="submit">Save my answer</button></form>
<p class="muted">Your answer decides when this word comes back. Nothing is saved until you press the button.</p>`,
  );
}

/** After the POST: when the word comes back (or that it won't), and the way to the review queue. */
export function gradedPage({ word, comesBack, dueCount }: AnsweredDelivery): string {
  const when =
    comesBack === null
      ? `<p>Got it: we won't send “${escapeHtml(word)}” again.</p>`
      : `<p>Answer saved. “${escapeHtml(word)}” comes back ${escapeHtml(comesBack)}.</p>`;
  const next =
    dueCount > 0
      ? `<p><a href="/review">Review the next word</a> <span class="muted">(${dueCount} due today)</span></p>`
      : `<p class="muted">Nothing else is due today.</p><p><a href="/">Open Jargon</a></p>`;
  return smallPage(comesBack === null ? "Marked as known" : "Back soon", `${when}${next}`);
}

export const invalidGradeLinkPage = () =>
  smallPage(
    "This link doesn't work",
    `<p>The answer link is incomplete, was changed, or its word is no longer in your history.</p><p><a href="/review">Review your words in Jargon</a></p>`,
  );

/** An answer link past ANSWER_LINK_LIFETIME_MS: the word is still in the review queue, which is where to answer it. */
export const expiredGradeLinkPage = () =>
  smallPage(
    "This answer link has expired",
    `<p>Answer links work for ${ANSWER_LINK_LIFETIME_MS / DAY_MS} days after the word arrives. The word is still in your reviews: answer it there.</p><p><a href="/review">Review your words in Jargon</a></p>`,
  );
