import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Where a push message may go. A push endpoint is an address the browser gave us, but the request to it is made
 * by our server at a moment any user can trigger: without these checks it reaches whatever our network reaches
 * (server-side request forgery, issue 24).
 */
export interface PushTargetPolicy {
  /** Host names of push services (`fcm.googleapis.com`), or `*.example.com` for any name under example.com. */
  allowedHosts: readonly string[];
  /** Tests only (PUSH_TEST_SERVICE=loopback): the in-process push service on http://127.0.0.1:<port>. */
  allowLoopbackTestService: boolean;
}

/** The push services browsers use today (Chrome/Edge-Chromium/Opera/Samsung, Firefox, Edge legacy, Safari). */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "*.push.services.mozilla.com",
  "*.notify.windows.com",
  "web.push.apple.com",
  "*.push.apple.com",
] as const;

/** What History and the device list say when a push could not be delivered: never the remote's answer. */
export const DEVICE_UNREACHABLE_MESSAGE = "This device could not be reached";

/** A push endpoint our policy refuses, at registration or at send time. Never worth another try. */
export class PushTargetRefusedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "PushTargetRefusedError";
  }
}

/**
 * Ranges a push service never lives in: this host, private networks, link-local (cloud metadata at
 * 169.254.169.254), carrier-grade NAT (100.64.0.0/10, also Alibaba's metadata), documentation, benchmarking,
 * multicast, reserved and unspecified addresses, and the IPv6 forms that embed an IPv4 address (NAT64, 6to4,
 * Teredo). IPv4-mapped IPv6 addresses are checked as the IPv4 address they carry.
 */
const BLOCKED = new BlockList();
for (const [network, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  BLOCKED.addSubnet(network, bits, "ipv4");
}
for (const [network, bits] of [
  ["::", 128],
  ["::1", 128],
  ["::", 96], // IPv4-compatible (deprecated)
  ["64:ff9b::", 96], // NAT64
  ["64:ff9b:1::", 48],
  ["100::", 64], // discard
  ["2001::", 32], // Teredo
  ["2001:10::", 28],
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4
  ["fc00::", 7], // unique local (AWS metadata fd00:ec2::254)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const) {
  BLOCKED.addSubnet(network, bits, "ipv6");
}

const MAPPED_IPV4 = /^::ffff:(?:0:)?((?:\d{1,3}\.){3}\d{1,3})$/i;
const MAPPED_IPV4_HEX = /^::ffff:(?:0:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i;

/** Whether `address` (an IP literal) lies in a range no push message may go to. Not an IP: blocked. */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const version = isIP(bare);
  if (version === 4) return BLOCKED.check(bare, "ipv4");
  if (version !== 6) return true;
  const dotted = MAPPED_IPV4.exec(bare);
  if (dotted) return BLOCKED.check(dotted[1]!, "ipv4");
  const hex = MAPPED_IPV4_HEX.exec(bare);
  if (hex) {
    const high = Number.parseInt(hex[1]!, 16);
    const low = Number.parseInt(hex[2]!, 16);
    return BLOCKED.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, "ipv4");
  }
  return BLOCKED.check(bare, "ipv6");
}

const normalHost = (hostname: string) => hostname.toLowerCase().replace(/\.$/, "");

/** Whether `hostname` is one of the allowed push services' names (an IP literal never is). */
export function isAllowedPushHost(hostname: string, allowedHosts: readonly string[]): boolean {
  const host = normalHost(hostname);
  if (isIP(host.replace(/^\[|\]$/g, ""))) return false;
  return allowedHosts.some((pattern) => {
    const wanted = normalHost(pattern);
    return wanted.startsWith("*.")
      ? host.endsWith(wanted.slice(1)) && host.length > wanted.length - 1
      : host === wanted;
  });
}

const isLoopbackTestService = (url: URL, policy: PushTargetPolicy) =>
  policy.allowLoopbackTestService && url.hostname === "127.0.0.1";

/**
 * Why this endpoint may not be registered, or null when it may: https on the default port to an allowed push
 * service's name (or, under PUSH_TEST_SERVICE=loopback, the tests' push service on 127.0.0.1).
 */
export function pushEndpointRefusal(endpoint: string, policy: PushTargetPolicy): string | null {
  const url = new URL(endpoint);
  if (isLoopbackTestService(url, policy)) return null;
  if (url.protocol !== "https:" || url.port !== "" || !isAllowedPushHost(url.hostname, policy.allowedHosts))
    return "endpoint must be the address of a browser's push service";
  return null;
}

export interface ResolvedPushTarget {
  url: URL;
  /** The one address the request connects to: checked here, so a name that resolves again (rebinding) changes nothing. */
  address: string;
  family: 4 | 6;
}

type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;
const systemResolve: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * Checks `endpoint` again at send time (the policy may have changed since it was stored) and resolves its name
 * once: every address it resolves to must be outside the blocked ranges, and the request then connects to the
 * first of them, not to whatever the name resolves to a moment later.
 */
export async function resolvePushTarget(
  endpoint: string,
  policy: PushTargetPolicy,
  resolve: Resolve = systemResolve,
): Promise<ResolvedPushTarget> {
  const refusal = pushEndpointRefusal(endpoint, policy);
  if (refusal) throw new PushTargetRefusedError(refusal);
  const url = new URL(endpoint);
  if (isLoopbackTestService(url, policy)) return { url, address: "127.0.0.1", family: 4 };
  const addresses = await resolve(url.hostname);
  const [first] = addresses;
  if (!first) throw new PushTargetRefusedError(`${url.hostname} has no address`);
  const blocked = addresses.find(({ address }) => isBlockedAddress(address));
  if (blocked)
    throw new PushTargetRefusedError(`${url.hostname} resolves to a blocked address (${blocked.address})`);
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
