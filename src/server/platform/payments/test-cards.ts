import { createHash } from "node:crypto";
import { SANDBOX_TEST_CARDS } from "@shared/constants";
import type { SError } from "./stripe-shapes";

export interface CardInput {
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardVerdict =
  | { ok: true; brand: string; last4: string; fingerprint: string; failsOffSession: boolean }
  | { ok: false; error: SError };

const DECLINED: SError = {
  type: "card_error",
  code: "card_declined",
  decline_code: "generic_decline",
  message: "Your card was declined.",
};

const TEST_CARD_BRANDS: Record<string, string> = {
  [SANDBOX_TEST_CARDS.succeeds]: "visa",
  [SANDBOX_TEST_CARDS.declined]: "visa",
  [SANDBOX_TEST_CARDS.failsOnRenewal]: "visa",
  "5555555555554444": "mastercard",
  "378282246310005": "amex",
  // More of Stripe's published test cards: a trial is allowed once per card, so parallel browser tests that each
  // start one need a card of their own.
  "6011111111111117": "discover",
  "3566002020360505": "jcb",
  "4000056655665556": "visa",
  "5200828282828210": "mastercard",
};

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * What a test-mode card does: 4242… succeeds, 4000…0002 is declined, 4000…0341 attaches (and pays on-session)
 * but every off-session charge (trial conversion, renewal) is declined. Real card numbers are refused, as in
 * Stripe's test mode. `now` judges the expiry date.
 */
export function judgeCard(card: CardInput, now: Date): CardVerdict {
  const digits = card.cardNumber.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    return {
      ok: false,
      error: { type: "card_error", code: "incorrect_number", message: "Your card number is incorrect." },
    };
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (card.expMonth - 1) < thisMonth) {
    return {
      ok: false,
      error: { type: "card_error", code: "expired_card", message: "Your card has expired." },
    };
  }
  if (!/^\d{3,4}$/.test(card.cvc)) {
    return {
      ok: false,
      error: {
        type: "card_error",
        code: "incorrect_cvc",
        message: "Your card's security code is incorrect.",
      },
    };
  }
  const brand = TEST_CARD_BRANDS[digits];
  if (!brand) {
    return {
      ok: false,
      error: {
        ...DECLINED,
        message:
          "Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.",
      },
    };
  }
  if (digits === SANDBOX_TEST_CARDS.declined) return { ok: false, error: DECLINED };
  return {
    ok: true,
    brand,
    last4: digits.slice(-4),
    fingerprint: createHash("sha256").update(`jargon-card:${digits}`).digest("hex").slice(0, 16),
    failsOffSession: digits === SANDBOX_TEST_CARDS.failsOnRenewal,
  };
}

export const OFF_SESSION_DECLINE: SError = DECLINED;
