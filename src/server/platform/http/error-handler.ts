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
