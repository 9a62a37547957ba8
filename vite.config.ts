import { fileURLToPath } from 'node:url';
import { minify } from 'terser';
import { defaultClientConditions, type Plugin, type Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';

const sourcePath = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/**
 * The panel file's one entry in the script-tag build (see src/boot/README.md): it re-exports the two lazy modules
 * that load together when the chat first opens, the panel UI (panel-host.tsx) and the conversation engine
 * (chat-engine.ts).
 */
const PANEL_ENTRY = sourcePath('src/boot/panel-entry.ts');
const WIDGET = sourcePath('src/widget.ts');

/** Names 'panel' every module the panel entry imports statically (boot's own modules stay in boot). */
function panelGroup(): Rolldown.CodeSplittingNameFunction {
  let members: Set<string> | null = null;
  return (id, context) => {
    if (members === null) {
      const found = new Set<string>();
      const visit = (module: string): void => {
        if (found.has(module)) return;
        found.add(module);
        for (const next of context.getModuleInfo(module)?.importedIds ?? []) visit(next);
      };
      visit(PANEL_ENTRY);
      members = found;
    }
    return members.has(id) ? 'panel' : null;
  };
}

/**
 * Points src/widget.ts's two lazy imports, of the panel UI and of the conversation engine, at PANEL_ENTRY, which
 * re-exports both. They are in one file anyway (the 'panel' group); but each module a dynamic import reaches inside
 * a file of several modules gets a namespace object built at run time, so one module instead of two is one
 * namespace less (-116 B gzip of the panel file). The same file loads at the same moments. Should widget.ts's
 * specifiers change, the imports are left alone: the build stays correct, only the namespace comes back.
 */
function panelEntry(): Plugin {
  const lazyEntries = new Set(['./boot/panel-host.js', './model/chat-engine.js']);
  return {
    name: 'chatbot-widget:panel-entry',
    enforce: 'pre',
    resolveId: (source, importer) => (importer === WIDGET && lazyEntries.has(source) ? PANEL_ENTRY : null),
  };
}

/**
 * @preact/signals reports to the Preact Signals DevTools extension when the page sets
 * window.__PREACT_SIGNALS_DEVTOOLS__. The widget is a guest in someone else's page: its signals are not that page's
 * to inspect, and the check and its call ship to every visitor. The script-tag build turns the library's flag into
 * `false`, so the minifiers drop the check and the call. (A `define` of the window property alone left
 * `typeof window < "u" && false`, which no minifier folds, and with it the call: 30 B gzip more.) The build fails
 * when the library's flag changes shape, rather than ship the hook again unnoticed.
 */
function withoutSignalsDevtools(): Plugin {
  const flag = '"undefined"!=typeof window&&!!window.__PREACT_SIGNALS_DEVTOOLS__';
  return {
    name: 'chatbot-widget:without-signals-devtools',
    transform: {
      filter: { id: /[\\/]@preact[\\/]signals[\\/]dist[\\/]/ },
      handler(code, id) {
        if (!code.includes(flag)) this.error(`${id} no longer has the DevTools flag ${flag}: see vite.config.ts`);
        // Same line, no code moved: `map: null` keeps the library's source map.
        return { code: code.replace(flag, 'false'), map: null };
      },
    },
  };
}

/**
 * Rolldown builds the namespace object of a module reached by a dynamic import inside a file of several modules (the
 * panel file's entry) with a runtime helper that walks its exports with for...in, which also walks what a page added
 * to Object.prototype: on a page with one enumerable addition (an old library's Object.prototype.clone, a polluted
 * query string's key) defineProperty threw "Getter must be a function" and the chat never loaded. Object.keys walks
 * the exports alone. The build fails when the helper changes shape, rather than ship the walk again unnoticed.
 */
function ownExportsOnly(): Plugin {
  const walk = 'for (var name in all) {';
  return {
    name: 'chatbot-widget:own-exports-only',
    renderChunk(code, chunk) {
      if (!code.includes('__exportAll')) return null;
      if (!code.includes(walk)) this.error(`${chunk.fileName}: Rolldown's __exportAll no longer has "${walk}": see vite.config.ts`);
      return { code: code.replace(walk, 'for (var name of Object.keys(all)) {'), map: null };
    },
  };
}

/**
 * A second minifier pass over the script-tag files (after Rolldown's own): terser's compress passes find what one
 * pass leaves (765 B gzip of the script-tag graph when added with three passes; a fourth inlines one more function
 * the third left with a single caller, -5 B of the panel file and -2 B of the media file; a fifth to tenth change
 * nothing). Only options that keep the code's meaning: no `unsafe*`, and getters stay impure (reading a signal's
 * .value subscribes). Not `pure_new` either: it drops `new Intl.DateTimeFormat(…, { timeZone })`, whose throw is
 * src/model/time-zone.ts's check of a time zone.
 */
function terserPass(): Plugin {
  return {
    name: 'chatbot-widget:terser-pass',
    // An unminified build (test/bench/vite.profile.config.ts, for readable CPU profiles) stays unminified.
    applyToEnvironment: (environment) => environment.config.build.minify !== false,
    async renderChunk(code, _chunk, output) {
      // Top-level names are the module's own in an ES module, but the page's globals in the loader, a classic
      // script: there they stay in the bundler's wrapper (toplevel unwrapped it and set the page's e, t and o).
      const module = output.format === 'es';
      const result = await minify(code, {
        module,
        ecma: 2022,
        compress: { passes: 4, toplevel: module },
        mangle: { toplevel: module },
        format: { comments: false },
        // test/bench/size-breakdown.ts builds with source maps to attribute bytes to modules.
        sourceMap: output.sourcemap ? { asObject: true } : false,
      });
      return { code: result.code ?? code, map: (result.map as Rolldown.SourceMapInput | undefined) ?? null };
    },
  };
}

/**
 * JSX compiles to Preact's h(type, props, ...children) calls (the classic runtime) rather than jsx(type, {...props,
 * children}): fewer bytes per element and no jsx-runtime module (177 B gzip of everything). The import those calls
 * need is added to every .tsx file here, under a name no source uses (not with Vite's oxc.jsxInject: measured, it
 * pulled Preact into the boot file, 11.3 -> 19.6 KB gzip); type-checking keeps tsconfig's react-jsx
 * with preact's JSX types, which describe the same elements. Not the dev transform: its __source props would
 * reach the DOM and defeat memoised elements in tests.
 */
const JSX_FACTORY = '__preactH';
const JSX_FRAGMENT = '__preactFragment';
function jsxFactoryImport(): Plugin {
  return {
    name: 'chatbot-widget:jsx-factory-import',
    enforce: 'pre',
    transform: {
      filter: { id: /\.tsx$/ },
      // Prepended on the first line, so every other line keeps its place: `map: null` keeps the source map
      // (size-breakdown.ts attributes bytes to modules through it).
      handler: (code) => ({ code: `import { h as ${JSX_FACTORY}, Fragment as ${JSX_FRAGMENT} } from 'preact';${code}`, map: null }),
    },
  };
}

/**
 * Three build passes, because Vite refuses a multi-entry IIFE build and the script-tag graph must not share chunks
 * with the bundler entry (its size budget is measured on exactly what a visitor downloads):
 * - default mode: the ES entries for bundlers (dist/index.js, dist/api.js) and their lazy chunks (dist/lib/);
 * - `--mode script`: dist/chatbot-widget.module.js, the boot module the script tag imports, and the chunks it
 *   loads on first open (dist/widget/); its manifest (dist/.vite/script-manifest.json) gives the exact graph
 *   that test/bench/sizes.ts measures;
 * - `--mode loader`: dist/chatbot-widget.js, the tiny classic script a site owner pastes, which installs the
 *   ChatbotWidget queue and imports the boot module next to it.
 */
export default defineConfig(({ mode }) => {
  const loader = mode === 'loader';
  const script = mode === 'script';
  const entry: Record<string, string> | string = loader
    ? 'src/loader.ts'
    : script
      ? { embed: 'src/embed.ts' }
      : { index: 'src/index.ts', api: 'src/api/index.ts', texts: 'src/english-texts.ts' };
  return {
    plugins: [
      jsxFactoryImport(),
      // The script-tag build only: the ES entries leave @preact/signals to the app.
      ...(script ? [panelEntry(), withoutSignalsDevtools()] : []),
      ownExportsOnly(),
      ...(loader || script ? [terserPass()] : []),
    ],
    oxc: { jsx: { runtime: 'classic', pragma: JSX_FACTORY, pragmaFrag: JSX_FRAGMENT, development: false } },
    // @preact/signals and @preact/signals-core export, under the 'browser' condition, an ES5 build of their source
    // (`var`, `function () { return … }`) and under 'import' an ES2017 build of the same source (arrow functions,
    // `let`); the script-tag build targets ES2022, and terser may not turn a function into an arrow by itself (it
    // would change `this`). Without 'browser': -76 B gzip, 23 B of it before opening. Preact's two builds are the
    // same file, and no other dependency has a 'browser' build.
    ...(script ? { resolve: { conditions: defaultClientConditions.filter((name) => name !== 'browser') } } : {}),
    build: {
      target: 'es2022',
      minify: true,
      sourcemap: false,
      emptyOutDir: !loader && !script,
      reportCompressedSize: false,
      manifest: script ? '.vite/script-manifest.json' : false,
      lib: loader
        ? { entry: 'src/loader.ts', formats: ['iife'], name: 'ChatbotWidgetLoader', fileName: () => 'chatbot-widget.js' }
        : { entry, formats: ['es'], ...(script ? {} : { fileName: (_format: string, name: string) => `${name}.js` }) },
      rollupOptions: {
        output: script
          ? {
              minify: true,
              // The JSX calls' /* @__PURE__ */ marks (one per element) help only a later bundler; this is the end.
              comments: false,
              // Everything the entry loads statically goes into ONE file, the one the loader imports: one request
              // and one gzip stream before the chat opens. The entry itself is left as an unused re-export.
              // Everything the open panel needs (its UI and the conversation engine, both loaded on first open) goes
              // into one more file: one request, and one gzip stream that shares Preact's and the model's words.
              // Code reached only through other dynamic imports (the media chunk) keeps its own file.
              codeSplitting: { groups: [{ name: 'boot', tags: ['$initial'] }, { name: panelGroup() }] },
              entryFileNames: 'widget/[name]-entry.js',
              chunkFileNames: (chunk) => (chunk.name === 'boot' ? 'chatbot-widget.module.js' : 'widget/[name]-[hash].js'),
            }
          : { minify: loader, ...(loader ? { comments: false } : {}), chunkFileNames: 'lib/[name]-[hash].js' },
        // Every imported constant (a string, a number) is written where it is used, not only where Rolldown judges it
        // pays ('smart', the default): a constant one file defines and another uses then needs no export and import
        // between them (the upload paths go to the media file that uses them, the panel's default name stops being
        // exported by the boot file). A `const` primitive means the same wherever it is written. -13 B gzip before
        // opening, -57 B of the chat, -60 B of everything.
        ...(script ? { optimization: { inlineConst: { mode: 'all' } } } : {}),
        // The ES entries are for bundlers: the package's dependencies stay imports, so an app shares its copies.
        ...(loader || script ? {} : { external: [/^preact(\/|$)/, /^@preact\//] }),
      },
    },
    test: {
      projects: [
        {
          extends: true,
          test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/browser/**'], environment: 'node' },
        },
        {
          extends: true,
          test: { name: 'dom', include: ['test/**/*.test.tsx'], environment: 'happy-dom' },
        },
        {
          extends: true,
          test: {
            name: 'browser',
            include: ['test/browser/**/*.test.ts'],
            environment: 'node',
            globalSetup: ['test/browser/global-setup.ts'],
            testTimeout: 60_000,
            hookTimeout: 120_000,
            fileParallelism: false,
          },
        },
      ],
    },
  };
});
