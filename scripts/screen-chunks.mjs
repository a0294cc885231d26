// Groups the signed-in screens' modules into few files (issue 25). Left to itself, Rolldown makes a chunk for every
// distinct set of lazy chunks that share a module, so the dashboard's first load was 52 files of which most were
// under 2 KB: over HTTP/1.1's six connections a phone waits one round trip per six files. Here every module that the
// signed-in shell or a budgeted screen uses (used-modules.mjs: its static imports, a feature's entry followed only for
// the names taken from it) goes into one of these groups:
// - `screens-common`: the modules two or more of them need (every screen loads it);
// - `screen~<name>`: the modules only that one needs (dialogs or menus of other screens that use one of them load it
//   too, later, when they open);
// - `screens-later`: our modules their features' entries offer that none of them uses at once (the subscription form,
//   the payment card form, the confirm dialog: what their dialogs load when first opened), one file rather than a
//   file each.
// The app's entry keeps what it reaches (it is on every page, the visitor's too), and the prerendered public pages'
// script keeps its own few modules, so neither pulls a signed-in group. docs/client.md ("Chunk map").
import { fileURLToPath } from "node:url";
import { SIGNED_IN_SCREENS, STARTUP_MODULES } from "./signed-in-screens.mjs";
import { isAppSource, usedModules } from "./used-modules.mjs";

const CLIENT_DIR = fileURLToPath(new URL("../src/client/", import.meta.url));
/** index.html's script, and the prerendered public pages' script (vite.config.ts's inputs). */
const ENTRY_MODULES = ["main.tsx", "public-site/enhance.ts"];

/** @typedef {{ getModuleInfo(id: string): { importedIds: readonly string[]; isEntry: boolean; dynamicImporters: readonly string[] } | null }} ChunkingContext */

/** Every module `start` reaches through static imports (itself included). */
function staticClosure(start, context) {
  const reached = new Set();
  const pending = [start];
  while (pending.length > 0) {
    const id = pending.pop();
    if (reached.has(id)) continue;
    reached.add(id);
    for (const imported of context.getModuleInfo(id)?.importedIds ?? []) pending.push(imported);
  }
  return reached;
}

const screenName = (moduleKey) =>
  moduleKey
    .split("/")
    .pop()
    .replace(/(-page)?\.tsx$/, "");

/** A Rolldown `codeSplitting.groups` entry whose `name` puts each module in its group, or leaves it (null). */
export function signedInScreenGroups() {
  const roots = [...STARTUP_MODULES.slice(1), ...Object.values(SIGNED_IN_SCREENS).map(({ page }) => page)];
  /** @type {{ entryReached: Set<string>; rootsOf: Map<string, string[]>; offered: Set<string> } | undefined} */
  let graph;
  const graphOf = (context) => {
    if (graph) return graph;
    const entryReached = new Set(
      ENTRY_MODULES.flatMap((entry) => [...staticClosure(CLIENT_DIR + entry, context)]),
    );
    const rootsOf = new Map();
    for (const root of roots)
      for (const id of usedModules(CLIENT_DIR + root, (module) => context.getModuleInfo(module)))
        rootsOf.set(id, [...(rootsOf.get(id) ?? []), root]);
    const offered = new Set(roots.flatMap((root) => [...staticClosure(CLIENT_DIR + root, context)]));
    graph = { entryReached, rootsOf, offered };
    return graph;
  };
  return {
    /** @param {string} id @param {ChunkingContext} context */
    name(id, context) {
      const { entryReached, rootsOf, offered } = graphOf(context);
      const info = context.getModuleInfo(id);
      // A lazily loaded module (a page, the shell, a dialog) stays the head of its own chunk.
      if (!info || info.isEntry || info.dynamicImporters.length > 0 || entryReached.has(id)) return null;
      const needers = rootsOf.get(id) ?? [];
      // Packages among them (a dialog's layers, the scroll lock) stay where Rolldown puts them: the menus and the
      // toaster load them too, and should not load our forms with them.
      if (needers.length === 0) return offered.has(id) && isAppSource(id) ? "screens-later" : null;
      return needers.length > 1 ? "screens-common" : `screen~${screenName(needers[0])}`;
    },
    // A captured module's imports are captured on their own merits (the entry's stay with the entry).
    includeDependenciesRecursively: false,
    // `name` is a function: this names the group in Rolldown's timing report.
    debugName: "signed-in screens",
  };
}
