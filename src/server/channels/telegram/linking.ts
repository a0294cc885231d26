import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { TELEGRAM_LINK_TOKEN_LIFETIME_MS } from "@shared/constants";
import type { AppContext } from "@server/context";
import type { Database } from "@server/db/client";
import { subscriptions, telegramChats, telegramLinkTokens } from "@server/db/schema";
import { setChannelSwitches } from "@server/platform/channels/subscription-channels";

/**
 * "Connect Telegram": a deep link whose start parameter is a one-time token, `<nonce>_<mac>` (Telegram allows
 * only A-Z a-z 0-9 _ - and 64 characters there). The MAC refuses a forged token before the database is asked; the
 * stored nonce makes it single use and short-lived.
 */
const TOKEN = /^([A-Za-z0-9-]{22})_([A-Za-z0-9_-]{22})$/;

const macOf = (ctx: Pick<AppContext, "config">, nonce: string) =>
  createHmac("sha256", ctx.config.sessionSecret)
    .update(`telegram-link:${nonce}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");

/** A fresh deep link for `userId`, valid for TELEGRAM_LINK_TOKEN_LIFETIME_MS and one `/start`. */
export async function createLinkToken(
  ctx: AppContext,
  userId: string,
): Promise<{ token: string; expiresAt: Date }> {
  // No "_" in the nonce: it separates the MAC.
  const nonce = randomBytes(16).toString("base64url").replaceAll("_", "-");
  const expiresAt = new Date(ctx.clock.now().getTime() + TELEGRAM_LINK_TOKEN_LIFETIME_MS);
  await ctx.db.insert(telegramLinkTokens).values({ nonce, userId, expiresAt });
  return { token: `${nonce}_${macOf(ctx, nonce)}`, expiresAt };
}

/**
 * Turns the 'telegram' switch of every subscription of `userId` on or off: a linked chat gets every topic's words
 * (the learner asked for them there by connecting), and a chat stopped, blocked or disconnected gets none, so the
 * dispatcher queues no send it could only fail.
 */
async function switchTelegram(
  db: Pick<Database, "select" | "insert">,
  userId: string,
  enabled: boolean,
  now: Date,
): Promise<void> {
  const owned = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  await setChannelSwitches(
    db,
    owned.map((row) => row.id),
    { telegram: enabled },
    now,
  );
}

/** The learner a token links, claiming it; null for a token forged, used, or expired. */
async function claimLinkToken(ctx: AppContext, token: string): Promise<string | null> {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, nonce = "", mac = ""] = match;
  const expected = Buffer.from(macOf(ctx, nonce));
  if (expected.length !== mac.length || !timingSafeEqual(expected, Buffer.from(mac))) return null;
  const now = ctx.clock.now();
  const [claimed] = await ctx.db
    .update(telegramLinkTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(telegramLinkTokens.nonce, nonce),
        isNull(telegramLinkTokens.usedAt),
        gt(telegramLinkTokens.expiresAt, now),
      ),
    )
    .returning({ userId: telegramLinkTokens.userId });
  return claimed?.userId ?? null;
}

/** Links `chatId` to the learner a `/start <token>` names; the chat's and the learner's earlier links give way. */
export async function linkChatByToken(ctx: AppContext, chatId: number, token: string): Promise<boolean> {
  const userId = await claimLinkToken(ctx, token);
  if (!userId) return false;
  await ctx.db.transaction(async (tx) => {
    const displaced = await tx
      .delete(telegramChats)
      .where(eq(telegramChats.chatId, chatId))
      .returning({ userId: telegramChats.userId });
    await tx.delete(telegramChats).where(eq(telegramChats.userId, userId));
    for (const previous of displaced)
      if (previous.userId !== userId) await switchTelegram(tx, previous.userId, false, ctx.clock.now());
    await tx.insert(telegramChats).values({ userId, chatId, linkedAt: ctx.clock.now() });
    await switchTelegram(tx, userId, true, ctx.clock.now());
  });
  return true;
}

/** A bare `/start` in a chat paused by `/stop` (or a block) links it again; false when the chat was never linked. */
export async function resumeChat(ctx: AppContext, chatId: number): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [resumed] = await tx
      .update(telegramChats)
      .set({ stoppedAt: null })
      .where(eq(telegramChats.chatId, chatId))
      .returning({ userId: telegramChats.userId });
    if (resumed) await switchTelegram(tx, resumed.userId, true, ctx.clock.now());
    return resumed !== undefined;
  });
}

/** `/stop`, or the bot blocked: nothing more goes to the chat until a `/start`. */
export async function pauseChat(ctx: Pick<AppContext, "db" | "clock">, chatId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [paused] = await tx
      .update(telegramChats)
      .set({ stoppedAt: ctx.clock.now() })
      .where(and(eq(telegramChats.chatId, chatId), isNull(telegramChats.stoppedAt)))
      .returning({ userId: telegramChats.userId });
    if (paused) await switchTelegram(tx, paused.userId, false, ctx.clock.now());
  });
}

/** "Disconnect" in Settings: the chat is forgotten; only a new deep link connects it again. */
export async function disconnectChat(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx.delete(telegramChats).where(eq(telegramChats.userId, userId));
    await switchTelegram(tx, userId, false, ctx.clock.now());
  });
}

/** The learner's chat while linked and not paused; null otherwise. */
export async function activeChatOf(ctx: Pick<AppContext, "db">, userId: string): Promise<number | null> {
  const [row] = await ctx.db
    .select({ chatId: telegramChats.chatId })
    .from(telegramChats)
    .where(and(eq(telegramChats.userId, userId), isNull(telegramChats.stoppedAt)));
  return row?.chatId ?? null;
}
