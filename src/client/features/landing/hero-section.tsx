import Bell from "lucide-react/icons/bell";
import Check from "lucide-react/icons/check";
import Mail from "lucide-react/icons/mail";
import Smartphone from "lucide-react/icons/smartphone";
import Star from "lucide-react/icons/star";
import Volume2 from "lucide-react/icons/volume-2";
import Zap from "lucide-react/icons/zap";
import { Link } from "wouter";
import { Button } from "@client/components/ui/button";
import { LoginButton } from "../marketing";

export function HeroSection() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden">
      <div
        aria-hidden
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_70%_-10%,rgb(99_102_241/0.18),transparent),radial-gradient(40rem_24rem_at_0%_10%,rgb(168_85_247/0.12),transparent)] dark:bg-[radial-gradient(60rem_30rem_at_70%_-10%,rgb(99_102_241/0.25),transparent),radial-gradient(40rem_24rem_at_0%_10%,rgb(168_85_247/0.15),transparent)]"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 sm:pt-20 sm:pb-24 lg:grid-cols-[1.1fr_0.9fr] lg:gap-16 lg:px-8">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-border bg-card/80 px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs sm:text-sm">
            <span className="flex text-amber-500" aria-hidden>
              <Star className="size-3.5 fill-current" />
            </span>
            Rated 4.9 by 10k+ domain experts
          </p>
          <h1 id="hero-title" className="mt-6 text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
            Speak the language of{" "}
            <span className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent dark:from-indigo-300 dark:to-violet-300">
              experts
            </span>
          </h1>
          <p className="mt-6 max-w-xl text-base text-pretty text-muted-foreground sm:text-lg">
            Jargon delivers the professional vocabulary, idioms and domain terms of your field, each with its
            pronunciation, a precise definition and a real example, by email, in the app and on your phone.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <LoginButton size="lg" arrow>
              Start Learning
            </LoginButton>
            <Button asChild size="lg" variant="outline">
              <Link href="/how-it-works">See how it works</Link>
            </Button>
          </div>
          <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
            {["No credit card required", "Daily boost", "Weekly deep dives"].map((item) => (
              <li key={item} className="flex items-center gap-1.5">
                <Check className="size-4 text-success" aria-hidden />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <WordPreview />
      </div>
    </section>
  );
}

/** What a delivered word looks like: a static sample card, decorative for layout but readable as text. */
function WordPreview() {
  return (
    <figure className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div
        aria-hidden
        className="absolute -inset-6 -z-10 rounded-[2.5rem] bg-gradient-to-br from-indigo-400/30 via-violet-400/20 to-transparent blur-2xl dark:from-indigo-500/25 dark:via-violet-500/15"
      />
      <div className="rounded-3xl border border-border bg-card p-6 shadow-xl shadow-indigo-500/10 sm:p-8">
        <div className="flex items-center justify-between gap-3">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2.5 py-1 text-xs font-semibold text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300">
            Finance
          </span>
          <span className="inline-flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
            <Zap className="size-3.5 text-amber-500" aria-hidden />
            Daily boost · 8:00 AM
          </span>
        </div>
        <p className="mt-6 flex items-baseline gap-3">
          <span className="text-3xl font-bold tracking-tight sm:text-4xl">Arbitrage</span>
          <Volume2 className="size-5 self-center text-muted-foreground" aria-hidden />
        </p>
        <p className="mt-1 font-mono text-sm text-muted-foreground">/ˈɑːr.bɪ.trɑːʒ/ · noun</p>
        <p className="mt-5 text-base leading-relaxed">
          Buying and selling the same asset in different markets at the same time to profit from a difference
          in its price.
        </p>
        <blockquote className="mt-4 border-l-2 border-primary/60 pl-4 text-sm text-muted-foreground italic">
          “The fund's desk ran an arbitrage between the London and New York listings.”
        </blockquote>
        <figcaption className="mt-6 flex flex-wrap items-center gap-2 border-t border-border pt-5 text-xs font-medium text-muted-foreground">
          <span className="mr-1">Delivered by</span>
          {[
            { label: "Email", icon: Mail },
            { label: "App", icon: Bell },
            { label: "Mobile", icon: Smartphone },
          ].map(({ label, icon: Icon }) => (
            <span key={label} className="inline-flex items-center gap-1.5 rounded-full bg-muted px-2.5 py-1">
              <Icon className="size-3.5" aria-hidden />
              {label}
            </span>
          ))}
        </figcaption>
      </div>
    </figure>
  );
}
