import type { Plugin, ResolveModulePreloadDependenciesFn, Rollup } from "vite";

/**
 * A dynamic import's preload list (`__vite__mapDeps`) names every chunk the imported one needs,
 * with those the importing chunk already has through its own static imports (the entry, React,
 * the shared Mantine pieces): by the time the import runs they are loaded, so naming them again
 * does nothing in the browser, yet their names ship in every first load (about 1 KB of the
 * project screen's). The list keeps the rest; Vite still adds the CSS files. The plugin gives the
 * bundle to `resolveDependencies`, which goes in `build.modulePreload`.
 */
export function preloadListsWithoutLoadedChunks(): {
  plugin: Plugin;
  resolveDependencies: ResolveModulePreloadDependenciesFn;
} {
  let bundle: Rollup.OutputBundle | undefined;
  const loadedWith = new Map<string, Set<string>>();
  const staticClosure = (fileName: string): Set<string> => {
    let closure = loadedWith.get(fileName);
    if (closure) return closure;
    closure = new Set();
    const pending = [fileName];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      const chunk = bundle?.[next];
      if (chunk?.type !== "chunk" || closure.has(next)) continue;
      closure.add(next);
      pending.push(...chunk.imports);
    }
    loadedWith.set(fileName, closure);
    return closure;
  };
  return {
    plugin: {
      name: "atelier:preload-lists-without-loaded-chunks",
      apply: "build",
      // Before Vite's own generateBundle writes the lists, which calls resolveDependencies.
      generateBundle: {
        order: "pre",
        handler(_options, output) {
          bundle = output;
          loadedWith.clear();
        },
      },
    },
    resolveDependencies(_file, deps, { hostId, hostType }) {
      if (hostType !== "js" || !bundle) return deps;
      const loaded = staticClosure(hostId);
      return deps.filter((dep) => !loaded.has(dep));
    },
  };
}
