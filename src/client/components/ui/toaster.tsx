import X from "lucide-react/icons/x";
import * as Toast from "@radix-ui/react-toast";
import { useEffect } from "react";
import { removeToast, dismissToast, markToasterMounted, useToasts, type ToastEntry } from "@client/lib/toast";
import { cn } from "@client/lib/utils";

const variantClasses: Record<ToastEntry["variant"], string> = {
  default: "border-border bg-card text-card-foreground",
  success: "border-border bg-card text-card-foreground",
  destructive: "border-destructive bg-destructive text-destructive-foreground",
};

/** Renders the toasts of lib/toast.ts; mounted at the root of the app with the first toast (lazy-toaster.tsx). */
export function Toaster() {
  const toasts = useToasts();
  useEffect(markToasterMounted, []);
  return (
    <Toast.Provider swipeDirection="right">
      {toasts.map((entry) => (
        <Toast.Root
          key={entry.id}
          open={entry.open}
          duration={entry.duration}
          type={entry.variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(open) => (open ? undefined : dismissToast(entry.id))}
          onAnimationEnd={() => (entry.open ? undefined : removeToast(entry.id))}
          className={cn(
            "group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg",
            "data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out",
            "data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=end]:animate-toast-out",
            variantClasses[entry.variant],
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{entry.title}</Toast.Title>
            {entry.description ? (
              <Toast.Description className="text-sm opacity-90">{entry.description}</Toast.Description>
            ) : null}
          </div>
          <Toast.Close
            aria-label="Close"
            className="absolute top-3 right-3 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:opacity-100"
          >
            <X className="size-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:top-auto sm:bottom-0 sm:max-w-sm" />
    </Toast.Provider>
  );
}
