import { and, eq } from "drizzle-orm";
import type { AppContext } from "@server/context";
import { billingCustomers } from "@server/db/schema";
import type { UserRow } from "@server/platform/auth/session";
import { conflict } from "@server/platform/errors/app-error";
import type { PaymentProvider } from "@server/platform/payments/provider";
import { payments } from "./providers";
import { getAccount } from "./state";

/* The user's customer record at a payment provider, and the provider's self-service portal. */

export async function ensureCustomer(
  ctx: AppContext,
  provider: PaymentProvider,
  user: UserRow,
): Promise<string> {
  const find = async () =>
    (
      await ctx.db
        .select({ customerId: billingCustomers.customerId })
        .from(billingCustomers)
        .where(and(eq(billingCustomers.userId, user.id), eq(billingCustomers.provider, provider.key)))
    )[0]?.customerId;
  const existing = await find();
  if (existing) return existing;
  const customerId = await provider.createCustomer(
    { userId: user.id, email: user.email },
    `customer:${provider.key}:${user.id}`,
  );
  await ctx.db
    .insert(billingCustomers)
    .values({ userId: user.id, provider: provider.key, customerId, createdAt: ctx.clock.now() })
    .onConflictDoNothing();
  return (await find()) ?? customerId;
}

export async function customerOf(
  ctx: AppContext,
  userId: string,
  providerKey: string,
): Promise<string | undefined> {
  const [row] = await ctx.db
    .select({ customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, providerKey)));
  return row?.customerId;
}

export async function createCustomerPortal(ctx: AppContext, userId: string): Promise<{ url: string }> {
  const account = await getAccount(ctx, userId);
  const providerKey = account?.provider ?? (await payments(ctx).current()).key;
  const customerId = await customerOf(ctx, userId, providerKey);
  if (!customerId) {
    throw conflict("You don't have a billing account yet. Choose a plan first.", "NO_BILLING_ACCOUNT");
  }
  const url = await payments(ctx)
    .byKey(providerKey)
    .portalUrl(customerId, `${ctx.config.appUrl}/settings?tab=plan`);
  return { url };
}
