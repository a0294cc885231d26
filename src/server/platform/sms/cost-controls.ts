import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from "libphonenumber-js/max";
import { DAY_MS } from "@shared/constants";
import type { AppContext } from "../../context";
import { AppError } from "../errors/app-error";
import { countHit, readHitsByPrefix } from "../limits/counters";
import type { OutgoingSms, SmsSender } from "./sms-sender";

/** What a text is for: each has its own daily budgets, so a flood of codes cannot eat the words' texts. */
export type SmsPurpose = "code" | "word";
export const SMS_PURPOSES: readonly SmsPurpose[] = ["code", "word"];

export interface SmsBudget {
  /** Texts a UTC day, all countries together. */
  daily: number;
  /** Texts a UTC day to any one country. */
  dailyPerCountry: number;
}

/** The SMS cost controls (issue 24: SMS pumping): where texts may go and how many a day. */
export interface SmsCostPolicy {
  /** ISO 3166 country codes whose mobile numbers we text. */
  countries: readonly string[];
  budgets: Record<SmsPurpose, SmsBudget>;
}

/**
 * Where the product is sold: it is priced in pounds and written in English for the UK, and bought across
 * Europe. The United Kingdom (with the Channel Islands and the Isle of Man, which share +44), Ireland, the EU/EEA
 * and Switzerland: each a low-cost SMS destination.
 */
export const DEFAULT_SMS_COUNTRIES = [
  "GB",
  "GG",
  "JE",
  "IM",
  "IE",
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
  "IS",
  "LI",
  "NO",
  "CH",
] as const;

export const DEFAULT_SMS_BUDGETS: Record<SmsPurpose, SmsBudget> = {
  code: { daily: 500, dailyPerCountry: 200 },
  word: { daily: 5000, dailyPerCountry: 2000 },
};

/** The operations tab warns from this share of a budget on. */
export const SMS_BUDGET_ALERT_SHARE = 0.8;

export const SMS_NETWORK_NUMBER_MESSAGE =
  "We cannot text satellite or international network numbers: enter a mobile number from your country";
export const SMS_COUNTRY_MESSAGE = "We cannot text numbers in this country yet";
export const SMS_BUDGET_MESSAGE = "We cannot send more texts today. Please try again tomorrow.";

/**
 * The country a text to `to` (E.164) is billed in, when we text it at all: numbers without a country (satellite
 * +881, international networks +882/+883, +870 Inmarsat, international premium +979) and countries outside the
 * allow-list (where high-cost ranges such as +252 or +232 live) are refused with a 400.
 */
export function textableCountry(to: string, policy: SmsCostPolicy): string {
  const parsed = parsePhoneNumberFromString(to);
  // A number outside every range its country lists (the UK's reserved 07700 900xxx for one) still belongs to the
  // calling code's country; a non-geographic code (satellite, international networks) belongs to none.
  const country =
    parsed?.country ??
    (parsed && !parsed.isNonGeographic()
      ? getCountries().find((code) => getCountryCallingCode(code) === parsed.countryCallingCode)
      : undefined);
  if (!country) throw new AppError(400, SMS_NETWORK_NUMBER_MESSAGE, "PHONE_NOT_TEXTABLE");
  if (!policy.countries.includes(country))
    throw new AppError(400, SMS_COUNTRY_MESSAGE, "PHONE_COUNTRY_NOT_SERVED");
  return country;
}

const budgetExhausted = () => new AppError(503, SMS_BUDGET_MESSAGE, "SMS_BUDGET_EXHAUSTED");

const budgetKey = (purpose: SmsPurpose, scope: string) => `sms:day:${purpose}:${scope}`;

type CostContext = Pick<AppContext, "db" | "clock"> & { config: { smsCosts: SmsCostPolicy } };

/**
 * `sender` with the cost controls in front: the destination's country must be allowed, and the text must fit
 * today's budgets for its purpose (all countries, and its country), counted in the database for every instance.
 * A text past a budget is not sent (503); the count includes it, so a flood keeps being refused all day.
 */
export function withCostControls(sender: SmsSender, ctx: CostContext): SmsSender {
  return {
    kind: sender.kind,
    async send(sms: OutgoingSms) {
      const policy = ctx.config.smsCosts;
      const country = textableCountry(sms.to, policy);
      const budget = policy.budgets[sms.purpose];
      const now = ctx.clock.now();
      // The country first: a text its country's budget refuses takes nothing from the others'.
      const inCountry = await countHit(ctx, budgetKey(sms.purpose, country), DAY_MS, now);
      if (inCountry.hits > budget.dailyPerCountry) throw budgetExhausted();
      const all = await countHit(ctx, budgetKey(sms.purpose, "all"), DAY_MS, now);
      if (all.hits > budget.daily) throw budgetExhausted();
      return sender.send(sms);
    },
  };
}

export interface SmsBudgetUse {
  purpose: SmsPurpose;
  /** "all", or the country code. */
  scope: string;
  used: number;
  limit: number;
}

/** Today's use of every budget: each purpose's overall one, and each country's that has any. */
export async function smsBudgetUse(ctx: CostContext): Promise<SmsBudgetUse[]> {
  const now = ctx.clock.now();
  const counted = await readHitsByPrefix(ctx, "sms:day:", DAY_MS, now);
  return SMS_PURPOSES.flatMap((purpose) => {
    const budget = ctx.config.smsCosts.budgets[purpose];
    const hitsOf = (scope: string) => counted.find((row) => row.key === budgetKey(purpose, scope))?.hits ?? 0;
    const countries = counted
      .map((row) => row.key.slice(budgetKey(purpose, "").length))
      .filter((scope, i) => counted[i]!.key.startsWith(budgetKey(purpose, "")) && scope !== "all");
    return [
      { purpose, scope: "all", used: hitsOf("all"), limit: budget.daily },
      ...countries.map((scope) => ({ purpose, scope, used: hitsOf(scope), limit: budget.dailyPerCountry })),
    ];
  });
}

/** The operations tab's line for a budget at or past SMS_BUDGET_ALERT_SHARE of its limit; null below that. */
export function smsBudgetAlert({ purpose, scope, used, limit }: SmsBudgetUse): string | null {
  if (used < limit * SMS_BUDGET_ALERT_SHARE) return null;
  const what = `${purpose === "code" ? "Verification codes" : "Word texts"} (${scope === "all" ? "all countries" : scope})`;
  if (used > limit)
    return `${what}: today's budget of ${limit} texts is used up; ${used - limit} more refused`;
  return `${what}: ${used} of today's ${limit} texts used`;
}
