import { Card, CardContent, CardDescription, CardHeader } from "@client/components/ui/card";
import { DEFAULT_WORD_LEVEL } from "@shared/constants";
import { levelsByNumber } from "@shared/rules/levels";

const EXAMPLE = `[
  {
    "word": "escrow",
    "definition": "Money held by a third party until a deal completes.",
    "example": "The deposit is held in escrow until closing.",
    "pronunciation": "/ˈɛskroʊ/",
    "level": 2,
    "partOfSpeech": "noun",
    "note": "From Old French escroe, a scroll: the deed held back."
  },
  {
    "word": "amortize",
    "definition": "To spread a cost over a period of time."
  }
]`;

/** How the upload's JSON looks: which fields exist and which are required. */
export function JsonFormatGuide() {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">JSON Format Guide</h2>
        <CardDescription>One word object, or an array of them.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <dt className="font-mono font-semibold">word</dt>
          <dd>Required. Duplicates in the topic (any letter case) are skipped.</dd>
          <dt className="font-mono font-semibold">definition</dt>
          <dd>Required.</dd>
          <dt className="font-mono font-semibold">example</dt>
          <dd className="text-muted-foreground">Optional: a sentence using the word.</dd>
          <dt className="font-mono font-semibold">pronunciation</dt>
          <dd className="text-muted-foreground">Optional: IPA between slashes.</dd>
          <dt className="font-mono font-semibold">level</dt>
          <dd className="text-muted-foreground">
            Optional: {levelsByNumber((level) => (level === DEFAULT_WORD_LEVEL ? ", the default" : ""))}.
          </dd>
          <dt className="font-mono font-semibold">partOfSpeech</dt>
          <dd className="text-muted-foreground">
            Optional: noun, verb, adjective, adverb, phrase, idiom, interjection or abbreviation.
          </dd>
          <dt className="font-mono font-semibold">note</dt>
          <dd className="text-muted-foreground">Optional: why it matters, at most 400 characters.</dd>
        </dl>
        <pre
          tabIndex={0}
          aria-label="Example JSON"
          className="overflow-x-auto rounded-lg border border-border bg-surface p-3 font-mono text-xs leading-relaxed"
        >
          {EXAMPLE}
        </pre>
      </CardContent>
    </Card>
  );
}
