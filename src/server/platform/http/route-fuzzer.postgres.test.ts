import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTopic } from "@server/testing/content-fixtures";
import {
  createOwnedObjects,
  knownFieldValues,
  ownedPathValues,
  type OwnedObjects,
} from "@server/testing/owned-objects";
import {
  BAD_JSON_VALUES,
  BAD_TEXT_VALUES,
  fillPath,
  objectShape,
  pathParamNames,
  routesUnderTest,
  sampleObject,
  type RouteUnderTest,
} from "@server/testing/route-inputs";
import { OWN_HOST, SAME_ORIGIN, createTestApp, type TestApp } from "@server/testing/test-app";

/**
 * Routes that exist for this machine only (platform/http/loopback.ts): fuzzed from 127.0.0.1 with the app's own
 * Host, which is the point of them; from anywhere else they answer 404 before reading any input.
 */
const THIS_MACHINE_ROUTES = new Set([
  "GET /api/dev/mailbox",
  "GET /dev/mailbox",
  "GET /dev/mailbox/:id",
  "GET /api/dev/sms",
  "POST /api/sms/inbound",
  "GET /api/dev/telegram",
  "POST /api/dev/telegram/chats/:chatId",
  "POST /api/dev/telegram/chats/:chatId/press",
  "POST /dev/telegram/write",
  "POST /dev/telegram/press",
]);

/**
 * Issue 13: every route the app registers (read from Fastify, so a new one is fuzzed without anyone listing it), as
 * visitor, user and admin, gets schema-derived invalid input. Nothing may answer 5xx, and every JSON 4xx carries a
 * `message`. Path parameters and the fields not under test hold valid values (the caller's own objects), so each bad
 * value reaches as deep into the handler as validation lets it.
 */

/** Whole bodies: wrong JSON types, broken JSON, other content types. */
const RAW_BODIES: readonly { contentType: string; payload: string }[] = [
  ...[
    "null",
    "[]",
    "42",
    '"text"',
    "{}",
    "",
    "{",
    '{"a":',
    "[".repeat(2_000),
    '{"__proto__":{"admin":true}}',
  ].map((payload) => ({ contentType: "application/json", payload })),
  { contentType: "text/plain", payload: "hello" },
  { contentType: "application/x-www-form-urlencoded", payload: "topicId=2147483648&topicId=1&a[b]=c" },
  {
    contentType: "multipart/form-data; boundary=fuzz",
    payload: '--fuzz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--fuzz--\r\n',
  },
  { contentType: "application/json; charset=latin1", payload: "{}" },
];

/** Path segments sent as they are (not encoded): broken percent-escapes and an escaped NUL. */
const RAW_PATH_SEGMENTS = ["%00", "%E0%A4%A", "%ZZ"];

type Role = "visitor" | "user" | "admin";

describe("route fuzzer", () => {
  let t: TestApp;
  let topic: Awaited<ReturnType<typeof insertTopic>>;
  let owned: Record<Exclude<Role, "visitor">, OwnedObjects>;

  beforeAll(async () => {
    t = await createTestApp({ env: { ADMIN_EMAILS: "fuzz-admin@example.com" } });
    t.clock.set(new Date("2025-05-05T08:00:00Z"));
    topic = await insertTopic(t.ctx, "finance", 5);
    owned = {
      user: await createOwnedObjects(t, "fuzz-user@example.com", topic),
      admin: await createOwnedObjects(t, "fuzz-admin@example.com", topic),
    };
  });
  afterAll(() => t.close());

  it(
    "answers no invalid input with a 5xx, and every JSON 4xx with a message",
    { timeout: 600_000 },
    async () => {
      const started = performance.now();
      const routes = routesUnderTest(t.routes);
      const failures: string[] = [];
      let sent = 0;
      let serverErrors = 0;
      const thisMachineRoutes = new Set<string>();

      const check = (label: string, response: LightMyRequestResponse) => {
        sent += 1;
        if (response.statusCode === 400 && response.body.includes('"code":"INVALID_INPUT"')) {
          // The error handler's last line of defence answered: the value reached the database, a schema let it through.
          failures.push(`${label} → refused by the database, not by validation`);
        } else if (response.statusCode >= 500) {
          serverErrors += 1;
          failures.push(`${label} → ${response.statusCode} ${response.body.slice(0, 200)}`);
        } else if (
          response.statusCode >= 400 &&
          response.headers["content-type"]?.toString().startsWith("application/json") &&
          typeof (JSON.parse(response.body) as { message?: unknown }).message !== "string"
        ) {
          failures.push(
            `${label} → ${response.statusCode} without a message: ${response.body.slice(0, 200)}`,
          );
        }
      };

      for (const route of routes) {
        for (const role of ["visitor", "user", "admin"] as const) {
          // A fresh session per route: an earlier route (sign-out, a self-demotion) must not blunt the later ones.
          const me = role === "visitor" ? undefined : owned[role];
          const cookie = me ? (await t.signIn({ email: me.email })).cookie : undefined;
          const fromThisMachine = THIS_MACHINE_ROUTES.has(`${route.method} ${route.url}`);
          if (fromThisMachine) thisMachineRoutes.add(`${route.method} ${route.url}`);
          const send = async (label: string, options: InjectOptions) => {
            const headers = {
              ...OWN_HOST,
              ...(cookie ? { cookie } : {}),
              ...(route.method === "GET" ? {} : SAME_ORIGIN),
              ...(options.headers ?? {}),
            };
            // A new address per request, so the per-IP rate limits never hide a route behind 429s.
            const remoteAddress = fromThisMachine
              ? "127.0.0.1"
              : `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`;
            const response = await t.app.inject({ ...options, headers, remoteAddress });
            check(`${role} ${route.method} ${route.url} ${label}`, response);
            return response.statusCode;
          };
          await fuzzRoute(route, me ?? owned.user, send);
        }
      }

      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `route fuzzer: ${sent.toLocaleString("en-US")} requests over ${routes.length} routes in ${seconds} s, ${serverErrors} server errors, ${failures.length} failures`,
      );
      if (failures.length) console.log(failures.slice(0, 30).join("\n"));
      expect(failures.slice(0, 30)).toEqual([]);
      // Every loopback-only route was registered and reached from this machine.
      expect([...thisMachineRoutes].sort()).toEqual([...THIS_MACHINE_ROUTES].sort());
    },
  );
});

