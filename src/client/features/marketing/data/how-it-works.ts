import BellRing from "lucide-react/icons/bell-ring";
import BookOpenCheck from "lucide-react/icons/book-open-check";
import CalendarClock from "lucide-react/icons/calendar-clock";
import Compass from "lucide-react/icons/compass";
import Heart from "lucide-react/icons/heart";
import LineChart from "lucide-react/icons/chart-line";
import Mail from "lucide-react/icons/mail";
import Volume2 from "lucide-react/icons/volume-2";
import type { LucideIcon } from "lucide-react";

export interface Step {
  title: string;
  description: string;
  details: string[];
  icon: LucideIcon;
}

export interface Feature {
  title: string;
  description: string;
  icon: LucideIcon;
}

export const STEPS: Step[] = [
  {
    title: "Choose Your Domain",
    description: "Pick the field you work in or want to break into, from finance and law to medicine and technology.",
    details: ["15+ professional domains", "200+ expert terms in each", "Subscribe to one or several"],
    icon: Compass,
  },
  {
    title: "Set Your Schedule",
    description: "Decide how often new terms arrive and at what time, from every hour to every two weeks.",
    details: ["Hourly, daily or weekly rhythms", "Your time zone, your delivery time", "Change it whenever you like"],
    icon: CalendarClock,
  },
  {
    title: "Receive Expert Content",
    description: "Each term arrives by email or in the app with its pronunciation, a precise definition and an example.",
    details: ["Email, in-app or both", "Audio pronunciation", "Real-world example sentences"],
    icon: Mail,
  },
  {
    title: "Track Your Progress",
    description: "Look back over everything you've received, save favorites and watch your vocabulary grow.",
    details: ["Full learning history", "Favorites you can revisit", "Streaks that keep you going"],
    icon: LineChart,
  },
];

export const FEATURES: Feature[] = [
  {
    title: "Pronunciation Guides",
    description: "An IPA transcription for every term, and audio spoken by your device, so you can say it as confidently as you read it.",
    icon: Volume2,
  },
  {
    title: "Context-Rich Examples",
    description: "Every definition comes with a sentence showing how professionals actually use the word.",
    icon: BookOpenCheck,
  },
  {
    title: "Smart Notifications",
    description: "In-app notifications as words arrive, and a dashboard that keeps anything you missed.",
    icon: BellRing,
  },
  {
    title: "Favorites & History",
    description: "Save the terms that matter to you and look back over everything you've learned in one place.",
    icon: Heart,
  },
];

/** What one delivery looks like: a static example (the /topics page shows live words from the library). */
export const SAMPLE_DELIVERY = {
  topic: "Finance",
  schedule: "Daily · 8:00 AM",
  word: "Amortization",
  pronunciation: "/əˌmɔr.təˈzeɪ.ʃən/",
  partOfSpeech: "noun",
  definition: "The gradual repayment of a debt, or the spreading of an asset's cost, over a fixed period.",
  example: "The loan's amortization schedule shows how each payment splits between interest and principal.",
};
