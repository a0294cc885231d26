// Types of screen-chunks.mjs for vite.config.ts.
import type { CodeSplittingGroup } from "rolldown";
export declare function signedInScreenGroups(): CodeSplittingGroup;
