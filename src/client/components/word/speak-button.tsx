import Volume2 from "lucide-react/icons/volume-2";
import { DATE_LOCALE } from "@shared/constants";
import { useBrowserValue } from "@client/lib/browser-value";
import { cn } from "@client/lib/utils";

const noop = () => () => {};
const hasSpeech = () => "speechSynthesis" in window;

/** Says the word aloud with the browser's speech synthesis; renders nothing where there is none. */
export function SpeakButton({ word, className }: { word: string; className?: string }) {
  // Drawn as there on the server: nearly every browser has speech, so the button's room is there from the start.
  const available = useBrowserValue(noop, hasSpeech, true);
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
