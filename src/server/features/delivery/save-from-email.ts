import { eq } from "drizzle-orm";
import type { AppContext } from "@server/context";
import { deliveries } from "@server/db/schema";
import { escapeHtml, smallPage } from "@server/platform/http/small-page";
import { addFavorite } from "../favorites/service";
import { verifySaveToken } from "./signed-links";

/** The delivery a save link names, or null for a link we did not sign (or whose delivery is gone). */
export async function deliveryOfSaveLink(ctx: AppContext, token: string) {
  const linkId = verifySaveToken(ctx.config, token);
  if (linkId === null) return null;
  const [row] = await ctx.db
    .select({ userId: deliveries.userId, wordId: deliveries.wordId })
    .from(deliveries)
    .where(eq(deliveries.linkId, linkId));
  return row ?? null;
}

/** Saves the e-mailed word to its recipient's favorites; saving it again changes nothing. Returns the word. */
export async function saveFromEmail(ctx: AppContext, token: string): Promise<string | null> {
  const delivery = await deliveryOfSaveLink(ctx, token);
  if (!delivery) return null;
  const { favorite } = await addFavorite(ctx, delivery.userId, delivery.wordId);
  return favorite.content.word;
}

export const saveConfirmPage = (token: string) =>
  smallPage(
    "Save this word?",
    `<p>It will be kept in your Favorites in Jargon.</p>
<form method="post"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">Save to favorites</button></form>`,
  );

export const savedPage = (word: string) =>
  smallPage(
    "Saved to your favorites",
    `<p>“${escapeHtml(word)}” is in your Favorites.</p><p><a href="/favorites">Open your favorites</a></p>`,
  );

export const invalidSaveLinkPage = () =>
  smallPage(
    "This link doesn't work",
    `<p>The save link is incomplete or was changed. Sign in to save words from your history.</p><p><a href="/history">Open your history</a></p>`,
  );
