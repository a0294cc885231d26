/** The one error type of the server: an HTTP status, a message a user can read, and an optional code. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, code?: string) => new AppError(400, message, code);
export const unauthorized = (message = "Unauthorized") => new AppError(401, message, "UNAUTHORIZED");
export const forbidden = (message: string, code?: string, details?: Record<string, unknown>) =>
  new AppError(403, message, code, details);
export const notFound = (message = "Not found") => new AppError(404, message, "NOT_FOUND");
export const conflict = (message: string, code?: string) => new AppError(409, message, code);
export const unprocessable = (message: string, code?: string) => new AppError(422, message, code);
export const tooManyRequests = (message: string) => new AppError(429, message, "RATE_LIMITED");
