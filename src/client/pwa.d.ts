// `virtual:pwa-register` (vite-plugin-pwa), imported by main.tsx in production builds.
/// <reference types="vite-plugin-pwa/vanillajs" />
