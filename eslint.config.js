import { readdirSync } from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const root = import.meta.dirname;
const featuresOf = (side) =>
  readdirSync(path.join(root, `src/${side}/features`), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * One zone per feature folder: it may import another feature only through that feature's public entry
 * (server: `service.ts` or `index.ts`; client: `index.ts`). Globs are absolute because the rule matches
 * them against resolved paths.
 */
function featureZones(side, entries) {
  const features = path.join(root, `src/${side}/features`);
  return featuresOf(side).map((feature) => ({
    target: `${features}/${feature}/**`,
    from: [`${features}/*/**`],
    except: [`${features}/${feature}/**`, ...entries.map((entry) => `${features}/*/${entry}`)],
    message: `another feature only through its ${entries.join(" or ")}`,
  }));
}

/**
 * The server's channels (src/server/channels/<name>: render, send, failure rules, recipient and linking, inbound
 * answers). A channel uses a feature only through its public entry, and never another channel: what two channels
 * share lives beside the registry (platform/channels). A feature reaches a channel only through its index.ts; the
 * delivery engine and the subscription features not at all (they see channels through the registry on the context).
 */
const channelsOf = () =>
  readdirSync(path.join(root, "src/server/channels"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const serverChannels = path.join(root, "src/server/channels");
const serverFeatures = path.join(root, "src/server/features");
const serverChannelZones = [
  ...channelsOf().map((channel) => ({
    target: `${serverChannels}/${channel}/**`,
    from: [`${serverChannels}/*/**`, `${serverFeatures}/*/**`],
    except: [
      `${serverChannels}/${channel}/**`,
      `${serverFeatures}/*/service.ts`,
      `${serverFeatures}/*/index.ts`,
    ],
    message: "a channel uses a feature only through its service.ts or index.ts, and no other channel",
  })),
  {
    target: `${serverFeatures}/**`,
    from: [`${serverChannels}/*/**`],
    except: [`${serverChannels}/*/index.ts`],
    message: "a feature reaches a channel only through its index.ts",
  },
  ...["delivery", "subscriptions", "preferences"].map((feature) => ({
    target: `${serverFeatures}/${feature}/**`,
    from: [serverChannels],
    message: `${feature} knows channels only through the registry (ctx.channels, platform/channels)`,
  })),
];

/**
 * Features that must not import each other at all, not even through the public entry (issue 26): the delivery engine
 * takes what it needs of subscriptions and preferences from shared rules, the registry and events, and subscriptions
 * call the engine through a port app.ts hands in.
 */
const apartFeatureZones = [
  ["delivery", ["subscriptions", "preferences"]],
  ["subscriptions", ["delivery"]],
  ["preferences", ["delivery"]],
].map(([feature, others]) => ({
  target: `${serverFeatures}/${feature}/**`,
  from: others.map((other) => `${serverFeatures}/${other}/**`),
  message: `${feature} and ${others.join(", ")} never import each other: pass what is needed in (a port, an event)`,
}));

/** The house layering: shared depends on nothing of ours; client and server never import each other. */
const layerZones = [
  {
    target: "./src/shared",
    from: ["./src/server", "./src/client"],
    message: "shared/ imports nothing of ours",
  },
  { target: "./src/client", from: "./src/server", message: "the client never imports server code" },
  { target: "./src/server", from: "./src/client", message: "the server never imports client code" },
];

/**
 * Below the features: the shared building blocks (components, lib, platform, db) and the context every service
 * receives import no feature. What a feature adds to them is handed in (the context holds interfaces, the
 * signed-in layout takes its places as props); the composition roots (app.ts, bootstrap.ts, jobs.ts, routes.tsx,
 * member-shell.tsx) are where features meet.
 */
const belowFeatureZones = ["server", "client"].flatMap((side) =>
  ["components", "lib", "platform", "db", "context.ts"].map((part) => ({
    target: `./src/${side}/${part}`,
    from: side === "server" ? ["./src/server/features", "./src/server/channels"] : "./src/client/features",
    message: `${side}/${part} is below the features and channels: take what they provide as an argument or interface`,
  })),
);

/**
 * The client's channels (issue 26, docs/architecture.md "Client"): one folder per channel under src/client/channels,
 * between the shared building blocks and the features. A channel's folder imports no other channel's; the features
 * reach the channels only through the two public entries (index.ts: icons and labels; controls.ts: switches and
 * Settings panels); the channels import no feature, and nothing below them imports a channel.
 */
const clientChannels = path.join(root, "src/client/channels");
const clientChannelZones = [
  ...readdirSync(clientChannels, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      target: `${clientChannels}/${entry.name}/**`,
      from: [`${clientChannels}/*/**`],
      except: [`${clientChannels}/${entry.name}/**`],
      message: "a channel's folder imports no other channel's: what they share sits beside the registry",
    })),
  {
    target: `${root}/src/client/features/**`,
    from: [`${clientChannels}/**`],
    except: [`${clientChannels}/{index,controls}.ts`],
    message:
      "the channels only through @client/channels (looks) or @client/channels/controls (switches, panels)",
  },
  {
    target: "./src/client/channels",
    from: "./src/client/features",
    message: "the channels are below the features: a feature hands them what they need",
  },
  ...["components", "lib"].map((part) => ({
    target: `./src/client/${part}`,
    from: "./src/client/channels",
    message: `client/${part} is below the channels`,
  })),
];

const houseZones = [
  ...layerZones,
  ...belowFeatureZones,
  ...featureZones("server", ["service.ts", "index.ts"]),
  ...serverChannelZones,
  ...clientChannelZones,
  ...featureZones("client", ["index.ts"]),
];

export default tseslint.config(
  {
    ignores: [
      "dist/**",
      "dist-*/**",
      "data/**",
      ".tmp/**",
      "node_modules/**",
      "test-results/**",
      "playwright-report/**",
      "content/library/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    settings: {
      // Without these the import rules resolve no TypeScript import and silently check nothing.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      // The TypeScript resolver reads tsconfig.json, so the @server/@client/@shared aliases resolve too.
      "import-x/resolver-next": [
        createTypeScriptImportResolver({ project: path.join(root, "tsconfig.json") }),
      ],
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // The layering, and a feature uses another only through its public entry.
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: houseZones,
        },
      ],
    },
  },
  {
    // The features kept apart hold in the code; their tests drive the composed app (a subscription's test runs the
    // scheduler to see what it sends), as the job loop does.
    files: ["src/server/**/*.{ts,tsx}"],
    ignores: ["src/server/**/*.test.ts"],
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: [...houseZones, ...apartFeatureZones] }],
    },
  },
  {
    // One module per icon (issue 25): a chunk then holds only the icons its screens draw. The barrel is for types.
    // The browser runs on preact/compat (vite.config.ts), which has no React 19 form actions: a screen using them
    // would type-check and then fail in the browser.
    files: ["src/client/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "lucide-react",
              allowImportNames: ["LucideIcon", "LucideProps"],
              message: 'import each icon from "lucide-react/icons/<name>"',
            },
            {
              name: "react",
              importNames: ["useActionState", "useOptimistic"],
              message: "preact/compat, which runs the app in the browser, has no React 19 form actions",
            },
            {
              name: "react-dom",
              importNames: ["useFormStatus"],
              message: "preact/compat, which runs the app in the browser, has no React 19 form actions",
            },
          ],
        },
      ],
    },
  },
  {
    // The learner's screens stay without the validation library (issue 25, docs/client.md "Chunk map"): from a
    // contract they take types, and values only from its zod-free `*-values` module. Screens that validate a form
    // (admin, feedback, settings, onboarding, the lazily loaded team request form) and the prerender script may import
    // schemas.
    files: ["src/client/**/*.{ts,tsx}"],
    ignores: [
      "src/client/features/{admin,feedback,settings,onboarding}/**",
      "src/client/features/marketing/{teams-page.tsx,api/send-team-request.ts}",
      "src/client/public-site/**",
      "src/client/**/*.test.ts",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [{ name: "zod", message: "zod stays out of the learner's screens", allowTypeImports: true }],
          patterns: [
            {
              group: ["@shared/api/*", "!@shared/api/*-values"],
              allowTypeImports: true,
              message:
                "import the contract's types, or its values from @shared/api/<contract>-values (no zod)",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**/*.mjs", "*.config.*"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly" } },
  },
);
