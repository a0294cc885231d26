import type { Database } from "@server/db/client";
import type { Transaction } from "@server/db/raw";
import { adminAudit } from "@server/db/schema";
import type { UserRow } from "@server/platform/auth/session";

export interface AdminChange {
  action: string;
  entityType: "user" | "topic" | "word";
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Appends one row to admin_audit. Call it inside the transaction that makes the change, so a change and its
 * record commit (or roll back) together.
 */
export async function recordAdminChange(
  db: Database | Transaction,
  admin: Pick<UserRow, "id" | "email">,
  change: AdminChange,
  at: Date,
): Promise<void> {
  await db.insert(adminAudit).values({
    adminId: admin.id,
    adminEmail: admin.email,
    action: change.action,
    entityType: change.entityType,
    entityId: change.entityId === null ? null : String(change.entityId),
    before: change.before ?? null,
    after: change.after ?? null,
    createdAt: at,
  });
}
