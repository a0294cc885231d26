import Award from "lucide-react/icons/award";
import Clock from "lucide-react/icons/clock";
import TrendingUp from "lucide-react/icons/trending-up";
import Users from "lucide-react/icons/users";
import type { LucideIcon } from "lucide-react";

export interface Testimonial {
  name: string;
  role: string;
  company: string;
  initials: string;
  /** The domain the learner studied, as the /topics page names it. */
  domain: string;
  /** 1 to 5 stars. */
  rating: number;
  improvement: string;
  timeframe: string;
  quote: string;
}

export interface SuccessStat {
  value: string;
  label: string;
  icon: LucideIcon;
}

export const SUCCESS_STATS: SuccessStat[] = [
  { value: "10,000+", label: "Professionals served", icon: Users },
  { value: "347%", label: "Average vocabulary improvement", icon: TrendingUp },
  { value: "4.9/5", label: "Average learner rating", icon: Award },
  { value: "8 weeks", label: "Typical time to fluency in meetings", icon: Clock },
];

export const FEATURED_TESTIMONIAL: Testimonial = {
  name: "Sarah Chen",
  role: "Financial Analyst",
  company: "Global investment bank",
  initials: "SC",
  domain: "Finance",
  rating: 5,
  improvement: "412% more terms recognised",
  timeframe: "3 months",
  quote:
    "Within a month I was following every term in our investment committee meetings. The daily delivery is the best five minutes of my morning, and hearing each word pronounced meant I finally said 'amortization' with confidence in front of a client.",
};

export const TESTIMONIALS: Testimonial[] = [
  {
    name: "Dr. Marcus Okafor",
    role: "Junior Doctor",
    company: "Teaching hospital",
    initials: "MO",
    domain: "Medical",
    rating: 5,
    improvement: "Ward-round vocabulary doubled",
    timeframe: "6 weeks",
    quote:
      "Clinical terms arrive between shifts, each with a plain definition and an example. I stopped nodding along on ward rounds and started contributing.",
  },
  {
    name: "Elena Petrova",
    role: "Trainee Solicitor",
    company: "Commercial law firm",
    initials: "EP",
    domain: "Legal",
    rating: 5,
    improvement: "Passed her qualifying exam first time",
    timeframe: "4 months",
    quote:
      "Contract and courtroom terms every morning, reviewed again just before I forget them. It turned dry revision into a habit I actually kept.",
  },
  {
    name: "James Whitfield",
    role: "Product Manager",
    company: "SaaS scale-up",
    initials: "JW",
    domain: "Technology",
    rating: 5,
    improvement: "3× faster at engineering specs",
    timeframe: "2 months",
    quote:
      "I came from marketing. Two terms a day on my phone and I can now read an architecture document without a glossary open in another tab.",
  },
  {
    name: "Priya Raman",
    role: "PhD Researcher",
    company: "Research university",
    initials: "PR",
    domain: "Academic",
    rating: 5,
    improvement: "Two papers accepted",
    timeframe: "6 months",
    quote:
      "English is my third language. The academic topic gave me the precise words reviewers expect, and my favorites list became my writing checklist.",
  },
  {
    name: "Tom Becker",
    role: "Operations Lead",
    company: "Logistics group",
    initials: "TB",
    domain: "Business",
    rating: 4,
    improvement: "Promoted to the leadership team",
    timeframe: "5 months",
    quote:
      "Board meetings used to feel like a different language. Jargon gave me the vocabulary of strategy and finance in small doses I could keep up with.",
  },
  {
    name: "Aisha Mensah",
    role: "Compliance Officer",
    company: "Fintech start-up",
    initials: "AM",
    domain: "Finance",
    rating: 5,
    improvement: "280% more regulatory terms mastered",
    timeframe: "10 weeks",
    quote:
      "I subscribe to finance and legal on different schedules. The history page shows everything I've learned, which made my annual review easy to write.",
  },
];

export const RESULT_POINTS: string[] = [
  "Follow meetings, papers and reports in your field without stopping to look terms up",
  "Pronounce specialist words correctly the first time, with audio and IPA for every term",
  "Keep learning in a few minutes a day, on the schedule you choose",
  "Build a personal library of favorite terms you can come back to at any time",
  "See every word you've received in your history, so nothing you learn is lost",
];
