import CheckCircle2 from "lucide-react/icons/circle-check";
import Upload from "lucide-react/icons/upload";
import { useState, type FormEvent } from "react";
import type { AdminBulkResponse } from "@shared/api/admin";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@client/components/ui/card";
import { Label } from "@client/components/ui/label";
import { Textarea } from "@client/components/ui/textarea";
import { toast } from "@client/lib/toast";
import { isUnauthorizedError } from "@client/lib/unauthorized";
import { serverMessage } from "../api/admin-query";
import { useBulkUpload } from "../api/content";
import { FieldError } from "../shared/field-error";
import { TopicSelect } from "../shared/topic-select";
import { BULK_MESSAGES, bulkResultSummary, checkBulkInput } from "./bulk-input";

/** Topic, JSON text, 'Upload Words' and 'Clear'; the result lists what was skipped and why rows failed. */
export function BulkUpload({
  topicId,
  onTopicChange,
}: {
  topicId: number | null;
  onTopicChange: (topicId: number | null) => void;
}) {
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string>();
  const [result, setResult] = useState<AdminBulkResponse | null>(null);
  const upload = useBulkUpload();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkBulkInput(topicId, text);
    if (!checked.ok) {
      setProblem(checked.message);
      toast({ title: checked.message, variant: "destructive" });
      return;
    }
    setProblem(undefined);
    upload.mutate(
      { topicId: topicId!, words: checked.words },
      {
        onSuccess: (answer) => {
          setResult(answer);
          toast({ ...bulkResultSummary(answer), variant: answer.created > 0 ? "success" : "default" });
        },
        onError: (error) => {
          if (!isUnauthorizedError(error))
            toast({
              title: "Failed to bulk create content",
              description: serverMessage(error),
              variant: "destructive",
            });
        },
      },
    );
  };

  const clear = () => {
    setText("");
    setProblem(undefined);
    setResult(null);
  };

  const topicProblem = problem === BULK_MESSAGES.topicRequired;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">Bulk Upload</h2>
        <CardDescription>
          Paste one word object or an array of them. Words already in the topic are skipped; bad rows are
          reported and the rest are still added.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="Bulk Upload">
          <div className="sm:w-80">
            <TopicSelect
              id="bulk-topic"
              label="Topic"
              value={topicId}
              onChange={(next) => {
                onTopicChange(next);
                if (topicProblem) setProblem(undefined);
              }}
              invalid={topicProblem}
              describedBy={topicProblem ? "bulk-problem" : undefined}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="bulk-json">JSON Data</Label>
            <Textarea
              id="bulk-json"
              value={text}
              onChange={(event) => setText(event.target.value)}
              rows={10}
              spellCheck={false}
              placeholder='[{"word": "escrow", "definition": "Money held by a third party until a deal completes."}]'
              className="font-mono text-xs sm:text-xs"
              aria-invalid={(problem !== undefined && !topicProblem) || undefined}
              aria-describedby={problem && !topicProblem ? "bulk-problem" : undefined}
            />
          </div>
          <FieldError id="bulk-problem" message={problem} />
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="submit" disabled={upload.isPending}>
              <Upload aria-hidden />
              {upload.isPending ? "Uploading..." : "Upload Words"}
            </Button>
            <Button type="button" variant="outline" onClick={clear} disabled={upload.isPending}>
              Clear
            </Button>
          </div>
        </form>
        {result ? <BulkResult result={result} /> : null}
      </CardContent>
    </Card>
  );
}

function BulkResult({ result }: { result: AdminBulkResponse }) {
  const summary = bulkResultSummary(result);
  return (
    <section aria-label="Upload result" className="mt-6 rounded-xl border border-border bg-surface p-4">
      <p className="flex items-center gap-2 font-semibold">
        <CheckCircle2 className="size-5 text-success" aria-hidden />
        {summary.title}
      </p>
      <p className="mt-1 text-sm text-muted-foreground">{summary.description}</p>
      {result.skippedWords.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold">Duplicates skipped ({result.skipped})</h3>
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Duplicates skipped">
            {result.skippedWords.map((word, index) => (
              <li key={`${word}-${index}`} className="rounded-md bg-muted px-2 py-0.5 text-sm">
                {word}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.errors.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-destructive">Errors ({result.errors.length})</h3>
          <ul className="mt-2 space-y-1 text-sm" aria-label="Rows with errors">
            {result.errors.map((error) => (
              <li key={error.index}>
                <span className="font-medium">
                  Row {error.index + 1} (index {error.index})
                </span>
                {error.word ? ` (“${error.word}”)` : ""}: {error.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
