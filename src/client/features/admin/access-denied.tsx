import ShieldAlert from "lucide-react/icons/shield-exclamation-point";
import { useEffect } from "react";
import { Link } from "wouter";
import { PageContainer } from "@client/components/layout/page-container";
import { PageTitle } from "@client/components/layout/page-title";
import { Button } from "@client/components/ui/button";
import { Skeleton } from "@client/components/ui/skeleton";
import { toast } from "@client/lib/toast";

export const ACCESS_DENIED_TITLE = "Access Denied";
export const ACCESS_DENIED_MESSAGE = "Admin access required to view this page.";

/** plans-billing §6: anyone but an admin on /admin sees this, with a destructive toast. */
export function AccessDenied() {
  useEffect(() => {
    toast({ title: ACCESS_DENIED_TITLE, description: ACCESS_DENIED_MESSAGE, variant: "destructive" });
  }, []);
  return (
    <PageContainer>
      <PageTitle>{ACCESS_DENIED_TITLE}</PageTitle>
      <section className="mx-auto flex max-w-lg flex-col items-center rounded-2xl border border-border bg-card px-6 py-14 text-center shadow-xs sm:py-20">
        <span className="grid size-14 place-items-center rounded-2xl bg-destructive/10 text-destructive">
          <ShieldAlert className="size-7" aria-hidden />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight">{ACCESS_DENIED_TITLE}</h1>
        <p className="mt-2 text-muted-foreground">{ACCESS_DENIED_MESSAGE}</p>
        <Button asChild variant="outline" className="mt-6">
          <Link href="/">Back to home</Link>
        </Button>
      </section>
    </PageContainer>
  );
}

/** While we do not yet know who is asking: the dashboard's outline, never a flash of either screen. */
export function AdminLoading() {
  return (
    <PageContainer>
      <div aria-busy="true" className="space-y-6">
        <p className="sr-only" role="status">
          Loading…
        </p>
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-10 w-full max-w-xl" />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-28 rounded-2xl" />
          ))}
        </div>
      </div>
    </PageContainer>
  );
}
