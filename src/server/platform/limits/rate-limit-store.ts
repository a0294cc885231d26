import type { AppContext } from "../../context";
import { countHit, readHits } from "./counters";

type RateLimitCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface RouteLimitOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  groupId?: string;
}

/**
 * A store for @fastify/rate-limit that keeps its counts in PostgreSQL (`limit_counters`) instead of each process's
 * memory, so every instance enforces one limit. Each route's limit counts under its own key (method and path);
 * windows are fixed and measured on the app's clock.
 */
export function sharedRateLimitStore(ctx: Pick<AppContext, "db" | "clock">) {
  return class SharedRateLimitStore {
    readonly scope: string;

    // The plugin passes its merged options (with `routeInfo`, the route, for a route's limit); typed loosely there.
    constructor(options: object = {}) {
      const { routeInfo, groupId } = options as RouteLimitOptions;
      const { method, url } = routeInfo ?? {};
      const methods = Array.isArray(method) ? method.join(",") : method;
      this.scope = groupId ?? (url ? `${methods ?? ""} ${url}` : "global");
    }

    incr(key: string, callback: RateLimitCallback, timeWindow: number): void {
      const now = ctx.clock.now();
      countHit(ctx, `rl:${this.scope}:${key}`, timeWindow, now).then(
        ({ hits, windowEnd }) => callback(null, { current: hits, ttl: windowEnd.getTime() - now.getTime() }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: RateLimitCallback, timeWindow: number): void {
      const now = ctx.clock.now();
      readHits(ctx, `rl:${this.scope}:${key}`, timeWindow, now).then(
        ({ hits, windowEnd }) =>
          callback(null, { current: hits, ttl: hits ? windowEnd.getTime() - now.getTime() : 0 }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: object): SharedRateLimitStore {
      return new SharedRateLimitStore(routeOptions);
    }
  };
}
