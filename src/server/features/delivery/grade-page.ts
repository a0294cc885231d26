import type { AnsweredDelivery } from "@server/features/learning/service";
import { ANSWER_LINK_LIFETIME_MS, DAY_MS } from "@shared/constants";
import { escapeHtml, smallPage } from "@server/platform/http/small-page";
import type { GradeLinkChoice } from "./signed-links";

/** The answers as the e-mail words them: a new word's quick grades, a review's "Quick review" buttons. */
const CHOICE_LABELS: Record<"new" | "review", Record<GradeLinkChoice, string>> = {
  new: {
    knew_it: "Knew it",
    didnt_know: "Didn't know",
    known: "I already know this word (don't send it again)",
  },
  review: {
    knew_it: "I remember",
    didnt_know: "I forgot",
    known: "I already know this word (don't send it again)",
  },
};

/**
 * What a grade link's GET shows: the three answers, the one the link named already chosen, and a button that
 * records it by POST. Each answer carries its own signed token, so the POST records exactly the answer chosen.
 * The word's meaning is not on it: for a review that would tell before asking (it shows after the answer).
 */
export function gradeConfirmPage(
  word: string,
  kind: "new" | "review",
  chosen: GradeLinkChoice,
  tokens: Record<GradeLinkChoice, string>,
): string {
  const labels = CHOICE_LABELS[kind];
  const options = (Object.keys(labels) as GradeLinkChoice[])
    .map(
      (choice) =>
        `<label><input type="radio" name="token" value="${escapeHtml(tokens[choice])}"${choice === chosen ? " checked" : ""}> ${escapeHtml(labels[choice])}</label>`,
    )
    .join("");
  return smallPage(
    kind === "review" ? `Do you remember “${word}”?` : `Did you know “${word}”?`,
    `<form method="post" action="/api/grade"><fieldset><legend>Your answer</legend>${options}</fieldset>
<button type="submit">Save my answer</button></form>
<p class="muted">Your answer decides when this word comes back. Nothing is saved until you press the button.</p>`,
  );
}

/** After the POST: the word's meaning, when the word comes back (or that it won't), and the way to the review queue. */
export function gradedPage({
  word,
  definition,
  partOfSpeech,
  comesBack,
  dueCount,
}: AnsweredDelivery): string {
  const meaning = `<p><strong>${escapeHtml(word)}</strong>${partOfSpeech ? ` <em class="muted">${escapeHtml(partOfSpeech)}</em>` : ""}: ${escapeHtml(definition)}</p>`;
  const when =
    comesBack === null
      ? `<p>Got it: we won't send “${escapeHtml(word)}” again.</p>`
      : `<p>“${escapeHtml(word)}” comes back ${escapeHtml(comesBack)}.</p>`;
  const next =
    dueCount > 0
      ? `<p><a href="/review">Review the next word</a> <span class="muted">(${dueCount} due today)</span></p>`
      : `<p class="muted">Nothing else is due today.</p><p><a href="/">Open Jargon</a></p>`;
  return smallPage(comesBack === null ? "Marked as known" : "Answer saved", `${meaning}${when}${next}`);
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
