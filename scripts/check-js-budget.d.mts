// Types of check-js-budget.mjs for TypeScript importers (bench/public-pages.bench.ts measures the same screens).
export declare const SIGNED_IN_JS_BUDGET_BYTES: number;
export declare const SIGNED_IN_SCREENS: Record<string, { page: string }>;
export declare function firstLoadScripts(
  manifest: Record<string, { file: string; imports?: string[] }>,
  clientDir: string,
  page: string,
): { file: string; gzipBytes: number }[];
