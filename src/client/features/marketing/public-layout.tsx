import type { ReactNode } from "react";
import { Link } from "wouter";
import { Logo } from "@client/components/layout/logo";
import { MAIN_CONTENT_ID, SkipLink } from "@client/components/layout/skip-link";
import { ThemeSwitcher } from "@client/components/layout/theme-switcher";
import { PublicMobileMenu } from "./components/public-mobile-menu";
import { LoginButton } from "./login-button";

const HEADER_LINKS = [
  { href: "/topics", label: "Topics" },
  { href: "/how-it-works", label: "How It Works" },
  { href: "/testimonials", label: "Success Stories" },
  { href: "/pricing", label: "Pricing" },
  { href: "/faq", label: "FAQ" },
];

/** The mobile menu also offers the pages the desktop header leaves to the footer. */
const MOBILE_LINKS = [...HEADER_LINKS, { href: "/about", label: "About" }];

const FOOTER_COLUMNS = [
  {
    title: "Product",
    links: [
      { href: "/topics", label: "Topics" },
      { href: "/how-it-works", label: "How It Works" },
      { href: "/pricing", label: "Pricing" },
    ],
  },
  {
    title: "Company",
    links: [
      { href: "/about", label: "About" },
      { href: "/testimonials", label: "Success Stories" },
      { href: "/faq", label: "FAQ" },
    ],
  },
  { title: "Legal", links: [{ href: "/terms", label: "Terms of Service" }] },
];

/** The visitors' layout (landing and public pages): header with the login button, content, footer. */
export default function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
          <Logo />
          <nav aria-label="Main" className="ml-8 hidden lg:block">
            <ul className="flex items-center gap-1">
              {HEADER_LINKS.map(({ href, label }) => (
                <li key={href}>
                  <Link
                    href={href}
                    className="rounded-lg px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
                  >
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {/*
            A fixed width, the sum of its fixed-size parts (the theme switch 5.875rem, the button 5rem, the menu
            2.5rem, the gaps): a slow phone paints the page while it is still parsing it, and a right-aligned group
            that grew as its parts arrived pushed the theme switch left under the reader's eyes (layout shift).
          */}
          <div className="ml-auto flex w-[14.375rem] items-center gap-2 sm:w-[14.875rem] sm:gap-3 lg:w-[11.625rem]">
            <ThemeSwitcher />
            <LoginButton className="w-20">Log in</LoginButton>
            <PublicMobileMenu links={MOBILE_LINKS} />
          </div>
        </div>
      </header>
      {/* At least a screen tall: while a page's chunk loads, the footer stays below the fold instead of jumping. */}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 outline-none">
        {children}
      </main>
      <footer className="border-t border-border bg-surface">
        <div className="mx-auto grid max-w-7xl grid-cols-3 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_repeat(3,1fr)] lg:px-8">
          <div className="col-span-3 md:col-span-1">
            <Logo />
            <p className="mt-3 max-w-xs text-sm text-muted-foreground">
              Expert vocabulary, idioms and domain terms, delivered on your schedule.
            </p>
          </div>
          {FOOTER_COLUMNS.map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <h2 className="text-sm font-semibold">{column.title}</h2>
              <ul className="mt-3 space-y-2">
                {column.links.map(({ href, label }) => (
                  <li key={href}>
                    <Link href={href} className="text-sm text-muted-foreground hover:text-foreground">
                      {label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="border-t border-border">
          <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-muted-foreground sm:px-6 lg:px-8">
            © {new Date().getFullYear()} Jargon. All rights reserved.
          </p>
        </div>
      </footer>
    </div>
  );
}
