import { Card, CardContent, CardHeader } from "@client/components/ui/card";
import { Skeleton } from "@client/components/ui/skeleton";
import { useAdminWords } from "../api/content";

/** Every word of the topic at a glance (the spec's "full word list grid"), definitions on hover and for screen readers. */
export function WordGrid({ topicId, topicName }: { topicId: number; topicName: string }) {
  const words = useAdminWords(topicId);
  if (!words.isPending && (words.data?.length ?? 0) === 0) return null;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">All words in {topicName}</h2>
      </CardHeader>
      <CardContent>
        {words.isPending ? (
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5" aria-busy="true">
            {Array.from({ length: 10 }, (_, index) => (
              <Skeleton key={index} className="h-9" />
            ))}
          </div>
        ) : (
          <ul
            className="grid max-h-96 grid-cols-2 gap-2 overflow-y-auto sm:grid-cols-3 lg:grid-cols-5"
            tabIndex={0}
            aria-label={`All words in ${topicName}`}
          >
            {words.data?.map((word) => (
              <li
                key={word.id}
                title={word.definition}
                className="truncate rounded-lg border border-border bg-surface px-3 py-2 text-sm"
              >
                {word.word}
                <span className="sr-only">: {word.definition}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
