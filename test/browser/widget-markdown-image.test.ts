/**
 * An image in a streamed answer, in real Chromium: the markdown view (src/ui/markdown/dom.ts) builds the open
 * paragraph afresh on every frame and patches it into the page, so the image must still be fetched once, without a
 * referrer, and keep its element while the words after it stream in.
 */
import { describe, expect, it } from 'vitest';
import { ask, htmlPage, scriptTag } from '../helpers/widget-pages';
import { useWidgetFixture } from '../helpers/widget-fixture';
import { png } from '../media/fixtures';

const IMAGE_URL = 'https://images.example/porch.png';
/** The image, then twelve words of the same paragraph, one chunk each. */
const ANSWER = ['Here is the porch: ', `![the front porch](${IMAGE_URL}) `, ...Array.from({ length: 12 }, (_, n) => `word${n} `), 'end.'];

const fixture = useWidgetFixture({
  scriptedAnswer: (question) => (question === 'Show me the porch' ? ANSWER : undefined),
  // Frames happen between the chunks, so the open paragraph is rebuilt many times.
  streamDelayMs: 40,
});

describe('an image in a streamed answer', () => {
  it('is fetched once, without a referrer, and keeps its element while the paragraph grows', async () => {
    const { page, log, close } = await fixture.open(htmlPage(scriptTag(fixture.service.url, fixture.service.serialNumber, 'data-open')));
    const referrers: Array<string | undefined> = [];
    await page.route(`${IMAGE_URL}*`, async (route) => {
      referrers.push(route.request().headers()['referer']);
      await route.fulfill({ status: 200, contentType: 'image/png', body: Buffer.from(png(40, 30)) });
    });
    try {
      await page.getByRole('dialog').waitFor();
      await ask(page, 'Show me the porch');
      const image = page.getByRole('img', { name: 'the front porch' });
      await image.waitFor();
      const marked = await image.evaluate((element) => {
        (element as HTMLElement & { firstSeen?: boolean }).firstSeen = true;
        return element.isConnected;
      });
      expect(marked).toBe(true);
      await page.locator('.cw-msg--assistant[data-status="done"]').waitFor();
      // The same element as when it first appeared: patched around, never rebuilt.
      expect(await image.evaluate((element) => (element as HTMLElement & { firstSeen?: boolean }).firstSeen === true)).toBe(true);
      expect(await image.evaluate((element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth)).toBe(40);
      expect(referrers).toEqual([undefined]);
      const words = Array.from({ length: 12 }, (_, n) => `word${n} `).join('');
      expect(await page.locator('.cw-md').last().textContent()).toBe(`Here is the porch:  ${words}end.`);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });
});
