import AlertTriangle from "lucide-react/icons/triangle-exclamation-point";
import Clock from "lucide-react/icons/clock";
import type { HistoryEntry } from "@shared/api/history";
import { ChannelIcons, channelsText } from "@client/channels";
import { Badge } from "@client/components/ui/badge";
import { FavoriteButton } from "@client/components/word/favorite-button";
import { ShareButton } from "@client/components/word/share-button";
import { WordCard } from "@client/components/word/word-card";
import { ReviewBadge } from "../review";
import { localDateFormat } from "@client/lib/local-date-format";

const timeOfDay = localDateFormat({ hour: "numeric", minute: "2-digit" });

/** One delivered word in the history: the word card, when and how it came, and what went wrong if it failed. */
export function HistoryEntryRow({
  entry,
  isFavorite,
  favoriteDisabled,
  onToggleFavorite,
}: {
  entry: HistoryEntry;
  isFavorite: boolean;
  favoriteDisabled: boolean;
  onToggleFavorite: () => void;
}) {
  const { content } = entry;

  return (
    <WordCard
      content={content}
      actions={
        <>
          <ShareButton word={content.word} definition={content.definition} />
          <FavoriteButton
            word={content.word}
            isFavorite={isFavorite}
            disabled={favoriteDisabled}
            onToggle={onToggleFavorite}
          />
        </>
      }
      meta={
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
            {entry.sentAt ? (
              <time dateTime={entry.sentAt} className="inline-flex items-center gap-1">
                <Clock className="size-3.5" aria-hidden />
                {timeOfDay.format(new Date(entry.sentAt))}
              </time>
            ) : null}
            <span className="inline-flex items-center gap-1">
              <ChannelIcons channels={entry.channels} />
              {channelsText(entry.channels)}
            </span>
            {entry.kind === "review" ? <ReviewBadge /> : null}
            {entry.status === "pending" ? <Badge variant="secondary">Pending</Badge> : null}
            {entry.status === "failed" ? (
              <Badge variant="outline" className="border-destructive/40 text-destructive">
                Failed
              </Badge>
            ) : null}
            {entry.source === "demo" ? <Badge variant="outline">Demo</Badge> : null}
          </div>
          {entry.status === "failed" && entry.error ? (
            <p className="flex items-start gap-1.5 text-sm text-destructive" role="note">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span className="min-w-0 break-words">Error: {entry.error}</span>
            </p>
          ) : null}
        </div>
      }
    />
  );
}
