// Types of check-js-budget.mjs for TypeScript importers (bench/public-pages.bench.ts prints the same budget).
export declare const SIGNED_IN_JS_BUDGET_BYTES: number;
export declare function firstLoadScripts(
  manifest: Record<string, { file: string; imports?: string[] }>,
  clientDir: string,
  page: string,
): { file: string; gzipBytes: number }[];
