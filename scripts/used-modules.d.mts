// Types of used-modules.mjs for its test.
export declare function isAppSource(id: string): boolean;
export declare function usedModules(
  start: string,
  getModuleInfo: (id: string) => { importedIds: readonly string[] } | null,
): Set<string>;
