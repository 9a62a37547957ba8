import { describe, expect, test } from 'vitest';
import { markdownToPlainText } from '../../../src/ui/markdown/plain-text';
import { SAMPLE } from './sample';

const words = (markdown: string, limit = 10_000) => markdownToPlainText(markdown, limit);

describe('markdownToPlainText', () => {
  test('says what the rendered answer shows: emphasis, code, links and images as their words', () => {
    expect(words('We open at **nine**, ~~not~~ *ten*: see [hours](https://example.com) or `/hours`.')).toEqual({
      text: 'We open at nine, not ten: see hours or /hours.',
      cut: false,
    });
    expect(words('![A map of the shop](https://example.com/map.png) and ![x](javascript:alert(1))').text).toBe(
      'A map of the shop and x',
    );
    // Raw HTML is text, as on screen.
    expect(words('<b>hi</b>').text).toBe('<b>hi</b>');
  });

  test('one line per block; ordered items keep their numbers, bullets and rules are not spoken', () => {
    const markdown = '# Steps\n\n3. Install\n4. Configure **it**\n   - nested\n\n---\n\n- a\n- b\n\n> quoted *text*\n\n```\ncode\n```';
    expect(words(markdown).text).toBe('Steps\n3. Install\n4. Configure it\nnested\na\nb\nquoted text\ncode');
  });

  test('a table is read row by row, its cells joined by commas, empty cells left out', () => {
    expect(words('Compare:\n\n| Address | Price |\n|---|--:|\n| 1 *Elm* St | $1,395 |\n| 2 Oak Ave |').text).toBe(
      'Compare:\nAddress, Price\n1 Elm St, $1,395\n2 Oak Ave',
    );
  });

  test('renders the shared sample without markdown syntax left over', () => {
    const { text, cut } = words(SAMPLE);
    expect(cut).toBe(false);
    expect(text).toContain('Here is bold, also bold, em, em too, both and struck text,');
    // The sample ends with deliberately unclosed syntax, which shows (and is read) as typed.
    const [closed, unclosed] = text.split('Unclosed');
    expect(closed).not.toMatch(/\*\*|__|\]\(/);
    expect(unclosed).toContain(' **bold and [text](htt');
  });

  test('a short answer is whole and not cut', () => {
    expect(words('Hello there.', 12)).toEqual({ text: 'Hello there.', cut: false });
  });

  test('a long answer is cut at a word boundary, at most the limit, from its beginning', () => {
    const paragraph = Array.from({ length: 40 }, (_, index) => `word${index}`).join(' ');
    const markdown = Array.from({ length: 300 }, () => paragraph).join('\n\n');
    const { text, cut } = words(markdown, 600);
    expect(cut).toBe(true);
    expect(text.length).toBeLessThanOrEqual(600);
    expect(text.length).toBeGreaterThan(550);
    const whole = words(markdown, markdown.length).text;
    expect(whole.startsWith(text)).toBe(true);
    // The cut falls between words: what follows in the whole text is a space or a line break.
    expect(whole.charAt(text.length)).toMatch(/\s/);
    expect(text).toMatch(/word\d+$/);
  });

  test('one long paragraph (no closed block early on) is cut the same way', () => {
    const markdown = Array.from({ length: 5000 }, (_, index) => `w${index}`).join(' ');
    const { text, cut } = words(markdown, 600);
    expect(cut).toBe(true);
    expect(markdown.startsWith(text)).toBe(true);
    expect(markdown.charAt(text.length)).toBe(' ');
  });

  test('emphasis that spans the parsing steps is still resolved', () => {
    // The bold run closes only after the first few thousand characters the parser reads: read before it closes,
    // its opening ** would be left as text.
    const markdown = `**${'long '.repeat(1000)}end** tail`;
    expect(words(markdown, 600).text).toMatch(/^long long[ a-z]+$/);
    expect(words(markdown, 10_000).text).toMatch(/^long long[ a-z]+ end tail$/);
  });

  test('one word longer than the limit is cut inside it, never inside an emoji', () => {
    expect(words('x'.repeat(700), 600)).toEqual({ text: 'x'.repeat(600), cut: true });
    const emoji = '😀'.repeat(400);
    const { text } = words(emoji, 601);
    expect(text).toBe('😀'.repeat(300));
  });
});
