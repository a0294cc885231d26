import Bell from "lucide-react/icons/bell";
import CalendarDays from "lucide-react/icons/calendar-days";
import Mail from "lucide-react/icons/mail";
import Smartphone from "lucide-react/icons/smartphone";
import Zap from "lucide-react/icons/zap";
import type { LucideIcon } from "lucide-react";

const CHANNELS: { label: string; detail: string; icon: LucideIcon }[] = [
  { label: "Email", detail: "A clean card in your inbox", icon: Mail },
  { label: "App", detail: "In-app notifications as words arrive", icon: Bell },
  { label: "Mobile", detail: "Learn on your phone, anywhere", icon: Smartphone },
];

const RHYTHMS: { title: string; detail: string; icon: LucideIcon }[] = [
  {
    title: "Daily boost",
    detail: "One expert term a day, at the time you choose, with pronunciation, definition and example.",
    icon: Zap,
  },
  {
    title: "Weekly deep dives",
    detail: "A themed set each week that takes you further into a domain's vocabulary.",
    icon: CalendarDays,
  },
];

export function DeliverySection() {
  return (
    <section
      aria-labelledby="delivery-title"
      className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8"
    >
      <div className="grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
        <div>
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Delivery</p>
          <h2 id="delivery-title" className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Learning that fits into your day
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Words reach you by email, in the app and on mobile, as often as you like.
          </p>
          <ul className="mt-8 space-y-6">
            {RHYTHMS.map(({ title, detail, icon: Icon }) => (
              <li key={title} className="flex gap-4">
                <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-accent text-accent-foreground">
                  <Icon className="size-5" aria-hidden />
                </span>
                <div>
                  <h3 className="font-semibold">{title}</h3>
                  <p className="mt-1 text-muted-foreground">{detail}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <ul className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1 xl:grid-cols-3">
          {CHANNELS.map(({ label, detail, icon: Icon }) => (
            <li
              key={label}
              className="flex items-center gap-4 rounded-2xl border border-border bg-card p-5 shadow-xs sm:flex-col sm:items-start lg:flex-row lg:items-center xl:flex-col xl:items-start"
            >
              <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-muted">
                <Icon className="size-6 text-primary" aria-hidden />
              </span>
              <div>
                <p className="font-semibold">{label}</p>
                <p className="mt-0.5 text-sm text-muted-foreground">{detail}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
