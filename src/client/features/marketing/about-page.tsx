import Building2 from "lucide-react/icons/building-complex";
import Eye from "lucide-react/icons/eye";
import Heart from "lucide-react/icons/heart";
import Target from "lucide-react/icons/target";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { PublicPageMeta } from "@client/components/layout/public-page-meta";
import { Button } from "@client/components/ui/button";
import { CreditsSection } from "./components/credits-section";
import { ClosingPanel, PANEL_PRIMARY, PANEL_SECONDARY } from "./components/closing-panel";
import { GetStartedButton } from "./components/get-started-button";
import { IconCard } from "./components/icon-card";
import { InitialsAvatar } from "./components/initials-avatar";
import { MarketingHero } from "./components/marketing-hero";
import { PageSection } from "./components/page-section";
import { ACHIEVEMENTS, CORE_VALUES, MISSION, PARTNERS, TEAM, VISION } from "./data/about";

export default function AboutPage() {
  return (
    <>
      <PublicPageMeta path="/about" />
      <MarketingHero
        eyebrow={
          <>
            <Heart className="size-4 text-primary" aria-hidden />
            Our story
          </>
        }
        title="About Jargon"
        lead="We believe expertise shouldn't be locked behind vocabulary. Jargon helps professionals learn the language of their field, one well-explained term at a time."
      >
        <Button asChild size="lg">
          <Link href="/topics">Explore Topics</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link href="/faq">Read the FAQ</Link>
        </Button>
      </MarketingHero>

      <div className="mx-auto grid max-w-7xl gap-5 px-4 pb-14 sm:px-6 sm:pb-20 md:grid-cols-2 lg:px-8">
        <StatementCard
          id="mission-title"
          title="Our Mission"
          icon={<Target className="size-6" aria-hidden />}
        >
          {MISSION}
        </StatementCard>
        <StatementCard id="vision-title" title="Our Vision" icon={<Eye className="size-6" aria-hidden />}>
          {VISION}
        </StatementCard>
      </div>

      <PageSection
        id="impact-title"
        eyebrow="Impact"
        title="Our Impact by the Numbers"
        lead="What a few minutes a day adds up to across our community."
        tinted
      >
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {ACHIEVEMENTS.map(({ metric, label, description, icon: Icon }) => (
            <li key={label} className="rounded-2xl border border-border bg-card p-6 text-center shadow-xs">
              <Icon className="mx-auto size-6 text-primary" aria-hidden />
              <p className="mt-3 text-3xl font-extrabold tracking-tight">{metric}</p>
              <h3 className="mt-1 font-semibold">{label}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{description}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection
        id="team-title"
        eyebrow="People"
        title="Leadership Team"
        lead="Educators and technologists who have spent their careers helping professionals communicate."
      >
        <ul className="mx-auto grid max-w-2xl gap-5">
          {TEAM.map((member) => (
            <li key={member.name} className="rounded-2xl border border-border bg-card p-6 shadow-xs sm:p-8">
              <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:text-left">
                <InitialsAvatar initials={member.initials} className="size-20 text-2xl" />
                <div>
                  <h3 className="text-xl font-semibold">{member.name}</h3>
                  <p className="text-muted-foreground">{member.role}</p>
                  <span className="mt-2 inline-flex rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-foreground">
                    {member.expertise}
                  </span>
                  <p className="mt-4 text-sm leading-relaxed text-muted-foreground">{member.background}</p>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection
        id="values-title"
        eyebrow="Values"
        title="Our Core Values"
        lead="The principles behind every term we deliver."
        tinted
      >
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {CORE_VALUES.map(({ title, description, icon, color }) => (
            <IconCard key={title} title={title} description={description} icon={icon} iconClassName={color} />
          ))}
        </ul>
      </PageSection>

      <PageSection
        id="partners-title"
        eyebrow="Partners"
        title="Trusted Partnerships"
        lead="We work with institutions that train the professionals of tomorrow."
      >
        <ul className="flex flex-wrap justify-center gap-3">
          {PARTNERS.map((partner) => (
            <li
              key={partner}
              className="inline-flex items-center gap-2 rounded-xl border border-border bg-card px-4 py-3 text-sm font-semibold shadow-xs"
            >
              <Building2 className="size-4 text-muted-foreground" aria-hidden />
              {partner}
            </li>
          ))}
        </ul>
      </PageSection>

      <CreditsSection />

      <ClosingPanel
        id="about-cta-title"
        title="Join Our Mission"
        lead="Help us make expert vocabulary accessible to every professional, starting with your own."
      >
        <GetStartedButton size="lg" className={PANEL_PRIMARY}>
          Start Your Journey
        </GetStartedButton>
        <Button asChild size="lg" variant="outline" className={PANEL_SECONDARY}>
          <Link href="/topics">Explore Topics</Link>
        </Button>
      </ClosingPanel>
    </>
  );
}

function StatementCard({
  id,
  title,
  icon,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  children: string;
}) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-border bg-card p-6 shadow-xs sm:p-8">
      <span className="grid size-12 place-items-center rounded-xl bg-gradient-to-br from-indigo-500 to-violet-600 text-white shadow-sm">
        {icon}
      </span>
      <h2 id={id} className="mt-5 text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <p className="mt-3 leading-relaxed text-muted-foreground">{children}</p>
    </section>
  );
}
