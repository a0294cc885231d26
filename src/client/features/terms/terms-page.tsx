import ArrowLeft from "lucide-react/icons/arrow-left";
import Mail from "lucide-react/icons/mail";
import Scale from "lucide-react/icons/scale";
import { Link, useSearch } from "wouter";
import { TERMS_LAST_UPDATED } from "@shared/constants";
import { PublicPageMeta } from "@client/components/layout/public-page-meta";
import { Button } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import { useAppConfig } from "@client/lib/app-config";
import { useAuth } from "@client/lib/auth";
import { backTargetFor, saveRestoreRecord } from "./back-target";
import { termsSections, type TermsBlock } from "./terms-sections";

export default function TermsPage() {
  const from = new URLSearchParams(useSearch()).get("from");
  const { isAuthenticated } = useAuth();
  const back = backTargetFor(from, isAuthenticated);
  const sections = termsSections(useAppConfig()?.supportEmail);

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
      <PublicPageMeta path="/terms" />
      <Button asChild variant="ghost" className="-ml-3">
        <Link
          href={back.href}
          onClick={() => {
            if (back.savesRestoreRecord && from) saveRestoreRecord(from);
          }}
        >
          <ArrowLeft aria-hidden />
          {back.label}
        </Link>
      </Button>

      <header className="mt-6 flex items-start gap-4">
        <span className="hidden size-12 shrink-0 place-items-center rounded-xl bg-accent text-accent-foreground sm:grid">
          <Scale className="size-6" aria-hidden />
        </span>
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Terms of Service</h1>
          <p className="mt-2 text-sm text-muted-foreground">Last updated: {TERMS_LAST_UPDATED}</p>
        </div>
      </header>

      <nav
        aria-label="Contents"
        className="mt-8 rounded-2xl border border-border bg-card p-5 shadow-xs sm:p-6"
      >
        <h2 className="text-sm font-semibold">Contents</h2>
        <ol className="mt-3 grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="rounded text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
              >
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-8 space-y-4">
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="scroll-mt-24 rounded-2xl border border-border bg-card p-5 shadow-xs sm:p-8"
          >
            <h2 id={`${section.id}-title`} className="text-xl font-semibold tracking-tight">
              {index + 1}. {section.title}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-muted-foreground">
              {section.blocks.map((block, blockIndex) => (
                <TermsBlockView key={blockIndex} block={block} />
              ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}

function TermsBlockView({ block }: { block: TermsBlock }) {
  if ("paragraph" in block) return <p>{block.paragraph}</p>;
  if ("list" in block) {
    return (
      <ul className="list-disc space-y-2 pl-5 marker:text-primary">
        {block.list.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  }
  if (!block.email) return <Skeleton className="h-6 w-48" />;
  return (
    <p>
      <a
        href={`mailto:${block.email}`}
        className="inline-flex items-center gap-2 font-semibold text-primary underline-offset-4 hover:underline"
      >
        <Mail className="size-4" aria-hidden />
        {block.email}
      </a>
    </p>
  );
}
