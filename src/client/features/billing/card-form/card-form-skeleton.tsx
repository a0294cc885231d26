import { Skeleton } from "@client/components/ui/skeleton";

/** Holds the card form's place (same height) while the provider loads, so nothing jumps. */
export function CardFormSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-3">
      <span className="text-sm text-muted-foreground">{label}</span>
      <Skeleton className="h-10 w-full" />
      <div className="grid grid-cols-2 gap-3">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    </div>
  );
}
