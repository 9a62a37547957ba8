/**
 * Where the bytes of the script-tag build go, per source module: builds the script and loader passes of
 * vite.config.ts with source maps into a temporary directory, maps every minified character back to the module it
 * came from, and prints per module and per group (package or src folder):
 * - raw: minified bytes of the module in the output;
 * - gzip: what the set's gzip size drops by when that module's bytes are cut out of its file (its marginal cost;
 *   the column does not add up to the set's gzip, because shared words compress against each other).
 * The sets are those of sizes.ts: before opening the chat, what opening it adds (the panel file), what the first
 * media use adds (the media chunk), and everything of the script-tag graph.
 *
 *   tsx test/bench/size-breakdown.ts               build and print the breakdown
 *   tsx test/bench/size-breakdown.ts --top=25      print only the 25 biggest modules per set
 *   tsx test/bench/size-breakdown.ts --json        print the breakdown as JSON
 *   tsx test/bench/size-breakdown.ts --keep        keep the temporary build and print where it is
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';
import { MANIFEST_FILE, measureBytes, scriptGraph, type Size } from './sizes';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const UNMAPPED = '(glue: no source)';

export interface ModuleShare {
  /** Path relative to the project root (node_modules paths shortened to the package). */
  source: string;
  raw: number;
  /** Marginal gzip bytes: the set's gzip minus its gzip without this module. */
  gzip: number;
}
export interface SetBreakdown {
  name: string;
  files: string[];
  total: Size;
  modules: ModuleShare[];
  groups: ModuleShare[];
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64].map((char, index) => [char, index]));

