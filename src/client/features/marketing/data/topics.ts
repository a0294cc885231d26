import BookOpen from "lucide-react/icons/book-open";
import Briefcase from "lucide-react/icons/briefcase";
import Cpu from "lucide-react/icons/cpu";
import GraduationCap from "lucide-react/icons/graduation-cap";
import Scale from "lucide-react/icons/scale";
import Stethoscope from "lucide-react/icons/stethoscope";
import TrendingUp from "lucide-react/icons/trending-up";
import type { LucideIcon } from "lucide-react";

/** The /topics page's claim about each domain (plans-billing §2). */
export const TERMS_PER_DOMAIN_NOTE = {
  title: "200+ terms in every domain, updated weekly",
  body: "These are a few real entries from each library. Subscribe to a domain and its terms arrive on your schedule, from the everyday words of the field to the specialist vocabulary of its experts.",
};

export interface DomainLook {
  icon: LucideIcon;
  /** Icon tile colours, light and dark (the landing page's domain tones). */
  tone: string;
}

/** Each sampled domain's icon and colour, by topic name; a domain not listed gets the default look. */
export const DOMAIN_LOOKS: Record<string, DomainLook> = {
  finance: { icon: TrendingUp, tone: "bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300" },
  business: { icon: Briefcase, tone: "bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-300" },
  technology: { icon: Cpu, tone: "bg-sky-50 text-sky-800 dark:bg-sky-950 dark:text-sky-300" },
  medical: { icon: Stethoscope, tone: "bg-rose-50 text-rose-800 dark:bg-rose-950 dark:text-rose-300" },
  legal: { icon: Scale, tone: "bg-violet-50 text-violet-800 dark:bg-violet-950 dark:text-violet-300" },
  academic: { icon: GraduationCap, tone: "bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-300" },
};

export const DEFAULT_DOMAIN_LOOK: DomainLook = { icon: BookOpen, tone: "bg-accent text-accent-foreground" };
