import { useCredits } from "../api/get-credits";
import { PageSection } from "./page-section";

/** About page: where the library's words come from, with the notices the sources' licences require. */
export function CreditsSection() {
  const { data } = useCredits();
  return (
    <PageSection
      id="credits-title"
      eyebrow="Credits"
      title="Sources and Licences"
      lead="Definitions, examples and notes are written and edited by Jargon's editors, who draw on these sources."
      tinted
    >
      {data ? (
        <div className="mx-auto max-w-3xl">
          <ul className="grid gap-3">
            {data.sources.map((source) => (
              <li key={source.id} className="rounded-xl border border-border bg-card p-4 text-sm shadow-xs">
                <p className="font-semibold">
                  {source.url ? (
                    <a href={source.url} className="underline-offset-4 hover:underline" rel="noreferrer">
                      {source.credit}
                    </a>
                  ) : (
                    source.credit
                  )}
                </p>
                <p className="mt-0.5 text-muted-foreground">
                  Used for {source.usedFor}. Licence: {source.licence}.
                </p>
                {source.notice ? (
                  <p className="mt-2 text-xs leading-relaxed break-words text-muted-foreground">
                    {source.notice}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
          {data.project ? (
            <p className="mt-4 text-center text-xs text-muted-foreground">{data.project.notice}</p>
          ) : null}
        </div>
      ) : null}
    </PageSection>
  );
}
