/**
 * The console's settings editor in Chromium against the reference service: the preview follows unsaved edits,
 * Save sends Edit through the console's server-side proxy, a reload shows the stored values, and a value the
 * service rejects is shown next to its field with everything typed kept.
 */
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSite } from '../../demo/site';
import { openPage } from '../helpers/browser';
import { editChatbot } from '../helpers/service';
import { launcher, launcherColour, openConsole, png, readSettings, startConsoleFixture, type ConsoleFixture } from './console-helpers';

let fixture: ConsoleFixture;

beforeAll(async () => {
  fixture = await startConsoleFixture();
});

afterAll(async () => {
  await fixture?.close();
});

describe('operator console: settings editor', () => {
  it('shows an input for every setting the service stores, filled with the stored values', async () => {
    const stored = await readSettings(fixture.service);
    const { page, log, close } = await openConsole(fixture);
    try {
      for (const [name, value] of Object.entries(stored)) {
        if (['serialNumber', 'ChatIconUrl', 'ChatProfilePictureUrl'].includes(name)) continue;
        const input = page.locator(`#setting-${name}`);
        expect(await input.count(), `an input for ${name}`).toBe(1);
        if (typeof value === 'boolean') expect(await input.isChecked(), name).toBe(value);
        else if (name === 'ChatBubbleAlign') expect(await input.isChecked(), name).toBe(value === 1);
        else if (name === 'MessageLimit' && value === -1) expect(await page.locator('#setting-MessageLimit-unlimited').isChecked()).toBe(true);
        else expect(await input.inputValue(), name).toBe(String(value));
      }
      // Operator-only settings come through the proxy, never from the public GetConfig.
      expect(await page.locator('#setting-SystemMessage').inputValue()).toBe(stored.SystemMessage);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('the preview launcher takes a new bubble colour before saving; after save and reload it stays', async () => {
    const before = await readSettings(fixture.service);
    const { page, log, close } = await openConsole(fixture);
    try {
      await expect.poll(() => launcherColour(page), { timeout: 10_000 }).not.toBe('');
      const original = await launcherColour(page);
      expect(original).not.toBe('rgb(200, 30, 60)');

      // The colour picker writes rgb(r,g,b) into the field.
      await page.locator('#setting-ChatBubbleColor-picker').fill('#c81e3c');
      expect(await page.locator('#setting-ChatBubbleColor').inputValue()).toBe('rgb(200,30,60)');
      await expect.poll(() => launcherColour(page), { timeout: 10_000 }).toBe('rgb(200, 30, 60)');
      expect(await page.locator('.save-bar__state').textContent()).toBe('1 unsaved change');
      expect((await readSettings(fixture.service)).ChatBubbleColor).toBe(before.ChatBubbleColor);

      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.locator('#settings-status', { hasText: 'Saved 1 setting: Bubble colour.' }).waitFor();
      expect(await page.locator('.save-bar__state').textContent()).toBe('All changes saved.');
      expect((await readSettings(fixture.service)).ChatBubbleColor).toBe('rgb(200,30,60)');

      await page.reload();
      await page.locator('#setting-Name').waitFor();
      expect(await page.locator('#setting-ChatBubbleColor').inputValue()).toBe('rgb(200,30,60)');
      await expect.poll(() => launcherColour(page), { timeout: 10_000 }).toBe('rgb(200, 30, 60)');
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('the launcher moves to the left corner in the preview when Bottom left is chosen', async () => {
    const { page, close } = await openConsole(fixture);
    try {
      const launcherX = () =>
        launcher(page).evaluate((element) => element.getBoundingClientRect().x, undefined, { timeout: 5_000 });
      await expect.poll(launcherX, { timeout: 10_000 }).toBeGreaterThan(150);
      await page.getByLabel('Bottom left').check();
      await expect.poll(launcherX, { timeout: 10_000 }).toBeLessThan(100);
      await page.getByRole('button', { name: 'Discard' }).click();
      await expect.poll(launcherX, { timeout: 10_000 }).toBeGreaterThan(150);
    } finally {
      await close();
    }
  });

  it('a value the service rejects is shown next to its field; nothing is saved and nothing typed is lost', async () => {
    const before = await readSettings(fixture.service);
    const { page, log, close } = await openConsole(fixture);
    try {
      // A well-formed file id the console cannot check: only the service knows there is no such upload.
      await page.locator('#setting-Name').fill('Renamed bot');
      await page.locator('#setting-ChatIcon').fill('99999');
      await page.getByRole('button', { name: 'Save changes' }).click();

      const error = page.locator('#setting-ChatIcon-error');
      await error.waitFor();
      expect(await error.textContent()).toMatch(/no uploaded file 99999/);
      const field = page.locator('#setting-ChatIcon');
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect((await field.getAttribute('aria-describedby'))?.split(' ')).toContain('setting-ChatIcon-error');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('setting-ChatIcon');
      expect(await page.locator('#settings-error').textContent()).toMatch(/^Not saved\. Launcher icon: /);
      expect(await field.inputValue()).toBe('99999');
      expect(await page.locator('#setting-Name').inputValue()).toBe('Renamed bot');
      expect(await page.locator('.save-bar__state').textContent()).toBe('2 unsaved changes');

      const after = await readSettings(fixture.service);
      expect(after.Name).toBe(before.Name);
      expect(after.ChatIcon).toBe(before.ChatIcon);

      // Fixing the value clears the error, and the save goes through.
      await field.fill('');
      expect(await error.count()).toBe(0);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.locator('#settings-status', { hasText: 'Saved 1 setting' }).waitFor();
      const saved = await readSettings(fixture.service);
      expect(saved).toMatchObject({ Name: 'Renamed bot', ChatIcon: '' });
      // The refused Edit (404 in the envelope, HTTP 200) is no failed request.
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
      await editChatbot(fixture.service, { Name: before.Name });
    }
  });

  it('an Edit answered with Data other than 1 (service-api.md 4.1: "1 indicates success") is no "Saved"', async () => {
    const { page, log, close } = await openConsole(fixture);
    // The envelope says Success, its Data does not: 0 settings saved.
    await page.route('**/console-api/edit', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ Data: 0, Version: '1.0.0', Success: true, Code: 200, Message: '' }),
      }),
    );
    try {
      await page.locator('#setting-AnswerSuffix').fill('Not stored.');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.locator('#settings-error', { hasText: 'Not saved.' }).waitFor();
      expect(await page.locator('#settings-error').textContent()).toMatch(/answered Edit with 0, not 1/);
      expect(await page.locator('#settings-status', { hasText: 'Saved' }).count()).toBe(0);
      expect(await page.locator('#setting-AnswerSuffix').inputValue()).toBe('Not stored.');
      expect(await page.locator('.save-bar__state').textContent()).toBe('1 unsaved change');
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('the warning that domain checks would lock this page out counts the custom domain, as the service does', async () => {
    const { page, log, close } = await openConsole(fixture);
    try {
      const warning = page.locator('.field__warning', { hasText: 'is not in the list' });
      await page.locator('#setting-Domains').fill('shop.example');
      await page.locator('#setting-CustomDomain').fill('');
      await page.locator('#setting-VerifyDomain').check();
      await warning.waitFor();
      // The service lets this page's origin in through CustomDomain (demo/server/auth.ts), so there is nothing to warn of.
      await page.locator('#setting-CustomDomain').fill(new URL(page.url()).host);
      await warning.waitFor({ state: 'detached' });
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('marks every bad value at once before sending anything: six problems, one Save, no Edit request', async () => {
    const before = await readSettings(fixture.service);
    const { page, log, close } = await openConsole(fixture);
    const edits: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/console-api/edit')) edits.push(request.postData() ?? '');
    });
    try {
      const bad: Record<string, string> = {
        Name: '',
        Temperature: '500',
        TimeZone: 'Mars/Phobos',
        ChatBubbleColor: 'red',
        ChatbotPrivacyPolicyUrl: 'javascript:alert(1)',
        TalkToHumanEmail: 'nope',
      };
      for (const [name, value] of Object.entries(bad)) await page.locator(`#setting-${name}`).fill(value);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.locator('#settings-error', { hasText: '6 values need fixing' }).waitFor();

      for (const name of Object.keys(bad)) {
        const field = page.locator(`#setting-${name}`);
        expect(await field.getAttribute('aria-invalid'), name).toBe('true');
        expect((await field.getAttribute('aria-describedby'))?.split(' '), name).toContain(`setting-${name}-error`);
        expect(await page.locator(`#setting-${name}-error`).textContent(), name).not.toBe('');
      }
      expect(await page.locator('#setting-Temperature-error').textContent()).toBe('Must be at most 100 (got 500).');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('setting-Name');
      expect(edits).toEqual([]);
      expect(await readSettings(fixture.service)).toEqual(before);

      // Fixed one by one, each mark goes as its field changes; then one Save stores them all.
      const good: Record<string, string> = {
        Name: 'Fixed bot', Temperature: '40', TimeZone: 'Europe/Berlin', ChatBubbleColor: 'rgb(10,20,30)',
        ChatbotPrivacyPolicyUrl: 'https://example.com/privacy', TalkToHumanEmail: 'agent@example.com',
      };
      for (const [name, value] of Object.entries(good)) await page.locator(`#setting-${name}`).fill(value);
      expect(await page.locator('.field__error').count()).toBe(0);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.locator('#settings-status', { hasText: 'Saved 6 settings' }).waitFor();
      expect(edits).toHaveLength(1);
      expect(await readSettings(fixture.service)).toMatchObject({ ...good, Temperature: 40 });
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
      await editChatbot(fixture.service, Object.fromEntries(['Name', 'Temperature', 'TimeZone', 'ChatBubbleColor', 'ChatbotPrivacyPolicyUrl', 'TalkToHumanEmail'].map((name) => [name, before[name]])));
    }
  });

  it('a colour too light to see on white gets a hint under its field, which blocks nothing', async () => {
    const before = await readSettings(fixture.service);
    const { page, log, close } = await openConsole(fixture);
    try {
      const field = page.locator('#setting-ChatBubbleColor');
      const hint = page.locator('#setting-ChatBubbleColor-contrast');
      await field.fill('rgb(250,250,250)');
      await hint.waitFor();
      expect(await hint.textContent()).toMatch(/^Hard to see on a white page: 1\.0:1 against white/);
      expect((await field.getAttribute('aria-describedby'))?.split(' ')).toContain('setting-ChatBubbleColor-contrast');
      expect(await field.getAttribute('aria-invalid')).toBeNull();
      await page.locator('#setting-UserMessageColor').fill('rgb(255,255,0)');
      await page.locator('#setting-UserMessageColor-contrast').waitFor();
      // A hint, not an error: it saves.
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.locator('#settings-status', { hasText: 'Saved 2 settings' }).waitFor();
      await field.fill('rgb(37,99,235)');
      expect(await hint.count()).toBe(0);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
      await editChatbot(fixture.service, { ChatBubbleColor: before.ChatBubbleColor, UserMessageColor: before.UserMessageColor });
    }
  });

  it('MessageLimit: "Unlimited" is -1; a number of messages is saved as that number', async () => {
    const { page, close } = await openConsole(fixture);
    try {
      const unlimited = page.locator('#setting-MessageLimit-unlimited');
      expect(await unlimited.isChecked()).toBe(true);
      expect(await page.locator('#setting-MessageLimit').isDisabled()).toBe(true);
      await unlimited.uncheck();
      await page.locator('#setting-MessageLimit').fill('500');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.locator('#settings-status', { hasText: 'Saved 1 setting: Messages per month.' }).waitFor();
      expect((await readSettings(fixture.service)).MessageLimit).toBe(500);
      await unlimited.check();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.locator('#settings-status', { hasText: 'Saved 1 setting' }).waitFor();
      expect((await readSettings(fixture.service)).MessageLimit).toBe(-1);
    } finally {
      await close();
    }
  });

  it('typing in the editor while the preview panel is open keeps the keyboard in the editor', async () => {
    const { page, log, close } = await openConsole(fixture);
    try {
      await launcher(page).click();
      const frame = page.frameLocator('iframe.preview__frame');
      await frame.locator('.cw-composer__input').waitFor();
      const welcome = page.locator('#setting-WelcomeMessage');
      await welcome.click();
      await welcome.selectText();
      // Pauses longer than the preview's debounce: the widget re-mounts, with its panel open, between the bursts.
      const bursts = ['Welcome ', 'to the ', 'lake house ', 'team!'];
      for (const burst of bursts) {
        await page.keyboard.type(burst, { delay: 20 });
        await page.waitForTimeout(600);
      }
      const typed = bursts.join('');
      expect(await welcome.inputValue()).toBe(typed);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('setting-WelcomeMessage');
      await frame.getByText(typed).first().waitFor();
      expect(await frame.locator('.cw-composer__input').inputValue()).toBe('');
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('uploads a launcher icon: the preview shows it at once, Save stores its file id; a non-image is refused in words', async () => {
    const { page, log, close } = await openConsole(fixture);
    try {
      const fileInput = page.locator('[data-field="ChatIcon"] input[type="file"]');
      await fileInput.setInputFiles({ name: 'not-really.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not a picture') });
      const problem = page.locator('[data-field="ChatIcon"] .field__error');
      await problem.waitFor();
      // Told as what a launcher icon takes (not the service's audio and video formats), and tied to the upload.
      expect(await problem.textContent()).toBe(
        'Could not upload not-really.png: it is not an image the launcher icon can use. Choose a PNG, JPEG, WebP or GIF file.',
      );
      expect(await fileInput.getAttribute('aria-invalid')).toBe('true');
      expect((await fileInput.getAttribute('aria-describedby'))?.split(' ')).toContain(await problem.getAttribute('id'));
      expect(await page.locator('#setting-ChatIcon').inputValue()).toBe('');

      await fileInput.setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: png(16, 16, [200, 30, 60]) });
      await expect.poll(() => page.locator('#setting-ChatIcon').inputValue(), { timeout: 10_000 }).toMatch(/^\d+$/);
      const fileId = await page.locator('#setting-ChatIcon').inputValue();
      expect(await problem.count()).toBe(0);
      expect(await fileInput.getAttribute('aria-invalid')).toBeNull();
      expect(await fileInput.getAttribute('aria-describedby')).toBe('setting-ChatIcon-help');
      const icon = launcher(page).locator('img.cw-launcher__icon');
      await icon.waitFor();
      expect(await icon.getAttribute('src')).toContain(`/upload/${fileId}`);

      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.locator('#settings-status', { hasText: 'Saved 1 setting: Launcher icon.' }).waitFor();
      const stored = await readSettings(fixture.service);
      expect(stored.ChatIcon).toBe(fileId);
      expect(stored.ChatIconUrl).toContain(`/upload/${fileId}`);
      // Removed (unsaved) after a reload, it leaves the preview at once, though the frame's config still has it.
      await page.reload();
      await icon.waitFor();
      await page.locator('[data-field="ChatIcon"]').getByRole('button', { name: 'Remove' }).click();
      await icon.waitFor({ state: 'detached', timeout: 5_000 });
      // The deliberate bad upload is the one expected failed request (the service answers 415).
      expect(log.problems().filter((line) => !line.includes('415'))).toEqual([]);
    } finally {
      await close();
      await editChatbot(fixture.service, { ChatIcon: '' });
    }
  });

  it('cleared fields leave the preview at once and after Save, as they leave the widget visitors see', async () => {
    const cleared = [
      'WelcomeMessage', 'SuggestedMessage', 'ChatbotPrivacyPolicyName', 'ChatbotPrivacyPolicyUrl',
      'ChatbotPrivacyPolicyDescription', 'SocialUrlOne', 'SocialUrlTwo', 'MessengerUrl', 'TalkToHumanEmail',
    ];
    const before = await readSettings(fixture.service);
    /** What of the cleared settings the open widget in `root` shows (a page, or the preview frame). */
    const shown = (root: Page | FrameLocator) =>
      root.locator('chatbot-widget-host').evaluate((host) => {
        const shadow = host.shadowRoot;
        const has = (selector: string) => shadow?.querySelector(selector) !== null;
        return { welcome: has('.cw-msg--welcome'), chips: has('.cw-chip'), privacy: has('.cw-privacy'), contacts: has('.cw-contacts'), human: has('.cw-human') };
      });
    const nothing = { welcome: false, chips: false, privacy: false, contacts: false, human: false };
    const { page, log, close } = await openConsole(fixture);
    try {
      const preview = page.frameLocator('iframe.preview__frame');
      await launcher(page).click();
      await preview.locator('.cw-composer__input').waitFor();
      expect(await shown(preview)).toEqual({ welcome: true, chips: true, privacy: true, contacts: true, human: true });

      for (const name of cleared) await page.locator(`#setting-${name}`).fill('');
      await expect.poll(() => shown(preview), { timeout: 10_000 }).toEqual(nothing);

      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.locator('#settings-status', { hasText: `Saved ${cleared.length} settings` }).waitFor();
      await page.waitForTimeout(300); // the preview is told of the save
      expect(await shown(preview)).toEqual(nothing);

      const visitor = await openPage(fixture.browser, `${fixture.site.url}/`);
      try {
        await visitor.page.locator('.cw-launcher').click();
        await visitor.page.locator('.cw-composer__input').waitFor();
        expect(await shown(visitor.page)).toEqual(nothing);
      } finally {
        await visitor.close();
      }
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
      await editChatbot(fixture.service, Object.fromEntries(cleared.map((name) => [name, before[name]])));
    }
  });

  it('with the service down, both views say so in plain words and offer to try again', async () => {
    const lonely = await startDemoSite({ serviceUrl: 'http://127.0.0.1:9', serialNumber: 'demo-realty', secretKey: 'unused' });
    try {
      const { page, close } = await openPage(fixture.browser, `${lonely.url}/console.html`);
      try {
        const alert = page.getByRole('alert').filter({ hasText: 'Could not load the chatbot settings' });
        await alert.waitFor();
        expect(await alert.textContent()).toMatch(/cannot be reached\. Is it running\?/);
        await alert.getByRole('button', { name: 'Try again' }).waitFor();
        await page.getByRole('link', { name: 'Listings' }).click();
        const tableError = page.locator('.table-wrap[data-state="failed"]');
        await tableError.waitFor();
        expect(await tableError.textContent()).toMatch(/^Could not load the listings: The chatbot service cannot be reached/);
        // Nothing is known of the listings: no count, no page numbers, no empty table beside the message.
        expect(await page.locator('#listings-summary').count()).toBe(0);
        expect(await page.getByText(/^Page \d+ of \d+$/).count()).toBe(0);
        expect(await page.locator('.table-wrap table').count()).toBe(0);
      } finally {
        await close();
      }
    } finally {
      await lonely.close();
    }
  });
});
