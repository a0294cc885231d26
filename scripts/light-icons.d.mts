// Types of light-icons.mjs for vite.config.ts.
import type { Plugin } from "vite";
export declare function lightIcons(): Plugin;
