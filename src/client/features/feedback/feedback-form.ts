import { feedbackRequestSchema, type FeedbackRequest } from "@shared/api/feedback";
import type { FeedbackArea } from "@shared/constants";
import { firstErrorPerField } from "@client/lib/form-errors";

export interface FeedbackDraft {
  area: FeedbackArea | "";
  subject: string;
  message: string;
  userEmail: string;
  userName: string;
}

export type FeedbackErrors = Partial<Record<keyof FeedbackDraft, string>>;

/** plans-billing §3: the form starts with the signed-in user's e-mail and name (full name, else username). */
export function emptyDraft(
  user: { email: string; fullName: string | null; username: string } | null,
): FeedbackDraft {
  return {
    area: "",
    subject: "",
    message: "",
    userEmail: user?.email ?? "",
    userName: user?.fullName?.trim() || user?.username || "",
  };
}

/** The server's own schema decides: the first message per field, or the request to send. */
export function validateDraft(
  draft: FeedbackDraft,
): { request: FeedbackRequest } | { errors: FeedbackErrors } {
  const parsed = feedbackRequestSchema.safeParse({ ...draft, area: draft.area || undefined });
  if (parsed.success) return { request: parsed.data };
  return { errors: firstErrorPerField<keyof FeedbackDraft>(parsed.error) };
}
