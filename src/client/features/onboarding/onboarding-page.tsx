import Check from "lucide-react/icons/check";
import Lock from "lucide-react/icons/lock";
import Sparkles from "lucide-react/icons/sparkles";
import { useId, useState } from "react";
import { ONBOARDING_MAX_TOPICS } from "@shared/api/onboarding";
import type { User } from "@shared/api/auth";
import { PLAN_DISPLAY_NAMES } from "@shared/constants";
import { allowedFrequenciesText } from "@shared/rules/claims";
import { planOf, subscriptionLimit } from "@shared/rules/plans";
import { PageContainer } from "@client/components/layout/page-container";
import { PageTitle } from "@client/components/layout/page-title";
import { Button } from "@client/components/ui/button";
import { SearchInput } from "@client/components/ui/search-input";
import { TopicIcon } from "@client/components/word/topic-icon";
import { useAuth } from "@client/lib/auth";
import { ApiError } from "@client/lib/api";
import { toast } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import {
  initialFormValues,
  matchesTopicSearch,
  SettingsStep,
  toSubscriptionRequest,
  useTopics,
  type SubscriptionFormValues,
} from "@client/features/subscriptions";
import { useFinishOnboarding } from "./api/onboarding";

/** How many topics this user may pick now: the plan's limit (a trial has none), at most the flow's own cap. */
const pickLimit = (user: User) =>
  Math.min(subscriptionLimit(user) ?? ONBOARDING_MAX_TOPICS, ONBOARDING_MAX_TOPICS);

/**
 * The first session (issue 17): pick topics, then how words arrive; finishing delivers the first word of each topic
 * at once by every chosen channel, so the dashboard has a word on day one. Shown in the dashboard's place until it
 * is finished or skipped.
 */
