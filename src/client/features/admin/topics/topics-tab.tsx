import FolderPlus from "lucide-react/icons/folder-plus";
import { useState, type FormEvent } from "react";
import { TOPIC_NAME_PATTERN, TOPIC_NAME_RULE_MESSAGE } from "@shared/api/admin";
import { Badge } from "@client/components/ui/badge";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@client/components/ui/card";
import { Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { Skeleton } from "@client/components/ui/skeleton";
import { Textarea } from "@client/components/ui/textarea";
import { toast } from "@client/lib/toast";
import { isUnauthorizedError } from "@client/lib/unauthorized";
import { serverMessage } from "../api/admin-query";
import { useAdminStats } from "../api/stats";
import { useAdminTopics, useCreateTopic } from "../api/topics";
import { FieldError } from "../shared/field-error";
import { EmojiPicker } from "./emoji-picker";

const EMPTY = { name: "", displayName: "", description: "", icon: "" };

/** Create a topic (internal name, display name, description, icon) and see every topic. */
export function TopicsTab() {
  const [fields, setFields] = useState(EMPTY);
  const [nameError, setNameError] = useState<string>();
  const [missing, setMissing] = useState(false);
  const createTopic = useCreateTopic();
  const set = (name: keyof typeof EMPTY) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const topic = {
      name: fields.name.trim(),
      displayName: fields.displayName.trim(),
      description: fields.description.trim(),
      icon: fields.icon,
    };
    if (!topic.name || !topic.displayName || !topic.icon) {
      setMissing(true);
      toast({ title: "Please fill in all required fields", variant: "destructive" });
      return;
    }
    if (!TOPIC_NAME_PATTERN.test(topic.name)) {
      setNameError(TOPIC_NAME_RULE_MESSAGE);
      document.getElementById("topic-name")?.focus();
      return;
    }
    createTopic.mutate(topic, {
      onSuccess: (created) => {
        toast({
          title: "Topic created",
          description: `${created.icon} ${created.displayName} is ready for words.`,
          variant: "success",
        });
        setFields(EMPTY);
        setMissing(false);
      },
      onError: (error) => {
        if (!isUnauthorizedError(error))
          toast({
            title: "Failed to create topic",
            description: serverMessage(error),
            variant: "destructive",
          });
      },
    });
  };

  const flag = (value: string) => missing && !value.trim();

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <Card>
        <CardHeader>
          <h2 className="text-lg leading-tight font-semibold">Create New Topic</h2>
          <CardDescription>Fields marked * are required.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Create New Topic">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="topic-name">
                Internal Name{" "}
                <span aria-hidden className="text-destructive">
                  *
                </span>
              </Label>
              <Input
                id="topic-name"
                value={fields.name}
                onChange={(event) => {
                  set("name")(event.target.value);
                  setNameError(undefined);
                }}
                placeholder="e.g. legal_terms"
                autoCapitalize="none"
                autoComplete="off"
                spellCheck={false}
                maxLength={50}
                aria-invalid={Boolean(nameError) || flag(fields.name) || undefined}
                aria-describedby="topic-name-hint topic-name-error"
              />
              <p id="topic-name-hint" className="text-xs text-muted-foreground">
                Lowercase letters and digits with underscores; it can't be changed later.
              </p>
              <FieldError id="topic-name-error" message={nameError} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="topic-display-name">
                Display Name{" "}
                <span aria-hidden className="text-destructive">
                  *
                </span>
              </Label>
              <Input
                id="topic-display-name"
                value={fields.displayName}
                onChange={(event) => set("displayName")(event.target.value)}
                placeholder="e.g. Legal Terms"
                maxLength={80}
                aria-invalid={flag(fields.displayName) || undefined}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="topic-description">Description</Label>
              <Textarea
                id="topic-description"
                value={fields.description}
                onChange={(event) => set("description")(event.target.value)}
                placeholder="What learners will find in this topic"
                maxLength={500}
                rows={3}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <p id="topic-icon-label" className="text-sm leading-none font-medium">
                Icon{" "}
                <span aria-hidden className="text-destructive">
                  *
                </span>
              </p>
              <EmojiPicker
                value={fields.icon}
                onChange={set("icon")}
                labelledBy="topic-icon-label"
                invalid={flag(fields.icon)}
              />
            </div>
            <Button type="submit" disabled={createTopic.isPending} className="self-start">
              <FolderPlus aria-hidden />
              {createTopic.isPending ? "Creating..." : "Create Topic"}
            </Button>
          </form>
        </CardContent>
      </Card>
      <TopicsGrid />
    </div>
  );
}

function TopicsGrid() {
  const topics = useAdminTopics();
  const counts = new Map((useAdminStats().data ?? []).map((row) => [row.topicId, row.count]));
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">Existing Topics</h2>
        <CardDescription>{topics.data ? `${topics.data.length} topics` : "Loading topics…"}</CardDescription>
      </CardHeader>
      <CardContent>
        {topics.isPending ? (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-busy="true">
            {Array.from({ length: 6 }, (_, index) => (
              <Skeleton key={index} className="h-20 rounded-xl" />
            ))}
          </div>
        ) : (
          <ul
            className="grid grid-cols-1 max-h-[48rem] gap-3 overflow-y-auto sm:grid-cols-2"
            aria-label="Existing topics"
            tabIndex={0}
          >
            {topics.data?.map((topic) => (
              <li key={topic.id} className="flex items-start gap-3 rounded-xl border border-border p-3">
                <span
                  aria-hidden
                  className="grid size-10 shrink-0 place-items-center rounded-lg bg-muted text-xl"
                >
                  {topic.icon}
                </span>
                <div className="min-w-0">
                  <p className="truncate font-semibold">{topic.displayName}</p>
                  <p className="truncate font-mono text-xs text-muted-foreground">{topic.name}</p>
                  <div className="mt-1 flex flex-wrap gap-1">
                    <Badge variant="secondary">{topic.tab}</Badge>
                    {counts.has(topic.id) ? (
                      <Badge variant="outline">
                        {(counts.get(topic.id) ?? 0).toLocaleString("en-US")} words
                      </Badge>
                    ) : null}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
