import BellOff from "lucide-react/icons/bell-off";
import History from "lucide-react/icons/rotate-ccw-clock";
import X from "lucide-react/icons/x";
import { useState } from "react";
import { Link } from "wouter";
import type { User } from "@shared/api/auth";
import type { DueAfter } from "@shared/api/learning";
import type { NotificationItem } from "@shared/api/notifications";
import { NOTIFICATION_DROPDOWN_ITEMS, NOTIFICATION_LIST_MAX_HEIGHT } from "@shared/constants";
import { formatRelativeTime } from "@shared/rules/relative-time";
import { TopicIcon } from "@client/components/word/topic-icon";
import { QuickGrade, ReviewBadge, useGradePreviews } from "../review";
import { Button } from "@client/components/ui/button";
import type { LazyMenuProps } from "@client/components/ui/lazy-menu";
import { Popover, PopoverContent, PopoverTrigger } from "@client/components/ui/popover";
import { Skeleton } from "@client/components/ui/skeleton";
import { useNow } from "@client/lib/use-now";
import { cn } from "@client/lib/utils";
import { useNotificationAction } from "./api/notification-actions";
import { useRecentActivity } from "./api/recent-activity";

/** The list of the 10 latest in-app words, fetched when the bell (notification-dropdown.tsx) is first used. */
export function NotificationPanel({ user, trigger }: LazyMenuProps & { user: User }) {
  const [open, setOpen] = useState(true);
  const { data, isPending } = useRecentActivity(user.id);
  const items = (data ?? []).slice(0, NOTIFICATION_DROPDOWN_ITEMS);
  const action = useNotificationAction();
  // The polled list does not carry the grade buttons' preview: asked while the list is open, for the words not answered.
  const { previews, pending: previewsPending } = useGradePreviews(
    open ? items.flatMap((item) => (item.cardId !== null && item.grade === null ? [item.cardId] : [])) : [],
  );

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent
        align="end"
        className="w-[min(24rem,calc(100vw-1rem))] p-0"
        aria-label="Notifications"
        role="dialog"
      >
        <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
          <h2 className="text-sm font-semibold">Notifications</h2>
          {items.length > 0 ? (
            <Button
              variant="ghost"
              size="sm"
              className="-mr-2 text-primary"
              onClick={() => action.mutate({ kind: "clearAll" })}
            >
              Clear All
            </Button>
          ) : null}
        </div>
        <div
          className="overflow-y-auto overscroll-contain"
          style={{ maxHeight: NOTIFICATION_LIST_MAX_HEIGHT }}
        >
          {isPending ? (
            <NotificationSkeletons />
          ) : items.length === 0 ? (
            <EmptyNotifications />
          ) : (
            <ul aria-label="Recent words" className="divide-y divide-border">
              {items.map((item) => (
                <NotificationRow
                  key={item.id}
                  item={item}
                  dueAfter={item.cardId === null ? null : (previews.get(item.cardId) ?? null)}
                  intervalsPending={previewsPending}
                  onRead={() => (item.readAt ? undefined : action.mutate({ kind: "read", id: item.id }))}
                  onDismiss={() => action.mutate({ kind: "dismiss", id: item.id })}
                />
              ))}
            </ul>
          )}
        </div>
        <div className="border-t border-border p-2">
          <Link
            href="/history"
            onClick={() => setOpen(false)}
            className="flex items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-primary hover:bg-muted"
          >
            <History className="size-4" aria-hidden />
            View all in History
          </Link>
        </div>
      </PopoverContent>
    </Popover>
  );
}

function NotificationRow({
  item,
  dueAfter,
  intervalsPending,
  onRead,
  onDismiss,
}: {
  item: NotificationItem;
  /** Its grade buttons' preview, once asked (null until then: the buttons show without when the word comes back). */
  dueAfter: DueAfter | null;
  /** The preview is on its way: the grade buttons keep room for it. */
  intervalsPending: boolean;
  onRead: () => void;
  onDismiss: () => void;
}) {
  const now = useNow();
  const unread = !item.readAt;
  // A review asks before it tells: its definition waits until the row is opened or the word answered (issue 22).
  const [opened, setOpened] = useState(false);
  const asking = item.kind === "review" && item.grade === null && !opened;
  return (
    <li className={cn("group relative", unread && "bg-accent/50")}>
      <div className="flex items-start">
        <button
          type="button"
          onClick={() => {
            setOpened(true);
            onRead();
          }}
          className="flex min-w-0 flex-1 items-start gap-3 py-3 pr-1 pl-4 text-left transition-colors hover:bg-muted/70 focus-visible:-outline-offset-2"
          aria-label={`${item.content.word}${unread ? " (unread)" : ""}: ${asking ? SHOW_DEFINITION : item.content.definition}`}
        >
          <TopicIcon category={item.topic.category} />
          <span className="min-w-0 flex-1">
            <span className="flex items-center gap-2">
              <span className="truncate text-sm font-semibold">{item.content.word}</span>
              {item.content.partOfSpeech ? (
                <span className="shrink-0 text-xs text-muted-foreground italic">
                  {item.content.partOfSpeech}
                </span>
              ) : null}
              {item.kind === "review" ? <ReviewBadge /> : null}
              {unread ? <span aria-hidden className="size-2 shrink-0 rounded-full bg-primary" /> : null}
            </span>
            {asking ? (
              <span className="mt-0.5 block text-sm text-primary">{SHOW_DEFINITION}</span>
            ) : (
              <span className="mt-0.5 line-clamp-2 text-sm text-muted-foreground">
                {item.content.definition}
              </span>
            )}
            {item.content.note && !asking ? (
              <span className="mt-0.5 line-clamp-1 text-xs text-muted-foreground/90 italic">
                {item.content.note}
              </span>
            ) : null}
            <span className="mt-1 flex items-center gap-1.5 text-xs text-muted-foreground">
              <span className="truncate">{item.topic.displayName}</span>
              <span aria-hidden>·</span>
              <time dateTime={item.sentAt} className="shrink-0">
                {formatRelativeTime(item.sentAt, now)}
              </time>
            </span>
          </span>
        </button>
        <button
          type="button"
          onClick={onDismiss}
          aria-label={`Dismiss ${item.content.word}`}
          title="Dismiss"
          className="mt-2.5 mr-2 grid size-8 shrink-0 place-items-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
      {/* Outside the row's button: a button may not hold buttons. Indented under the text, past the icon. */}
      <QuickGrade
        item={{ ...item, dueAfter }}
        word={item.content.word}
        intervalsPending={intervalsPending}
        className="pr-4 pb-3 pl-16"
      />
    </li>
  );
}

/** What a review's row says in place of its definition until it is opened or answered. */
const SHOW_DEFINITION = "Recall it, then answer, or open to see the definition";

function EmptyNotifications() {
  return (
    <div className="flex flex-col items-center px-6 py-10 text-center">
      <span className="grid size-11 place-items-center rounded-full bg-muted text-muted-foreground">
        <BellOff className="size-5" aria-hidden />
      </span>
      <p className="mt-3 text-sm font-semibold">You're all caught up</p>
      <p className="mt-1 text-sm text-muted-foreground">Words delivered in the app will show up here.</p>
    </div>
  );
}

function NotificationSkeletons() {
  return (
    <div className="space-y-4 px-4 py-4" role="status" aria-busy="true" aria-label="Loading notifications">
      {[0, 1, 2].map((index) => (
        <div key={index} className="flex gap-3">
          <Skeleton className="size-9 rounded-lg" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </div>
      ))}
    </div>
  );
}
