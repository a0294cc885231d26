import ArrowLeft from "lucide-react/icons/arrow-left";
import ArrowRight from "lucide-react/icons/arrow-right";
import { Link } from "wouter";
import { PageTitle } from "@client/components/layout/page-title";
import { Button } from "@client/components/ui/button";

/** Pages a lost visitor most often wants; all of them exist for visitors and members alike. */
const SUGGESTIONS = [
  { href: "/topics", label: "Explore Topics" },
  { href: "/how-it-works", label: "How It Works" },
  { href: "/pricing", label: "Pricing" },
  { href: "/faq", label: "FAQ" },
];

/**
 * Any path outside the route table, for visitors and members alike (plans-billing §2). The spec's title stays; its
 * developer hint ("Did you forget to add the page to the router?") does not (issue 17; docs/client.md).
 */
export function NotFoundPage() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-12 sm:py-16">
      <PageTitle>Page not found</PageTitle>
      <div className="w-full max-w-lg text-center">
        <p
          aria-hidden
          className="bg-gradient-to-br from-indigo-500 to-violet-600 bg-clip-text text-8xl font-black tracking-tighter text-transparent sm:text-9xl dark:from-indigo-300 dark:to-violet-400"
        >
          404
        </p>
        <h1 className="mt-4 text-2xl font-bold tracking-tight sm:text-3xl">404 Page Not Found</h1>
        <p className="mt-3 text-muted-foreground">
          The page you're looking for doesn't exist or may have moved.
        </p>
        <div className="mt-8 flex justify-center">
          <Button asChild size="lg">
            <Link href="/">
              <ArrowLeft aria-hidden />
              Back to home
            </Link>
          </Button>
        </div>
        <nav aria-label="Suggested pages" className="mt-10 border-t border-border pt-6">
          <ul className="flex flex-wrap justify-center gap-x-2 gap-y-2">
            {SUGGESTIONS.map(({ href, label }) => (
              <li key={href}>
                <Link
                  href={href}
                  className="inline-flex items-center gap-1 rounded-lg px-3 py-1.5 text-sm font-medium text-primary hover:bg-accent"
                >
                  {label}
                  <ArrowRight className="size-3.5" aria-hidden />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
