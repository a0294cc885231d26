import type { WordLevelName } from "@shared/constants";

/**
 * Level badge colours, light and dark, each with readable contrast. Apart from the domain looks (data/topics.ts)
 * so the prerendered /topics page's script does not pull in the icons.
 */
export const LEVEL_TONES: Record<WordLevelName, string> = {
  Beginner: "bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  Intermediate: "bg-sky-50 text-sky-800 dark:bg-sky-950 dark:text-sky-300",
  Advanced: "bg-violet-50 text-violet-800 dark:bg-violet-950 dark:text-violet-300",
};
