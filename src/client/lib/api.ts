import type { QueryFunction } from "@tanstack/react-query";
import type { ErrorBody } from "@shared/api/common";
import { takeFirstAnswer } from "./first-answers";

/** Any non-OK answer. The message is the spec's "STATUS: body text" (status text when the body is empty). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
  }

  /** The server's JSON error body ({message, code, ...}), when it sent one. */
  get body(): ErrorBody | undefined {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      return parsed && typeof parsed === "object" ? (parsed as ErrorBody) : undefined;
    } catch {
      return undefined;
    }
  }
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The one way the client calls the API: cookies included, JSON body when given, errors as ApiError. */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const answeredInPage = method === "GET" ? takeFirstAnswer(url) : undefined;
  if (answeredInPage) return answeredInPage;
  const response = await fetch(url, {
    method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
  });
  await throwIfNotOk(response);
  return response;
}

/** Reads the JSON of a successful answer; an empty one (204) reads as null. */
export async function readJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

export type UnauthorizedBehavior = "returnNull" | "throw";

/**
 * The default data reader: GETs the path at the head of the query key. Further key parts only tell cache
 * entries apart (["/api/history", userId] reads /api/history, cached per user).
 * With on401 "returnNull" a 401 answers null instead of failing (the signed-in user query).
 */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const url = String(queryKey[0]);
    const response = takeFirstAnswer(url) ?? (await fetch(url, { credentials: "include", signal }));
    if (options.on401 === "returnNull" && response.status === 401) return null as T;
    await throwIfNotOk(response);
    return readJson<T>(response);
  };
}
