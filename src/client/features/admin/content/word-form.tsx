import { useState, type FormEvent } from "react";
import type { AdminWord } from "@shared/api/admin";
import {
  DEFAULT_WORD_LEVEL,
  PARTS_OF_SPEECH,
  WORD_LEVEL_LABELS,
  WORD_LEVELS,
  type PartOfSpeech,
  type WordLevel,
} from "@shared/constants";
import { Button } from "@client/components/ui/button";
import { Input } from "@client/components/ui/input";
import { Label } from "@client/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@client/components/ui/select";
import { Textarea } from "@client/components/ui/textarea";
import { FieldError } from "../shared/field-error";

export interface WordFields {
  word: string;
  pronunciation: string;
  definition: string;
  example: string;
  level: WordLevel;
  /** "" when none is named. */
  partOfSpeech: PartOfSpeech | "";
  note: string;
}

/** The Select's value for "no part of speech" (Radix reserves the empty string). */
const NO_PART_OF_SPEECH = "none";

type FieldErrors = Partial<Record<"word" | "definition", string>>;

const fieldsOf = (word: AdminWord | null): WordFields => ({
  word: word?.word ?? "",
  pronunciation: word?.pronunciation ?? "",
  definition: word?.definition ?? "",
  example: word?.example ?? "",
  level: (word?.level as WordLevel | undefined) ?? DEFAULT_WORD_LEVEL,
  partOfSpeech: (word?.partOfSpeech as PartOfSpeech | null | undefined) ?? "",
  note: word?.note ?? "",
});

/**
 * plans-billing §2: Word (required), Pronunciation (optional), Definition (required), Example Usage (optional); then
 * the library's level, part of speech and note (issue 14), so an admin's word is delivered at the level it belongs to.
 */
export function WordForm({
  editing,
  pending,
  onSubmit,
  onCancel,
}: {
  /** The word being edited; null adds a new one. */
  editing: AdminWord | null;
  pending: boolean;
  onSubmit: (fields: WordFields) => void;
  onCancel: () => void;
}) {
  const [fields, setFields] = useState<WordFields>(() => fieldsOf(editing));
  const [errors, setErrors] = useState<FieldErrors>({});

  const set = (name: "word" | "pronunciation" | "definition" | "example" | "note") => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    if (name in errors) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {
      ...(fields.word.trim() ? {} : { word: "Word is required" }),
      ...(fields.definition.trim() ? {} : { definition: "Definition is required" }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(found.word ? "word-word" : "word-definition")?.focus();
      return;
    }
    onSubmit(fields);
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid grid-cols-1 gap-4 sm:grid-cols-2"
      aria-label={editing ? "Edit Word" : "Add New Word"}
    >
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="word-word">
          Word{" "}
          <span aria-hidden className="text-destructive">
            *
          </span>
        </Label>
        <Input
          id="word-word"
          value={fields.word}
          onChange={(event) => set("word")(event.target.value)}
          required
          maxLength={200}
          aria-invalid={Boolean(errors.word) || undefined}
          aria-describedby={errors.word ? "word-word-error" : undefined}
          autoComplete="off"
        />
        <FieldError id="word-word-error" message={errors.word} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="word-pronunciation">
          Pronunciation <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Input
          id="word-pronunciation"
          value={fields.pronunciation}
          onChange={(event) => set("pronunciation")(event.target.value)}
          placeholder="/ˈɛskroʊ/"
          maxLength={200}
          autoComplete="off"
        />
      </div>
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <Label htmlFor="word-definition">
          Definition{" "}
          <span aria-hidden className="text-destructive">
            *
          </span>
        </Label>
        <Textarea
          id="word-definition"
          value={fields.definition}
          onChange={(event) => set("definition")(event.target.value)}
          required
          maxLength={2000}
          rows={3}
          aria-invalid={Boolean(errors.definition) || undefined}
          aria-describedby={errors.definition ? "word-definition-error" : undefined}
        />
        <FieldError id="word-definition-error" message={errors.definition} />
      </div>
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <Label htmlFor="word-example">
          Example Usage <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Textarea
          id="word-example"
          value={fields.example}
          onChange={(event) => set("example")(event.target.value)}
          maxLength={2000}
          rows={2}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="word-level">Level</Label>
        <Select
          value={String(fields.level)}
          onValueChange={(level) =>
            setFields((current) => ({ ...current, level: Number(level) as WordLevel }))
          }
        >
          <SelectTrigger id="word-level">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {WORD_LEVELS.map((level) => (
              <SelectItem key={level} value={String(level)}>
                {level} · {WORD_LEVEL_LABELS[level].name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="word-part-of-speech">
          Part of speech <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Select
          value={fields.partOfSpeech || NO_PART_OF_SPEECH}
          onValueChange={(value) =>
            setFields((current) => ({
              ...current,
              partOfSpeech: value === NO_PART_OF_SPEECH ? "" : (value as PartOfSpeech),
            }))
          }
        >
          <SelectTrigger id="word-part-of-speech">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NO_PART_OF_SPEECH}>Not set</SelectItem>
            {PARTS_OF_SPEECH.map((part) => (
              <SelectItem key={part} value={part}>
                {part}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <Label htmlFor="word-note">
          Why it matters <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Textarea
          id="word-note"
          value={fields.note}
          onChange={(event) => set("note")(event.target.value)}
          maxLength={400}
          rows={2}
          placeholder="Usage, why professionals say it, or where it comes from"
        />
      </div>
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : editing ? "Save Changes" : "Add Word"}
        </Button>
      </div>
    </form>
  );
}
