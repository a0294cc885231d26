import { useId, type ReactNode } from "react";
import { Label } from "./label";

/** A labelled control with its character counter and its error line (tied to the control for screen readers). */
export function FormField({
  id,
  label,
  error,
  counter,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  counter?: string;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const errorId = useId();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {counter ? (
          <span className="text-xs text-muted-foreground tabular-nums" aria-hidden>
            {counter}
          </span>
        ) : null}
      </div>
      {children(error ? errorId : undefined)}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
