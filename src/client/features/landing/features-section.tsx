import GraduationCap from "lucide-react/icons/graduation-cap";
import MonitorSmartphone from "lucide-react/icons/monitor-smartphone";
import Route from "lucide-react/icons/route";
import type { LucideIcon } from "lucide-react";
import { LoginButton, SectionHeading } from "../marketing";

const FEATURES: { title: string; description: string; icon: LucideIcon }[] = [
  {
    title: "Expert-Level Knowledge",
    description:
      "Terms drawn from professional usage, each with its pronunciation, a precise definition and an example in context.",
    icon: GraduationCap,
  },
  {
    title: "Personalized Learning Path",
    description:
      "Choose your topics, how often words arrive and when. Save favorites and look back over everything you have learned.",
    icon: Route,
  },
  {
    title: "Multi-Platform Access",
    description:
      "Learn wherever you are: by email, in the app and on mobile, with a daily boost and weekly deep dives.",
    icon: MonitorSmartphone,
  },
];

export function FeaturesSection() {
  return (
    <section aria-labelledby="features-title" className="bg-surface py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="features-title"
          eyebrow="Why Jargon"
          title="Built for professionals who want to sound like experts"
          lead="A few minutes a day, on your schedule, with the words that matter in your work."
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {FEATURES.map(({ title, description, icon: Icon }) => (
            <li key={title} className="rounded-2xl border border-border bg-card p-6 shadow-xs sm:p-8">
              <span className="grid size-12 place-items-center rounded-xl bg-gradient-to-br from-indigo-500 to-violet-600 text-white shadow-sm">
                <Icon className="size-6" aria-hidden />
              </span>
              <h3 className="mt-5 text-xl font-semibold">{title}</h3>
              <p className="mt-2 text-muted-foreground">{description}</p>
            </li>
          ))}
        </ul>
        <div className="mt-12 flex flex-col items-center gap-3">
          <LoginButton size="lg" arrow>
            Begin Your Expertise Journey
          </LoginButton>
          <p className="text-sm text-muted-foreground">Free to start · no credit card required</p>
        </div>
      </div>
    </section>
  );
}
