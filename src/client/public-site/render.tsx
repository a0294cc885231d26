import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { Router } from "wouter";
import { creditsSchema } from "@shared/api/credits";
import { PRERENDERED_SUPPORT_EMAIL, PUBLIC_PAGE_META, type PublicPagePath } from "@shared/rules/public-pages";
import LandingPage from "@client/features/landing/landing-page";
import AboutPage from "@client/features/marketing/about-page";
import FaqPage from "@client/features/marketing/faq-page";
import HowItWorksPage from "@client/features/marketing/how-it-works-page";
import PublicLayout from "@client/features/marketing/public-layout";
import TestimonialsPage from "@client/features/marketing/testimonials-page";
import TopicsPage from "@client/features/marketing/topics-page";
import TermsPage from "@client/features/terms/terms-page";
import { AuthProvider } from "@client/lib/auth";
import { APP_CONFIG_KEY, AUTH_USER_KEY, CREDITS_KEY } from "@client/lib/query-keys";
import { TopicSampleTemplates } from "./topic-sample-templates";

/**
 * Build-time rendering of the public pages (scripts/prerender.mjs): the same page components and layout the
 * app uses, rendered to HTML as a visitor sees them. The server sends these files to signed-out visitors; they
 * load no React, only public-site/enhance.ts.
 */
const PAGES: Record<PublicPagePath, ComponentType> = {
  "/": LandingPage,
  "/topics": TopicsPage,
  "/how-it-works": HowItWorksPage,
  "/testimonials": TestimonialsPage,
  "/faq": FaqPage,
  "/about": AboutPage,
  "/terms": TermsPage,
};

export const PRERENDERED_PATHS = Object.keys(PUBLIC_PAGE_META) as PublicPagePath[];

/** What the pages read from the API that the build already knows: the library's credits (content/CREDITS.json). */
export interface PrerenderInput {
  credits: unknown;
}

/** The markup inside #root for one public page. */
export function renderPublicPage(path: PublicPagePath, { credits }: PrerenderInput): string {
  const queryClient = new QueryClient();
  // A visitor; the support address is a slot the server fills from its configuration.
  queryClient.setQueryData(AUTH_USER_KEY, null);
  queryClient.setQueryData(APP_CONFIG_KEY, { supportEmail: PRERENDERED_SUPPORT_EMAIL });
  queryClient.setQueryData(CREDITS_KEY, creditsSchema.parse(credits));
  const Page = PAGES[path];
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <Router ssrPath={path} ssrSearch="">
            <PublicLayout>
              <Page />
            </PublicLayout>
            {path === "/topics" ? <TopicSampleTemplates /> : null}
          </Router>
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
