import { useEffect } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PushDevice, PushPublicKey, PushSubscriptionRequest } from "@shared/api/push";
import { apiRequest, readJson } from "@client/lib/api";
import { toast } from "@client/lib/toast";

/**
 * Whether this browser can receive push at all: a secure context with a service worker (production builds only:
 * the dev server registers none, see main.tsx) and the Push and Notification APIs. iOS Safari has them only in an
 * app added to the Home Screen.
 */
export function isPushSupported(): boolean {
  return (
    import.meta.env.PROD &&
    typeof window !== "undefined" &&
    window.isSecureContext &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** "unsupported": nothing to offer; "denied": the person (or a policy) blocked notifications for this site. */
export type PushPermission = "unsupported" | NotificationPermission;

export interface PushOnThisDevice {
  permission: PushPermission;
  /** This browser holds a push subscription the server has (null while finding out). */
  subscribed: boolean | null;
  pending: boolean;
  /** Asks permission, subscribes with the server's key and registers the subscription; false when refused. */
  enable(): Promise<boolean>;
  /** Forgets the subscription on the server, then in the browser. */
  disable(): Promise<void>;
}

const PUSH_DEVICE_KEY = ["push", "this-device"] as const;

interface DeviceState {
  permission: PushPermission;
  subscribed: boolean;
  /** No service worker had started when the state was read: read it again once one is ready. */
  noWorkerYet?: true;
}

/** How long to wait for the service worker on a page that has just registered it. */
const SERVICE_WORKER_WAIT_MS = 10_000;

/** The service worker's registration; null when there is none (blocked, or failed to install). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing) return existing;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), SERVICE_WORKER_WAIT_MS)),
  ]);
}

/** The registration, for a change the person asked for: its absence is an error they are told about. */
async function requireRegistration(): Promise<ServiceWorkerRegistration> {
  const found = await registration();
  if (!found) throw new Error("no service worker");
  return found;
}

async function register(subscription: PushSubscription): Promise<PushDevice> {
  const body = subscription.toJSON() as PushSubscriptionRequest;
  return readJson<PushDevice>(await apiRequest("POST", "/api/push/subscriptions", body));
}

/**
 * Reads this browser's state. A subscription it already holds is registered again: the server may have dropped it
 * (the push service said it expired) or it may belong to whoever was signed in here before (it moves to this person).
 */
async function readDeviceState(): Promise<DeviceState> {
  if (!isPushSupported()) return { permission: "unsupported", subscribed: false };
  const worker = await registration();
  if (!worker) return { permission: "unsupported", subscribed: false, noWorkerYet: true };
  const permission = Notification.permission;
  const subscription = await worker.pushManager.getSubscription();
  if (!subscription || permission !== "granted") return { permission, subscribed: false };
  await register(subscription);
  return { permission, subscribed: true };
}

/** PushManager wants the VAPID key as bytes; the server gives URL-safe base64. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

async function subscribe(): Promise<DeviceState> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return { permission, subscribed: false };
  const { publicKey } = await readJson<PushPublicKey>(await apiRequest("GET", "/api/push/public-key"));
  const applicationServerKey = keyBytes(publicKey);
  const { pushManager } = await requireRegistration();
  const existing = await pushManager.getSubscription();
  // A subscription made for another server key (the keys were replaced) cannot be reused: the browser refuses.
  if (existing && !sameKey(existing.options.applicationServerKey, applicationServerKey)) {
    await existing.unsubscribe();
  }
  const subscription = await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  await register(subscription);
  return { permission, subscribed: true };
}

async function unsubscribe(): Promise<DeviceState> {
  const subscription = await (await requireRegistration()).pushManager.getSubscription();
  if (subscription) {
    // The server first: once it has forgotten the endpoint, nothing more is sent to it.
    await apiRequest("DELETE", "/api/push/subscriptions", { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  return { permission: isPushSupported() ? Notification.permission : "unsupported", subscribed: false };
}

/** "This device receives push": the Settings switch, and the subscription modal's push option. */
export function usePushOnThisDevice(): PushOnThisDevice {
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: PUSH_DEVICE_KEY, queryFn: readDeviceState });
  // A slow phone (or a busy machine) can take longer than the wait to install the worker on a first visit: the
  // switch then said "cannot receive push" for good. Once the worker is ready, the state is read again.
  useEffect(() => {
    if (!isPushSupported()) return;
    let mounted = true;
    void navigator.serviceWorker.ready.then(() => {
      const read = queryClient.getQueryData<DeviceState>(PUSH_DEVICE_KEY);
      if (mounted && read?.noWorkerYet) void queryClient.invalidateQueries({ queryKey: PUSH_DEVICE_KEY });
    });
    return () => {
      mounted = false;
    };
  }, [queryClient, state.data]);
  const change = useMutation({
    mutationFn: (on: boolean) => (on ? subscribe() : unsubscribe()),
    onSuccess: (next) => queryClient.setQueryData(PUSH_DEVICE_KEY, next),
    onError: (_error, on) => {
      toast({
        title: on ? "Could not turn on push notifications" : "Could not turn off push notifications",
        description: "Please try again.",
        variant: "destructive",
      });
      void queryClient.invalidateQueries({ queryKey: PUSH_DEVICE_KEY });
    },
  });

  return {
    permission: state.data?.permission ?? (isPushSupported() ? Notification.permission : "unsupported"),
    // Could not find out (the re-registration failed): offered as off, so turning it on tries again.
    subscribed: state.data?.subscribed ?? (state.isError ? false : null),
    pending: change.isPending,
    enable: async () => (await change.mutateAsync(true).catch(() => null))?.subscribed ?? false,
    disable: async () => {
      await change.mutateAsync(false).catch(() => null);
    },
  };
}
