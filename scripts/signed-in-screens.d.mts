// Types of signed-in-screens.mjs for TypeScript importers (the bench measures the screens the build budgets).
export declare const STARTUP_MODULES: readonly string[];
export declare const SIGNED_IN_SCREENS: Record<string, { page: string }>;
export declare function scriptsReachedFrom(
  manifest: Record<string, { file: string; imports?: string[] }>,
  moduleKeys: readonly string[],
): string[];
