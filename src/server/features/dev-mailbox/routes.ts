import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "@server/context";
import { mailbox, smsOutbox } from "@server/db/schema";
import { renderTelegramOutbox } from "@server/channels/telegram";
import { notFound } from "@server/platform/errors/app-error";
import { restrictToThisMachine } from "@server/platform/http/loopback";
import { devSmsSchema } from "@shared/api/phone";
import { renderMailboxPage } from "./mailbox-page";
import { isDevSmsEnabled } from "./service";

const MAILBOX_PAGE_LIMIT = 200;

/** The texts of the local SMS outbox, newest first; none when Twilio sends them (there is no outbox). */
const listTexts = (ctx: AppContext) =>
  isDevSmsEnabled(ctx.config)
    ? ctx.db
        .select()
        .from(smsOutbox)
        .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
        .limit(MAILBOX_PAGE_LIMIT)
    : Promise.resolve(undefined);

/** GET /api/dev/sms: the local SMS outbox, under the same loopback-only rule as the mailbox (codes are secrets). */
export function devSmsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    restrictToThisMachine(app, ctx.config);
    app.get("/api/dev/sms", { schema: { response: { 200: devSmsSchema } } }, async () =>
      ((await listTexts(ctx)) ?? []).map((text) => ({
        id: text.id,
        to: text.to,
        body: text.body,
        createdAt: text.createdAt.toISOString(),
      })),
    );
  };
}

export function devMailboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    restrictToThisMachine(app, ctx.config);
    const telegramSection = () => (ctx.telegram?.outbox ? renderTelegramOutbox(ctx.telegram.outbox) : "");
    const list = () =>
      ctx.db
        .select()
        .from(mailbox)
        .orderBy(desc(mailbox.createdAt), desc(mailbox.id))
        .limit(MAILBOX_PAGE_LIMIT);

    app.get("/api/dev/mailbox", async () =>
      (await list()).map((message) => ({
        id: message.id,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: message.headers,
        createdAt: message.createdAt.toISOString(),
      })),
    );

    app.get("/dev/mailbox", async (_request, reply) =>
      reply
        .type("text/html")
        .send(renderMailboxPage(await list(), undefined, await listTexts(ctx), telegramSection())),
    );

    app.get(
      "/dev/mailbox/:id",
      { schema: { params: z.object({ id: z.string().uuid() }) } },
      async (request, reply) => {
        const [message] = await ctx.db
          .select()
          .from(mailbox)
          .where(eq(mailbox.id, request.params.id))
          .limit(1);
        if (!message) throw notFound("No such message");
        // The message HTML is shown inside a sandboxed iframe (srcdoc), so its content cannot run scripts here.
        return reply
          .type("text/html")
          .send(renderMailboxPage(await list(), message, await listTexts(ctx), telegramSection()));
      },
    );
  };
}
