import { useQuery } from "@tanstack/react-query";
import type { AppConfig } from "@shared/api/app-config";
import { APP_CONFIG_KEY } from "./query-keys";

/** Public settings from the server (the support address). They do not change while the page is open. */
export function useAppConfig(): AppConfig | undefined {
  return useQuery<AppConfig>({ queryKey: APP_CONFIG_KEY, staleTime: Infinity, gcTime: Infinity }).data;
}
