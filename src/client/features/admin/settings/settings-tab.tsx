import AlertTriangle from "lucide-react/icons/triangle-exclamation-point";
import CheckCircle2 from "lucide-react/icons/circle-check";
import FlaskConical from "lucide-react/icons/flask-conical";
import type { StripeModeResponse } from "@shared/api/billing";
import { Card, CardContent, CardDescription, CardHeader } from "@client/components/ui/card";
import { Skeleton } from "@client/components/ui/skeleton";
import { Switch } from "@client/components/ui/switch";
import { toast } from "@client/lib/toast";
import { isUnauthorizedError } from "@client/lib/unauthorized";
import { cn } from "@client/lib/utils";
import { serverMessage } from "../api/admin-query";
import { useSetStripeMode, useStripeMode } from "../api/stripe-mode";

/** Payment Settings: the Test/Live switch and a banner saying what the current mode means. */
export function SettingsTab() {
  const mode = useStripeMode();
  const setMode = useSetStripeMode();

  const flip = (live: boolean) =>
    setMode.mutate(live ? "live" : "test", {
      onSuccess: (answer) =>
        toast({
          title: answer.mode === "live" ? "Live mode on" : "Test mode on",
          description:
            answer.mode === "live" ? "New payments charge real cards." : "New payments use test cards only.",
          variant: answer.mode === "live" ? "default" : "success",
        }),
      onError: (error) => {
        if (!isUnauthorizedError(error))
          toast({
            title: "Failed to update stripe mode",
            description: serverMessage(error),
            variant: "destructive",
          });
      },
    });

  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">Payment Settings</h2>
        <CardDescription>
          Choose whether new checkouts and trials use Stripe's test or live keys. Existing subscriptions keep
          the mode they were created in.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {mode.isPending ? (
          <>
            <Skeleton className="h-10 w-56" />
            <Skeleton className="h-16 w-full" />
          </>
        ) : mode.data ? (
          <>
            <div className="flex items-center gap-3">
              <span
                id="mode-test"
                className={cn(
                  "text-sm font-medium",
                  mode.data.mode === "test" ? "text-foreground" : "text-muted-foreground",
                )}
              >
                Test
              </span>
              <Switch
                checked={mode.data.mode === "live"}
                onCheckedChange={flip}
                disabled={setMode.isPending || !canSwitch(mode.data)}
                aria-label="Live mode"
                aria-describedby="mode-banner"
              />
              <span
                id="mode-live"
                className={cn(
                  "text-sm font-medium",
                  mode.data.mode === "live" ? "text-foreground" : "text-muted-foreground",
                )}
              >
                Live
              </span>
            </div>
            <ModeBanner mode={mode.data} />
          </>
        ) : (
          <p className="text-sm text-destructive">Couldn't load the payment mode. Please reload the page.</p>
        )}
      </CardContent>
    </Card>
  );
}

const canSwitch = (mode: StripeModeResponse) =>
  mode.mode === "test" ? mode.liveConfigured : mode.testConfigured;

function ModeBanner({ mode }: { mode: StripeModeResponse }) {
  const missing =
    mode.mode === "test" && !mode.liveConfigured
      ? "Live mode needs STRIPE_LIVE_SECRET_KEY and STRIPE_LIVE_PUBLISHABLE_KEY on the server."
      : mode.mode === "live" && !mode.testConfigured
        ? "Test mode needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY on the server."
        : null;
  const {
    icon: Icon,
    title,
    text,
    tone,
  } = mode.provider === "sandbox"
    ? {
        icon: FlaskConical,
        title: "Test Mode: built-in sandbox",
        text: "No Stripe keys are configured, so payments run in Jargon's sandbox with test cards. No real money is charged.",
        tone: "border-amber-500/40 bg-amber-500/10",
      }
    : mode.mode === "test"
      ? {
          icon: FlaskConical,
          title: "Test Mode",
          text: "Payments use Stripe's test keys. No real money is charged.",
          tone: "border-amber-500/40 bg-amber-500/10",
        }
      : {
          icon: CheckCircle2,
          title: "Live Mode",
          text: "Payments use Stripe's live keys. Real cards are charged.",
          tone: "border-success/40 bg-success/10",
        };
  return (
    <div id="mode-banner" role="status" className={cn("flex gap-3 rounded-xl border p-4", tone)}>
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="text-sm">
        <p className="font-semibold">{title}</p>
        <p className="mt-0.5">{text}</p>
        {missing ? (
          <p className="mt-2 flex items-start gap-1.5 text-muted-foreground">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            {missing}
          </p>
        ) : null}
      </div>
    </div>
  );
}
