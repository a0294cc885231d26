import AudioLines from "lucide-react/icons/audio-lines";
import CheckCircle2 from "lucide-react/icons/circle-check";
import XCircle from "lucide-react/icons/circle-x";
import { useMemo, useState } from "react";
import type { PronunciationCheckResponse, PronunciationResult, PronunciationStatus } from "@shared/api/admin";
import { ADMIN_WORDS_PAGE_SIZE } from "@shared/constants";
import { Button } from "@client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@client/components/ui/card";
import { Label } from "@client/components/ui/label";
import { Switch } from "@client/components/ui/switch";
import { SpeakButton } from "@client/components/word/speak-button";
import { toast } from "@client/lib/toast";
import { isUnauthorizedError } from "@client/lib/unauthorized";
import { serverMessage } from "../api/admin-query";
import { usePronunciationCheck } from "../api/pronunciation";
import { Pagination, paginate } from "../shared/pagination";
import { TopicSelect } from "../shared/topic-select";

const STATUS_LABELS: Record<PronunciationStatus, string> = {
  match: "Matches lexicon",
  unverified: "Not in lexicon",
  mismatch: "Differs",
  missing: "Missing",
};

/**
 * Runs the server's check of stored pronunciations against the CMUdict-derived lexicon, for one topic or all;
 * each word can be heard (recorded audio when there is some, else the browser's speech synthesis).
 */
export function PronunciationCheck({ topicId: initialTopic }: { topicId: number | null }) {
  const [topicId, setTopicId] = useState<number | null>(initialTopic);
  const [problemsOnly, setProblemsOnly] = useState(false);
  const [page, setPage] = useState(1);
  const check = usePronunciationCheck();

  const run = () =>
    check.mutate(topicId, {
      onSuccess: () => setPage(1),
      onError: (error) => {
        if (!isUnauthorizedError(error))
          toast({
            title: "Failed to test pronunciation",
            description: serverMessage(error),
            variant: "destructive",
          });
      },
    });

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">Pronunciation Test</h2>
        <CardDescription>
          Checks that each word has a pronunciation and that it agrees with our pronunciation lexicon (CMU
          Pronouncing Dictionary, shown as IPA).
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="sm:w-80">
            <TopicSelect
              id="pronunciation-topic"
              label="Topic"
              value={topicId}
              onChange={setTopicId}
              allLabel="All topics"
            />
          </div>
          <Button onClick={run} disabled={check.isPending}>
            <AudioLines aria-hidden />
            {check.isPending ? "Testing..." : "Test Pronunciations"}
          </Button>
        </div>
        {check.data ? (
          <PronunciationResults
            data={check.data}
            problemsOnly={problemsOnly}
            onProblemsOnlyChange={(value) => {
              setProblemsOnly(value);
              setPage(1);
            }}
            page={page}
            onPageChange={setPage}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}

function PronunciationResults({
  data,
  problemsOnly,
  onProblemsOnlyChange,
  page,
  onPageChange,
}: {
  data: PronunciationCheckResponse;
  problemsOnly: boolean;
  onProblemsOnlyChange: (value: boolean) => void;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const counts = useMemo(() => {
    const tally: Record<PronunciationStatus, number> = { match: 0, unverified: 0, mismatch: 0, missing: 0 };
    for (const result of data.results) tally[result.status] += 1;
    return tally;
  }, [data]);
  const rows = problemsOnly ? data.results.filter((result) => !result.success) : data.results;
  const shown = paginate(rows, page, ADMIN_WORDS_PAGE_SIZE);

  return (
    <section aria-label="Pronunciation test results" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm" role="status">
          <span className="font-semibold">{data.checked.toLocaleString("en-US")} words checked:</span>{" "}
          {(Object.keys(counts) as PronunciationStatus[])
            .map(
              (status) => `${counts[status].toLocaleString("en-US")} ${STATUS_LABELS[status].toLowerCase()}`,
            )
            .join(" · ")}
        </p>
        <div className="flex items-center gap-2">
          <Switch id="problems-only" checked={problemsOnly} onCheckedChange={onProblemsOnlyChange} />
          <Label htmlFor="problems-only">Only show errors</Label>
        </div>
      </div>
      <div className="overflow-hidden rounded-xl border border-border">
        <table className="w-full text-left text-sm">
          <thead className="bg-muted/60 text-xs text-muted-foreground max-md:sr-only">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                Word
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Definition
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                IPA
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Audio
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Result
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {shown.items.map((result) => (
              <ResultRow key={result.wordId} result={result} />
            ))}
          </tbody>
        </table>
        {shown.items.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-muted-foreground">No errors: every word passed.</p>
        ) : null}
      </div>
      <Pagination
        page={shown.page}
        pageCount={shown.pageCount}
        onPageChange={onPageChange}
        label="Pronunciation result pages"
      />
    </section>
  );
}

// Under 768 px each row is a small card: cells stack, and the header (kept for screen readers) is hidden.
const cell = "px-3 py-1 md:py-2 max-md:block";

function ResultRow({ result }: { result: PronunciationResult }) {
  return (
    <tr className="align-top max-md:block max-md:py-2">
      <td className={`${cell} font-semibold`}>{result.word}</td>
      <td className={`${cell} text-muted-foreground md:max-w-sm`}>
        <span className="line-clamp-2">{result.definition}</span>
      </td>
      <td className={`${cell} font-mono text-xs`}>
        <span className="md:hidden text-muted-foreground">IPA: </span>
        {result.ipa ?? "—"}
        {result.pronunciation && result.pronunciation !== result.ipa ? (
          <span className="block text-muted-foreground">stored: {result.pronunciation}</span>
        ) : null}
      </td>
      <td className={cell}>
        {result.audioUrl ? (
          <audio
            controls
            preload="none"
            src={result.audioUrl}
            aria-label={`Recording of ${result.word}`}
            className="h-8 max-w-48"
          />
        ) : (
          <SpeakButton word={result.word} />
        )}
      </td>
      <td className={cell}>
        {result.success ? (
          <span className="inline-flex items-center gap-1 text-success">
            <CheckCircle2 className="size-4" aria-hidden />
            Success
            {result.status === "unverified" ? (
              <span className="text-xs text-muted-foreground">(not in lexicon)</span>
            ) : null}
          </span>
        ) : (
          <span className="inline-flex items-start gap-1 text-destructive">
            <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>Error: {result.error}</span>
          </span>
        )}
      </td>
    </tr>
  );
}
