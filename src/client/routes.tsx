import { lazy, Suspense, type ComponentType } from "react";
import { Route, Switch, useLocation } from "wouter";
import type { User } from "../shared/api/auth";
import { TakeOverLater } from "./components/take-over-later";
import { NotFoundPage } from "./features/not-found/not-found-page";

type Lazy<P> = ComponentType<P> & { preload: () => Promise<unknown> };
type Page = Lazy<object>;

/**
 * React.lazy that can also start its download early (see usePreloadedScreen). Once its code is in, it draws at once
 * instead of suspending for a turn: a page the server painted (`server-paint.tsx`) is drawn over in one pass, and
 * nothing is first taken off the screen.
 */
function lazyWithPreload<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Lazy<P> {
  let loaded: ComponentType<P> | undefined;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(preload);
  const Page = (props: P) => {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  };
  return Object.assign(Page, { preload });
}

// Every screen is its own chunk: the landing page never downloads the signed-in app.
const LandingPage = lazyWithPreload(() => import("./features/landing/landing-page"));
const DashboardPage = lazyWithPreload(() => import("./features/dashboard/dashboard-page"));
const OnboardingPage = lazyWithPreload(() => import("./features/onboarding/onboarding-page"));
const DiscoverPage = lazyWithPreload(() => import("./features/discover/discover-page"));
const SubscriptionsPage = lazyWithPreload(() => import("./features/subscriptions/subscriptions-page"));
const FavoritesPage = lazyWithPreload(() => import("./features/favorites/favorites-page"));
const HistoryPage = lazyWithPreload(() => import("./features/history/history-page"));
const ReviewPage = lazyWithPreload(() => import("./features/review/review-page"));
const ProgressPage = lazyWithPreload(() => import("./features/progress/progress-page"));
const SettingsPage = lazyWithPreload(() => import("./features/settings/settings-page"));
const FeedbackPage = lazyWithPreload(() => import("./features/feedback/feedback-page"));
const AdminPage = lazyWithPreload(() => import("./features/admin/admin-page"));
const PricingPage = lazyWithPreload(() => import("./features/pricing/pricing-page"));
const PurchaseSuccessPage = lazyWithPreload(
  () => import("./features/purchase-success/purchase-success-page"),
);
const TopicsPage = lazyWithPreload(() => import("./features/marketing/topics-page"));
const HowItWorksPage = lazyWithPreload(() => import("./features/marketing/how-it-works-page"));
const TestimonialsPage = lazyWithPreload(() => import("./features/marketing/testimonials-page"));
const FaqPage = lazyWithPreload(() => import("./features/marketing/faq-page"));
const AboutPage = lazyWithPreload(() => import("./features/marketing/about-page"));
const TeamsPage = lazyWithPreload(() => import("./features/marketing/teams-page"));
const TermsPage = lazyWithPreload(() => import("./features/terms/terms-page"));
/** The sandbox payment provider's customer portal (only reached when no Stripe keys are configured). */
const SandboxPortalPage = lazyWithPreload(() => import("./features/billing/sandbox-portal-page"));

const PublicLayout = lazyWithPreload(() => import("./features/marketing/public-layout"));
const MemberShell = lazyWithPreload(() => import("./member-shell"));

/** Pages both visitors and members reach (plans-billing §2 route table). */
const SHARED_ROUTES: Record<string, Page> = {
  "/pricing": PricingPage,
  "/purchase-success": PurchaseSuccessPage,
  "/topics": TopicsPage,
  "/how-it-works": HowItWorksPage,
  "/testimonials": TestimonialsPage,
  "/faq": FaqPage,
  "/about": AboutPage,
  "/teams": TeamsPage,
  "/terms": TermsPage,
  "/admin": AdminPage,
};

/** Not signed in: the landing page and the public pages; any other path is the 404 screen. */
export const VISITOR_ROUTES: Record<string, Page> = { "/": LandingPage, ...SHARED_ROUTES };

/** Signed in: the learner's screens, settings, feedback and the public pages. */
export const MEMBER_ROUTES: Record<string, Page> = {
  "/": DashboardPage,
  ...SHARED_ROUTES,
  "/discover": DiscoverPage,
  "/subscriptions": SubscriptionsPage,
  "/favorites": FavoritesPage,
  "/history": HistoryPage,
  "/review": ReviewPage,
  "/progress": ProgressPage,
  "/settings": SettingsPage,
  "/feedback": FeedbackPage,
  "/sandbox/portal": SandboxPortalPage,
};

function RouteSwitch({ routes }: { routes: Record<string, Page> }) {
  return (
    <Switch>
      {Object.entries(routes).map(([path, Component]) => (
        <Route key={path} path={path} component={Component} />
      ))}
      <Route component={NotFoundPage} />
    </Switch>
  );
}

/** Keeps the layout in place while a page's chunk loads; the height avoids a jump of the footer. */
function PageFallback() {
  return <div className="min-h-[60vh]" aria-busy="true" />;
}

/**
 * A layout waits for its chunk before rendering the page inside it; fetching both at once saves a round
 * trip on the first screen. Repeated calls reuse the browser's module cache.
 */
function usePreloadedScreen(layout: { preload: () => Promise<unknown> }, routes: Record<string, Page>): void {
  const [location] = useLocation();
  void layout.preload();
  void routes[location]?.preload();
}

export function VisitorRoutes() {
  usePreloadedScreen(PublicLayout, VISITOR_ROUTES);
  return (
    <Suspense fallback={null}>
      <PublicLayout>
        <Suspense fallback={<PageFallback />}>
          <RouteSwitch routes={VISITOR_ROUTES} />
        </Suspense>
      </PublicLayout>
    </Suspense>
  );
}

/**
 * Until the first-session flow is finished or skipped it takes the dashboard's place; every other page (a deep
 * link to pricing, say) opens as usual.
 */
const ONBOARDING_ROUTES: Record<string, Page> = { ...MEMBER_ROUTES, "/": OnboardingPage };

/**
 * Fetches the code of a member's screen at `pathname` and of the shell around it, so their first render draws them
 * without suspending (a page the server painted is drawn over in one pass).
 */
export async function loadMemberScreen(pathname: string): Promise<void> {
  await Promise.all([MemberShell.preload(), MEMBER_ROUTES[pathname]?.preload()]);
}

export function MemberRoutes({ user }: { user: User }) {
  const routes = user.onboardingPending ? ONBOARDING_ROUTES : MEMBER_ROUTES;
  usePreloadedScreen(MemberShell, routes);
  return (
    <Suspense fallback={null}>
      {/*
       * The shell (one element) is a part of its own: the takeover's first task is then the providers and the
       * session's hooks alone, the shell's and its banners' hooks the next.
       */}
      <TakeOverLater>
        <MemberShell user={user}>
          <Suspense fallback={<PageFallback />}>
            {/* Every page the server draws is one element (a PageContainer), as a part taken over later must be. */}
            <TakeOverLater>
              <RouteSwitch routes={routes} />
            </TakeOverLater>
          </Suspense>
        </MemberShell>
      </TakeOverLater>
    </Suspense>
  );
}
