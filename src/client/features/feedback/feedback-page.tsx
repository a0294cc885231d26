import Bug from "lucide-react/icons/bug";
import Clock from "lucide-react/icons/clock";
import Lightbulb from "lucide-react/icons/lightbulb";
import Mail from "lucide-react/icons/mail";
import MessageSquare from "lucide-react/icons/message-square";
import MessagesSquare from "lucide-react/icons/messages-square";
import Send from "lucide-react/icons/send";
import type { FormEvent } from "react";
import { FEEDBACK_AREA_LABELS } from "@shared/api/feedback";
import {
  FEEDBACK_AREAS,
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_SUBJECT_MAX,
  type FeedbackArea,
} from "@shared/constants";
import { PageContainer } from "@client/components/layout/page-container";
import { PageHeader } from "@client/components/layout/page-header";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@client/components/ui/card";
import { FormField } from "@client/components/ui/form-field";
import { Input } from "@client/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@client/components/ui/select";
import { Textarea } from "@client/components/ui/textarea";
import { ApiError } from "@client/lib/api";
import { useAppConfig } from "@client/lib/app-config";
import { useDraftForm } from "@client/lib/use-draft-form";
import { useAuth } from "@client/lib/auth";
import { toast } from "@client/lib/toast";
import { isUnauthorizedError } from "@client/lib/unauthorized";
import { cn } from "@client/lib/utils";
import { FEEDBACK_REPLY_TEXT, SUPPORT_QUESTION_REPLY_TEXT } from "@shared/rules/claims";
import { useSendFeedback } from "./api/send-feedback";
import { emptyDraft, validateDraft } from "./feedback-form";

export default function FeedbackPage() {
  return (
    <PageContainer>
      <PageHeader
        title="Send Feedback"
        description="Found a bug or have an idea? Tell us what works and what could be better."
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <FeedbackFormCard />
        <div className="flex min-w-0 flex-col gap-6">
          <GuidelinesCard />
          <ContactCard />
        </div>
      </div>
    </PageContainer>
  );
}

function FeedbackFormCard() {
  const { user } = useAuth();
  const send = useSendFeedback();
  const { draft, errors, update, check, reset } = useDraftForm(
    () => emptyDraft(user),
    validateDraft,
    "feedback",
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending) return;
    const request = check();
    if (!request) return;
    try {
      await send.mutateAsync(request);
      toast({
        title: "Feedback sent successfully!",
        description: "Thank you for your feedback. We'll review it and get back to you if needed.",
        variant: "success",
      });
      reset(emptyDraft(user));
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      toast({
        title: "Failed to send feedback",
        description:
          error instanceof ApiError && error.status === 429 && error.body?.message
            ? error.body.message
            : "There was an error sending your feedback. Please try again.",
        variant: "destructive",
      });
    }
  }

  return (
    <Card className="min-w-0 lg:col-span-2">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <MessageSquare className="size-5 text-primary" aria-hidden />
          Share your thoughts
        </h2>
        <CardDescription>Every message is read by the team that builds Jargon.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
          <FormField id="feedback-area" label="Area" error={errors.area}>
            {(describedBy) => (
              <Select value={draft.area} onValueChange={(value) => update("area", value as FeedbackArea)}>
                <SelectTrigger
                  id="feedback-area"
                  aria-invalid={Boolean(errors.area)}
                  aria-describedby={describedBy}
                  className={cn(errors.area && "border-destructive")}
                >
                  <SelectValue placeholder="Select the area your feedback is about" />
                </SelectTrigger>
                <SelectContent>
                  {FEEDBACK_AREAS.map((area) => (
                    <SelectItem key={area} value={area}>
                      {FEEDBACK_AREA_LABELS[area]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </FormField>
          <FormField
            id="feedback-subject"
            label="Subject"
            error={errors.subject}
            counter={`${draft.subject.length}/${FEEDBACK_SUBJECT_MAX}`}
          >
            {(describedBy) => (
              <Input
                id="feedback-subject"
                value={draft.subject}
                onChange={(event) => update("subject", event.target.value)}
                placeholder="A short summary"
                aria-invalid={Boolean(errors.subject)}
                aria-describedby={describedBy}
                className={cn(errors.subject && "border-destructive")}
              />
            )}
          </FormField>
          <FormField
            id="feedback-message"
            label="Message"
            error={errors.message}
            counter={`${draft.message.length}/${FEEDBACK_MESSAGE_MAX}`}
          >
            {(describedBy) => (
              <Textarea
                id="feedback-message"
                value={draft.message}
                onChange={(event) => update("message", event.target.value)}
                rows={7}
                placeholder="What happened, what you expected, or what you'd like to see"
                aria-invalid={Boolean(errors.message)}
                aria-describedby={describedBy}
                className={cn("resize-y", errors.message && "border-destructive")}
              />
            )}
          </FormField>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id="feedback-userName" label="Your Name (optional)" error={errors.userName}>
              {(describedBy) => (
                <Input
                  id="feedback-userName"
                  value={draft.userName}
                  onChange={(event) => update("userName", event.target.value)}
                  autoComplete="name"
                  aria-invalid={Boolean(errors.userName)}
                  aria-describedby={describedBy}
                />
              )}
            </FormField>
            <FormField id="feedback-userEmail" label="Your Email (optional)" error={errors.userEmail}>
              {(describedBy) => (
                <Input
                  id="feedback-userEmail"
                  type="email"
                  value={draft.userEmail}
                  onChange={(event) => update("userEmail", event.target.value)}
                  autoComplete="email"
                  aria-invalid={Boolean(errors.userEmail)}
                  aria-describedby={describedBy}
                  className={cn(errors.userEmail && "border-destructive")}
                />
              )}
            </FormField>
          </div>
          <Button
            type="submit"
            size="lg"
            disabled={send.isPending}
            className="w-full sm:w-auto sm:self-start"
          >
            <Send aria-hidden />
            {send.isPending ? "Sending..." : "Send Feedback"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

const GUIDELINES = [
  {
    icon: Bug,
    title: "Bug reports",
    text: "Say what you did, what you expected and what happened instead. The page and your device help us reproduce it.",
  },
  {
    icon: Lightbulb,
    title: "Feature requests",
    text: "Describe the problem you want solved and how you'd use the feature in your learning.",
  },
  {
    icon: MessagesSquare,
    title: "General feedback",
    text: "Tell us what you enjoy and what gets in your way. Specific examples help most.",
  },
];

function GuidelinesCard() {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base font-semibold">Feedback Guidelines</h2>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-4">
          {GUIDELINES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-3">
              <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="size-4" aria-hidden />
              </span>
              <div>
                <h3 className="text-sm font-semibold">{title}</h3>
                <p className="mt-0.5 text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function ContactCard() {
  const supportEmail = useAppConfig()?.supportEmail;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base font-semibold">Contact Information</h2>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <p className="flex items-start gap-2">
          <Mail className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span>
            Your feedback goes to our support mailbox at{" "}
            {supportEmail ? (
              <a
                href={`mailto:${supportEmail}`}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {supportEmail}
              </a>
            ) : (
              <span
                aria-hidden
                className="inline-block h-4 w-32 animate-pulse rounded bg-muted align-middle"
              />
            )}
            .
          </span>
        </p>
        <p className="flex items-start gap-2">
          <Clock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span>
            {FEEDBACK_REPLY_TEXT}
            <span className="mt-1 block text-muted-foreground">{SUPPORT_QUESTION_REPLY_TEXT}</span>
          </span>
        </p>
      </CardContent>
    </Card>
  );
}
