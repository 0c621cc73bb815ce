import path from "node:path";
import type { Plugin, Rollup } from "vite";
import { TOKEN_COOKIE_NAME, TOKEN_STORAGE_KEY } from "../src/lib/token-keys.ts";
import { LANDING_SCREENS, SIGN_IN } from "./first-load.mjs";
import { WEB_ROOT } from "./web-root.ts";

/**
 * Lazy routes keep each screen's code out of the others' first load, but the browser would only
 * ask for a screen's chunks once the entry has run. This inline script asks for them (and their
 * CSS) right away, in parallel with the entry, for the screen in the address bar (first-load.mjs).
 */
export function preloadLandingScreen(): Plugin {
  return {
    name: "atelier:preload-landing-screen",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === "chunk");
        const entry = chunks.find((chunk) => chunk.isEntry);
        const inEntry = new Set<string>();
        const collect = (fileName: string, into: Set<string>) => {
          const chunk = bundle[fileName];
          if (chunk?.type !== "chunk" || into.has(fileName) || inEntry.has(fileName)) return;
          into.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
          for (const imported of chunk.imports) collect(imported, into);
        };
        if (entry) collect(entry.fileName, inEntry);
        const filesOf = (modules: readonly string[]) => {
          const files = new Set<string>();
          for (const module of modules) {
            const id = path.resolve(WEB_ROOT, module);
            const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
            if (!chunk) throw new Error(`${module} is not a lazy chunk of its own: fix build/first-load.mjs`);
            collect(chunk.fileName, files);
          }
          return [...files];
        };
        const table = LANDING_SCREENS.map((screen) => [
          screen.pattern.source,
          filesOf(screen.modules),
          screen.signedIn ? filesOf(SIGN_IN) : null,
        ]);
        return [{ tag: "script", children: preloadScript(table), injectTo: "head" }];
      },
    },
  };
}

/** The table's first matching row: its files, or the login screen's when it wants a session and none is stored. */
function preloadScript(table: unknown[]): string {
  const storageKey = JSON.stringify(TOKEN_STORAGE_KEY);
  return `(function(){var t=${JSON.stringify(table)},p=location.pathname.replace(/^\\/app/,""),s=null;try{s=localStorage.getItem(${storageKey})}catch(e){}if(!s)s=/(^|; )${TOKEN_COOKIE_NAME}=/.test(document.cookie);for(var i=0;i<t.length;i++){if(!new RegExp(t[i][0]).test(p))continue;var f=t[i][2]&&!s?t[i][2]:t[i][1];for(var j=0;j<f.length;j++){var l=document.createElement("link");l.rel=/\\.css$/.test(f[j])?"stylesheet":"modulepreload";l.href="/app/"+f[j];document.head.appendChild(l)}break}})()`;
}
