import Award from "lucide-react/icons/award";
import FlaskConical from "lucide-react/icons/flask-conical";
import Globe2 from "lucide-react/icons/earth";
import GraduationCap from "lucide-react/icons/graduation-cap";
import Briefcase from "lucide-react/icons/briefcase";
import ShieldCheck from "lucide-react/icons/shield-check";
import TrendingUp from "lucide-react/icons/trending-up";
import Users from "lucide-react/icons/users";
import type { LucideIcon } from "lucide-react";

export interface Achievement {
  metric: string;
  label: string;
  description: string;
  icon: LucideIcon;
}

export interface TeamMember {
  name: string;
  role: string;
  expertise: string;
  background: string;
  initials: string;
}

export interface CoreValue {
  title: string;
  description: string;
  icon: LucideIcon;
  /** Icon tile colours, light and dark. */
  color: string;
}

export const MISSION =
  "To make the language of every profession accessible to anyone willing to learn it. Expertise is often hidden behind vocabulary; we deliver that vocabulary in small, well-explained doses so that professionals can understand, speak and write with the confidence of an insider.";

export const VISION =
  "By 2030 we want Jargon to be the global standard for professional vocabulary learning: the first thing a new analyst, clinician, lawyer or engineer reaches for, and a trusted part of how organisations onboard their people.";

export const ACHIEVEMENTS: Achievement[] = [
  {
    metric: "10,000+",
    label: "Professionals Served",
    description: "Learners in finance, medicine, law, technology and academia.",
    icon: Users,
  },
  {
    metric: "347%",
    label: "Average Improvement",
    description: "Growth in the domain terms learners recognise and use.",
    icon: TrendingUp,
  },
  {
    metric: "15+",
    label: "Professional Domains",
    description: "Each with 200+ expert terms, updated weekly.",
    icon: Globe2,
  },
  {
    metric: "4.9/5",
    label: "Expert Rating",
    description: "The average rating our learners give Jargon.",
    icon: Award,
  },
];

export const TEAM: TeamMember[] = [
  {
    name: "Dr. Eleanor Hart",
    role: "Founder & CEO",
    expertise: "Applied Linguistics",
    background:
      "Eleanor spent a decade teaching English for specific purposes to bankers, doctors and engineers before founding Jargon. Her research on spaced, context-rich vocabulary learning shapes how every term is chosen, ordered and explained.",
    initials: "EH",
  },
];

export const CORE_VALUES: CoreValue[] = [
  {
    title: "Excellence in Education",
    description: "Every term is checked, defined in plain language and paired with an example professionals would recognise.",
    icon: GraduationCap,
    color: "bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300",
  },
  {
    title: "Scientific Methodology",
    description: "Spaced repetition and frequency-ordered curricula, grounded in research on how adults learn vocabulary.",
    icon: FlaskConical,
    color: "bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300",
  },
  {
    title: "Professional Focus",
    description: "We teach the words people use at work, in the meetings, documents and conversations that matter.",
    icon: Briefcase,
    color: "bg-amber-50 text-amber-800 dark:bg-amber-950 dark:text-amber-300",
  },
  {
    title: "Trusted Security",
    description: "Your data is protected, never sold, and yours to export or delete whenever you choose.",
    icon: ShieldCheck,
    color: "bg-sky-50 text-sky-700 dark:bg-sky-950 dark:text-sky-300",
  },
];

export const PARTNERS: string[] = [
  "Northbridge Institute of Finance",
  "Meridian Medical Academy",
  "Halden School of Law",
  "Crestview Technology Council",
  "Atlas Business Forum",
];
