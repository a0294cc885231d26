import { useRef, useState } from "react";
import type { User } from "@shared/api/auth";
import type { Subscription } from "@shared/api/subscriptions";
import {
  type BillingInterval,
  type Currency,
  PLAN_DISPLAY_NAMES,
  TOAST_LONG_DURATION_MS,
  UNAUTHORIZED_REDIRECT_DELAY_MS,
  type PlanName,
} from "@shared/constants";
import { planStateOf, TRIAL_END_SENTENCE } from "@shared/rules/plans";
import { toast, toastThenNavigate } from "@client/lib/toast";
import { isUnauthorizedError, LOGIN_PATH } from "@client/lib/unauthorized";
import { scheduleText, serverMessage, useCreatePaymentIntent } from "../billing";
import type { CheckoutSelection } from "./checkout-view";
import type { CreatePaymentIntentResponse } from "@shared/api/billing";

/**
 * What choosing a plan does (plans-billing §4, §5): visitors are sent to log in, the current plan answers
 * 'Already on Plan', a second click while a request is pending is ignored, and the server's answer decides
 * between the card form, the downgrade chooser, and a plan change already made.
 */
export function usePlanSelection(
  user: User | null,
  billing: { interval: BillingInterval; currency: Currency },
) {
  const createIntent = useCreatePaymentIntent();
  const pending = useRef(false);
  const [pendingPlan, setPendingPlan] = useState<PlanName | null>(null);
  const [checkout, setCheckout] = useState<CheckoutSelection | null>(null);
  const [switching, setSwitching] = useState(false);
  const [chooser, setChooser] = useState<Subscription[] | null>(null);

  async function choose(planName: PlanName) {
    if (!user) {
      toastThenNavigate(
        {
          title: "Login Required",
          description: "Please log in first to upgrade your subscription",
          variant: "destructive",
        },
        LOGIN_PATH,
        UNAUTHORIZED_REDIRECT_DELAY_MS,
      );
      return;
    }
    const state = planStateOf(user, new Date());
    const switchesInterval = !state.trial && (user.billingInterval ?? "month") !== billing.interval;
    if (planName === state.plan && !switchesInterval) {
      toast({
        title: "Already on Plan",
        description: state.trial
          ? `You're on the ${PLAN_DISPLAY_NAMES[planName]} trial. ${TRIAL_END_SENTENCE}`
          : `You're already on the ${PLAN_DISPLAY_NAMES[planName]} plan.`,
      });
      return;
    }
    if (pending.current) return;
    pending.current = true;
    setPendingPlan(planName);
    try {
      const answer = await createIntent.mutateAsync({ planName, ...billing });
      if (answer.requiresSubscriptionSelection) {
        setChooser(answer.subscriptions ?? []);
      } else if (answer.downgradedToFree) {
        toast({ title: "Downgraded Successfully", description: answer.message, variant: "success" });
      } else if (answer.alreadyScheduled) {
        toast({
          title: "Downgrade Already Scheduled",
          description: scheduleText(answer.message ?? "", answer.subscriptionDetails),
          duration: TOAST_LONG_DURATION_MS,
        });
      } else if (answer.alreadyActive) {
        const changed =
          (answer.planName !== undefined && answer.planName !== user.subscriptionPlan) ||
          (answer.interval !== undefined && answer.interval !== user.billingInterval);
        toast(
          changed
            ? { title: "Plan Updated", description: answer.message, variant: "success" }
            : { title: "Already on Plan", description: answer.message },
        );
      } else {
        openCheckout(answer, { planName, ...billing });
      }
    } catch (error) {
      failed(error);
    } finally {
      pending.current = false;
      setPendingPlan(null);
    }
  }

  function openCheckout(
    answer: CreatePaymentIntentResponse,
    asked: Omit<CheckoutSelection, "clientSecret" | "paymentIntentId" | "amount">,
  ) {
    if (answer.clientSecret && answer.paymentIntentId) {
      setCheckout({
        clientSecret: answer.clientSecret,
        paymentIntentId: answer.paymentIntentId,
        planName: answer.planName ?? asked.planName,
        amount: answer.amount ?? 0,
        interval: answer.interval ?? asked.interval,
        currency: answer.currency ?? asked.currency,
      });
      return;
    }
    setCheckout(null);
    toast({
      title: "Error",
      description: "Invalid response from server. Please try again.",
      variant: "destructive",
    });
  }

  function failed(error: unknown) {
    if (!isUnauthorizedError(error)) {
      toast({
        title: "Error",
        description: serverMessage(error, "Failed to process subscription request"),
        variant: "destructive",
      });
    }
  }

  /**
   * The Monthly/Yearly switch inside checkout: the server opens a payment for the other interval and the card
   * form follows it; the old payment is left unconfirmed, so it is never charged. One switch at a time.
   */
  async function switchCheckoutInterval(interval: BillingInterval) {
    if (!checkout || checkout.interval === interval || pending.current) return;
    pending.current = true;
    setSwitching(true);
    const asked = { planName: checkout.planName, interval, currency: checkout.currency };
    try {
      openCheckout(await createIntent.mutateAsync(asked), asked);
    } catch (error) {
      failed(error);
    } finally {
      pending.current = false;
      setSwitching(false);
    }
  }

  return {
    choose,
    pendingPlan,
    checkout,
    cancelCheckout: () => setCheckout(null),
    switchCheckoutInterval,
    switching,
    chooser,
    closeChooser: () => setChooser(null),
  };
}
