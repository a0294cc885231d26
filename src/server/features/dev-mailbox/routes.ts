import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config";
import type { AppContext } from "../../context";
import { mailbox } from "../../db/schema";
import { notFound } from "../../platform/errors/app-error";
import { restrictToLoopback } from "../../platform/http/loopback";
import { renderMailboxPage } from "./mailbox-page";

/**
 * The local mailbox is a development aid: only without SMTP, never in production, and only for requests from this
 * machine (it lists live sign-in links, so anyone else reading it could sign in as anyone).
 */
export const isDevMailboxEnabled = (config: Config) => !config.smtpUrl && config.env !== "production";

const MAILBOX_PAGE_LIMIT = 200;

export function devMailboxRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    restrictToLoopback(app);
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
      reply.type("text/html").send(renderMailboxPage(await list())),
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
        return reply.type("text/html").send(renderMailboxPage(await list(), message));
      },
    );
  };
}
