import Volume2 from "lucide-react/icons/volume-2";
import { useSyncExternalStore } from "react";
import { DATE_LOCALE } from "@shared/constants";
import { cn } from "@client/lib/utils";

const noop = () => () => {};
// Drawn on the server as there (server-paint.tsx): nearly every browser has speech, and the button's room then does
// not appear when the browser takes the drawing over.
const hasSpeech = () => typeof window === "undefined" || "speechSynthesis" in window;

/** Says the word aloud with the browser's speech synthesis; renders nothing where there is none. */
export function SpeakButton({ word, className }: { word: string; className?: string }) {
  const available = useSyncExternalStore(noop, hasSpeech, () => true);
  if (!available) return null;
  const speak = () => {
    const utterance = new SpeechSynthesisUtterance(word);
    utterance.lang = DATE_LOCALE;
    // A second click restarts the word instead of queueing it behind the first.
    window.speechSynthesis.cancel();
    window.speechSynthesis.speak(utterance);
  };
  return (
    <button
      type="button"
      onClick={speak}
      aria-label={`Pronounce ${word}`}
      title="Listen"
      className={cn(
        "inline-grid size-7 shrink-0 place-items-center rounded-full text-muted-foreground transition-colors hover:bg-muted hover:text-primary",
        className,
      )}
    >
      <Volume2 className="size-4" aria-hidden />
    </button>
  );
}
