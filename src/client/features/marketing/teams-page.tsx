import Building2 from "lucide-react/icons/building-complex";
import CheckCircle2 from "lucide-react/icons/circle-check";
import Send from "lucide-react/icons/send";
import { useState, type FormEvent } from "react";
import { Link } from "wouter";
import { teamRequestSchema, type TeamRequestInput } from "@shared/api/teams";
import { SUPPORT_RESPONSE_HOURS, TEAM_MESSAGE_MAX, TEAM_SEATS_MAX, TEAM_SEATS_MIN } from "@shared/constants";
import { PageTitle } from "@client/components/layout/page-title";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@client/components/ui/card";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { Textarea } from "@client/components/ui/textarea";
import { ApiError } from "@client/lib/api";
import { useAuth } from "@client/lib/auth";
import { firstErrorPerField } from "@client/lib/form-errors";
import { useDraftForm } from "@client/lib/use-draft-form";
import { cn } from "@client/lib/utils";
import { useSendTeamRequest } from "./api/send-team-request";
import { MarketingHero } from "./components/marketing-hero";

interface TeamDraft {
  company: string;
  seats: string;
  workEmail: string;
  message: string;
}
type TeamErrors = Partial<Record<keyof TeamDraft, string>>;

/** The draft as the API takes it: seats as a number (an empty field is no number, so the seats message shows). */
function validateTeamDraft(draft: TeamDraft): { request: TeamRequestInput } | { errors: TeamErrors } {
  const seats = draft.seats.trim() === "" ? Number.NaN : Number(draft.seats);
  const parsed = teamRequestSchema.safeParse({ ...draft, seats });
  if (parsed.success) return { request: parsed.data };
  return { errors: firstErrorPerField<keyof TeamDraft>(parsed.error) };
}

/**
 * Team plans on request (issue 28): no seats or organisation billing exist yet, so a team asks and we reply. Not
 * prerendered (the form needs the app's script), so visitors get it from the app like /pricing.
 */
export default function TeamsPage() {
  return (
    <>
      <PageTitle>Jargon for Teams</PageTitle>
      <MarketingHero
        eyebrow={
          <>
            <Building2 className="size-4 text-primary" aria-hidden />
            Team plans on request
          </>
        }
        title="Jargon for Teams"
        lead={`Training a group in the language of their field? Tell us about your team and we'll reply within ${SUPPORT_RESPONSE_HOURS} hours with a plan that fits.`}
      />
      <div className="mx-auto max-w-2xl px-4 pb-16 sm:px-6">
        <TeamRequestCard />
        <p className="mt-6 text-center text-sm text-muted-foreground">
          Just you?{" "}
          <Link href="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
            See the individual plans
          </Link>
        </p>
      </div>
    </>
  );
}

function TeamRequestCard() {
  const { user } = useAuth();
  const send = useSendTeamRequest();
  const { draft, errors, update, check } = useDraftForm<TeamDraft, TeamRequestInput>(
    () => ({ company: "", seats: "", workEmail: user?.email ?? "", message: "" }),
    validateTeamDraft,
    "team",
  );
  const [serverError, setServerError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending) return;
    setServerError(null);
    const request = check();
    if (!request) return;
    try {
      await send.mutateAsync(request);
    } catch (error) {
      setServerError(
        error instanceof ApiError && error.body?.message
          ? error.body.message
          : "We couldn't send your request. Please try again.",
      );
    }
  }

  if (send.data) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center" role="status">
          <CheckCircle2 className="size-10 text-primary" aria-hidden />
          <h2 className="text-xl font-semibold">Request sent</h2>
          <p className="text-muted-foreground">{send.data.message}</p>
        </CardContent>
      </Card>
    );
  }

  const control = (field: keyof TeamDraft) => ({
    id: `team-${field}`,
    value: draft[field],
    "aria-invalid": Boolean(errors[field]),
    className: cn(errors[field] && "border-destructive"),
  });

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Ask about a team plan</h2>
        <CardDescription>
          We'll confirm by e-mail that we have your request. No payment details are needed.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
          <FormField id="team-company" label="Company" error={errors.company}>
            {(describedBy) => (
              <Input
                {...control("company")}
                onChange={(event) => update("company", event.target.value)}
                autoComplete="organization"
                aria-describedby={describedBy}
              />
            )}
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id="team-seats" label="Seats" error={errors.seats}>
              {(describedBy) => (
                <Input
                  {...control("seats")}
                  onChange={(event) => update("seats", event.target.value)}
                  type="number"
                  inputMode="numeric"
                  min={TEAM_SEATS_MIN}
                  max={TEAM_SEATS_MAX}
                  aria-describedby={describedBy}
                />
              )}
            </FormField>
            <FormField id="team-workEmail" label="Work email" error={errors.workEmail}>
              {(describedBy) => (
                <Input
                  {...control("workEmail")}
                  onChange={(event) => update("workEmail", event.target.value)}
                  type="email"
                  autoComplete="email"
                  aria-describedby={describedBy}
                />
              )}
            </FormField>
          </div>
          <FormField
            id="team-message"
            label="Message (optional)"
            error={errors.message}
            counter={`${draft.message.length}/${TEAM_MESSAGE_MAX}`}
          >
            {(describedBy) => (
              <Textarea
                {...control("message")}
                onChange={(event) => update("message", event.target.value)}
                rows={5}
                placeholder="Your field, what your team needs to learn, and by when"
                aria-describedby={describedBy}
                className={cn("resize-y", errors.message && "border-destructive")}
              />
            )}
          </FormField>
          {serverError ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {serverError}
            </p>
          ) : null}
          <Button
            type="submit"
            size="lg"
            disabled={send.isPending}
            className="w-full sm:w-auto sm:self-start"
          >
            <Send aria-hidden />
            {send.isPending ? "Sending..." : "Send Request"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
