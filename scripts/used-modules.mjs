// Which of the app's own modules a module really uses: a static import names what it takes, and a module that only
// passes names on (a feature's index.ts) is followed only for the names asked of it. Rolldown drops the rest (the
// app's modules are side-effect free: vite.config.ts), so a screen that imports one hook from a feature's entry
// does not need the dialogs that entry also exports. screen-chunks.mjs groups a screen's modules by this.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const SOURCE_DIR = fileURLToPath(new URL("../src/", import.meta.url));
/** tsconfig.json's paths. */
const ALIASES = { "@client/": "client/", "@shared/": "shared/", "@server/": "server/" };
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];
/** Every name a module exports: what a namespace import, a side-effect import or an entry asks of it. */
const EVERY_NAME = "*";

export const isAppSource = (id) => id.startsWith(SOURCE_DIR) && /\.tsx?$/.test(id);

/** The file a specifier names from `importer`, or undefined for a package's (followed through Rolldown's graph). */
function resolveSource(importer, specifier) {
  const alias = Object.keys(ALIASES).find((prefix) => specifier.startsWith(prefix));
  const base = alias
    ? path.join(SOURCE_DIR, ALIASES[alias], specifier.slice(alias.length))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(importer), specifier)
      : undefined;
  if (base === undefined) return undefined;
  for (const extension of EXTENSIONS) {
    const file = base + extension;
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  throw new Error(`${importer}: cannot find ${specifier}`);
}

const hasExportModifier = (node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const isDefault = (node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);

/**
 * A module's shape: the names its own code exports, the names it passes on from other modules, and what its own
 * code imports (type-only imports and exports left out: they are gone from the JavaScript).
 */
function shapeOf(file) {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false);
  const own = new Set();
  const passedOn = []; // { from, name (asked of `from`), as (asked of this module) } or { from, all: true }
  const imports = []; // { from, names: Set | EVERY_NAME }
  for (const node of source.statements) {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      if (clause?.isTypeOnly) continue;
      const from = node.moduleSpecifier.text;
      if (!clause) {
        imports.push({ from, names: EVERY_NAME });
        continue;
      }
      const names = new Set();
      if (clause.name) names.add("default");
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) {
        imports.push({ from, names: EVERY_NAME });
        continue;
      }
      for (const element of bindings?.elements ?? [])
        if (!element.isTypeOnly) names.add((element.propertyName ?? element.name).text);
      if (names.size > 0) imports.push({ from, names });
    } else if (ts.isExportDeclaration(node)) {
      if (node.isTypeOnly) continue;
      const from = node.moduleSpecifier?.text;
      if (!node.exportClause) passedOn.push({ from, all: true });
      else if (ts.isNamespaceExport(node.exportClause))
        passedOn.push({ from, name: EVERY_NAME, as: node.exportClause.name.text });
      else
        for (const element of node.exportClause.elements) {
          if (element.isTypeOnly) continue;
          const name = (element.propertyName ?? element.name).text;
          if (from === undefined) own.add(element.name.text);
          else passedOn.push({ from, name, as: element.name.text });
        }
    } else if (ts.isExportAssignment(node)) own.add("default");
    else if (hasExportModifier(node)) {
      if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) continue;
      if (isDefault(node)) own.add("default");
      else if (ts.isVariableStatement(node))
        for (const declaration of node.declarationList.declarations)
          own.add(declaration.name.getText(source));
      else if (node.name) own.add(node.name.text);
    }
  }
  return { own, passedOn, imports };
}

/**
 * The modules `start` uses (itself included), `getModuleInfo` being Rolldown's: the app's own modules by the names
 * asked of them, a package's module with everything it imports.
 */
export function usedModules(start, getModuleInfo) {
  const shapes = new Map();
  /** For each module reached, the names asked of it so far (EVERY_NAME once everything is). */
  const asked = new Map();
  const pending = [[start, EVERY_NAME]];
  while (pending.length > 0) {
    const [id, names] = pending.pop();
    const before = asked.get(id);
    if (before === EVERY_NAME) continue;
    const fresh = names === EVERY_NAME ? EVERY_NAME : [...names].filter((name) => !before?.has(name));
    if (fresh !== EVERY_NAME && fresh.length === 0) continue;
    const firstVisit = before === undefined;
    asked.set(id, fresh === EVERY_NAME ? EVERY_NAME : new Set([...(before ?? []), ...fresh]));
    if (!isAppSource(id)) {
      if (firstVisit)
        for (const imported of getModuleInfo(id)?.importedIds ?? []) pending.push([imported, EVERY_NAME]);
      continue;
    }
    if (!shapes.has(id)) shapes.set(id, shapeOf(id));
    const shape = shapes.get(id);
    const wanted = (name) => fresh === EVERY_NAME || fresh.includes(name);
    // Its own code runs when one of its own names is asked for: then all it imports is needed.
    const ownCodeUsed = fresh === EVERY_NAME || fresh.some((name) => shape.own.has(name));
    const ownCodeWasUsed = before === EVERY_NAME || [...(before ?? [])].some((name) => shape.own.has(name));
    if (ownCodeUsed && !ownCodeWasUsed) {
      for (const { from, names: importedNames } of shape.imports) {
        const file = resolveSource(id, from);
        if (file) pending.push([file, importedNames]);
      }
      for (const imported of getModuleInfo(id)?.importedIds ?? [])
        if (!isAppSource(imported)) pending.push([imported, EVERY_NAME]);
    }
    for (const passed of shape.passedOn) {
      const file = resolveSource(id, passed.from);
      if (passed.all) {
        const through = fresh === EVERY_NAME ? EVERY_NAME : fresh.filter((name) => !shape.own.has(name));
        if (file && (through === EVERY_NAME || through.length > 0))
          pending.push([file, through === EVERY_NAME ? EVERY_NAME : new Set(through)]);
      } else if (wanted(passed.as)) {
        if (file) pending.push([file, passed.name === EVERY_NAME ? EVERY_NAME : new Set([passed.name])]);
        else
          for (const imported of getModuleInfo(id)?.importedIds ?? [])
            if (!isAppSource(imported)) pending.push([imported, EVERY_NAME]);
      }
    }
  }
  return new Set(asked.keys());
}
