import { hash, randomBytes } from "node:crypto";

/** A random, URL-safe secret token. */
export const newToken = (bytes = 32): string => randomBytes(bytes).toString("base64url");

/**
 * Tokens are stored only as their SHA-256, so a leaked table cannot sign anyone in. Hashed in one shot: every
 * session check hashes its token (the poll's misses thousands a second), and a Hash object cost three times the hash.
 */
export const hashToken = (token: string): string => hash("sha256", token, "hex");
