import * as DialogPrimitive from "@radix-ui/react-dialog";
import type { ComponentProps } from "react";
import { cn } from "@client/lib/utils";
import { DialogCornerClose } from "./dialog";

/** A bottom sheet for small screens, built on Radix Dialog: Escape or a backdrop click closes it, focus stays inside. */
export const Drawer = DialogPrimitive.Root;
export const DrawerTitle = DialogPrimitive.Title;
export const DrawerDescription = DialogPrimitive.Description;

export function DrawerContent({
  className,
  children,
  closeLabel = "Close",
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { closeLabel?: string }) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-[2px]" />
      <DialogPrimitive.Content
        className={cn(
          "fixed inset-x-0 bottom-0 z-50 flex max-h-[90dvh] flex-col overflow-y-auto rounded-t-2xl border-t border-border bg-card p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] text-card-foreground shadow-2xl outline-none",
          className,
        )}
        {...props}
      >
        <div aria-hidden className="mx-auto mb-4 h-1.5 w-12 shrink-0 rounded-full bg-muted" />
        {children}
        <DialogCornerClose label={closeLabel} />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
