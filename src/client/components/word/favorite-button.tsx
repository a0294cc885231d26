import Heart from "lucide-react/icons/heart";
import { cn } from "@client/lib/utils";
import { Button } from "../ui/button";

/** The heart toggle: filled red when saved. A pressed toggle button, so screen readers hear the state. */
export function FavoriteButton({
  word,
  isFavorite,
  onToggle,
  disabled,
  className,
}: {
  word: string;
  isFavorite: boolean;
  onToggle: () => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-pressed={isFavorite}
      aria-label={isFavorite ? `Remove ${word} from favorites` : `Add ${word} to favorites`}
      title={isFavorite ? "Remove from favorites" : "Add to favorites"}
      disabled={disabled}
      onClick={onToggle}
      className={cn(
        "size-9",
        isFavorite ? "text-rose-600 dark:text-rose-400" : "text-muted-foreground hover:text-rose-600",
        className,
      )}
    >
      <Heart aria-hidden className={cn(isFavorite && "fill-current")} />
    </Button>
  );
}
