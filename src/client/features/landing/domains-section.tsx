import Brain from "lucide-react/icons/brain";
import Landmark from "lucide-react/icons/landmark";
import ScrollText from "lucide-react/icons/scroll-text";
import TrendingUp from "lucide-react/icons/trending-up";
import Trophy from "lucide-react/icons/trophy";
import type { LucideIcon } from "lucide-react";
import { SectionHeading } from "../marketing";

interface Domain {
  name: string;
  description: string;
  terms: string[];
  icon: LucideIcon;
  /** Icon tile and term chips, light and dark. */
  tone: string;
}

const DOMAINS: Domain[] = [
  {
    name: "Finance",
    description: "Markets, investing and corporate finance.",
    terms: ["Arbitrage", "EBITDA", "Liquidity"],
    icon: TrendingUp,
    tone: "bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300",
  },
  {
    name: "Politics",
    description: "Policy, diplomacy and how governments work.",
    terms: ["Filibuster", "Realpolitik", "Caucus"],
    icon: Landmark,
    tone: "bg-sky-50 text-sky-800 dark:bg-sky-950 dark:text-sky-300",
  },
  {
    name: "Sports",
    description: "Tactics, analytics and the language of the game.",
    terms: ["Gegenpressing", "Sabermetrics", "Clutch"],
    icon: Trophy,
    tone: "bg-orange-50 text-orange-800 dark:bg-orange-950 dark:text-orange-300",
  },
  {
    name: "Religion",
    description: "Scripture, theology and traditions of faith.",
    terms: ["Exegesis", "Liturgy", "Eschatology"],
    icon: ScrollText,
    tone: "bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-300",
  },
  {
    name: "Philosophy",
    description: "Ideas, arguments and schools of thought.",
    terms: ["Epistemology", "Dialectic", "Qualia"],
    icon: Brain,
    tone: "bg-violet-50 text-violet-800 dark:bg-violet-950 dark:text-violet-300",
  },
];

export function DomainsSection() {
  return (
    <section
      aria-labelledby="domains-title"
      className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8"
    >
      <SectionHeading
        id="domains-title"
        eyebrow="Domains"
        title="Master the vocabulary of your field"
        lead="Pick a domain and learn the terms its professionals use every day, from the boardroom to the pulpit."
      />
      <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {DOMAINS.map(({ name, description, terms, icon: Icon, tone }) => (
          <li
            key={name}
            className="flex gap-4 rounded-2xl border border-border bg-card p-5 shadow-xs transition-shadow hover:shadow-md sm:flex-col sm:gap-0"
          >
            <span className={`grid size-11 shrink-0 place-items-center rounded-xl ${tone}`}>
              <Icon className="size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <h3 className="text-lg font-semibold sm:mt-4">{name}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{description}</p>
              <ul aria-label={`Sample ${name} terms`} className="mt-3 flex flex-wrap gap-1.5 sm:mt-4">
                {terms.map((term) => (
                  <li key={term} className="rounded-md bg-muted px-2 py-0.5 text-xs font-medium">
                    {term}
                  </li>
                ))}
              </ul>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
