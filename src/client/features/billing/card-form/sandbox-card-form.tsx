import { useState, type FormEvent } from "react";
import { ApiError } from "@client/lib/api";
import { serverMessage } from "../api/errors";
import { confirmSandboxCard } from "../api/sandbox-confirm";
import {
  EMPTY_SANDBOX_CARD,
  isSandboxCardComplete,
  SandboxCardFields,
  sandboxCardInput,
} from "./sandbox-card-fields";
import type { CardConfirmResult, PaymentCardFormProps } from "./types";

/** A sandbox answer as Stripe.js would give it: 400/402 are the provider refusing the card, in its words. */
export function cardResultOfError(error: unknown): CardConfirmResult {
  if (error instanceof ApiError && [400, 402].includes(error.status)) {
    return { status: "declined", message: error.body?.message ?? "Your card was declined." };
  }
  return { status: "error", message: serverMessage(error, "An unexpected error occurred") };
}

/**
 * The built-in sandbox's card form (no Stripe keys configured): our own fields, clearly marked as test mode,
 * posting to /api/sandbox/confirm, which answers as Stripe.js would (the provider's decline message on 402).
 */
export function SandboxCardForm({ clientSecret, onResult, renderActions }: PaymentCardFormProps) {
  const [card, setCard] = useState(EMPTY_SANDBOX_CARD);
  const [submitting, setSubmitting] = useState(false);
  const complete = isSandboxCardComplete(card);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // learner-core §5: submitting does nothing until the form is ready (and never twice).
    if (submitting || !complete) return;
    setSubmitting(true);
    try {
      let result: CardConfirmResult;
      try {
        const intent = await confirmSandboxCard(clientSecret, sandboxCardInput(card));
        result = { status: "succeeded", intentId: intent.id };
      } catch (error) {
        result = cardResultOfError(error);
      }
      await onResult(result);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
      <SandboxCardFields value={card} onChange={setCard} disabled={submitting} />
      {renderActions({ ready: complete, submitting })}
    </form>
  );
}
