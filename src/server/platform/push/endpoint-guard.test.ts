import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "@server/config";
import {
  PushTargetRefusedError,
  isAllowedPushHost,
  isBlockedAddress,
  pushEndpointRefusal,
  resolvePushTarget,
} from "./endpoint-guard";

/** The policy a default start has: no test service. */
const policy = loadConfig({ NODE_ENV: "development" }).push;
const REFUSED = "endpoint must be the address of a browser's push service";

describe("push endpoints (issue 24: no request forgery through push)", () => {
  it("accepts the push services browsers use, and only on https's default port", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
      "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB",
      "https://web.push.apple.com/QGx3",
      "https://api.push.apple.com/3/device/abc",
    ])
      expect(pushEndpointRefusal(endpoint, policy), endpoint).toBeNull();
    for (const endpoint of [
      "https://fcm.googleapis.com:8443/fcm/send/abc",
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://fcm.googleapis.com.evil.example/x",
      "https://evilfcm.googleapis.com/x",
      "https://push.services.mozilla.com.attacker.net/x",
      "https://notify.windows.com/x",
    ])
      expect(pushEndpointRefusal(endpoint, policy), endpoint).toBe(REFUSED);
  });

  it("refuses every address the review registered, and this machine without the test-only switch", () => {
    for (const endpoint of [
      "https://10.0.0.1/push",
      "https://169.254.169.254/latest/meta-data/",
      "https://[::1]:6379/x",
      "https://metadata.google.internal/computeMetadata/v1/",
      "http://127.0.0.1:6379/any/path",
      "https://127.0.0.1/x",
      "https://localhost/x",
      "https://[::ffff:169.254.169.254]/x",
    ])
      expect(pushEndpointRefusal(endpoint, policy), endpoint).toBe(REFUSED);
  });

  it("lets the tests' push service in only under PUSH_TEST_SERVICE=loopback, which no other NODE_ENV accepts", () => {
    const testPolicy = loadConfig({ NODE_ENV: "test", PUSH_TEST_SERVICE: "loopback" }).push;
    expect(pushEndpointRefusal("http://127.0.0.1:41234/push/abc", testPolicy)).toBeNull();
    expect(pushEndpointRefusal("https://10.0.0.1/push", testPolicy)).toBe(REFUSED);
    for (const NODE_ENV of ["development", "production"] as const)
      expect(() => loadConfig({ NODE_ENV, PUSH_TEST_SERVICE: "loopback" })).toThrow(ConfigError);
  });

  it("takes the allowed hosts from PUSH_SERVICE_HOSTS", () => {
    const own = loadConfig({ PUSH_SERVICE_HOSTS: "push.example.com, *.push.example.net" }).push;
    expect(pushEndpointRefusal("https://push.example.com/x", own)).toBeNull();
    expect(pushEndpointRefusal("https://eu.push.example.net/x", own)).toBeNull();
    expect(pushEndpointRefusal("https://fcm.googleapis.com/x", own)).toBe(REFUSED);
    expect(isAllowedPushHost("FCM.googleapis.com.", policy.allowedHosts)).toBe(true);
    expect(() => loadConfig({ PUSH_SERVICE_HOSTS: "https://push.example.com/" })).toThrow(ConfigError);
  });

  it.each([
    ["private 10/8", "10.1.2.3"],
    ["private 172.16/12", "172.31.255.254"],
    ["private 192.168/16", "192.168.0.1"],
    ["loopback", "127.0.0.1"],
    ["loopback, elsewhere in 127/8", "127.53.0.1"],
    ["link-local / cloud metadata", "169.254.169.254"],
    ["carrier-grade NAT", "100.64.0.1"],
    ["Alibaba metadata (CGNAT)", "100.100.100.200"],
    ["unspecified", "0.0.0.0"],
    ["multicast", "224.0.0.1"],
    ["broadcast", "255.255.255.255"],
    ["IPv6 loopback", "::1"],
    ["IPv6 unspecified", "::"],
    ["IPv6 unique local", "fd00::1"],
    ["AWS metadata over IPv6", "fd00:ec2::254"],
    ["IPv6 link-local", "fe80::1"],
    ["IPv6 link-local with zone", "fe80::1%eth0"],
    ["IPv6 multicast", "ff02::1"],
    ["IPv4-mapped loopback", "::ffff:127.0.0.1"],
    ["IPv4-mapped metadata, hex form", "::ffff:a9fe:a9fe"],
    ["NAT64 of a private address", "64:ff9b::a00:1"],
    ["6to4", "2002:a00:1::1"],
    ["not an address", "metadata.google.internal"],
  ])("blocks %s (%s)", (_name, address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(["142.250.74.42", "2a00:1450:4007:80e::200a", "::ffff:142.250.74.42", "17.253.144.10"])(
    "lets a public address through (%s)",
    (address) => expect(isBlockedAddress(address)).toBe(false),
  );

  it("checks what the name resolves to, once, and connects to the address it checked (DNS rebinding)", async () => {
    const answers = [[{ address: "142.250.74.42", family: 4 }], [{ address: "169.254.169.254", family: 4 }]];
    let lookups = 0;
    const rebinding = async () => answers[Math.min(lookups++, answers.length - 1)]!;
    const target = await resolvePushTarget("https://fcm.googleapis.com/fcm/send/a", policy, rebinding);
    expect(target).toMatchObject({ address: "142.250.74.42", family: 4 });
    expect(lookups).toBe(1);
    // The next send resolves again and finds the rebound, private answer: refused.
    await expect(
      resolvePushTarget("https://fcm.googleapis.com/fcm/send/a", policy, rebinding),
    ).rejects.toThrow(PushTargetRefusedError);
    // One private address among public ones is enough to refuse.
    const mixed = async () => [
      { address: "142.250.74.42", family: 4 },
      { address: "::1", family: 6 },
    ];
    await expect(resolvePushTarget("https://fcm.googleapis.com/x", policy, mixed)).rejects.toThrow(
      /blocked address/,
    );
  });
});
