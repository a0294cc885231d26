import { sql } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HISTORY_ENTRY_PARAM } from "@shared/api/history";
import { queryRows } from "@server/db/raw";
import { insertTopic, type FixtureTopic } from "@server/testing/content-fixtures";
import {
  createOwnedObjects,
  knownFieldValues,
  ownedPathValues,
  type OwnedObjects,
} from "@server/testing/owned-objects";
import { fillPath, routesUnderTest, sampleObject, type RouteUnderTest } from "@server/testing/route-inputs";
import { SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";

/**
 * Issue 13: every route the app registers × {visitor, user A, user B, admin}, acting on A's objects (path parameters
 * and body ids are A's). Visitors get 401 and non-admins 403 where they must; B and the admin (on non-admin routes)
 * never see A's data nor change A's rows. Routes are read from Fastify: a new route is checked the day it is added,
 * unless it is listed below as public, with the reason.
 */
const PUBLIC_ROUTES: Record<string, string> = {
  "GET /api/health": "load balancer health check",
  "GET /api/app-config": "settings the client needs before sign-in",
  "GET /api/login": "the sign-in page",
  "GET /api/login/sign-in.js": "the sign-in page's script",
  "POST /api/login/email": "asks for a sign-in link",
  "GET /api/login/email/verify": "the sign-in link's landing page (spends nothing)",
  "POST /api/login/email/verify": "the landing page's button: spends the single-use token",
  "GET /api/callback": "OIDC redirect back (state cookie checked)",
  "GET /api/logout": "ends whatever session the caller has, on the app's own navigation only (else a page)",
  "POST /api/logout": "the sign-out page's button: ends whatever session the caller has",
  "GET /api/topics": "the public topic catalogue",
  "GET /api/topics/samples": "the public /topics marketing page",
  "GET /api/subscription-plans": "the public pricing page",
  "POST /api/team-requests": "the public Teams form (limited per IP and per work address)",
  "GET /api/stripe-config": "the publishable key, public by design",
  "POST /api/webhooks/stripe": "authenticated by Stripe's signature",
  "GET /api/credits": "the library's sources and licence notices, shown on the public About page",
  "GET /api/unsubscribe": "authenticated by the signed link",
  "POST /api/unsubscribe": "authenticated by the signed link",
  "GET /api/save": "authenticated by the signed link (a page with a button; changes nothing)",
  "POST /api/save": "authenticated by the signed link: saves the e-mailed word to its recipient's favorites",
  "GET /api/open": "authenticated by the signed link; only redirects",
  "GET /api/grade": "authenticated by the signed link; only shows the answer page",
  "POST /api/grade": "authenticated by the signed link (one answer, one delivery)",
  "GET /api/dev/mailbox": "local mailbox without SMTP, never in production (issue 13 item 1 restricts it)",
  "GET /dev/mailbox": "local mailbox without SMTP, never in production (issue 13 item 1 restricts it)",
  "GET /dev/mailbox/:id": "local mailbox without SMTP, never in production (issue 13 item 1 restricts it)",
  "POST /api/test/login": "browser-test shortcut, registered only under NODE_ENV=test",
  "GET /api/dev/sms":
    "local SMS outbox without Twilio, never in production, this machine only (like the mailbox)",
  "POST /api/sms/inbound":
    "Twilio's webhook: authenticated by its signature (this machine only without Twilio)",
  "POST /api/telegram/webhook": "Telegram's webhook: authenticated by its secret-token header",
  "GET /api/dev/telegram":
    "local Telegram outbox without a bot token, never in production, this machine only (like the mailbox)",
  "POST /api/dev/telegram/chats/:chatId":
    "the local Telegram outbox's chat: reaches the webhook with its secret, this machine only",
  "POST /api/dev/telegram/chats/:chatId/press":
    "the local Telegram outbox's buttons: reach the webhook with its secret, this machine only",
  "POST /dev/telegram/write":
    "the dev mailbox page's Telegram chat box: reaches the webhook with its secret, this machine only",
  "POST /dev/telegram/press":
    "the dev mailbox page's Telegram buttons: reach the webhook with its secret, this machine only",
};

/** Admin-only: everything under /api/admin/, and these. */
const ADMIN_ONLY_ELSEWHERE = new Set([
  "GET /api/test/pronunciation/existing",
  "POST /api/subscriptions/:id/demo",
]);
const isAdminOnly = (key: string, url: string) =>
  url.startsWith("/api/admin/") || ADMIN_ONLY_ELSEWHERE.has(key);

const A_FEEDBACK_SUBJECT = "Ann's private feedback";

describe("authorization matrix", () => {
  let t: TestApp;
  let annsTopic: FixtureTopic;
  let ann: OwnedObjects;
  let generation = 0;

  /** A (again, as a new person, after a route of A's own changed or deleted A's objects). */
  async function createAnn(): Promise<OwnedObjects> {
    generation += 1;
    const owned = await createOwnedObjects(t, `ann-${generation}@example.com`, annsTopic);
    const feedback = await t.app.inject({
      method: "POST",
      url: "/api/feedback",
      headers: { cookie: owned.cookie, ...SAME_ORIGIN },
      // Its own address: the per-IP feedback limit must not stop the fixture.
      remoteAddress: `10.2.${generation >> 8}.${generation & 255}`,
      payload: {
        area: "other",
        subject: A_FEEDBACK_SUBJECT,
        message: "Only Ann and the team may read this.",
      },
    });
    if (feedback.statusCode !== 201) throw new Error(`fixture feedback: ${feedback.body}`);
    return owned;
  }

  /** Everything of A's that a request of someone else's could read or change. */
  async function snapshotOf(userId: string): Promise<string> {
    const tables = [
      "subscriptions",
      "deliveries",
      "favorites",
      "feedback",
      "billing_accounts",
      "push_subscriptions",
      "cards",
      "review_logs",
    ];
    const rows: Record<string, unknown> = {
      users: await queryRows(t.ctx.db, sql`select * from users where id = ${userId}`),
    };
    for (const table of tables) {
      rows[table] = await queryRows(
        t.ctx.db,
        sql`select * from ${sql.identifier(table)} where user_id = ${userId} order by 1`,
      );
    }
    return JSON.stringify(rows);
  }

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: "root@example.com" } });
    t.clock.set(new Date("2025-05-05T08:00:00Z"));
    annsTopic = await insertTopic(t.ctx, "annstopic", 5);
    ann = await createAnn();
  });
  afterAll(() => t.close());

  it("lists public routes that exist", () => {
    const registered = new Set(routesUnderTest(t.routes).map((route) => `${route.method} ${route.url}`));
    expect(Object.keys(PUBLIC_ROUTES).filter((key) => !registered.has(key))).toEqual([]);
  });

  it(
    "covers every other route: no leaks between visitor, A, B and the admin",
    { timeout: 120_000 },
    async () => {
      const routes = routesUnderTest(t.routes).filter(
        (route) => !(`${route.method} ${route.url}` in PUBLIC_ROUTES),
      );
      const failures: string[] = [];
      let requests = 0;

      for (const route of routes) {
        const key = `${route.method} ${route.url}`;
        const adminOnly = isAdminOnly(key, route.url);
        const request = requestOn(route, ann);
        if ("error" in request) {
          failures.push(`${key}: ${request.error}`);
          continue;
        }
        const send = async (cookie: string | undefined): Promise<LightMyRequestResponse> => {
          requests += 1;
          return t.app.inject({
            ...request.options,
            headers: {
              ...(request.options.headers as Record<string, string>),
              ...(cookie ? { cookie } : {}),
              ...(route.method === "GET" ? {} : SAME_ORIGIN),
            },
            remoteAddress: `10.1.${(requests >> 8) & 255}.${requests & 255}`,
          });
        };
        const markers = [ann.email, ann.userId, `${annsTopic.name}-`, A_FEEDBACK_SUBJECT];
        const leaks = (response: LightMyRequestResponse) =>
          markers.filter((marker) => response.body.includes(marker));
        const before = await snapshotOf(ann.userId);

        const visitor = await send(undefined);
        if (visitor.statusCode !== 401) failures.push(`${key} visitor: ${visitor.statusCode}, expected 401`);

        const others: [string, string][] = [["B", (await t.signIn({ email: "bob@example.com" })).cookie]];
        if (!adminOnly) others.push(["admin", (await t.signIn({ email: "root@example.com" })).cookie]);
        for (const [who, cookie] of others) {
          const response = await send(cookie);
          if (response.statusCode >= 500)
            failures.push(`${key} ${who}: ${response.statusCode} ${response.body}`);
          if (adminOnly && response.statusCode !== 403) {
            failures.push(`${key} ${who}: ${response.statusCode}, expected 403 (admin only)`);
          }
          // A's objects addressed in the path: not found (or forbidden) for anyone else.
          if (!adminOnly && route.url.includes(":") && ![403, 404].includes(response.statusCode)) {
            failures.push(`${key} ${who} on A's object: ${response.statusCode}, expected 404`);
          }
          if (leaks(response).length > 0)
            failures.push(`${key} ${who} sees A's ${leaks(response).join(", ")}`);
        }
        if ((await snapshotOf(ann.userId)) !== before) failures.push(`${key}: someone else changed A's data`);

        // A on A's own objects: allowed, except what only admins may do.
        const own = await send((await t.signIn({ email: ann.email })).cookie);
        if (own.statusCode >= 500) failures.push(`${key} A: ${own.statusCode} ${own.body}`);
        if (own.statusCode === 401 || (own.statusCode === 403) !== adminOnly) {
          failures.push(`${key} A: ${own.statusCode}${adminOnly ? ", expected 403 (admin only)" : ""}`);
        }
        if (adminOnly) {
          const asAdmin = await send((await t.signIn({ email: "root@example.com" })).cookie);
          if (asAdmin.statusCode === 401 || asAdmin.statusCode === 403 || asAdmin.statusCode >= 500) {
            failures.push(`${key} admin: ${asAdmin.statusCode} ${asAdmin.body.slice(0, 200)}`);
          }
        }
        // A (or the admin, on an admin route) may have changed A's objects: the next route gets a fresh A.
        if ((await snapshotOf(ann.userId)) !== before) ann = await createAnn();
      }

      console.log(`authorization matrix: ${requests} requests over ${routes.length} routes`);
      if (failures.length) console.log(failures.join("\n"));
      expect(failures).toEqual([]);
    },
  );

  it(
    "signed links act only on the delivery they were signed for, whoever sends them (issue 24)",
    { timeout: 120_000 },
    async () => {
      const owner = await createAnn();
      const bob = await createOwnedObjects(t, `bob-links-${generation}@example.com`, annsTopic);
      const linkIdOf = (token: string) => /[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}/.exec(token)![0];
      const failures: string[] = [];
      let requests = 0;
      const send = async (method: "GET" | "POST", path: string, token: string, cookie?: string) => {
        requests += 1;
        const url = `${path}?token=${encodeURIComponent(token)}`;
        return t.app.inject({
          method,
          url,
          headers: { ...(cookie ? { cookie } : {}), ...(method === "POST" ? SAME_ORIGIN : {}) },
          ...(method === "POST" ? { payload: { token } } : {}),
          remoteAddress: `10.4.${(requests >> 8) & 255}.${requests & 255}`,
        });
      };
      const routes = Object.keys(owner.linkTokens) as (keyof OwnedObjects["linkTokens"])[];
      const methods = (path: string) =>
        path === "/api/open" ? (["GET"] as const) : (["GET", "POST"] as const);
      const before = { ann: await snapshotOf(owner.userId), bob: await snapshotOf(bob.userId) };
      const unchanged = async (label: string) => {
        if ((await snapshotOf(owner.userId)) !== before.ann) failures.push(`${label}: A's data changed`);
        if ((await snapshotOf(bob.userId)) !== before.bob) failures.push(`${label}: B's data changed`);
      };

      for (const path of routes) {
        const annsToken = owner.linkTokens[path];
        // A's signature over another delivery's (B's) link id; and another route's token of A's.
        const forged = annsToken.replace(linkIdOf(annsToken), linkIdOf(bob.linkTokens[path]));
        const otherPurpose = owner.linkTokens[path === "/api/save" ? "/api/grade" : "/api/save"];
        for (const method of methods(path)) {
          for (const [what, token] of [
            ["another delivery's id under A's signature", forged],
            ["A's token for another route", otherPurpose],
          ] as const) {
            for (const [who, cookie] of [
              ["visitor", undefined],
              ["B", bob.cookie],
            ] as const) {
              const response = await send(method, path, token, cookie);
              const label = `${method} ${path} ${who} with ${what}`;
              // The e-mail's open link only ever lands on History (mail scanners follow it); a link it cannot trust
              // lands there on no one's word, and the app's POST refuses the token.
              const refused =
                path === "/api/open"
                  ? response.statusCode === 302 &&
                    !new URL(String(response.headers.location), "http://x").searchParams.has(
                      HISTORY_ENTRY_PARAM,
                    )
                  : response.statusCode >= 400 && response.statusCode < 500;
              if (!refused) failures.push(`${label}: ${response.statusCode}, expected it refused`);
              for (const marker of [owner.email, bob.email, owner.userId, bob.userId])
                if (response.body.includes(marker)) failures.push(`${label}: shows ${marker}`);
            }
          }
        }
        await unchanged(`forged ${path}`);
      }
      // B signed in with A's real links (a forwarded e-mail): nothing of B's changes, and B sees no one's address.
      for (const path of routes)
        for (const method of methods(path)) {
          const response = await send(method, path, owner.linkTokens[path], bob.cookie);
          if (response.statusCode >= 500)
            failures.push(`${method} ${path} B with A's link: ${response.statusCode}`);
          for (const marker of [owner.email, bob.email])
            if (response.body.includes(marker))
              failures.push(`${method} ${path} B with A's link: shows ${marker}`);
        }
      if ((await snapshotOf(bob.userId)) !== before.bob) failures.push("A's links changed B's data");

      console.log(`authorization matrix, signed links: ${requests} requests, ${failures.length} failures`);
      if (failures.length) console.log(failures.join("\n"));
      expect(failures).toEqual([]);
    },
  );
});

/**
 * The request `route` gets in the matrix: A's objects in the path, and a body (or query) the route's schema accepts,
 * so each caller is refused for who they are, not for a malformed request.
 */
function requestOn(
  route: RouteUnderTest,
  owner: OwnedObjects,
): { options: InjectOptions } | { error: string } {
  let url: string;
  try {
    url = fillPath(route.url, ownedPathValues(route.url, owner));
  } catch (error) {
    return { error: (error as Error).message };
  }
  const known = knownFieldValues(owner, route.url);
  const query = sampleObject(route.querystring, known);
  if (route.querystring && !route.querystring.safeParse(query).success) {
    return {
      error: "no valid sample query: teach knownFieldValues (src/server/testing/owned-objects.ts) its fields",
    };
  }
  const search = new URLSearchParams(
    Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]),
  );
  const target = search.size > 0 ? `${url}?${search}` : url;
  const method = route.method as InjectOptions["method"];
  if (!route.body || route.method === "GET") return { options: { method, url: target } };
  const body = sampleObject(route.body, known);
  if (!route.body.safeParse(body).success) {
    return {
      error: "no valid sample body: teach knownFieldValues (src/server/testing/owned-objects.ts) its fields",
    };
  }
  return { options: { method, url: target, payload: body as object } };
}
