import { describe, expect, it } from "vitest";
import { pageCookiesOf, TRIAL_OFFER_DISMISSED_COOKIE } from "./page-cookie-values";

describe("pageCookiesOf", () => {
  it("hands the drawing the page's own cookies and never the session's or another site's", () => {
    expect(
      pageCookiesOf({
        session: "secret-token",
        jargon_session: "secret-token",
        [TRIAL_OFFER_DISMISSED_COOKIE]: "user-1",
        theme: "dark",
      }),
    ).toEqual({ [TRIAL_OFFER_DISMISSED_COOKIE]: "user-1" });
  });
});
