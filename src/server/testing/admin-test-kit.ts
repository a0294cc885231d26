import type { LightMyRequestResponse } from "fastify";
import { SAME_ORIGIN, createTestApp, type TestApp, type TestAppOptions } from "./test-app";

export const ADMIN_EMAIL = "root@example.com";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export interface AdminTestKit {
  t: TestApp;
  adminCookie: string;
  adminId: string;
  /** Calls the API as the given cookie (none: a visitor), with the same-origin header a browser sends. */
  call(
    method: Method,
    url: string,
    options?: { cookie?: string | null; payload?: unknown },
  ): Promise<LightMyRequestResponse>;
  /** Calls the API as the admin. */
  asAdmin(method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
}

/** A test app where root@example.com is the (only) admin, signed in. */
export async function createAdminTestKit(options: TestAppOptions = {}): Promise<AdminTestKit> {
  const t = await createTestApp({ ...options, env: { ADMIN_EMAILS: ADMIN_EMAIL, ...options.env } });
  const admin = await t.signIn({ email: ADMIN_EMAIL, firstName: "Root" });
  const call: AdminTestKit["call"] = (method, url, options = {}) =>
    t.app.inject({
      method,
      url,
      headers: {
        ...SAME_ORIGIN,
        ...(options.cookie ? { cookie: options.cookie } : {}),
        // A raw string body is sent as the browser would: labelled JSON, whatever it holds.
        ...(typeof options.payload === "string" ? { "content-type": "application/json" } : {}),
      },
      ...(options.payload !== undefined ? { payload: options.payload as string | object } : {}),
    });
  return {
    t,
    adminCookie: admin.cookie,
    adminId: admin.user.id,
    call,
    asAdmin: (method, url, payload) => call(method, url, { cookie: admin.cookie, payload }),
  };
}
