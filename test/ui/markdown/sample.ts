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

/**
 * An answer as the demo chatbot writes one: bold figures, links to listings, code, a strike-through and a table.
 * Every piece of markdown syntax in it is closed, so the finished answer shows none of it.
 */
export const LISTING_ANSWER = [
  'Here are **3 homes** for rent in *Seattle*:',
  '',
  '1. [1650 SW Broadway #6](https://example.com/listings/1650-sw-broadway) for **$2,400**/month, `2 bd`',
  '2. [22 Pine St](https://example.com/listings/22-pine-st "22 Pine") for ~~$2,100~~ **$1,950**/month',
  '',
  '| Address | Price | Beds |',
  '| :--- | ---: | :-: |',
  '| [1650 SW Broadway](https://example.com/l/1) | $2,400 | 2 |',
  '| 22 Pine St | **$1,950** | 1 |',
  '',
  '![Front of 22 Pine St](https://example.com/img/22-pine.jpg) See https://example.com/search or call us: no. \\#1 in Seattle.',
].join('\n');
