import pino, { type Logger } from "pino";
import type { Config } from "./config";

/** Query parameters that carry secrets; their values never reach the logs. */
const SECRET_PARAMS = /([?&](?:token|code|state|sig|signature)=)[^&]*/gi;

export function createLogger(config: Pick<Config, "logLevel" | "env">): Logger {
  return pino({
    level: config.env === "test" && config.logLevel === "info" ? "warn" : config.logLevel,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "*.password", "*.secret"],
      remove: true,
    },
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: req.url.replace(SECRET_PARAMS, "$1[redacted]"),
        ip: req.ip,
      }),
    },
  });
}
