/**
 * The package's type declarations as a TypeScript app consumes them: emitted from src as `npm run build` emits them,
 * installed as node_modules/chatbot-widget (with the package.json's exports), and used by the README's ES module
 * and API client examples under strict settings, with Bundler resolution (Vite, esbuild) and with NodeNext (Node's
 * ESM rules, under which a relative import without its file extension does not resolve).
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PROJECT = join(import.meta.dirname, '..');

/** The README's ```ts blocks, in order. */
function readmeExamples(): string[] {
  const readme = readFileSync(join(PROJECT, 'README.md'), 'utf8');
  return [...readme.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((match) => match[1]!);
}

function describeDiagnostics(diagnostics: readonly ts.Diagnostic[]): string[] {
  return diagnostics.map((diagnostic) => {
    const where = diagnostic.file ? `${diagnostic.file.fileName.replace(/^.*node_modules\//, '')}: ` : '';
    return where + ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  });
}

let app = '';

beforeAll(() => {
  app = mkdtempSync(join(tmpdir(), 'cw-types-'));
  const installed = join(app, 'node_modules', 'chatbot-widget');
  mkdirSync(installed, { recursive: true });
  writeFileSync(join(installed, 'package.json'), readFileSync(join(PROJECT, 'package.json')));
  // The declarations import preact's and the signals' types, which the app has installed too.
  symlinkSync(join(PROJECT, 'node_modules', 'preact'), join(app, 'node_modules', 'preact'), 'dir');
  symlinkSync(join(PROJECT, 'node_modules', '@preact'), join(app, 'node_modules', '@preact'), 'dir');

  const config = ts.getParsedCommandLineOfConfigFile(
    join(PROJECT, 'tsconfig.build.json'),
    { outDir: join(installed, 'dist', 'types') },
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => { throw new Error(describeDiagnostics([diagnostic])[0]); } },
  );
  if (!config) throw new Error('tsconfig.build.json could not be read');
  const program = ts.createProgram(config.fileNames, config.options);
  const emitted = program.emit();
  expect(describeDiagnostics([...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics])).toEqual([]);

  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', type: 'module', private: true }));
  const [clientExample, mountExample] = readmeExamples();
  writeFileSync(join(app, 'client.ts'), `${clientExample}\nexport { client };\n`);
  writeFileSync(
    join(app, 'widget.ts'),
    `import { mount } from 'chatbot-widget';\ndeclare function token(): Promise<string>;\n${mountExample}\n` +
      // Typed, not `any`: a wrong option is an error (were mount untyped, this expectation would be the error).
      `// @ts-expect-error serialNumber is a string\nmount({ serialNumber: 1, baseUrl: 'https://chat.example' });\nexport {};\n`,
  );
  // The README's custom element, as an app writes it: the tag and its events are typed without a cast.
  writeFileSync(
    join(app, 'element.ts'),
    [
      `import { defineElement } from 'chatbot-widget';`,
      `defineElement();`,
      `const element = document.querySelector('chatbot-widget');`,
      `if (element !== null) {`,
      `  element.settings = { Name: 'Realty Bot' };`,
      `  element.open();`,
      `  void element.send('Hello').then((result) => result.ok);`,
      `  element.addEventListener('chatbot-message', (event) => { const text: string = event.detail.text; void text; });`,
      `  element.addEventListener('chatbot-error', (event) => { const kind: string = event.detail.kind; void kind; });`,
      `  element.addEventListener('click', (event) => { const x: number = event.clientX; void x; });`,
      `  // @ts-expect-error a message's detail has no such field`,
      `  element.addEventListener('chatbot-message', (event) => event.detail.missing);`,
      `}`,
      `document.createElement('chatbot-widget').toggle();`,
      `export {};`,
      ``,
    ].join('\n'),
  );
}, 60_000);

afterAll(() => {
  if (app) rmSync(app, { recursive: true, force: true });
});

describe("the package's types in a strict TypeScript app", () => {
  it.each([
    ['Bundler', { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler }],
    ['NodeNext', { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext }],
  ])('the README examples and the custom element type-check with %s resolution, the declarations included', (_name, resolution) => {
    const program = ts.createProgram([join(app, 'client.ts'), join(app, 'widget.ts'), join(app, 'element.ts')], {
      ...resolution,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
      strict: true,
      noEmit: true,
      skipLibCheck: false,
    });
    expect(describeDiagnostics(ts.getPreEmitDiagnostics(program))).toEqual([]);
  }, 60_000); // a whole type-check: seconds on a busy machine
});
