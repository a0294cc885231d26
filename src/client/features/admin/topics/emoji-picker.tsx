import * as RadioGroup from "@radix-ui/react-radio-group";
import { useRef, useState } from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@client/components/ui/tabs";
import { cn } from "@client/lib/utils";
import { EMOJI_CATEGORIES } from "./emoji-categories";

const ARROW_KEYS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]);

const categoryOf = (emoji: string) =>
  EMOJI_CATEGORIES.find((category) => category.emojis.some((choice) => choice.emoji === emoji))?.name;

/**
 * The topic icon chooser: nine category tabs of ten icons. Tabs and icons are keyboard-navigable (arrow keys move
 * and choose, as in any radio group) and every icon has a spoken name.
 */
export function EmojiPicker({
  value,
  onChange,
  labelledBy,
  invalid = false,
}: {
  value: string;
  onChange: (emoji: string) => void;
  labelledBy: string;
  invalid?: boolean;
}) {
  const arrowMoved = useRef(false);
  const [category, setCategory] = useState(() => categoryOf(value) ?? EMOJI_CATEGORIES[0]!.name);
  const chosen = EMOJI_CATEGORIES.flatMap((c) => c.emojis).find((choice) => choice.emoji === value);
  return (
    <div
      role="group"
      aria-labelledby={labelledBy}
      className={cn("rounded-xl border border-input p-3", invalid && "border-destructive")}
    >
      <p className="mb-3 flex items-center gap-2 text-sm" aria-live="polite">
        <span aria-hidden className="grid size-9 place-items-center rounded-lg bg-muted text-xl">
          {value || "?"}
        </span>
        <span className="text-muted-foreground">
          {chosen ? `Selected: ${chosen.label}` : "No icon selected"}
        </span>
      </p>
      <Tabs value={category} onValueChange={setCategory}>
        <TabsList aria-label="Icon categories" className="flex h-auto w-full flex-wrap justify-start gap-1">
          {EMOJI_CATEGORIES.map((c) => (
            <TabsTrigger key={c.name} value={c.name} className="h-7 px-2 text-xs" aria-label={c.name}>
              <span aria-hidden className="mr-1">
                {c.emojis[0]!.emoji}
              </span>
              <span className="hidden sm:inline">{c.name}</span>
            </TabsTrigger>
          ))}
        </TabsList>
        {EMOJI_CATEGORIES.map((c) => (
          <TabsContent key={c.name} value={c.name} className="mt-3">
            <RadioGroup.Root
              value={value}
              onValueChange={onChange}
              aria-label={`${c.name} icons`}
              loop
              // Arrow keys move the focus; like a native radio group, the icon they land on becomes the choice.
              onKeyDownCapture={(event) => {
                arrowMoved.current = ARROW_KEYS.has(event.key);
              }}
              className="grid grid-cols-5 gap-2 sm:grid-cols-10"
            >
              {c.emojis.map((choice) => (
                <RadioGroup.Item
                  key={choice.emoji}
                  value={choice.emoji}
                  aria-label={choice.label}
                  title={choice.label}
                  onFocus={() => {
                    if (!arrowMoved.current) return;
                    arrowMoved.current = false;
                    onChange(choice.emoji);
                  }}
                  className="grid aspect-square place-items-center rounded-lg border border-transparent text-2xl transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring data-[state=checked]:border-primary data-[state=checked]:bg-accent"
                >
                  <span aria-hidden>{choice.emoji}</span>
                </RadioGroup.Item>
              ))}
            </RadioGroup.Root>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
