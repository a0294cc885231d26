import Lock from "lucide-react/icons/lock";
import Star from "lucide-react/icons/star";
import { Link } from "wouter";
import { useCallback, useId } from "react";
import {
  FREQUENCIES,
  PREMIUM_FREQUENCIES,
  WORD_LEVEL_LABELS,
  WORD_LEVELS,
  type Frequency,
} from "@shared/constants";
import { FREQUENCY_LABELS, hasDeliveryTime } from "@shared/rules/frequencies";
import { planStateOf, wordsPerSendLimit } from "@shared/rules/plans";
import { Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { ChannelSwitches } from "@client/channels/controls";
import { useAuth } from "@client/lib/auth";
import { cn } from "@client/lib/utils";
import { withFrequency, type SubscriptionFormValues } from "../subscription-form";
import { unlockText, wordsPerSendChoices, wordsPerSendText } from "../words-per-send";

const sectionTitle = "text-sm font-semibold";

/**
 * Step 2: how often (starred options need a paid plan), through which channels, at what time, then our additions
 * after the spec's fields: the library level and how many words one send carries.
 */
export function SettingsStep({
  values,
  onChange,
  channelsError,
}: {
  values: SubscriptionFormValues;
  /** Takes an update of the current values: a channel's starting switch can settle while the learner edits. */
  onChange(update: (current: SubscriptionFormValues) => SubscriptionFormValues): void;
  channelsError: string | null;
}) {
  const id = useId();
  const onSwitch = useCallback(
    (channel: string, enabled: boolean) =>
      onChange((current) => ({ ...current, channels: { ...current.channels, [channel]: enabled } })),
    [onChange],
  );
  return (
    <div className="flex flex-col gap-5">
      <fieldset>
        <legend className={sectionTitle}>Frequency</legend>
        <div className="mt-2 grid grid-cols-2 gap-2">
          {FREQUENCIES.map((frequency) => (
            <FrequencyOption
              key={frequency}
              name={`${id}-frequency`}
              frequency={frequency}
              checked={values.frequency === frequency}
              onSelect={() => onChange((current) => withFrequency(current, frequency))}
            />
          ))}
        </div>
        <p className="mt-2 flex items-center gap-1.5 text-xs text-muted-foreground">
          <Star className="size-3 fill-amber-400 text-amber-500" aria-hidden />
          Premium frequency
        </p>
      </fieldset>

      <fieldset aria-describedby={channelsError ? `${id}-channels-error` : undefined}>
        <legend className={sectionTitle}>Delivery method</legend>
        <div className="mt-2 flex flex-col gap-2">
          <ChannelSwitches idPrefix={id} switches={values.channels} onSwitch={onSwitch} />
        </div>
        {channelsError ? (
          <p id={`${id}-channels-error`} role="alert" className="mt-2 text-sm font-medium text-destructive">
            {channelsError}
          </p>
        ) : null}
      </fieldset>

      {hasDeliveryTime(values.frequency) ? (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-time`} className={sectionTitle}>
            Delivery time
          </Label>
          <Input
            id={`${id}-time`}
            type="time"
            required
            value={values.deliveryTime}
            onChange={(event) => {
              const deliveryTime = event.target.value;
              if (deliveryTime) onChange((current) => ({ ...current, deliveryTime }));
            }}
            className="w-40"
          />
          <p className="text-xs text-muted-foreground">
            {values.frequency === "hourly"
              ? "Words arrive every hour at this minute."
              : values.frequency === "every4hours"
                ? "Words arrive every 4 hours, counted from this time."
                : "Your local time."}
          </p>
        </div>
      ) : (
        <p className="text-xs text-muted-foreground">
          Words at this frequency arrive from 09:00, your local time.
        </p>
      )}

      <fieldset>
        <legend className={sectionTitle}>Level</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {WORD_LEVELS.map((level) => (
            <label
              key={level}
              className={cn(
                "flex cursor-pointer items-start gap-2 rounded-lg border border-border px-3 py-2.5 text-sm transition-colors hover:bg-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
                values.level === level && "border-primary bg-accent text-accent-foreground hover:bg-accent",
              )}
            >
              <input
                type="radio"
                name={`${id}-level`}
                value={level}
                checked={values.level === level}
                onChange={() => onChange((current) => ({ ...current, level }))}
                className="mt-0.5 size-4 shrink-0 accent-(--primary) outline-none"
              />
              <span className="min-w-0">
                <span className="block font-medium">{WORD_LEVEL_LABELS[level].name}</span>
                <span className="mt-0.5 block text-xs text-muted-foreground">
                  {WORD_LEVEL_LABELS[level].hint}
                </span>
              </span>
            </label>
          ))}
        </div>
        <p className="mt-2 text-xs text-muted-foreground">
          Words of this level come first, then the next level up.
        </p>
      </fieldset>

      <WordsPerSendField
        name={`${id}-words-per-send`}
        value={values.wordsPerSend}
        onChange={(wordsPerSend) => onChange((current) => ({ ...current, wordsPerSend }))}
      />
    </div>
  );
}

/**
 * Issue 16: 1 to 5 words a send. The plan's limit shows before any choice (the server's 403 stays the last word):
 * the counts above it are locked, each naming the plan that unlocks it, with a way to upgrade.
 */
function WordsPerSendField({
  name,
  value,
  onChange,
}: {
  name: string;
  value: number;
  onChange(wordsPerSend: number): void;
}) {
  const { user } = useAuth();
  if (!user) return null;
  const choices = wordsPerSendChoices(user);
  const limit = wordsPerSendLimit(user);
  const locked = unlockText(choices);
  return (
    <fieldset aria-describedby={`${name}-hint`}>
      <legend className={sectionTitle}>Words per send</legend>
      <div className="mt-2 grid grid-cols-5 gap-2">
        {choices.map(({ count, unlockedBy }) => (
          <label
            key={count}
            title={unlockedBy ? `Needs ${unlockedBy}` : undefined}
            className={cn(
              "relative flex h-11 items-center justify-center gap-1.5 rounded-lg border border-border text-sm font-semibold transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
              unlockedBy
                ? "cursor-not-allowed border-dashed bg-muted/50 text-muted-foreground"
                : "cursor-pointer hover:bg-muted",
              value === count && "border-primary bg-accent text-accent-foreground hover:bg-accent",
            )}
          >
            <input
              type="radio"
              name={name}
              value={count}
              checked={value === count}
              disabled={unlockedBy !== null}
              onChange={() => onChange(count)}
              // Invisible but covering the chip, so a tap anywhere on it is a tap on the radio itself.
              className="absolute inset-0 cursor-pointer appearance-none rounded-lg outline-none disabled:cursor-not-allowed"
            />
            {unlockedBy ? <Lock className="size-3.5 shrink-0" aria-hidden /> : null}
            <span aria-hidden>{count}</span>
            <span className="sr-only">
              {wordsPerSendText(count)}
              {unlockedBy ? `, needs ${unlockedBy}` : ""}
            </span>
          </label>
        ))}
      </div>
      <div id={`${name}-hint`} className="mt-2 flex flex-col gap-1 text-xs text-muted-foreground">
        <p>New words at every send. Words that are due for review come along with them.</p>
        {locked ? (
          <p data-testid="words-per-send-limit">
            <Lock className="mr-1 inline size-3 align-[-0.125em]" aria-hidden />
            Your {planStateOf(user, new Date()).label} plan allows {limit} {limit === 1 ? "word" : "words"}{" "}
            per send: {locked}.{" "}
            <Link href="/pricing" className="font-medium text-primary underline-offset-2 hover:underline">
              Upgrade
            </Link>
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

function FrequencyOption({
  name,
  frequency,
  checked,
  onSelect,
}: {
  name: string;
  frequency: Frequency;
  checked: boolean;
  onSelect(): void;
}) {
  const premium = PREMIUM_FREQUENCIES.includes(frequency);
  return (
    <label
      className={cn(
        "flex cursor-pointer items-center gap-1.5 rounded-lg border border-border px-2 py-2.5 text-sm sm:gap-2 sm:px-3 transition-colors hover:bg-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring",
        checked && "border-primary bg-accent text-accent-foreground hover:bg-accent",
      )}
    >
      <input
        type="radio"
        name={name}
        value={frequency}
        checked={checked}
        onChange={onSelect}
        className="size-4 shrink-0 accent-(--primary) outline-none"
      />
      <span className="font-medium">{FREQUENCY_LABELS[frequency]}</span>
      {premium ? (
        <>
          <Star className="ml-auto size-3.5 shrink-0 fill-amber-400 text-amber-500" aria-hidden />
          <span className="sr-only">(Premium)</span>
        </>
      ) : null}
    </label>
  );
}
