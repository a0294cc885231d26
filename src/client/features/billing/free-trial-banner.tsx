import Gift from "lucide-react/icons/gift";
import X from "lucide-react/icons/x";
import { useState } from "react";
import type { User } from "@shared/api/auth";
import { TRIAL_OFFER_DISMISSED_COOKIE } from "@shared/api/page-cookie-values";
import { Button } from "@client/components/ui/button";
import { readPageCookie, writePageCookie } from "@client/lib/page-cookies";
import { TrialModal } from "./lazy-trial-modal";
import { isTrialEligible } from "./plan-status";

/**
 * learner-core §2: the green banner for free-plan users without a trial. Dismissing it hides it for the rest
 * of the browser session (it returns on the next visit, while the offer still applies). The dismissal is a page
 * cookie rather than session storage, so the screen the server draws leaves the banner out too: a banner drawn and
 * then removed by the browser would shift the whole page.
 */
export function FreeTrialBanner({ user }: { user: User }) {
  const [dismissed, setDismissed] = useState(() => readPageCookie(TRIAL_OFFER_DISMISSED_COOKIE) === user.id);
  const [modalOpen, setModalOpen] = useState(false);
  const eligible = isTrialEligible(user);

  function dismiss() {
    setDismissed(true);
    writePageCookie(TRIAL_OFFER_DISMISSED_COOKIE, user.id);
  }

  return (
    <>
      {eligible && !dismissed ? (
        <section
          aria-label="Free trial offer"
          className="border-b border-emerald-800/30 bg-emerald-700 text-white dark:border-emerald-400/20 dark:bg-emerald-900"
        >
          <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2.5 sm:px-6 lg:px-8">
            <Gift className="hidden size-5 shrink-0 sm:block" aria-hidden />
            <p className="min-w-0 flex-1 text-sm font-semibold">Get 7 days of Premium FREE</p>
            <Button
              type="button"
              size="sm"
              onClick={() => setModalOpen(true)}
              className="bg-white text-emerald-800 hover:bg-emerald-50 focus-visible:outline-white dark:bg-emerald-100 dark:text-emerald-950"
            >
              Start Free Trial
            </Button>
            <button
              type="button"
              onClick={dismiss}
              aria-label="Dismiss free trial offer"
              className="rounded-md p-1.5 text-white/90 transition-colors hover:bg-white/15 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
            >
              <X className="size-4" aria-hidden />
            </button>
          </div>
        </section>
      ) : null}
      <TrialModal open={modalOpen} onOpenChange={setModalOpen} />
    </>
  );
}
