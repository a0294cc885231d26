import type { Preferences } from "@shared/api/preferences";
import { PERSONAL_PARAMETERS_MIN_REVIEWS } from "@shared/constants";
import { localDateFormat } from "@client/lib/local-date-format";

const longDate = localDateFormat("en-US", { month: "long", day: "numeric", year: "numeric" });

/**
 * The one line Settings shows about the learner's FSRS parameters (issue 16). With enough reviews but no fit yet,
 * it says the refit job will get to them within a day rather than asking for reviews they already have.
 */
export function reviewParametersLine({ inUseSince, reviews }: Preferences["personalParameters"]): string {
  if (inUseSince) return `Personal review parameters: in use since ${longDate.format(new Date(inUseSince))}`;
  if (reviews >= PERSONAL_PARAMETERS_MIN_REVIEWS) {
    return `Default parameters (you have ${reviews} reviews; your personal ones are fitted within a day)`;
  }
  return `Default parameters (personal ones after ${PERSONAL_PARAMETERS_MIN_REVIEWS} reviews; you have ${reviews})`;
}
