import { desc, eq, or, sql } from "drizzle-orm";
import {
  TEAM_REQUEST_RATE_LIMIT_MESSAGE,
  type AdminTeamRequest,
  type teamRequestSchema,
} from "@shared/api/teams";
import { DAY_MS, TEAM_REQUESTS_PER_ADDRESS_PER_DAY } from "@shared/constants";
import type { z } from "zod";
import type { AppContext } from "@server/context";
import { teamRequests, users } from "@server/db/schema";
import type { UserRow } from "@server/platform/auth/session";
import { tooManyRequests } from "@server/platform/errors/app-error";
import { countHit } from "@server/platform/limits/counters";
import { renderTeamRequestAcknowledgement } from "./acknowledgement-email";

type TeamRequestFields = z.output<typeof teamRequestSchema>;

/**
 * Stores a team plan request, then acknowledges it by e-mail to the work address given, with the support mailbox
 * as Reply-To so the requester's answer reaches the team. Anyone may send one, so the address is limited per day
 * (in the shared limit counters, across instances): the form must not become a way to mail someone repeatedly.
 * The row is kept when the e-mail fails; `acknowledged_at` stays empty and the failure is logged.
 */
export async function submitTeamRequest(
  ctx: AppContext,
  sender: UserRow | null,
  input: TeamRequestFields,
): Promise<number> {
  const now = ctx.clock.now();
  const address = input.workEmail.toLowerCase();
  const { hits } = await countHit(ctx, `team-request:${address}`, DAY_MS, now);
  if (hits > TEAM_REQUESTS_PER_ADDRESS_PER_DAY) throw tooManyRequests(TEAM_REQUEST_RATE_LIMIT_MESSAGE);

  const [row] = await ctx.db
    .insert(teamRequests)
    .values({ ...input, userId: sender?.id ?? null, createdAt: now })
    .returning({ id: teamRequests.id });
  const id = row!.id;

  try {
    const mail = await renderTeamRequestAcknowledgement({ id, ...input });
    await ctx.mailer.send({ to: input.workEmail, replyTo: ctx.config.supportEmail, ...mail });
    await ctx.db.update(teamRequests).set({ acknowledgedAt: ctx.clock.now() }).where(eq(teamRequests.id, id));
  } catch (error) {
    ctx.log.error({ err: error, teamRequestId: id }, "team request stored but its acknowledgement failed");
  }
  return id;
}

/** Every team request, newest first, with the sender's account when they were signed in (the admin Teams tab). */
/**
 * The team requests a user sent, for their data export: those sent while signed in, and those whose work address
 * is their account's e-mail (the form is open to visitors, so a request made before signing in is still theirs).
 */
export async function teamRequestsOf(ctx: AppContext, user: UserRow) {
  return ctx.db
    .select({
      company: teamRequests.company,
      seats: teamRequests.seats,
      workEmail: teamRequests.workEmail,
      message: teamRequests.message,
      acknowledgedAt: teamRequests.acknowledgedAt,
      createdAt: teamRequests.createdAt,
    })
    .from(teamRequests)
    .where(or(eq(teamRequests.userId, user.id), sql`lower(${teamRequests.workEmail}) = lower(${user.email})`))
    .orderBy(desc(teamRequests.id));
}

export async function listTeamRequests(ctx: AppContext): Promise<AdminTeamRequest[]> {
  const rows = await ctx.db
    .select({
      id: teamRequests.id,
      company: teamRequests.company,
      seats: teamRequests.seats,
      workEmail: teamRequests.workEmail,
      message: teamRequests.message,
      accountEmail: users.email,
      acknowledgedAt: teamRequests.acknowledgedAt,
      createdAt: teamRequests.createdAt,
    })
    .from(teamRequests)
    .leftJoin(users, eq(users.id, teamRequests.userId))
    .orderBy(desc(teamRequests.id));
  return rows.map((row) => ({
    ...row,
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}
