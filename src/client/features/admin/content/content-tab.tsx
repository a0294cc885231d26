import FileText from "lucide-react/icons/file-text";
import Plus from "lucide-react/icons/plus";
import { useState } from "react";
import type { AdminWord } from "@shared/api/admin";
import { EmptyState } from "@client/components/layout/empty-state";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@client/components/ui/card";
import { toast } from "@client/lib/toast";
import { isUnauthorizedError } from "@client/lib/unauthorized";
import { serverMessage } from "../api/admin-query";
import { useCreateWord, useUpdateWord } from "../api/content";
import { useAdminTopics } from "../api/topics";
import { TopicSelect } from "../shared/topic-select";
import { WordForm, type WordFields } from "./word-form";
import { WordGrid } from "./word-grid";
import { WordList } from "./word-list";

type FormState = { mode: "closed" } | { mode: "add" } | { mode: "edit"; word: AdminWord };

const TITLES: Record<FormState["mode"], string> = {
  closed: "Content Management",
  add: "Add New Word",
  edit: "Edit Word",
};

const toRequest = (fields: WordFields, topicId: number) => ({
  topicId,
  word: fields.word.trim(),
  definition: fields.definition.trim(),
  pronunciation: fields.pronunciation.trim() || null,
  example: fields.example.trim() || null,
  level: fields.level,
  partOfSpeech: fields.partOfSpeech || null,
  note: fields.note.trim() || null,
});

/** Pick a topic, add or edit its words, page through them, and see them all at a glance. */
export function ContentTab({
  topicId,
  onTopicChange,
}: {
  topicId: number | null;
  onTopicChange: (topicId: number | null) => void;
}) {
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const topics = useAdminTopics();
  const topic = topics.data?.find((candidate) => candidate.id === topicId) ?? null;
  const createWord = useCreateWord();
  const updateWord = useUpdateWord();

  const failure = (title: string) => (error: unknown) => {
    if (isUnauthorizedError(error)) return;
    toast({ title, description: serverMessage(error), variant: "destructive" });
  };

  const openAdd = () => {
    if (topicId === null) {
      toast({ title: "Please select a topic first", variant: "destructive" });
      return;
    }
    setForm({ mode: "add" });
  };

  const save = (fields: WordFields) => {
    if (topicId === null) {
      toast({ title: "Please select a topic", variant: "destructive" });
      return;
    }
    if (form.mode === "edit") {
      updateWord.mutate(
        { id: form.word.id, previousTopicId: form.word.topicId, ...toRequest(fields, topicId) },
        {
          onSuccess: (word) => {
            toast({ title: "Word updated", description: `“${word.word}” was saved.`, variant: "success" });
            setForm({ mode: "closed" });
          },
          onError: failure("Failed to update word"),
        },
      );
      return;
    }
    createWord.mutate(toRequest(fields, topicId), {
      onSuccess: (word) => {
        toast({
          title: "Word added",
          description: `“${word.word}” was added to ${topic?.displayName ?? "the topic"}.`,
          variant: "success",
        });
        setForm({ mode: "closed" });
      },
      onError: failure("Failed to add word"),
    });
  };

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <h2 className="text-lg leading-tight font-semibold">{TITLES[form.mode]}</h2>
          <CardDescription>
            {form.mode === "closed"
              ? "Choose a topic to see its words, then add, edit or delete them. Words you add or edit are never overwritten by library updates."
              : form.mode === "edit"
                ? `Editing “${form.word.word}” in ${topic?.displayName ?? "this topic"}.`
                : `New word for ${topic?.displayName ?? "the selected topic"}.`}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="sm:w-80">
              <TopicSelect
                id="content-topic"
                label="Topic"
                value={topicId}
                onChange={(next) => {
                  onTopicChange(next);
                  if (form.mode === "edit") setForm({ mode: "closed" });
                }}
              />
            </div>
            {form.mode === "closed" ? (
              <Button onClick={openAdd}>
                <Plus aria-hidden />
                Add New Word
              </Button>
            ) : null}
          </div>
          {form.mode !== "closed" ? (
            <WordForm
              key={form.mode === "edit" ? form.word.id : "new"}
              editing={form.mode === "edit" ? form.word : null}
              pending={createWord.isPending || updateWord.isPending}
              onSubmit={save}
              onCancel={() => setForm({ mode: "closed" })}
            />
          ) : null}
        </CardContent>
      </Card>

      {topicId === null ? (
        <EmptyState
          icon={FileText}
          title="No topic selected"
          description="Select a topic above, or click a topic on the Stats tab, to manage its words."
        />
      ) : (
        <>
          <WordList
            topicId={topicId}
            topicName={topic?.displayName ?? "this topic"}
            onEdit={(word) => {
              setForm({ mode: "edit", word });
              window.scrollTo({ top: 0, behavior: "smooth" });
            }}
            onDeleted={(word) => {
              if (form.mode === "edit" && form.word.id === word.id) setForm({ mode: "closed" });
            }}
          />
          <WordGrid topicId={topicId} topicName={topic?.displayName ?? "this topic"} />
        </>
      )}
    </div>
  );
}