/** Decodes one line's segments of a source map's `mappings` (base64 VLQ), each as its numbers. */
function decodeLine(line: string): number[][] {
  const segments: number[][] = [];
  for (const text of line.split(',')) {
    if (text === '') continue;
    const fields: number[] = [];
    let value = 0;
    let shift = 0;
    for (const char of text) {
      const digit = BASE64_VALUE.get(char);
      if (digit === undefined) throw new Error(`not a source map VLQ digit: ${char}`);
      value += (digit & 31) << shift;
      if (digit & 32) {
        shift += 5;
        continue;
      }
      fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
    segments.push(fields);
  }
  return segments;
}

interface SourceMap {
  sources: string[];
  mappings: string;
}

/** For every character of `code`, the index into `map.sources` it came from (-1: none). */
export function ownerOfEachCharacter(code: string, map: SourceMap): Int32Array {
  const owners = new Int32Array(code.length).fill(-1);
  const lines = code.split('\n');
  const mappingLines = map.mappings.split(';');
  let lineStart = 0;
  let source = 0;
  for (let lineIndex = 0; lineIndex < lines.length; lineIndex++) {
    const lineLength = lines[lineIndex]!.length;
    const segments = decodeLine(mappingLines[lineIndex] ?? '');
    let column = 0;
    for (let index = 0; index < segments.length; index++) {
      const fields = segments[index]!;
      column += fields[0]!;
      let owner = -1;
      if (fields.length >= 4) {
        source += fields[1]!;
        owner = source;
      }
      const next = segments[index + 1];
      const end = next === undefined ? lineLength : column + next[0]!;
      owners.fill(owner, lineStart + column, lineStart + Math.min(end, lineLength));
    }
    // Source line and column deltas are not needed: only which file a character came from.
    lineStart += lineLength + 1;
  }
  return owners;
}

/** node_modules/@scope/name/... → @scope/name; src files relative to the project. */
function shortName(sourcePath: string): string {
  const path = relative(ROOT, sourcePath).replace(/\?.*$/, '');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  return inPackage ? inPackage[1]! : path;
}

/** The group a module's bytes are summed under: its package, or its folder under src/. */
function groupOf(source: string): string {
  if (!source.startsWith('src/')) return source;
  const parts = source.split('/');
  return parts.length > 2 ? parts.slice(0, -1).join('/') : source;
}

interface AttributedFile {
  code: string;
  /** Short source name of each character ('' for none). */
  owners: string[];
  ownerOf: Int32Array;
}

function attribute(dist: string, file: string): AttributedFile {
  const full = readFileSync(join(dist, file), 'utf8');
  // The build proper has no source map comment; cut it so the bytes are the shipped ones.
  const code = full.replace(/\n?\/\/# sourceMappingURL=\S+\s*$/, '');
  if (!file.endsWith('.js')) return { code, owners: [file], ownerOf: new Int32Array(code.length).fill(0) };
  const map = JSON.parse(readFileSync(join(dist, `${file}.map`), 'utf8')) as SourceMap;
  const mapDirectory = join(dist, file, '..');
  const owners = map.sources.map((source) => shortName(resolve(mapDirectory, source)));
  const ownerOf = ownerOfEachCharacter(code, map);
  for (const [cssFile, css] of inlineCss) {
    const literal = findCssLiteral(code, css);
    if (literal === undefined) continue;
    owners.push(shortName(cssFile));
    ownerOf.fill(owners.length - 1, literal.start, literal.end);
  }
  return { code, owners, ownerOf };
}

const gzipLength = (text: string): number => gzipSync(Buffer.from(text), { level: 9 }).length;

/** Raw and marginal gzip bytes of every key `keyOf` gives a character, over the files of one set. */
function shares(files: AttributedFile[], keyOf: (owner: string) => string): ModuleShare[] {
  const keys = new Set<string>();
  for (const file of files) for (const owner of file.owners) keys.add(keyOf(owner));
  keys.add(keyOf(UNMAPPED));
  const fullGzip = files.map((file) => gzipLength(file.code));
  const result: ModuleShare[] = [];
  for (const key of keys) {
    let raw = 0;
    let gzip = 0;
    files.forEach((file, fileIndex) => {
      const ownedBy = file.owners.map((owner) => keyOf(owner) === key);
      const ownedByKey = (index: number): boolean => {
        const owner = file.ownerOf[index]!;
        return owner < 0 ? keyOf(UNMAPPED) === key : ownedBy[owner]!;
      };
      let kept = '';
      let removed = 0;
      let runStart = 0;
      for (let index = 0; index <= file.code.length; index++) {
        if (index < file.code.length && !ownedByKey(index)) continue;
        kept += file.code.slice(runStart, index);
        if (index < file.code.length) removed += Buffer.byteLength(file.code[index]!);
        runStart = index + 1;
      }
      if (removed === 0) return;
      raw += removed;
      gzip += fullGzip[fileIndex]! - gzipLength(kept);
    });
    if (raw > 0) result.push({ source: key, raw, gzip });
  }
  return result.sort((a, b) => b.gzip - a.gzip || b.raw - a.raw);
}

function breakdown(dist: string, name: string, files: string[]): SetBreakdown {
  const attributed = files.map((file) => attribute(dist, file));
  const total: Size = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of attributed) {
    const size = measureBytes(Buffer.from(file.code));
    total.raw += size.raw;
    total.gzip += size.gzip;
    total.brotli += size.brotli;
  }
  return {
    name,
    files,
    total,
    modules: shares(attributed, (owner) => owner),
    groups: shares(attributed, groupOf),
  };
}

/** The text of every `x.css?inline` module (file → its minified CSS), filled during the build. */
const inlineCss = new Map<string, string>();

/**
 * Vite turns `x.css?inline` into `export default "…"` with an empty source map, so the CSS text would count as
 * glue; this records each such text, and attribute() gives the string holding it to the CSS file.
 */
function recordInlineCss(): Plugin {
  return {
    name: 'size-breakdown:record-inline-css',
    enforce: 'post',
    transform(code, id) {
      const literal = /^export default (".*");?\s*$/s.exec(code);
      if (/\.css\?inline$/.test(id) && literal) inlineCss.set(id.replace(/\?.*$/, ''), JSON.parse(literal[1]!) as string);
      return null;
    },
  };
}

/** Where the string literal holding `css` sits in `code` (quotes included), or undefined. */
function findCssLiteral(code: string, css: string): { start: number; end: number } | undefined {
  const head = css.slice(0, 60);
  const at = code.indexOf(head);
  if (at < 1) return undefined;
  const quote = code[at - 1]!;
  for (let index = at; index < code.length; index++) {
    if (code[index] === '\\') index++;
    else if (code[index] === quote) return { start: at - 1, end: index + 1 };
  }
  return undefined;
}

/** Builds the script-tag graph with source maps into `outDir` (the same config as `npm run build`). */
async function buildWithSourceMaps(outDir: string): Promise<void> {
  for (const mode of ['script', 'loader']) {
    await build({
      configFile: join(ROOT, 'vite.config.ts'),
      root: ROOT,
      mode,
      logLevel: 'warn',
      build: { outDir, sourcemap: true, emptyOutDir: mode === 'script' },
      plugins: [recordInlineCss()],
    });
  }
}

const number = (value: number): string => value.toLocaleString('en-US');

function formatSet(set: SetBreakdown, top: number): string {
  const width = Math.max(...set.modules.map((entry) => entry.source.length), 24);
  const row = (label: string, raw: number, gzip: number): string =>
    `  ${label.padEnd(width)}  ${number(raw).padStart(8)}  ${number(gzip).padStart(7)}  ${((gzip / set.total.gzip) * 100).toFixed(1).padStart(5)}%`;
  const header = `  ${'module'.padEnd(width)}  ${'raw'.padStart(8)}  ${'gzip'.padStart(7)}  ${'share'.padStart(6)}`;
  const shown = set.modules.slice(0, top);
  return [
    `${set.name}: ${number(set.total.raw)} B raw, ${number(set.total.gzip)} B gzip (${set.files.join(', ')})`,
    header,
    ...shown.map((entry) => row(entry.source, entry.raw, entry.gzip)),
    ...(set.modules.length > shown.length ? [`  … ${set.modules.length - shown.length} smaller modules`] : []),
    '',
    `  ${'by group'.padEnd(width)}`,
    ...set.groups.map((entry) => row(entry.source, entry.raw, entry.gzip)),
  ].join('\n');
}

async function main(argv: string[]): Promise<void> {
  const topArgument = argv.find((argument) => argument.startsWith('--top='));
  const top = topArgument ? Number(topArgument.slice('--top='.length)) : Number.POSITIVE_INFINITY;
  const outDir = mkdtempSync(join(tmpdir(), 'cw-size-breakdown-'));
  try {
    await buildWithSourceMaps(outDir);
    const manifest = JSON.parse(readFileSync(join(outDir, MANIFEST_FILE), 'utf8')) as Parameters<typeof scriptGraph>[0];
    const graph = scriptGraph(manifest);
    const opening = graph.chat.filter((file) => !graph.initial.includes(file));
    const media = graph.everything.filter((file) => !graph.chat.includes(file));
    const sets = [
      breakdown(outDir, 'before opening the chat', graph.initial),
      breakdown(outDir, 'loaded on first open', opening),
      breakdown(outDir, 'loaded on first media use', media),
      breakdown(outDir, 'all widget code (script tag)', graph.everything),
    ];
    if (argv.includes('--json')) console.log(JSON.stringify(sets, null, 2));
    else console.log(sets.map((set) => formatSet(set, top)).join('\n\n'));
    if (argv.includes('--keep')) console.log(`\nbuild kept in ${outDir}`);
  } finally {
    if (!argv.includes('--keep')) rmSync(outDir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
