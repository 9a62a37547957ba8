/**
 * The benchmark's answer: the same N chunks for both widgets. Each chunk is a short lowercase word and a space,
 * every 40th chunk ends a paragraph ("\n\n"), and the last chunk is a marker no other text on the page contains,
 * so the page can tell the moment the answer's end becomes visible. Letters and digits only: no markdown syntax,
 * so both renderers show the marker as plain text in one text node.
 */

export const PARAGRAPH_EVERY_CHUNKS = 40;

const SYLLABLES = ['ba', 'ko', 'ri', 'te', 'mu', 'sa', 'lo', 'ne', 'vi', 'da', 'po', 'ge'] as const;

/** The unique last chunk of the answer for `runId` (letters and digits only). */
export function markerFor(runId: string): string {
  if (!/^[a-z0-9]+$/.test(runId)) throw new Error(`runId must be lowercase letters and digits (got "${runId}").`);
  return `zq${runId}fin`;
}

/** A deterministic word of 2 to 3 syllables (4 to 6 characters) for chunk `index`. */
function wordAt(index: number): string {
  let seed = (index * 2_654_435_761) >>> 0;
  const syllables = 2 + (seed % 2);
  let word = '';
  for (let count = 0; count < syllables; count += 1) {
    seed = (seed * 1_103_515_245 + 12_345) >>> 0;
    word += SYLLABLES[(seed >>> 16) % SYLLABLES.length];
  }
  return word;
}

/** The N chunks of the answer; chunk N-1 is markerFor(runId). */
export function benchChunks(count: number, runId: string): string[] {
  if (!Number.isInteger(count) || count < 2) throw new Error(`An answer needs at least 2 chunks (got ${count}).`);
  const chunks: string[] = [];
  for (let index = 0; index < count - 1; index += 1) {
    const breaksParagraph = (index + 1) % PARAGRAPH_EVERY_CHUNKS === 0;
    chunks.push(wordAt(index) + (breaksParagraph ? '\n\n' : ' '));
  }
  chunks.push(markerFor(runId));
  return chunks;
}

/** The question that asks the bench servers for an answer of `count` chunks ending in runId's marker. */
export function benchQuestion(count: number, runId: string): string {
  return `Benchmark answer please: chunks ${count} run ${runId}`;
}

/** The chunk count and run id of a benchmark question, or undefined for any other question. */
export function parseBenchQuestion(question: string): { count: number; runId: string } | undefined {
  const match = /^Benchmark answer please: chunks (\d{1,6}) run ([a-z0-9]+)$/.exec(question.trim());
  if (!match) return undefined;
  return { count: Number(match[1]), runId: match[2] ?? '' };
}

/** scriptedAnswer for the reference service (and the deep-chat server): the bench chunks, or undefined. */
export function scriptedBenchAnswer(question: string): string[] | undefined {
  const parsed = parseBenchQuestion(question);
  return parsed ? benchChunks(parsed.count, parsed.runId) : undefined;
}
