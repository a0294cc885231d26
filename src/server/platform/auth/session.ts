import { and, eq, gt } from "drizzle-orm";
import fastifyCookie from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_COOKIE, SESSION_TTL_MS } from "@shared/constants";
import { isSecureUrl } from "@server/config";
import type { AppContext } from "@server/context";
import { sessions, users } from "@server/db/schema";
import { forbidden, unauthorized } from "../errors/app-error";
import { hashToken, newToken } from "./tokens";

export type UserRow = typeof users.$inferSelect;

const userCache = new WeakMap<FastifyRequest, Promise<UserRow | null>>();

export async function createSession(ctx: AppContext, userId: string): Promise<string> {
  const token = newToken();
  await ctx.db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(ctx.clock.now().getTime() + SESSION_TTL_MS),
  });
  return token;
}

export function setSessionCookie(ctx: AppContext, reply: FastifyReply, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureUrl(ctx.config.appUrl),
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

/**
 * The session token of a request that did not go through the cookie plugin (a route registered before it, to skip
 * its per-request hooks): read from the Cookie header the way the plugin reads it.
 */
export function sessionTokenOfHeader(cookieHeader: string | undefined): string | undefined {
  return cookieHeader ? fastifyCookie.parse(cookieHeader)[SESSION_COOKIE] : undefined;
}

/** Deletes the request's session and clears its cookie; returns whose session it was (undefined: none). */
export async function endSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string | undefined> {
  const token = request.cookies[SESSION_COOKIE];
  reply.clearCookie(SESSION_COOKIE, { path: "/" });
  if (!token) return undefined;
  const [ended] = await ctx.db
    .delete(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .returning({ userId: sessions.userId });
  return ended?.userId;
}

async function loadUser(ctx: AppContext, request: FastifyRequest): Promise<UserRow | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), gt(sessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  // Sliding expiry: an active user stays signed in; refreshing at most once per half-life keeps writes rare.
  if (row.expiresAt.getTime() - now.getTime() < SESSION_TTL_MS / 2) {
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
      .where(eq(sessions.tokenHash, hashToken(token)));
  }
  return row.user;
}

/** The signed-in user of this request, or null; loaded at most once per request. */
export function currentUser(ctx: AppContext, request: FastifyRequest): Promise<UserRow | null> {
  let pending = userCache.get(request);
  if (!pending) {
    pending = loadUser(ctx, request);
    userCache.set(request, pending);
  }
  return pending;
}

export async function requireUser(ctx: AppContext, request: FastifyRequest): Promise<UserRow> {
  const user = await currentUser(ctx, request);
  if (!user) throw unauthorized();
  return user;
}

export async function requireAdmin(ctx: AppContext, request: FastifyRequest): Promise<UserRow> {
  const user = await requireUser(ctx, request);
  if (!user.isAdmin) throw forbidden("Admin access required", "ADMIN_REQUIRED");
  return user;
}
