import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { User } from "@shared/api/auth";
import type { AdminUpdateUserRequest } from "@shared/api/admin";
import { adminUpdateUserRequestSchema } from "@shared/api/admin";
import type { AppContext } from "@server/context";
import { users } from "@server/db/schema";
import type { UserRow } from "@server/platform/auth/session";
import { conflict, notFound } from "@server/platform/errors/app-error";
import { toUserDto } from "../auth/service";
import { setPlanByAdmin } from "../billing/service";
import { recordAdminChange } from "./audit";
import { mapUniqueViolation } from "./unique-violation";

export const LAST_ADMIN_MESSAGE =
  "You are the only admin. Make another user an admin before removing your own admin access.";
export const EMAIL_TAKEN_MESSAGE = "Another account already uses this e-mail address.";

/** Every user, newest first, as the Users tab shows them. */
export async function listUsersForAdmin(ctx: AppContext): Promise<User[]> {
  const rows = await ctx.db.select().from(users).orderBy(desc(users.createdAt), desc(users.id));
  return rows.map(toUserDto);
}

type ProfileFields = Pick<UserRow, "email" | "firstName" | "lastName" | "phoneNumber" | "isAdmin">;
const PROFILE_FIELDS: (keyof ProfileFields)[] = ["email", "firstName", "lastName", "phoneNumber", "isAdmin"];

const profileOf = (row: UserRow): ProfileFields => ({
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  phoneNumber: row.phoneNumber,
  isAdmin: row.isAdmin,
});

/**
 * Edits a user's profile fields, admin flag and plan. Profile and flag change in one transaction with their
 * audit row; the plan goes through billing (its own audit trail, no payment provider call) and is audited too.
 */
export async function updateUserAsAdmin(
  ctx: AppContext,
  admin: UserRow,
  userId: string,
  input: AdminUpdateUserRequest,
): Promise<User> {
  const { subscriptionPlan, ...profileChange } = adminUpdateUserRequestSchema.parse(input);
  const now = ctx.clock.now();

  await mapUniqueViolation(
    () =>
      ctx.db.transaction(async (tx) => {
        const [target] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
        if (!target) throw notFound("User not found");
        const before = profileOf(target);
        const changed = PROFILE_FIELDS.filter(
          (field) => profileChange[field] !== undefined && profileChange[field] !== before[field],
        );
        if (changed.length === 0) return;

        if (changed.includes("email")) {
          const [taken] = await tx
            .select({ id: users.id })
            .from(users)
            .where(and(sql`lower(${users.email}) = ${profileChange.email}`, ne(users.id, userId)))
            .limit(1);
          if (taken) throw conflict(EMAIL_TAKEN_MESSAGE, "EMAIL_TAKEN");
        }
        if (changed.includes("isAdmin") && profileChange.isAdmin === false) {
          // Locks every admin row, so two admins removing themselves at once cannot leave nobody in charge.
          const admins = await tx
            .select({ id: users.id })
            .from(users)
            .where(eq(users.isAdmin, true))
            .for("update");
          if (admins.every((row) => row.id === userId)) throw conflict(LAST_ADMIN_MESSAGE, "LAST_ADMIN");
        }

        const update = Object.fromEntries(changed.map((field) => [field, profileChange[field]]));
        await tx
          .update(users)
          .set({ ...update, updatedAt: now })
          .where(eq(users.id, userId));
        await recordAdminChange(
          tx,
          admin,
          {
            action: "user.update",
            entityType: "user",
            entityId: userId,
            before: Object.fromEntries(changed.map((field) => [field, before[field]])),
            after: update,
          },
          now,
        );
      }),
    () => conflict(EMAIL_TAKEN_MESSAGE, "EMAIL_TAKEN"),
  );

  if (subscriptionPlan !== undefined) {
    const [current] = await ctx.db
      .select({ plan: users.subscriptionPlan })
      .from(users)
      .where(eq(users.id, userId));
    if (current && current.plan !== subscriptionPlan) {
      await setPlanByAdmin(ctx, admin, userId, subscriptionPlan, async (tx, before, after) => {
        await recordAdminChange(
          tx,
          admin,
          {
            action: "user.plan_set",
            entityType: "user",
            entityId: userId,
            before: {
              subscriptionPlan: before.subscriptionPlan,
              subscriptionStatus: before.subscriptionStatus,
            },
            after: { subscriptionPlan: after.subscriptionPlan, subscriptionStatus: after.subscriptionStatus },
          },
          now,
        );
      });
    }
  }

  const [updated] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!updated) throw notFound("User not found");
  return toUserDto(updated);
}
