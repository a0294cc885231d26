import { Button } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import { useConnectTelegram, useDisconnectTelegram, useTelegramStatus } from "./use-telegram";

/** What Settings shows of the learner's Telegram chat: its state, and Connect or Disconnect (issue 26). */
export function TelegramConnection() {
  const status = useTelegramStatus();
  const connect = useConnectTelegram();
  const disconnect = useDisconnectTelegram();
  if (status.isPending) return <Skeleton className="h-9 w-40" />;
  if (!status.data?.available)
    return <p className="text-sm text-muted-foreground">Telegram is not set up on this server.</p>;
  const { connected, paused } = status.data;
  const linked = connected || paused;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm" role="status">
        <span className="font-medium">{linked ? "Linked" : "Not linked"}</span>
        {paused ? (
          <span className="text-muted-foreground"> · paused: send /start in the chat to resume</span>
        ) : null}
      </p>
      {linked ? (
        <Button variant="outline" onClick={() => disconnect.mutate()} disabled={disconnect.isPending}>
          Disconnect
        </Button>
      ) : (
        <Button onClick={() => connect.mutate()} disabled={connect.isPending}>
          Connect Telegram
        </Button>
      )}
    </div>
  );
}
