import Share2 from "lucide-react/icons/share-2";
import { toast } from "@client/lib/toast";
import { cn } from "@client/lib/utils";
import { Button } from "../ui/button";
import { shareWord } from "./share";

/** Shares a word (native share sheet, else the clipboard with 'Copied to clipboard'). */
export function ShareButton({
  word,
  definition,
  className,
}: {
  word: string;
  definition: string;
  className?: string;
}) {
  const share = async () => {
    try {
      const outcome = await shareWord(word, definition);
      if (outcome === "copied") toast({ title: "Copied to clipboard", variant: "success" });
    } catch (error) {
      console.warn("Sharing failed", error);
      toast({ title: "Couldn't share this word", description: "Please try again.", variant: "destructive" });
    }
  };
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={cn("size-9 text-muted-foreground hover:text-foreground", className)}
      aria-label={`Share ${word}`}
      title="Share"
      onClick={() => void share()}
    >
      <Share2 aria-hidden />
    </Button>
  );
}
