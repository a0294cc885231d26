import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../errors/app-error";
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
