import RefreshCw from "lucide-react/icons/refresh-cw";
import { Button } from "@client/components/ui/button";

/** /topics when the samples could not be loaded; "Try again" asks once more. */
export function SamplesError({ onRetry }: { onRetry?: () => void }) {
  return (
    <div className="rounded-2xl border border-border bg-card p-8 text-center" role="alert">
      <p className="font-semibold">We couldn't load the sample terms.</p>
      <p className="mt-1 text-sm text-muted-foreground">Please check your connection and try again.</p>
      <Button variant="outline" className="mt-4" data-retry onClick={onRetry}>
        <RefreshCw aria-hidden />
        Try again
      </Button>
    </div>
  );
}
