import { useLocation, useSearch } from "wouter";

/**
 * The open tab of a tabbed page, kept in `?tab=` so a reload or a shared link reopens it. The default tab has the
 * bare path; switching tabs replaces the history entry rather than adding one.
 */
export function useUrlTab<T extends string>(
  path: string,
  tabs: readonly { value: T }[],
  defaultTab: T,
): [tab: T, selectTab: (value: string) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const requested = new URLSearchParams(search).get("tab");
  const tab = tabs.find(({ value }) => value === requested)?.value ?? defaultTab;
  const selectTab = (value: string) =>
    navigate(value === defaultTab ? path : `${path}?tab=${value}`, { replace: true });
  return [tab, selectTab];
}
