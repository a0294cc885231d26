import { createHash, randomBytes } from "node:crypto";

/** A random, URL-safe secret token. */
export const newToken = (bytes = 32): string => randomBytes(bytes).toString("base64url");

/** Tokens are stored only as their SHA-256, so a leaked table cannot sign anyone in. */
export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");
