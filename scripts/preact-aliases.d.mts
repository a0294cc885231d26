// Types of preact-aliases.mjs for vite.config.ts.
export declare const PREACT_ALIASES: { find: RegExp; replacement: string }[];
