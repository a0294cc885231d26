import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPushSubscriptionRequestSchema, pushSubscriptionRequestSchema } from "@shared/api/push";
import { PUSH_BODY_MAX_CHARS, PUSH_MAX_DEVICES_PER_USER } from "@shared/constants";
import type { GradeLinkAnswer } from "@shared/api/learning";
import type { PushPayload } from "@shared/api/push";
import { queryRows } from "@server/db/raw";
import { pushSubscriptions } from "@server/db/schema";
import { runSchedulerOnce } from "@server/features/delivery/service";
import { insertTopic } from "@server/testing/content-fixtures";
import type { WordMessage } from "@server/platform/channels/delivery-channel";
import {
  startPushService,
  type BrowserPushSubscription,
  type PushService,
} from "@server/testing/push-service";
import { SAME_ORIGIN, TEST_APP_URL, createTestApp, type TestApp } from "@server/testing/test-app";
import { NO_PUSH_DEVICE_MESSAGE, PushDeliveryError, createPushChannel, renderPushPayload } from "./channel";
import { PUSH_ENDPOINT_TAKEN_MESSAGE, deviceLabel } from "./service";

const GRADE_LINKS = {
  knewIt: "https://j.ex/g/knew",
  didntKnow: "https://j.ex/g/didnt",
  known: "https://j.ex/g/known",
};

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/** The word the delivery engine would hand the channel (features/delivery builds it from a delivery row). */
function wordMessage(
  userId: string,
  overrides: Partial<WordMessage["word"]> = {},
  deliveryId = 41,
): WordMessage {
  return {
    deliveryId,
    source: "scheduled",
    kind: "new",
    recipient: { userId, email: "someone@example.com", phoneNumber: null },
    word: {
      word: "ledger",
      pronunciation: "LEJ-er",
      definition: "A book or file in which the accounts of a business are kept.",
      example: null,
      partOfSpeech: "noun",
      note: null,
      reference: null,
      translation: null,
      ...overrides,
    },
    topicName: "Finance",
    links: {
      open: `${TEST_APP_URL}/history?opened=token-${deliveryId}`,
      save: "https://j.ex/s/1",
      unsubscribe: null,
      grade: GRADE_LINKS,
    },
    alongside: [],
  };
}

