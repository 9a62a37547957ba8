/** A varied answer touching every construct the renderer supports, plus broken and hostile bits. */
export const SAMPLE = [
  '# Getting started',
  '',
  'Here is **bold**, __also bold__, *em*, _em too_, ***both*** and ~~struck~~ text,',
  'with a line break, `inline code`, ``a `tick` inside`` and an escaped \\*star\\*.',
  '',
  'See [the docs](https://example.com/docs "Docs") or https://example.org/path_(x). Mail [us](mailto:hi@example.com).',
  '',
  '## Steps',
  '',
  '1. Install it',
  '2. Configure **it**',
  '   - nested one',
  '   - nested two',
  '3. Run',
  '',
  '- loose item',
  '',
  '- second loose item',
  '  continued here',
  '',
  '```ts',
  'const x = `<b>`;',
  '',
  'console.log(x);',
  '```',
  '',
  '> A quote with *style*',
  '> and a second line',
  '',
  '---',
  '',
  'Listings compared:',
  '| Address | Price | Beds |',
  '| :--- | ---: | :-: |',
  '| 1 *Elm* St | $1,395 \\| month | 2 |',
  'Oak Ave | `a\\|b` |',
  '',
  '![logo](https://example.com/logo.png) and a <script>alert(1)</script> tag,',
  '[bad](javascript:alert(1)) and ![bad](data:image/png;base64,AAAA) and [rel](/relative).',
  '',
  '### Unclosed **bold and [text](htt',
  '',
  '~~~',
  'tilde fence, never closed',
].join('\n');

/** Deterministic pseudo-random numbers (mulberry32), so a failing split can be reproduced. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Splits text into random pieces of 1..maxSize characters. */
export function randomSplit(text: string, random: () => number, maxSize: number): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; ) {
    const size = 1 + Math.floor(random() * maxSize);
    pieces.push(text.slice(at, at + size));
    at += size;
  }
  return pieces;
}
