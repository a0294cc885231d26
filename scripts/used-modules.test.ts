import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { usedModules } from "./used-modules.mjs";

const client = (file: string) => fileURLToPath(new URL(`../src/client/${file}`, import.meta.url));
/** Rolldown's graph, for a package's modules: none is followed here, the app's own modules are what is asked. */
const noPackages = () => ({ importedIds: [] });

describe("the modules a screen uses", () => {
  const dashboard = usedModules(client("features/dashboard/dashboard-page.tsx"), noPackages);

  it("follow a feature's entry only for the names the screen takes from it", () => {
    // The dashboard takes hooks and a card from features/subscriptions, whose entry also offers the form.
    expect(dashboard).toContain(client("features/subscriptions/index.ts"));
    expect(dashboard).toContain(client("features/dashboard/subscriptions-card.tsx"));
    expect(dashboard).toContain(client("features/subscriptions/api/index.ts"));
    expect(dashboard).not.toContain(client("features/subscriptions/components/settings-step.tsx"));
    expect(dashboard).not.toContain(client("features/billing/card-form/payment-card-form.tsx"));
  });

  it("leave out what a feature's entry offers that the screen never draws", () => {
    // features/billing offers 'Cancel Trial' with its confirm dialog; the dashboard draws only the trial's notice.
    expect(dashboard).toContain(client("features/billing/trial-status-notice.tsx"));
    expect(dashboard).not.toContain(client("features/billing/trial-action.tsx"));
    expect(dashboard).not.toContain(client("components/ui/alert-dialog.tsx"));
  });

  it("follow everything a module's own code imports once one of its own names is used", () => {
    const settingsStep = usedModules(
      client("features/subscriptions/components/settings-step.tsx"),
      noPackages,
    );
    expect(settingsStep).toContain(client("channels/registry.ts"));
  });
});
