import { useState, type FormEvent } from "react";
import type { AdminWord } from "../../../../shared/api/admin";
import { Button } from "../../../components/ui/button";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Textarea } from "../../../components/ui/textarea";
import { FieldError } from "../shared/field-error";

export interface WordFields {
  word: string;
  pronunciation: string;
  definition: string;
  example: string;
}

type FieldErrors = Partial<Record<"word" | "definition", string>>;

const fieldsOf = (word: AdminWord | null): WordFields => ({
  word: word?.word ?? "",
  pronunciation: word?.pronunciation ?? "",
  definition: word?.definition ?? "",
  example: word?.example ?? "",
});

/** plans-billing §2: Word (required), Pronunciation (optional), Definition (required), Example Usage (optional). */
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

  const set = (name: keyof WordFields) => (value: string) => {
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
