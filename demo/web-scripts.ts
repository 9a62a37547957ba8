/**
 * Bundles the demo pages' TypeScript (demo/web/scripts/*.ts, one entry per file; shared code in
 * demo/web/scripts/lib/) into plain ES modules in memory, so the pages load external script files only
 * (nothing inline: the strict-CSP page works) and a page script may import preact or src/ like any site would.
 */
import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { build } from 'vite';

export interface BundledScript {
  /** Path relative to /assets/, e.g. "home.js" or "chunks/service-1a2b3c.js". */
  fileName: string;
  code: string;
}

export async function bundleDemoScripts(scriptsDir: string): Promise<Map<string, BundledScript>> {
  const entryFiles = (await readdir(scriptsDir)).filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'));
  const bundled = new Map<string, BundledScript>();
  if (entryFiles.length === 0) return bundled;
  const input = Object.fromEntries(entryFiles.map((name) => [basename(name, '.ts'), join(scriptsDir, name)]));
  const result = await build({
    configFile: false,
    root: scriptsDir,
    logLevel: 'silent',
    publicDir: false,
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    build: {
      write: false,
      target: 'es2020',
      minify: false,
      modulePreload: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      rolldownOptions: {
        input,
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  for (const output of outputs) {
    if (!('output' in output)) throw new Error('Bundling the demo scripts returned a watcher instead of files.');
    for (const item of output.output) {
      if (item.type === 'chunk') bundled.set(item.fileName, { fileName: item.fileName, code: item.code });
    }
  }
  return bundled;
}