export default function OnboardingPage() {
  const { user } = useAuth();
  const finish = useFinishOnboarding();
  const [step, setStep] = useState<1 | 2>(1);
  const [picked, setPicked] = useState<number[]>([]);
  // In-app on as well: the first word is delivered at once, and the app is where the learner is now.
  const [values, setValues] = useState<SubscriptionFormValues>(() => {
    const initial = initialFormValues();
    return { ...initial, channels: { ...initial.channels, in_app: true } };
  });
  const [error, setError] = useState<string | null>(null);
  if (!user) return null;
  const limit = pickLimit(user);

  const submit = () => {
    const check = toSubscriptionRequest({ ...values, topicId: picked[0] ?? null });
    if (!check.ok) return setError(check.message);
    const { topicId: _first, ...settings } = check.request;
    setError(null);
    finish.mutate(
      { ...settings, topicIds: picked },
      {
        onSuccess: (result) =>
          toast({
            title: result && result.delivered > 0 ? "Your first word is here" : "You're all set",
            description: "Next words arrive on your schedule.",
          }),
        onError: (failure) =>
          setError(
            failure instanceof ApiError ? (failure.body?.message ?? failure.message) : String(failure),
          ),
      },
    );
  };

  return (
    <PageContainer className="max-w-3xl">
      <PageTitle>Welcome</PageTitle>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-muted-foreground">Step {step} of 2</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">
            {step === 1 ? "What do you want to learn?" : "How should your words arrive?"}
          </h1>
          <p className="mt-2 text-muted-foreground">
            {step === 1
              ? "Pick the fields you work or read in. Your first word arrives as soon as you finish."
              : "Your first word of each topic comes right away; the next ones follow this schedule."}
          </p>
        </div>
        <Button variant="ghost" onClick={() => finish.mutate("skip")} disabled={finish.isPending}>
          Skip for now
        </Button>
      </div>

      <PlanNote user={user} limit={limit} />

      {step === 1 ? (
        <TopicPicker picked={picked} limit={limit} onChange={setPicked} />
      ) : (
        <div className="mt-6 rounded-xl border border-border bg-card p-4 sm:p-6">
          <SettingsStep values={values} onChange={setValues} channelsError={null} />
        </div>
      )}

      {error ? (
        <p role="alert" className="mt-4 text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}

      <div className="sticky bottom-16 mt-6 flex items-center justify-between gap-3 border-t border-border bg-background/95 py-4 backdrop-blur md:bottom-0">
        {step === 1 ? (
          <>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {picked.length} of {limit} picked
            </p>
            <Button onClick={() => setStep(2)} disabled={picked.length === 0}>
              Continue
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={() => setStep(1)} disabled={finish.isPending}>
              Back
            </Button>
            <Button onClick={submit} disabled={finish.isPending}>
              <Sparkles aria-hidden />
              {finish.isPending ? "Sending…" : "Send my first word"}
            </Button>
          </>
        )}
      </div>
    </PageContainer>
  );
}

/** The plan's limits up front, before any choice is made; no upgrade link competes with the flow's one task. */
function PlanNote({ user, limit }: { user: User; limit: number }) {
  const plan = PLAN_DISPLAY_NAMES[planOf(user)];
  const unlimited = subscriptionLimit(user) === null;
  return (
    <p className="mt-4 flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg bg-muted px-3 py-2 text-sm">
      {unlimited ? (
        <span>
          {user.trialStatus === "active" ? "Your trial" : `Your ${plan} plan`} lets you pick up to {limit}{" "}
          topics here and add more later.
        </span>
      ) : (
        <>
          <Lock className="size-4 text-muted-foreground" aria-hidden />
          <span>
            Your {plan} plan includes {limit} {limit === 1 ? "topic" : "topics"}, at{" "}
            {allowedFrequenciesText(user)}. Paid plans add more, later.
          </span>
        </>
      )}
    </p>
  );
}

function TopicPicker({
  picked,
  limit,
  onChange,
}: {
  picked: number[];
  limit: number;
  onChange(picked: number[]): void;
}) {
  const id = useId();
  const { data: topics, isLoading } = useTopics();
  const [search, setSearch] = useState("");
  const full = picked.length >= limit;
  const toggle = (topicId: number) => {
    if (picked.includes(topicId)) onChange(picked.filter((other) => other !== topicId));
    else if (limit === 1) onChange([topicId]);
    else if (!full) onChange([...picked, topicId]);
  };
  const shown = (topics ?? []).filter((topic) => matchesTopicSearch(topic, search));
  return (
    <fieldset className="mt-6" aria-describedby={`${id}-hint`}>
      <legend className="sr-only">Topics</legend>
      <SearchInput
        value={search}
        onValueChange={setSearch}
        placeholder="Search topics"
        className="max-w-sm"
      />
      <p id={`${id}-hint`} className="sr-only">
        Pick up to {limit} {limit === 1 ? "topic" : "topics"}.
      </p>
      {isLoading ? <p className="mt-4 text-sm text-muted-foreground">Loading topics…</p> : null}
      <ul className="mt-4 grid gap-2 sm:grid-cols-2">
        {shown.map((topic) => {
          const checked = picked.includes(topic.id);
          const locked = !checked && full && limit > 1;
          return (
            <li key={topic.id}>
              <label
                className={cn(
                  "flex h-full cursor-pointer items-start gap-3 rounded-lg border border-border p-3 transition-colors hover:bg-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                  checked && "border-primary bg-accent/60 hover:bg-accent/60",
                  locked && "cursor-not-allowed opacity-60 hover:bg-transparent",
                )}
              >
                <input
                  type={limit === 1 ? "radio" : "checkbox"}
                  name={`${id}-topic`}
                  className="sr-only"
                  checked={checked}
                  disabled={locked}
                  onChange={() => toggle(topic.id)}
                />
                <TopicIcon category={topic.category} />
                <span className="min-w-0 flex-1">
                  <span className="block font-medium">{topic.displayName}</span>
                  <span className="mt-0.5 line-clamp-2 block text-xs text-muted-foreground">
                    {topic.description}
                  </span>
                </span>
                <span
                  aria-hidden
                  className={cn(
                    "grid size-5 shrink-0 place-items-center rounded-full border border-border",
                    checked && "border-primary bg-primary text-primary-foreground",
                  )}
                >
                  {checked ? <Check className="size-3.5" /> : null}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
