import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../errors/app-error";
import { queryRows } from "@server/db/raw";
import { createTestDatabase } from "@server/testing/test-database";
import { registerErrorHandler } from "./error-handler";

async function appWithRoutes() {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.get("/app-error", async () => {
    throw new AppError(409, "That name is taken.", "NAME_TAKEN", { suggestion: "jargon2" });
  });
  app.post("/validated", { schema: { body: z.object({ count: z.number().int() }) } }, async () => ({
    ok: true,
  }));
  app.get("/pool-exhausted", async () => {
    throw new Error("Failed query: select 1", {
      cause: new Error("timeout exceeded when trying to connect"),
    });
  });
  app.get("/statement-timeout", async () => {
    throw Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" });
  });
  app.get("/crash", async () => {
    throw new Error("secret internal detail");
  });
  await app.ready();
  return app;
}

describe("the error handler", () => {
  it("answers an AppError with its status, message, code and details", async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: "GET", url: "/app-error" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: "That name is taken.",
      code: "NAME_TAKEN",
      suggestion: "jargon2",
    });
  });

  it("turns a validation failure into a 400 naming the field", async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: "POST", url: "/validated", payload: { count: "many" } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "VALIDATION_ERROR" });
    expect(response.json().message).toMatch(/^count: /);
  });

  it("answers a database that is out of connections or past its statement timeout with 503 and a retry hint", async () => {
    const app = await appWithRoutes();
    for (const url of ["/pool-exhausted", "/statement-timeout"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(503);
      expect(response.headers["retry-after"]).toBe("5");
      expect(response.json()).toEqual({
        message: "Jargon is very busy right now. Please try again in a few seconds.",
        code: "BUSY",
      });
    }
  });

  it("hides the details of an unexpected error behind a generic 500", async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: "GET", url: "/crash" });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain("secret internal detail");
    expect(response.json().message).toBe("Something went wrong on our side. Please try again.");
  });

  it("answers unknown routes with a JSON 404", async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: "GET", url: "/nowhere" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("database errors caused by input", () => {
  const database = createTestDatabase();
  afterAll(async () => (await database).close());

  // Real driver errors (PGlite, or PostgreSQL under TEST_DATABASE_URL), wrapped by Drizzle as the services see them.
  it.each([
    ["an integer out of range (22003)", sql`select ${"2147483648"}::int as value`],
    ["a day out of range (22008)", sql`select ${"275760-09-13"}::date + interval '1000000 years' as value`],
    ["a NUL byte in text (22021 / 22P05)", sql`select ${"a\u0000b"}::text as value`],
  ])("answers %s with a 400, never a 500", async (_name, query) => {
    const { db } = await database;
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get("/query", async () => queryRows(db, query));
    const response = await app.inject({ method: "GET", url: "/query" });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      message: "The request contains a value that is out of range or not allowed.",
      code: "INVALID_INPUT",
    });
  });
});
