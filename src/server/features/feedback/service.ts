import { and, count, eq, gt } from "drizzle-orm";
import {
  FEEDBACK_PER_USER_PER_HOUR,
  FEEDBACK_RATE_LIMIT_MESSAGE,
  type feedbackRequestSchema,
} from "@shared/api/feedback";
import { HOUR_MS } from "@shared/constants";
import type { z } from "zod";
import type { AppContext } from "@server/context";
import { feedback } from "@server/db/schema";
import type { UserRow } from "@server/platform/auth/session";
import { tooManyRequests } from "@server/platform/errors/app-error";
import { renderFeedbackEmail } from "./feedback-email";

type FeedbackInput = z.output<typeof feedbackRequestSchema>;

/**
 * Stores the feedback, then e-mails it to the support mailbox with the sender as Reply-To (the address they
 * typed, else their account's). The row is kept even when the e-mail fails, so no feedback is ever lost; the
 * failure is logged and `mailed_at` stays empty for support to find.
 */
export async function submitFeedback(ctx: AppContext, user: UserRow, input: FeedbackInput): Promise<number> {
  const now = ctx.clock.now();
  const [recent] = await ctx.db
    .select({ n: count() })
    .from(feedback)
    .where(and(eq(feedback.userId, user.id), gt(feedback.createdAt, new Date(now.getTime() - HOUR_MS))));
  if ((recent?.n ?? 0) >= FEEDBACK_PER_USER_PER_HOUR) throw tooManyRequests(FEEDBACK_RATE_LIMIT_MESSAGE);

  const userEmail = input.userEmail || null;
  const userName = input.userName || null;
  const [row] = await ctx.db
    .insert(feedback)
    .values({
      userId: user.id,
      area: input.area,
      subject: input.subject,
      message: input.message,
      userEmail,
      userName,
      createdAt: now,
    })
    .returning({ id: feedback.id });
  const id = row!.id;

  const senderEmail = userEmail ?? user.email;
  try {
    const mail = await renderFeedbackEmail({
      id,
      area: input.area,
      subject: input.subject,
      message: input.message,
      senderName: userName,
      senderEmail,
      accountEmail: user.email,
      userId: user.id,
    });
    await ctx.mailer.send({ to: ctx.config.supportEmail, replyTo: senderEmail, ...mail });
    await ctx.db.update(feedback).set({ mailedAt: ctx.clock.now() }).where(eq(feedback.id, id));
  } catch (error) {
    ctx.log.error({ err: error, feedbackId: id }, "feedback stored but the e-mail to support failed");
  }
  return id;
}
