import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import { MAGIC_LINK_TTL_MS, MINUTE_MS } from "@shared/constants";
import type { AppContext } from "@server/context";
import { loginTokens, users } from "@server/db/schema";
import type { UserRow } from "@server/platform/auth/session";
import { hashToken, newToken } from "@server/platform/auth/tokens";
import { conflict, tooManyRequests } from "@server/platform/errors/app-error";
import { renderSignInEmail } from "./sign-in-email";

export { toUserDto } from "./user-dto";

/** Sign-in links one address may request per window: enough for a typo or two, too few to spam someone. */
export const LINKS_PER_ADDRESS = 5;
export const LINK_WINDOW_MS = 15 * MINUTE_MS;

export interface ProfileClaims {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
  phoneNumber?: string | null;
  oidcSubject?: string;
  timeZone?: string | null;
  /** Used only when this sign-in creates the account: the e-mail sign-in's optional first name. */
  firstNameIfNew?: string | null;
}

export async function sendSignInLink(
  ctx: AppContext,
  email: string,
  timeZone: string | undefined,
): Promise<void> {
  const now = ctx.clock.now();
  const [recent] = await ctx.db
    .select({ n: count() })
    .from(loginTokens)
    .where(
      and(eq(loginTokens.email, email), gt(loginTokens.createdAt, new Date(now.getTime() - LINK_WINDOW_MS))),
    );
  if ((recent?.n ?? 0) >= LINKS_PER_ADDRESS) {
    throw tooManyRequests(
      "Too many sign-in links were requested for this address. Please wait 15 minutes and try again.",
    );
  }
  const token = newToken();
  await ctx.db.insert(loginTokens).values({
    tokenHash: hashToken(token),
    email,
    timeZone: timeZone ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + MAGIC_LINK_TTL_MS),
  });
  const link = `${ctx.config.appUrl}/api/login/email/verify?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({ to: email, ...(await renderSignInEmail(link)) });
}

const usableToken = (token: string, now: Date) =>
  and(
    eq(loginTokens.tokenHash, hashToken(token)),
    isNull(loginTokens.usedAt),
    gt(loginTokens.expiresAt, now),
  );

/**
 * Whether a sign-in link would still work, without spending it (the link's landing page asks this), and whether it
 * would create the account, so the page can ask a first-time address for a first name. Only the link's holder
 * sees the answer, so it tells no one else which addresses have accounts.
 */
export async function inspectSignInLink(
  ctx: AppContext,
  token: string,
): Promise<{ createsAccount: boolean } | null> {
  const [row] = await ctx.db
    .select({ email: loginTokens.email })
    .from(loginTokens)
    .where(usableToken(token, ctx.clock.now()))
    .limit(1);
  if (!row) return null;
  const [existing] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${row.email.toLowerCase()}`)
    .limit(1);
  return { createsAccount: existing === undefined };
}

/** Consumes a sign-in link: valid, unexpired and unused, exactly once even under concurrent clicks. */
export async function redeemSignInLink(
  ctx: AppContext,
  token: string,
  firstNameIfNew?: string,
): Promise<UserRow | null> {
  const now = ctx.clock.now();
  const [claimed] = await ctx.db
    .update(loginTokens)
    .set({ usedAt: now })
    .where(usableToken(token, now))
    .returning();
  if (!claimed) return null;
  return upsertUser(ctx, {
    email: claimed.email,
    timeZone: claimed.timeZone,
    firstNameIfNew: firstNameIfNew || null,
  });
}

/**
 * Creates or updates the user behind a sign-in. Admins: addresses in ADMIN_EMAILS; with none configured,
 * the first account ever created (a fresh install must have someone who can reach /admin).
 */
export async function upsertUser(ctx: AppContext, claims: ProfileClaims): Promise<UserRow> {
  const email = claims.email.trim().toLowerCase();
  const listedAdmin = ctx.config.adminEmails.includes(email);
  const profile = {
    ...(claims.firstName !== undefined ? { firstName: claims.firstName } : {}),
    ...(claims.lastName !== undefined ? { lastName: claims.lastName } : {}),
    ...(claims.profileImageUrl !== undefined ? { profileImageUrl: claims.profileImageUrl } : {}),
    ...(claims.phoneNumber !== undefined ? { phoneNumber: claims.phoneNumber } : {}),
  };

  return ctx.db.transaction(async (tx) => {
    const existing = claims.oidcSubject
      ? await tx.select().from(users).where(eq(users.oidcSubject, claims.oidcSubject)).limit(1)
      : [];
    const byEmail = existing[0]
      ? existing
      : await tx
          .select()
          .from(users)
          .where(sql`lower(${users.email}) = ${email}`)
          .limit(1);
    const found = byEmail[0];
    if (found && claims.oidcSubject && found.oidcSubject && found.oidcSubject !== claims.oidcSubject) {
      // Another identity at the provider now claims this address: never hand it the existing account silently.
      throw conflict(
        "This e-mail address already belongs to a Jargon account that signs in with another identity. " +
          "Sign in the way you did before, or contact support.",
        "ACCOUNT_LINKED_ELSEWHERE",
      );
    }
    if (found) {
      const [updated] = await tx
        .update(users)
        .set({
          ...profile,
          email,
          ...(claims.oidcSubject ? { oidcSubject: claims.oidcSubject } : {}),
          ...(listedAdmin ? { isAdmin: true } : {}),
          ...(found.timeZone || !claims.timeZone ? {} : { timeZone: claims.timeZone }),
          updatedAt: ctx.clock.now(),
        })
        .where(eq(users.id, found.id))
        .returning();
      return updated ?? found;
    }
    const firstAccountIsAdmin = ctx.config.adminEmails.length === 0;
    const [created] = await tx
      .insert(users)
      .values({
        ...(claims.firstNameIfNew ? { firstName: claims.firstNameIfNew } : {}),
        ...profile,
        email,
        oidcSubject: claims.oidcSubject ?? null,
        timeZone: claims.timeZone ?? null,
        isAdmin: listedAdmin || (firstAccountIsAdmin ? sql`not exists (select 1 from users)` : false),
        createdAt: ctx.clock.now(),
      })
      .returning();
    if (!created) throw new Error("user insert returned nothing");
    return created;
  });
}

/** Saves the browser's zone the first time we learn it; later changes come from settings. */
export async function rememberTimeZone(
  ctx: AppContext,
  userId: string,
  timeZone: string,
): Promise<UserRow | null> {
  const [updated] = await ctx.db
    .update(users)
    .set({ timeZone })
    .where(and(eq(users.id, userId), isNull(users.timeZone)))
    .returning();
  return updated ?? null;
}