describe("web push", () => {
  let t: TestApp;
  let service: PushService;

  beforeAll(async () => {
    service = await startPushService();
    t = await createTestApp({ env: { SUPPORT_EMAIL: "help@jargon.test", PUSH_TEST_SERVICE: "loopback" } });
    t.clock.set(new Date("2025-05-05T08:00:00Z"));
  });
  afterAll(async () => {
    await t.close();
    await service.close();
  });

  /** Sends the word to the person's devices as the engine would; what it threw (undefined when it went). */
  async function failureOfSendingTo(userId: string) {
    const channel = createPushChannel(t.ctx);
    const message = wordMessage(userId);
    const failure = await channel.send(await channel.render(message), message).then(
      () => undefined,
      (error: unknown) => error,
    );
    return { channel, failure };
  }
  afterEach(() => {
    service.messages.length = 0;
    service.refusals.length = 0;
  });

  let people = 0;
  async function person() {
    people += 1;
    return t.signIn({ email: `push-${people}@example.com` });
  }
  const subscribe = (cookie: string, subscription: object, userAgent = ANDROID_CHROME) =>
    t.app.inject({
      method: "POST",
      url: "/api/push/subscriptions",
      headers: { cookie, "user-agent": userAgent, ...SAME_ORIGIN },
      payload: subscription,
    });
  const unsubscribe = (cookie: string, endpoint: string) =>
    t.app.inject({
      method: "DELETE",
      url: "/api/push/subscriptions",
      headers: { cookie, ...SAME_ORIGIN },
      payload: { endpoint },
    });
  /** A signed-in person with one browser subscribed to push through the API. */
  async function subscribedPerson() {
    const { user, cookie } = await person();
    const browser = service.createSubscription();
    expect((await subscribe(cookie, browser)).statusCode).toBe(201);
    return { user, cookie, browser };
  }
  const storedEndpoints = async (userId: string) =>
    (
      await t.ctx.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
    ).map((row) => row.endpoint);

  describe("routes", () => {
    it("gives signed-in people the VAPID public key to subscribe with, and visitors a 401", async () => {
      const { cookie } = await person();
      const visitor = await t.app.inject({ method: "GET", url: "/api/push/public-key" });
      expect(visitor.statusCode).toBe(401);
      const answer = await t.app.inject({ method: "GET", url: "/api/push/public-key", headers: { cookie } });
      expect(answer.statusCode).toBe(200);
      const { publicKey } = answer.json<{ publicKey: string }>();
      expect(publicKey).toBe(t.ctx.config.vapid.publicKey);
      // What PushManager.subscribe takes as applicationServerKey: an uncompressed P-256 point.
      expect(Buffer.from(publicKey, "base64url")).toHaveLength(65);
    });

    it("stores a browser's subscription once, names the device, and answers 200 when it comes again", async () => {
      const { user, cookie } = await person();
      const browser = service.createSubscription();
      const first = await subscribe(cookie, browser);
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({ device: "Chrome on Android", lastSuccessAt: null });
      expect(JSON.stringify(first.json())).not.toContain(browser.keys.auth);
      const again = await subscribe(cookie, browser);
      expect(again.statusCode).toBe(200);
      expect(again.json<{ id: number }>().id).toBe(first.json<{ id: number }>().id);
      expect(await storedEndpoints(user.id)).toEqual([browser.endpoint]);
    });

    it("refuses what is not a browser's push subscription, with the field named", async () => {
      const { cookie } = await person();
      const browser = service.createSubscription();
      const cases: [object, string][] = [
        [{ ...browser, endpoint: "http://push.example.com/abc" }, "endpoint must be an https URL"],
        [{ ...browser, endpoint: "not a url" }, "endpoint must be a URL"],
        [{ ...browser, keys: { ...browser.keys, p256dh: "short" } }, "keys.p256dh must be 65 bytes"],
        [
          { ...browser, keys: { ...browser.keys, auth: "!!!!!!!!!!!!!!!!!!!!!!" } },
          "keys.auth must be 16 bytes",
        ],
        [{ endpoint: browser.endpoint }, "keys must hold p256dh and auth"],
      ];
      for (const [payload, message] of cases) {
        const answer = await subscribe(cookie, payload);
        expect(answer.statusCode, message).toBe(400);
        expect(answer.json<{ message: string }>().message).toContain(message);
      }
    });

    it("accepts plain-http endpoints on this machine only when the schema is told to (PUSH_TEST_SERVICE)", () => {
      const local = { ...service.createSubscription() };
      expect(createPushSubscriptionRequestSchema({ allowLoopbackHttp: true }).safeParse(local).success).toBe(
        true,
      );
      expect(pushSubscriptionRequestSchema.safeParse(local).success).toBe(false);
      const https = { ...local, endpoint: "https://fcm.googleapis.com/fcm/send/abc:def" };
      expect(pushSubscriptionRequestSchema.safeParse(https).success).toBe(true);
    });

    it("moves an endpoint to whoever signs in on that browser and turns push on", async () => {
      const ann = await subscribedPerson();
      const bob = await person();
      expect((await subscribe(bob.cookie, ann.browser)).statusCode).toBe(201);
      expect(await storedEndpoints(ann.user.id)).toEqual([]);
      expect(await storedEndpoints(bob.user.id)).toEqual([ann.browser.endpoint]);
    });

    it("does not move someone's device to another account on its endpoint alone (other keys: 409)", async () => {
      const ann = await subscribedPerson();
      const mallory = await person();
      const own = service.createSubscription();
      const answer = await subscribe(mallory.cookie, { ...own, endpoint: ann.browser.endpoint });
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({
        code: "PUSH_ENDPOINT_TAKEN",
        message: PUSH_ENDPOINT_TAKEN_MESSAGE,
      });
      expect(await storedEndpoints(ann.user.id)).toEqual([ann.browser.endpoint]);
      expect(await storedEndpoints(mallory.user.id)).toEqual([]);
    });

    it("removes only the caller's own subscription", async () => {
      const ann = await subscribedPerson();
      const bob = await person();
      expect((await unsubscribe(bob.cookie, ann.browser.endpoint)).statusCode).toBe(204);
      expect(await storedEndpoints(ann.user.id)).toEqual([ann.browser.endpoint]);
      expect((await unsubscribe(ann.cookie, ann.browser.endpoint)).statusCode).toBe(204);
      expect(await storedEndpoints(ann.user.id)).toEqual([]);
    });

    it(`keeps the ${PUSH_MAX_DEVICES_PER_USER} most recently registered devices`, async () => {
      const { user, cookie } = await person();
      const browsers: BrowserPushSubscription[] = [];
      for (let i = 0; i <= PUSH_MAX_DEVICES_PER_USER; i += 1) {
        const browser = service.createSubscription();
        browsers.push(browser);
        expect((await subscribe(cookie, browser)).statusCode).toBe(201);
      }
      const kept = await storedEndpoints(user.id);
      expect(kept).toHaveLength(PUSH_MAX_DEVICES_PER_USER);
      expect(kept).not.toContain(browsers[0]!.endpoint);
    });

    it("labels devices from the User-Agent header, keeping nothing else of it", () => {
      expect(deviceLabel(ANDROID_CHROME)).toBe("Chrome on Android");
      expect(
        deviceLabel(
          "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
        ),
      ).toBe("Safari on iOS");
      expect(
        deviceLabel("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"),
      ).toBe("Firefox on Windows");
      expect(deviceLabel(undefined)).toBeNull();
      expect(deviceLabel("curl/8.5.0")).toBeNull();
    });
  });

  describe("the push channel", () => {
    it("delivers the word as an encrypted, VAPID-signed message the browser decrypts to the notification JSON", async () => {
      const { user, browser } = await subscribedPerson();
      const channel = createPushChannel(t.ctx);
      const message = wordMessage(user.id);
      const receipt = await channel.send(await channel.render(message), message);

      expect(service.refusals).toEqual([]);
      expect(service.messages).toHaveLength(1);
      const [received] = service.messages;
      expect(JSON.parse(received!.payload)).toEqual({
        title: "ledger (noun)",
        body: "A book or file in which the accounts of a business are kept.",
        url: `${TEST_APP_URL}/history?opened=token-41`,
        tag: "delivery-41",
        actions: [
          { action: "knew", title: "Knew it", url: GRADE_LINKS.knewIt },
          { action: "didnt", title: "Didn't know", url: GRADE_LINKS.didntKnow },
        ],
      });
      expect(received).toMatchObject({
        endpoint: browser.endpoint,
        ttl: 24 * 60 * 60,
        urgency: "normal",
        topic: "delivery-41",
        vapidPublicKey: t.ctx.config.vapid.publicKey,
        claims: { aud: service.url, sub: "mailto:help@jargon.test" },
      });
      expect(receipt.providerMessageId).toMatch(new RegExp(`^${service.url}/messages/`));
      const [row] = await t.ctx.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, user.id));
      expect(row?.lastSuccessAt).toEqual(t.clock.now());
    });

    it("shows the title without a part of speech when there is none, and cuts a long definition at a word", async () => {
      const channel = createPushChannel(t.ctx);
      const definition = `${"An unusually long definition that keeps going ".repeat(8)}until the end.`;
      const payload = JSON.parse(
        await channel.render(wordMessage("u", { partOfSpeech: null, definition })),
      ) as { title: string; body: string };
      expect(payload.title).toBe("ledger");
      expect(payload.body.length).toBeLessThanOrEqual(PUSH_BODY_MAX_CHARS);
      expect(payload.body).toMatch(/ going…$|[a-z]…$/);
      expect(definition.startsWith(payload.body.slice(0, -1))).toBe(true);
    });

    it("sends to every device of the person; one that is gone (410) is forgotten, the word still counts as sent", async () => {
      const { user, cookie, browser } = await subscribedPerson();
      const laptop = service.createSubscription();
      expect((await subscribe(cookie, laptop)).statusCode).toBe(201);
      service.answer(browser.endpoint, 410);
      const channel = createPushChannel(t.ctx);
      const message = wordMessage(user.id);
      await expect(channel.send(await channel.render(message), message)).resolves.toBeDefined();
      expect(service.messages.map((m) => m.endpoint)).toEqual([laptop.endpoint]);
      expect(await storedEndpoints(user.id)).toEqual([laptop.endpoint]);
    });

    it.each([404, 410])(
      "fails for good, with History's text, when the only device is gone (%i) and forgets it",
      async (status) => {
        const { user, browser } = await subscribedPerson();
        service.answer(browser.endpoint, status);
        const { channel, failure } = await failureOfSendingTo(user.id);
        expect(failure).toBeInstanceOf(PushDeliveryError);
        expect((failure as Error).message).toBe(NO_PUSH_DEVICE_MESSAGE);
        expect(channel.classifyFailure(failure)).toBe("permanent");
        expect(await storedEndpoints(user.id)).toEqual([]);
      },
    );

    it("fails for good when the person has no device that receives push", async () => {
      const { user } = await person();
      const { channel, failure } = await failureOfSendingTo(user.id);
      expect((failure as Error).message).toBe(NO_PUSH_DEVICE_MESSAGE);
      expect(channel.classifyFailure(failure)).toBe("permanent");
    });

    it.each([
      [429, "temporary"],
      [500, "temporary"],
      [503, "temporary"],
      [400, "permanent"],
      [403, "permanent"],
      [413, "permanent"],
    ] as const)("classifies a push service's %i as %s and keeps the device", async (status, kind) => {
      const { user, browser } = await subscribedPerson();
      service.answer(browser.endpoint, status);
      const { channel, failure } = await failureOfSendingTo(user.id);
      // Never the remote's status: that would make History a port scanner.
      expect((failure as Error).message).toBe("This device could not be reached");
      expect(channel.classifyFailure(failure)).toBe(kind);
      expect(await storedEndpoints(user.id)).toEqual([browser.endpoint]);
    });

    it("retries when the push service cannot be reached", async () => {
      const elsewhere = await startPushService();
      const browser = elsewhere.createSubscription();
      await elsewhere.close();
      const { user, cookie } = await person();
      expect((await subscribe(cookie, browser)).statusCode).toBe(201);
      const { channel, failure } = await failureOfSendingTo(user.id);
      expect((failure as Error).message).toBe("This device could not be reached");
      expect(channel.classifyFailure(failure)).toBe("temporary");
    });

    it("never sends to an endpoint stored before the allow-list, nor says what answered there", async () => {
      const { user } = await person();
      const browser = service.createSubscription();
      await t.ctx.db.insert(pushSubscriptions).values({
        userId: user.id,
        endpoint: "https://169.254.169.254/latest/meta-data/",
        p256dh: browser.keys.p256dh,
        auth: browser.keys.auth,
      });
      const { channel, failure } = await failureOfSendingTo(user.id);
      expect((failure as Error).message).toBe("This device could not be reached");
      expect(channel.classifyFailure(failure)).toBe("permanent");
    });

    it("classifies errors it does not know as permanent", () => {
      const channel = createPushChannel(t.ctx);
      expect(channel.classifyFailure(new Error("something else"))).toBe("permanent");
      expect(channel.name).toBe("push");
    });
  });
  describe("the notification's answer buttons", () => {
    let payload: PushPayload;
    let userId: string;
    const logs = () =>
      queryRows<{ grade: string; channel: string }>(
        t.ctx.db,
        sql`select grade, channel from review_logs where user_id = ${userId} order by id`,
      );
    /** What the service worker sends when a button is pressed: a POST of its signed link, asking for JSON. */
    const press = (url: string, body: object = { channel: "push" }) =>
      t.app.inject({
        method: "POST",
        url: url.replace(TEST_APP_URL, ""),
        headers: { ...SAME_ORIGIN, accept: "application/json" },
        payload: body,
      });

    beforeAll(async () => {
      const topic = await insertTopic(t.ctx, "pushanswers", 3);
      t.clock.set(new Date("2025-05-06T08:00:00Z"));
      const { user, cookie } = await subscribedPerson();
      userId = user.id;
      await t.subscribe(cookie, {
        topicId: topic.id,
        emailEnabled: false,
        inAppEnabled: true,
        pushEnabled: true,
      });
      t.clock.set(new Date("2025-05-06T09:00:00Z"));
      await runSchedulerOnce(t.ctx, { onlyUserId: userId });
      expect(service.messages).toHaveLength(1);
      payload = JSON.parse(service.messages[0]!.payload) as PushPayload;
    });

    it("are Knew it and Didn't know, each with the delivery's signed answer link", () => {
      expect(payload.actions.map(({ action, title }) => ({ action, title }))).toEqual([
        { action: "knew", title: "Knew it" },
        { action: "didnt", title: "Didn't know" },
      ]);
      expect(payload.actions[0]!.url).toMatch(new RegExp(`^${TEST_APP_URL}/api/grade\\?token=knew_it\\.`));
      expect(payload.actions[1]!.url).toMatch(new RegExp(`^${TEST_APP_URL}/api/grade\\?token=didnt_know\\.`));
    });

    it("refuses a forged or edited link with a 400 and records nothing", async () => {
      const knew = payload.actions[0]!.url;
      const forged = [
        // The choice edited by hand: the signature covers it.
        knew.replace("token=knew_it.", "token=didnt_know."),
        // The signature's last character changed.
        knew.replace(/.$/, (last) => (last === "A" ? "B" : "A")),
        `${TEST_APP_URL}/api/grade?token=knew_it.not-a-token`,
        `${TEST_APP_URL}/api/grade`,
      ];
      for (const url of forged) {
        const answer = await press(url);
        expect(answer.statusCode, url).toBe(400);
        expect(answer.json(), url).toMatchObject({ code: "INVALID_GRADE_LINK" });
      }
      const junk = await press(knew, { channel: "carrier pigeon" });
      expect(junk.statusCode).toBe(400);
      expect(junk.json()).toMatchObject({ message: "channel must be email or push" });
      expect(await logs()).toEqual([]);
    });

    it("record the answer pressed once, as a push grade (“Knew it” on a new word: Easy), however often it is pressed", async () => {
      t.clock.set(new Date("2025-05-06T12:00:00Z"));
      const first = await press(payload.actions[0]!.url);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers["content-type"]).toMatch(/^application\/json/);
      const answered = first.json<GradeLinkAnswer>();
      expect(answered).toMatchObject({
        word: "pushanswers-1",
        // Revealed once answered, for the notification that asked first.
        definition: "Definition 1 of pushanswers",
        comesBack: expect.stringMatching(/^in \d+ days?$/),
      });
      expect(new Date(answered.due!).getTime()).toBeGreaterThan(t.clock.now().getTime());

      // Pressed again, or the other button after it: the delivery has its answer.
      expect((await press(payload.actions[0]!.url)).json()).toEqual(answered);
      expect((await press(payload.actions[1]!.url)).statusCode).toBe(200);
      expect(await logs()).toEqual([{ grade: "easy", channel: "push" }]);
    });
  });

  describe("one notification per send (issue 22)", () => {
    const review = (deliveryId: number): WordMessage => ({
      ...wordMessage("u1", { word: "estoppel", definition: "A bar to asserting a claim." }, deliveryId),
      kind: "review",
    });

    it("a review shows the word and asks, without its definition", () => {
      const payload = renderPushPayload(review(7));
      expect(payload.title).toBe("Remember “estoppel (noun)”?");
      expect(JSON.stringify(payload)).not.toContain("A bar to asserting");
      expect(payload.actions.map(({ title }) => title)).toEqual(["Knew it", "Didn't know"]);
    });

    it("a new word with reviews riding along is one notification that names the new word only", () => {
      const payload = renderPushPayload({ ...wordMessage("u1"), alongside: [review(42), review(43)] });
      expect(payload.title).toBe("ledger (noun)");
      expect(payload.body).toContain("A book or file");
      expect(payload.body).toContain("+2 more words in the app");
      expect(payload.body).not.toContain("A bar to asserting");
      expect(payload.body.length).toBeLessThanOrEqual(PUSH_BODY_MAX_CHARS);
    });
  });
});
