import { Hammer, type LucideIcon } from "lucide-react";
import { PageContainer } from "./page-container";
import { PageHeader } from "./page-header";

/** Stands in for a screen a later issue builds, inside the real layout, so navigation can be tried now. */
export function PlaceholderPage({
  title,
  description,
  icon: Icon = Hammer,
}: {
  title: string;
  description: string;
  icon?: LucideIcon;
}) {
  return (
    <PageContainer>
      <PageHeader title={title} description={description} />
      <section
        aria-label="Coming soon"
        className="flex flex-col items-center rounded-2xl border border-dashed border-input bg-card px-6 py-14 text-center sm:py-20"
      >
        <span className="grid size-14 place-items-center rounded-2xl bg-accent text-accent-foreground">
          <Icon className="size-7" aria-hidden />
        </span>
        <h2 className="mt-5 text-lg font-semibold">This page is on its way</h2>
        <p className="mt-2 max-w-md text-sm text-muted-foreground">
          We're building this screen right now. Everything else in Jargon keeps working in the meantime.
        </p>
      </section>
    </PageContainer>
  );
}
