import BookOpen from "lucide-react/icons/book-open";
import Briefcase from "lucide-react/icons/briefcase";
import GraduationCap from "lucide-react/icons/graduation-cap";
import MessageCircle from "lucide-react/icons/message-circle";
import Quote from "lucide-react/icons/quote";
import type { LucideIcon } from "lucide-react";
import type { TopicCategory } from "@shared/constants";
import { cn } from "@client/lib/utils";

/** learner-core §3: each category has its own icon; an unknown one shows the vocabulary icon. */
const CATEGORY_ICONS: Record<TopicCategory, LucideIcon> = {
  vocabulary: BookOpen,
  idioms: Quote,
  business: Briefcase,
  academic: GraduationCap,
  slang: MessageCircle,
};

export function topicCategoryIcon(category: string): LucideIcon {
  return Object.hasOwn(CATEGORY_ICONS, category)
    ? CATEGORY_ICONS[category as TopicCategory]
    : CATEGORY_ICONS.vocabulary;
}

/** The category icon on a tinted tile. Decorative: the topic's name is always written next to it. */
export function TopicIcon({ category, className }: { category: string; className?: string }) {
  const Icon = topicCategoryIcon(category);
  return (
    <span
      aria-hidden
      data-category={category}
      className={cn(
        "grid size-9 shrink-0 place-items-center rounded-lg bg-accent text-accent-foreground",
        className,
      )}
    >
      <Icon className="size-4.5" />
    </span>
  );
}