type Send = (label: string, options: InjectOptions) => Promise<number>;

async function fuzzRoute(route: RouteUnderTest, me: OwnedObjects, send: Send): Promise<void> {
  const method = route.method as InjectOptions["method"];
  const known = knownFieldValues(me, route.url);
  const params = ownedPathValues(route.url, me);
  const url = fillPath(route.url, params);
  const query = sampleObject(route.querystring, known);
  const hasBody = route.method !== "GET" && route.method !== "HEAD";
  const body = sampleObject(route.body, known);
  const withQuery = (path: string, values: Record<string, unknown>) => {
    const search = new URLSearchParams(
      Object.entries(values).map(([key, value]) => [key, String(value)] as [string, string]),
    ).toString();
    return search ? `${path}?${search}` : path;
  };
  const json = hasBody
    ? { payload: JSON.stringify(body), headers: { "content-type": "application/json" } }
    : {};

  // A caller refused before the input is read (sign-in or admin check first) answers 401/403 to everything: one
  // garbage request shows it, and the rest of this route would only repeat that answer.
  const [firstParam] = pathParamNames(route.url);
  const [firstQueryKey] = Object.keys(objectShape(route.querystring));
  const garbage: InjectOptions | undefined = firstParam
    ? { method, url: fillPath(route.url, { ...params, [firstParam]: "abc" }) }
    : hasBody
      ? { method, url, payload: "42", headers: { "content-type": "application/json" } }
      : firstQueryKey
        ? { method, url: `${url}?${firstQueryKey}=%00` }
        : undefined;
  if (garbage && [401, 403].includes(await send("garbage probe", garbage))) return;

  for (const name of pathParamNames(route.url)) {
    for (const value of BAD_TEXT_VALUES) {
      await send(`:${name}=${JSON.stringify(value).slice(0, 40)}`, {
        method,
        url: withQuery(fillPath(route.url, { ...params, [name]: value }), query),
        ...json,
      });
    }
    for (const segment of RAW_PATH_SEGMENTS) {
      const raw = route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, other: string) =>
        other === name ? segment : encodeURIComponent(params[other] ?? ""),
      );
      await send(`:${name}=${segment}`, { method, url: withQuery(raw, query), ...json });
    }
  }

  for (const key of Object.keys(objectShape(route.querystring))) {
    for (const value of BAD_TEXT_VALUES) {
      await send(`?${key}=${JSON.stringify(value).slice(0, 40)}`, {
        method,
        url: withQuery(url, { ...query, [key]: value }),
        ...json,
      });
    }
    const rest = withQuery(url, Object.fromEntries(Object.entries(query).filter(([other]) => other !== key)));
    const joiner = rest.includes("?") ? "&" : "?";
    for (const raw of [`${key}=1&${key}=2`, `${key}[a]=1`, `${key}=%00`, `${key}=%E0%A4%A`]) {
      await send(`?${raw}`, { method, url: `${rest}${joiner}${raw}`, ...json });
    }
  }

  if (!hasBody) return;
  const target = withQuery(url, query);
  for (const key of Object.keys(objectShape(route.body))) {
    for (const value of BAD_JSON_VALUES) {
      await send(`body.${key}=${JSON.stringify(value)?.slice(0, 40)}`, {
        method,
        url: target,
        payload: JSON.stringify({ ...body, [key]: value }),
        headers: { "content-type": "application/json" },
      });
    }
    const { [key]: _missing, ...without } = body;
    await send(`body without ${key}`, {
      method,
      url: target,
      payload: JSON.stringify(without),
      headers: { "content-type": "application/json" },
    });
  }
  for (const { contentType, payload } of RAW_BODIES) {
    await send(`${contentType} ${JSON.stringify(payload.slice(0, 30))}`, {
      method,
      url: target,
      payload,
      headers: { "content-type": contentType },
    });
  }
}
