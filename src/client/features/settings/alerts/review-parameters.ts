import type { Preferences } from "@shared/api/preferences";
import { PERSONAL_PARAMETERS_MIN_REVIEWS } from "@shared/constants";
import { localDateFormat } from "@client/lib/local-date-format";

const longDate = localDateFormat({ month: "long", day: "numeric", year: "numeric" });

/**
 * The one line Settings shows about the learner's FSRS parameters (issue 16). With enough reviews but no fit yet,
 * it says the refit job will get to them within a day rather than asking for reviews they already have; once a fit
 * has read them and found too little to learn from (issue 22: FSRS's optimiser often does, for the first hundred or
 * two reviews), it says so and when it tries again, rather than promising a day that has passed.
 */
export function reviewParametersLine({
  inUseSince,
  reviews,
  lastFitAt,
}: Preferences["personalParameters"]): string {
  if (inUseSince) return `Personal review parameters: in use since ${longDate.format(new Date(inUseSince))}`;
  if (lastFitAt) {
    return `Default parameters (you have ${reviews} reviews, not yet enough for personal ones; we try again each day you review)`;
  }
  if (reviews >= PERSONAL_PARAMETERS_MIN_REVIEWS) {
    return `Default parameters (you have ${reviews} reviews; your personal ones are fitted within a day)`;
  }
  return `Default parameters (personal ones after ${PERSONAL_PARAMETERS_MIN_REVIEWS} reviews; you have ${reviews})`;
}
