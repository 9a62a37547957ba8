import { defineConfig } from 'vitest/config';

/**
 * Two build passes, because Vite refuses a multi-entry IIFE build:
 * - default mode: the ES build (the ES entry for bundlers, the script-tag boot module and their lazy chunks);
 * - `--mode loader`: dist/chatbot-widget.js, the tiny classic script a site owner pastes, which installs the
 *   ChatbotWidget queue and imports the boot module next to it.
 */
export default defineConfig(({ mode }) => {
  const loader = mode === 'loader';
  return {
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    build: {
      target: 'es2020',
      minify: true,
      sourcemap: false,
      emptyOutDir: !loader,
      reportCompressedSize: false,
      lib: loader
        ? { entry: 'src/loader.ts', formats: ['iife'], name: 'ChatbotWidgetLoader', fileName: () => 'chatbot-widget.js' }
        : {
            entry: { index: 'src/index.ts', api: 'src/api/index.ts', 'chatbot-widget.module': 'src/embed.ts' },
            formats: ['es'],
            fileName: (_format, name) => `${name}.js`,
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
