import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import type { SaveFailure } from "./schedule";

/** A refused or failed save under the control it is about: the server's message, then what to do (an alert). */
export function SaveFailureMessage({ id, failure }: { id: string; failure: SaveFailure }) {
  return (
    <div id={id} role="alert" className="flex items-start gap-2 text-sm">
      <CircleAlert className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
      <p>
        <span className="font-medium text-destructive">{failure.message}</span>{" "}
        <span className="text-muted-foreground">{failure.advice}</span>
      </p>
    </div>
  );
}
