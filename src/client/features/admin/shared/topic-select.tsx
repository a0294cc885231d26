import { Label } from "@client/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@client/components/ui/select";
import { Skeleton } from "@client/components/ui/skeleton";
import { useAdminTopics } from "../api/topics";

const ALL = "all";

/** The topic chooser of Content, Bulk and the pronunciation check; `allLabel` adds an "every topic" choice. */
export function TopicSelect({
  id,
  label,
  value,
  onChange,
  allLabel,
  invalid = false,
  describedBy,
}: {
  id: string;
  label: string;
  value: number | null;
  onChange: (topicId: number | null) => void;
  allLabel?: string;
  invalid?: boolean;
  describedBy?: string;
}) {
  const topics = useAdminTopics();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {topics.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : (
        <Select
          value={value === null ? (allLabel ? ALL : "") : String(value)}
          onValueChange={(next) => onChange(next === ALL ? null : Number(next))}
        >
          <SelectTrigger
            id={id}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            className={invalid ? "border-destructive" : undefined}
          >
            <SelectValue placeholder="Select a topic" />
          </SelectTrigger>
          <SelectContent className="max-h-80">
            {allLabel ? <SelectItem value={ALL}>{allLabel}</SelectItem> : null}
            {(topics.data ?? []).map((topic) => (
              <SelectItem key={topic.id} value={String(topic.id)}>
                <span aria-hidden className="mr-2">
                  {topic.icon}
                </span>
                {topic.displayName}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </div>
  );
}
