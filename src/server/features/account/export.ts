import { strToU8, zipSync } from "fflate";
import { desc, eq } from "drizzle-orm";
import { EXPORT_FILES } from "@shared/api/account";
import type { HistoryEntry } from "@shared/api/history";
import { HISTORY_MAX_PAGE_SIZE } from "@shared/api/history";
import type { AppContext } from "@server/context";
import { feedback } from "@server/db/schema";
import { buildAnkiPackage, learningHistoryOf, type ExportedCard } from "@server/features/learning/service";
import type { UserRow } from "@server/platform/auth/session";
import { toUserDto } from "../auth/service";
import { listFavorites } from "../favorites/service";
import { listHistory } from "../history/service";
import { preferencesOf } from "../preferences/service";
import { teamRequestsOf } from "../teams/service";
import { listSubscriptions } from "../subscriptions/service";
import { toAnkiNotes, toCsv } from "./table-files";

/** Every delivery of the user, newest first, read a page at a time through the history service. */
async function fullHistory(ctx: AppContext, user: UserRow): Promise<HistoryEntry[]> {
  const entries: HistoryEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await listHistory(ctx, user, { limit: HISTORY_MAX_PAGE_SIZE, cursor });
    entries.push(...page.entries);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return entries;
}

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);

function readme(user: UserRow, exportedAt: Date): string {
  return [
    "Your Jargon data",
    "================",
    "",
    `Account: ${user.email}`,
    `Exported: ${exportedAt.toISOString()}`,
    "",
    `${EXPORT_FILES.profile}        your profile, plan and preferences`,
    `${EXPORT_FILES.subscriptions}  your topic subscriptions and their schedules`,
    `${EXPORT_FILES.favorites}      words you saved, with their definitions (also ${EXPORT_FILES.favoritesCsv})`,
    `${EXPORT_FILES.history}        every word delivered to you (also ${EXPORT_FILES.historyCsv})`,
    `${EXPORT_FILES.feedback}       feedback you sent us`,
    `${EXPORT_FILES.teamRequests} team plan requests you sent, signed in or from your address`,
    `${EXPORT_FILES.anki} your favorites as flashcards: in Anki choose File > Import and pick this file`,
    `${EXPORT_FILES.reviewLog}      every grade you gave a word (Again, Hard, Good, Easy), when and where`,
    `${EXPORT_FILES.ankiPackage}         every word you met as an Anki deck that keeps its review schedule: in Anki`,
    `                    choose File > Import, pick this file and tick "Import any learning progress"`,
    "",
    "CSV files open in any spreadsheet. Times are UTC (ISO 8601).",
    "",
  ].join("\n");
}

/** One row per grade, oldest first: the card, its word, the grade and what it did to the card. */
function reviewLogCsv(cards: readonly ExportedCard[]): string {
  const rows = cards
    .flatMap((card) => card.reviews.map((review) => ({ card, review })))
    .sort((a, b) => a.review.reviewedAt.getTime() - b.review.reviewedAt.getTime());
  return toCsv(
    ["card_id", "word", "grade", "state_before", "state_after", "elapsed_days", "reviewed_at", "channel"],
    rows.map(({ card, review }) => [
      card.cardId,
      card.word,
      review.grade,
      review.stateBefore,
      review.stateAfter,
      review.elapsedDays,
      review.reviewedAt.toISOString(),
      review.channel,
    ]),
  );
}

/** The ZIP of GET /api/user/export: everything we hold about the user, in open formats. */
export async function buildAccountExport(
  ctx: AppContext,
  user: UserRow,
): Promise<{ fileName: string; zip: Uint8Array }> {
  const exportedAt = ctx.clock.now();
  const [subscriptions, favorites, history, learning, sentFeedback, sentTeamRequests] = await Promise.all([
    listSubscriptions(ctx, user.id),
    listFavorites(ctx, user.id),
    fullHistory(ctx, user),
    learningHistoryOf(ctx, user.id),
    ctx.db
      .select({
        area: feedback.area,
        subject: feedback.subject,
        message: feedback.message,
        userEmail: feedback.userEmail,
        userName: feedback.userName,
        createdAt: feedback.createdAt,
      })
      .from(feedback)
      .where(eq(feedback.userId, user.id))
      .orderBy(desc(feedback.createdAt)),
    teamRequestsOf(ctx, user),
  ]);

  const favoritesCsv = toCsv(
    ["word", "pronunciation", "definition", "example", "topic", "saved_at"],
    favorites.map(({ content, createdAt }) => [
      content.word,
      content.pronunciation,
      content.definition,
      content.example,
      content.topic.displayName,
      createdAt,
    ]),
  );
  const historyCsv = toCsv(
    [
      "delivered_at",
      "word",
      "pronunciation",
      "definition",
      "example",
      "topic",
      "delivery_method",
      "status",
      "error",
    ],
    history.map((entry) => [
      entry.sentAt ?? entry.createdAt,
      entry.content.word,
      entry.content.pronunciation,
      entry.content.definition,
      entry.content.example,
      entry.content.topic.displayName,
      entry.deliveryMethod,
      entry.status,
      entry.error,
    ]),
  );
  const anki = toAnkiNotes(
    favorites.map(({ content }) => ({
      word: content.word,
      pronunciation: content.pronunciation,
      definition: content.definition,
      example: content.example,
      topicName: content.topic.displayName,
    })),
  );

  const zip = zipSync(
    {
      [EXPORT_FILES.readme]: strToU8(readme(user, exportedAt)),
      [EXPORT_FILES.profile]: json({
        exportedAt: exportedAt.toISOString(),
        profile: toUserDto(user),
        preferences: preferencesOf(user, exportedAt),
      }),
      [EXPORT_FILES.subscriptions]: json(subscriptions),
      [EXPORT_FILES.favorites]: json(favorites),
      [EXPORT_FILES.history]: json(history),
      [EXPORT_FILES.feedback]: json(sentFeedback),
      [EXPORT_FILES.teamRequests]: json(sentTeamRequests),
      [EXPORT_FILES.favoritesCsv]: strToU8(favoritesCsv),
      [EXPORT_FILES.historyCsv]: strToU8(historyCsv),
      [EXPORT_FILES.anki]: strToU8(anki),
      [EXPORT_FILES.reviewLog]: strToU8(reviewLogCsv(learning)),
      [EXPORT_FILES.ankiPackage]: await buildAnkiPackage(learning, exportedAt),
    },
    { level: 6, mtime: exportedAt },
  );
  return { fileName: `jargon-export-${exportedAt.toISOString().slice(0, 10)}.zip`, zip };
}
