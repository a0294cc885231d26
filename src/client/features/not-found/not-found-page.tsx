import { ArrowLeft, CircleAlert } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button";
import { PageTitle } from "../../components/layout/page-title";

/** Any path outside the route table, for visitors and members alike. */
export function NotFoundPage() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-12">
      <PageTitle>Page not found</PageTitle>
      <div className="w-full max-w-md rounded-2xl border border-border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
        <div className="flex items-center gap-3">
          <CircleAlert className="size-8 shrink-0 text-destructive" aria-hidden />
          <h1 className="text-xl font-bold tracking-tight sm:text-2xl">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
        <Button asChild variant="outline" className="mt-6">
          <Link href="/">
            <ArrowLeft aria-hidden />
            Back to home
          </Link>
        </Button>
      </div>
    </div>
  );
}
