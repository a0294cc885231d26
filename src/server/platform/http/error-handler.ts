import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { ZodError } from "zod";
import { AppError } from "../errors/app-error";

export interface ErrorBody {
  message: string;
  code?: string;
  [key: string]: unknown;
}

/** The one place that turns errors into `{ message, code? }` JSON answers. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = {
        message: error.message,
        ...(error.code ? { code: error.code } : {}),
        ...error.details,
      };
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, "").replaceAll("/", ".");
      const message = first?.message ?? "Invalid request";
      return reply
        .status(400)
        .send({ message: field ? `${field}: ${message}` : message, code: "VALIDATION_ERROR" });
    }
    if (error instanceof ZodError) {
      return reply
        .status(400)
        .send({ message: error.issues[0]?.message ?? "Invalid request", code: "VALIDATION_ERROR" });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its schema");
      return reply.status(500).send({ message: "Something went wrong on our side. Please try again." });
    }
    const dataException = databaseDataException(error);
    if (dataException) {
      // A last line of defence: validation should have refused this value (see src/shared/api/common.ts).
      request.log.warn({ err: error, sqlState: dataException }, "input reached the database unvalidated");
      return reply.status(400).send({
        message: "The request contains a value that is out of range or not allowed.",
        code: "INVALID_INPUT",
      });
    }
    if (isDatabaseOverloaded(error)) {
      // Not the client's fault and not a bug: the pool had no free connection in time, or a statement ran past
      // its timeout. Saying so (with a retry hint) lets clients and load balancers back off instead of alerting.
      request.log.warn({ err: error }, "database busy: answered 503");
      return reply
        .status(503)
        .header("retry-after", "5")
        .send({ message: "Jargon is very busy right now. Please try again in a few seconds.", code: "BUSY" });
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      const message =
        fastifyError.statusCode === 429
          ? "Too many requests. Please wait a moment and try again."
          : clientErrorMessage(fastifyError);
      return reply.status(fastifyError.statusCode).send({ message, code: fastifyError.code });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ message: "Something went wrong on our side. Please try again." });
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send({ message: `No route for ${request.method} ${request.url.split("?")[0]}`, code: "NOT_FOUND" });
  });
}

/**
 * The SQLSTATE of a PostgreSQL data exception (class 22: numeric value out of range, invalid datetime, invalid byte
 * sequence such as NUL...) anywhere in the error's cause chain (Drizzle wraps driver errors), else undefined. Those
 * are caused by the value a client sent, so they are its 400, not our 500.
 */
export function databaseDataException(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** SQLSTATEs that mean "too much load right now": query canceled (statement timeout), lock timeout, too many connections. */
const OVERLOAD_SQLSTATES = new Set(["57014", "55P03", "53300"]);

/**
 * True when the error (or a cause) is the pool giving up waiting for a connection (node-postgres says so only in
 * its message) or a PostgreSQL overload SQLSTATE.
 */
export function isDatabaseOverloaded(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && OVERLOAD_SQLSTATES.has(code)) return true;
    if (typeof message === "string" && message.startsWith("timeout exceeded when trying to connect"))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The request body is not valid JSON.";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Unsupported content type. Send JSON.";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "The request body is too large.";
    default:
      return error.message || "Invalid request";
  }
}
