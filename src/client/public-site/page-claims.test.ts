import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import {
  AVERAGE_IMPROVEMENT_CLAIM,
  CURRENCIES,
  DOMAINS_CLAIM,
  LEARNERS_CLAIM,
  PAUSE_MAX_MONTHS,
  PLAN_NAMES,
  RATING_CLAIM,
  REFUND_WINDOW_DAYS,
  SUPPORT_RESPONSE_HOURS,
  TERMS_PER_DOMAIN_CLAIM,
  TRIAL_LENGTH_DAYS,
} from "@shared/constants";
import { planPrice, yearlySaving } from "@shared/rules/billing";
import { MORE_CHANNELS_TEXT, SUPPORT_REPLY_TEXT } from "@shared/rules/claims";
import { PricingFooter } from "@client/features/pricing/pricing-footer";
import { PRERENDERED_PATHS, renderPublicPage } from "./render";

/**
 * Issue 28: every figure a public page or the plans page states is the product's own, from the constants. Each
 * page is rendered as a visitor receives it (the prerendered HTML) and read as text; a price, support promise,
 * trial length, pause, refund window or marketing figure that is not the constants' fails here, so the next change
 * of a price or a promise cannot leave a page behind.
 */
const credits: unknown = JSON.parse(readFileSync("content/CREDITS.json", "utf8"));

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

const pages = PRERENDERED_PATHS.map((path) => ({ path, text: textOf(renderPublicPage(path, { credits })) }));
const allText = pages.map((page) => page.text).join(" ");

/** Every amount in minor units a page may state: each plan's monthly and yearly price, twelve months and the saving. */
const statedAmounts = new Set(
  CURRENCIES.flatMap((currency) =>
    PLAN_NAMES.flatMap((plan) => [
      planPrice(plan, currency, "month"),
      planPrice(plan, currency, "year"),
      planPrice(plan, currency, "month") * 12,
      yearlySaving(plan, currency),
    ]),
  ),
);

/** The first captured group of every match (a pattern may offer several wordings). */
const matchesOf = (pattern: RegExp) =>
  [...allText.matchAll(pattern)].map((match) => match.slice(1).find((group) => group !== undefined)!);

describe("the public pages' figures", () => {
  it("state only plan prices, yearly prices and savings from the plan table", () => {
    const amounts = matchesOf(/[£$](\d+(?:\.\d\d)?)/g);
    expect(amounts.length).toBeGreaterThan(0);
    for (const amount of amounts) expect(statedAmounts, amount).toContain(Math.round(Number(amount) * 100));
  });

  it("promise the support response time of the Terms", () => {
    const hours = matchesOf(/within (\d+) hours/g);
    expect(hours.length).toBeGreaterThan(0);
    expect(new Set(hours)).toEqual(new Set([String(SUPPORT_RESPONSE_HOURS)]));
  });

  it("give the trial's length, the pause limit and the refund window as the product applies them", () => {
    expect(new Set(matchesOf(/free for (\d+) days|(\d+)[- ]days? (?:free|of Premium|trial)/g))).toEqual(
      new Set([String(TRIAL_LENGTH_DAYS)]),
    );
    expect(new Set(matchesOf(/pause[^.]*? up to (\d+) months/gi))).toEqual(
      new Set([String(PAUSE_MAX_MONTHS)]),
    );
    expect(allText).toContain(`${REFUND_WINDOW_DAYS} days`);
  });

  it("repeat the spec's marketing figures and no others", () => {
    expect(new Set(matchesOf(/(\d+\+) (?:professional )?(?:domains|Specializations)/g))).toEqual(
      new Set([DOMAINS_CLAIM]),
    );
    expect(new Set(matchesOf(/(\d+\+) (?:expert )?terms/g))).toEqual(new Set([TERMS_PER_DOMAIN_CLAIM]));
    expect(new Set(matchesOf(/average (?:vocabulary improvement )?(\d+%)/gi))).toEqual(
      new Set([AVERAGE_IMPROVEMENT_CLAIM]),
    );
    expect(new Set(matchesOf(/([\d,]+\+) (?:professionals|Professionals)/g))).toEqual(
      new Set([LEARNERS_CLAIM]),
    );
    expect(new Set(matchesOf(/(\d\.\d\/5)/g))).toEqual(new Set([RATING_CLAIM]));
  });
});

describe("the plans page's footer", () => {
  it("keeps the spec's four points and says the channels and the reply time they leave out", () => {
    const text = textOf(
      renderToString(createElement(Router, { ssrPath: "/pricing", children: createElement(PricingFooter) })),
    );
    for (const point of ["Secure payments", "Email and in-app delivery", "24/7 support", "Cancel anytime"]) {
      expect(text).toContain(point);
    }
    expect(text).toContain(MORE_CHANNELS_TEXT);
    expect(text).toContain(SUPPORT_REPLY_TEXT);
  });
});
