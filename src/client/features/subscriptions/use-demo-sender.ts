import { useState } from "react";
import { toast } from "@client/lib/toast";
import { isUnauthorizedError } from "@client/lib/unauthorized";
import { useSendDemo } from "./api";

/** The admin's demo button: which card is waiting for its answer, and the spec's toasts. */
export function useDemoSender() {
  const sendDemo = useSendDemo();
  const [pendingId, setPendingId] = useState<number | null>(null);
  const send = (id: number) => {
    setPendingId(id);
    sendDemo.mutate(id, {
      onSuccess: () =>
        toast({
          title: "Demo sent!",
          description: "Check your email for a sample word from this subscription",
          variant: "success",
        }),
      onError: (error) => {
        if (isUnauthorizedError(error)) return;
        toast({
          title: "Error",
          description: "Failed to send demo. Please try again.",
          variant: "destructive",
        });
      },
      onSettled: () => setPendingId(null),
    });
  };
  return { send, pendingId };
}
