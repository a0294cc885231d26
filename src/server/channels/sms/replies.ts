import { and, desc, eq, sql } from "drizzle-orm";
import type { QuickGrade } from "@shared/constants";
import type { AppContext } from "@server/context";
import { deliveries, deliverySends, users } from "@server/db/schema";
import { answerDelivery, type AnsweredDelivery } from "@server/features/learning/service";
import { verifiedPhoneNumberSql } from "@server/platform/sms/verified-number";

/**
 * A reply to our texts ("1" knew it, "2" didn't know) answers the latest word texted to that number: the newest
 * SMS send that went out to a user whose verified number it is (several accounts may have proved the same number;
 * the last text is the one the person is looking at). A text that carries a review asks about it, so the reply answers
 * the review rather than the new word beside it. One answer per delivery, recorded as channel `sms`. Null when
 * no verified user of the number was ever texted a word.
 */
export async function answerLatestText(
  ctx: AppContext,
  phoneNumber: string,
  answer: QuickGrade,
): Promise<AnsweredDelivery | null> {
  const [latest] = await ctx.db
    .select({ linkId: deliveries.linkId })
    .from(deliverySends)
    .innerJoin(deliveries, eq(deliveries.id, deliverySends.deliveryId))
    .innerJoin(users, eq(users.id, deliveries.userId))
    .where(
      and(
        eq(deliverySends.channel, "sms"),
        eq(deliverySends.status, "sent"),
        eq(verifiedPhoneNumberSql(users), phoneNumber),
      ),
    )
    .orderBy(desc(deliverySends.sentAt), desc(sql`${deliveries.kind} = 'review'`), desc(deliveries.id))
    .limit(1);
  return latest ? answerDelivery(ctx, latest.linkId, answer, "sms") : null;
}
