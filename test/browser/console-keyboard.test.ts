/**
 * The console used from the keyboard alone, in Chromium: a button pressed with Enter that then becomes unavailable
 * or goes away does not drop focus to <body> (the operator would have to Tab in again from the top of the page),
 * and a field reached with Tab is never hidden under the sticky save bar (WCAG 2.4.11).
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RealEstateListResponse } from '../../src/api/types';
import { callService, editChatbot } from '../helpers/service';
import { openConsole, png, readSettings, startConsoleFixture, type ConsoleFixture } from './console-helpers';

let fixture: ConsoleFixture;

beforeAll(async () => {
  fixture = await startConsoleFixture();
});

afterAll(async () => {
  await fixture?.close();
});

/** What has keyboard focus, in words a failing assertion can show: an id, or a tag with its text. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'BODY';
    if (element.id) return `#${element.id}`;
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
    return `${element.tagName.toLowerCase()} "${name}"`;
  });
}

/** Whether `control` has keyboard focus (for controls with no id or name of their own to show). */
function hasFocus(control: Locator): Promise<boolean> {
  return control.evaluate((element) => element === document.activeElement);
}

/** Focuses `name` (a button) and presses Enter on it, as a keyboard user does. */
async function pressWithEnter(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('button', { name, exact: typeof name === 'string' }).focus();
  await page.keyboard.press('Enter');
}

describe('operator console: focus after a button becomes unavailable or goes away', () => {
  it('Save changes keeps focus while it saves and after; Discard keeps it once nothing is left to discard', async () => {
    const before = await readSettings(fixture.service);
    const { page, log, close } = await openConsole(fixture);
    let releaseEdit: () => void = () => undefined;
    const editHeld = new Promise<void>((resolve) => (releaseEdit = resolve));
    let editsSent = 0;
    await page.route('**/console-api/edit', async (route) => {
      editsSent += 1;
      await editHeld;
      await route.continue();
    });
    try {
      await page.locator('#setting-AnswerSuffix').fill('Saved from the keyboard.');
      await pressWithEnter(page, 'Save changes');
      const saving = page.getByRole('button', { name: 'Saving…' });
      await saving.waitFor();
      expect(await focused(page)).toBe('button "Saving…"');
      expect(await saving.getAttribute('aria-disabled')).toBe('true');
      // Pressed again while saving, it sends nothing more.
      await page.keyboard.press('Enter');
      await page.locator('#setting-Name').press('Enter');
      await page.locator('#setting-AnswerSuffix').focus();
      await saving.focus();
      releaseEdit();
      await page.locator('#settings-status', { hasText: 'Saved 1 setting: Answer suffix.' }).waitFor();
      expect(await focused(page)).toBe('button "Save changes"');
      expect(editsSent).toBe(1);
      expect((await readSettings(fixture.service)).AnswerSuffix).toBe('Saved from the keyboard.');

      await page.locator('#setting-AnswerSuffix').fill('Not kept.');
      await pressWithEnter(page, 'Discard');
      await page.locator('#settings-status', { hasText: 'Changes discarded' }).waitFor();
      const discard = page.getByRole('button', { name: 'Discard' });
      expect(await focused(page)).toBe('button "Discard"');
      expect(await discard.getAttribute('aria-disabled')).toBe('true');
      expect(await page.locator('#setting-AnswerSuffix').inputValue()).toBe('Saved from the keyboard.');
      expect(await page.locator('.save-bar__state').textContent()).toBe('All changes saved.');
      expect(log.problems()).toEqual([]);
    } finally {
      releaseEdit();
      await close();
      await editChatbot(fixture.service, { AnswerSuffix: before.AnswerSuffix });
    }
  });

  it('Save listing keeps focus while it saves and after a save that fails without naming a field', async () => {
    const { page, log, close } = await openConsole(fixture, '#listings');
    let releaseUpdate: () => void = () => undefined;
    const updateHeld = new Promise<void>((resolve) => (releaseUpdate = resolve));
    let updatesSent = 0;
    await page.route('**/console-api/realEstateUpdate', async (route) => {
      updatesSent += 1;
      await updateHeld;
      await route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal error.' });
    });
    try {
      await page.locator('tbody tr').first().getByRole('button', { name: /^Edit listing/ }).click();
      await page.locator('#listing-Description').fill('Never stored: the service fails.');
      await pressWithEnter(page, 'Save listing');
      const saving = page.getByRole('button', { name: 'Saving…' });
      await saving.waitFor();
      expect(await focused(page)).toBe('button "Saving…"');
      expect(await saving.getAttribute('aria-disabled')).toBe('true');
      // Pressed again while saving, or Enter in a field, it sends nothing more.
      await page.keyboard.press('Enter');
      await page.locator('#listing-City').press('Enter');
      await saving.focus();
      releaseUpdate();
      await page.locator('.listing-form [role="alert"]', { hasText: 'Not saved. Could not update the listing' }).waitFor();
      expect(await focused(page)).toBe('button "Save listing"');
      expect(updatesSent).toBe(1);
      expect(await page.locator('#listing-Description').inputValue()).toBe('Never stored: the service fails.');
      // The answer of 500 is the one expected failure.
      expect(log.problems().filter((line) => !line.includes('500'))).toEqual([]);
    } finally {
      releaseUpdate();
      await close();
    }
  });

  it('an image upload keeps focus while it uploads; the image\'s Remove, which goes when pressed, hands focus to it', async () => {
    const { page, log, close } = await openConsole(fixture);
    let releaseUpload: () => void = () => undefined;
    const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
    await page.route('**/console-api/preUpload', async (route) => {
      await uploadHeld;
      await route.continue();
    });
    let fileChoosersOpened = 0;
    page.on('filechooser', (chooser) => {
      fileChoosersOpened += 1;
      void chooser.setFiles({ name: 'icon.png', mimeType: 'image/png', buffer: png(16, 16, [30, 120, 60]) });
    });
    try {
      const field = page.locator('[data-field="ChatIcon"]');
      const upload = field.locator('input[type="file"]');
      await upload.focus();
      await page.keyboard.press('Enter');
      await field.getByText('Uploading…').waitFor();
      expect(await hasFocus(upload)).toBe(true);
      expect(await upload.getAttribute('aria-disabled')).toBe('true');
      // Pressed again while uploading, it opens no file chooser.
      await page.keyboard.press('Enter');
      await page.waitForTimeout(300);
      expect(fileChoosersOpened).toBe(1);
      releaseUpload();
      await expect.poll(() => page.locator('#setting-ChatIcon').inputValue(), { timeout: 10_000 }).toMatch(/^\d+$/);
      await field.getByText('Upload image').waitFor();
      expect(await hasFocus(upload)).toBe(true);
      expect(await upload.getAttribute('aria-disabled')).toBeNull();

      await field.getByRole('button', { name: 'Remove' }).focus();
      await page.keyboard.press('Enter');
      await field.getByRole('button', { name: 'Remove' }).waitFor({ state: 'detached' });
      expect(await hasFocus(upload)).toBe(true);
      await expect.poll(() => page.locator('#settings-status').textContent(), { timeout: 5_000 }).toBe('Launcher icon removed.');
      expect(await page.locator('#setting-ChatIcon').inputValue()).toBe('');
      expect(log.problems()).toEqual([]);
    } finally {
      releaseUpload();
      await close();
    }
  });

  it('the settings\' Try again, which goes when pressed, hands focus to the loading message, then the settings or Try again', async () => {
    const { page, log, close } = await openConsole(fixture);
    let settingsAnswer: 'failure' | 'settings' = 'failure';
    let releaseSettings: () => void = () => undefined;
    let settingsHeld = Promise.resolve();
    await page.route('**/console-api/getSettings', async (route) => {
      await settingsHeld;
      if (settingsAnswer === 'failure') await route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal error.' });
      else await route.continue();
    });
    try {
      await page.reload();
      const failed = page.getByRole('alert').filter({ hasText: 'Could not load the chatbot settings' });
      await failed.waitFor();

      settingsHeld = new Promise<void>((resolve) => (releaseSettings = resolve));
      await pressWithEnter(page, 'Try again');
      const loading = page.getByRole('status').filter({ hasText: 'Loading the chatbot settings…' });
      await loading.waitFor();
      expect(await hasFocus(loading)).toBe(true);
      releaseSettings();
      // Failed again: focus is on the new Try again, under the message that says so.
      await failed.waitFor();
      expect(await focused(page)).toBe('button "Try again"');

      settingsAnswer = 'settings';
      await page.keyboard.press('Enter');
      await page.locator('#setting-Name').waitFor();
      expect(await focused(page)).toBe('#settings-heading');
      // The 500 answers are the expected failures.
      expect(log.problems().filter((line) => !line.includes('500'))).toEqual([]);
    } finally {
      releaseSettings();
      await close();
    }
  });

  it('the listings\' Try again, which goes when pressed, hands focus to the table, then to Try again if loading fails again', async () => {
    const { page, log, close } = await openConsole(fixture, '#listings');
    let listAnswer: 'failure' | 'listings' = 'failure';
    let releaseList: () => void = () => undefined;
    let listHeld = Promise.resolve();
    await page.route('**/console-api/realEstateList', async (route) => {
      await listHeld;
      if (listAnswer === 'failure') await route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal error.' });
      else await route.continue();
    });
    try {
      await page.reload();
      const table = page.locator('.table-wrap[role="region"]');
      const failed = page.locator('.table-wrap[data-state="failed"]');
      await failed.waitFor();

      listHeld = new Promise<void>((resolve) => (releaseList = resolve));
      await pressWithEnter(page, 'Try again');
      await page.locator('.table-wrap[data-state="loading"]').waitFor();
      expect(await hasFocus(table)).toBe(true);
      releaseList();
      // Failed again: focus is on the new Try again, under the message that says so.
      await failed.waitFor();
      expect(await focused(page)).toBe('button "Try again"');
      expect(await table.getByRole('alert').textContent()).toMatch(/^Could not load the listings/);

      listAnswer = 'listings';
      await page.keyboard.press('Enter');
      await page.locator('.table-wrap[data-state="ready"]').waitFor();
      expect(await hasFocus(table)).toBe(true);
      const summary = await page.locator('#listings-summary').textContent();
      expect(summary).toMatch(/^Showing 1–\d+ of \d+ listings$/);
      await expect.poll(() => page.locator('#listings-status').textContent(), { timeout: 5_000 }).toBe(`Listings loaded. ${summary}.`);
      // The 500 answers are the expected failures.
      expect(log.problems().filter((line) => !line.includes('500'))).toEqual([]);
    } finally {
      releaseList();
      await close();
    }
  });

  it('Delete selected keeps focus while it deletes ("Deleting…"), sends once, then hands focus to the heading', async () => {
    const { page, log, close } = await openConsole(fixture, '#listings');
    const count = async () =>
      (await callService<RealEstateListResponse>(fixture.service, '/chat/Chatbot/RealEstateList', { SerialNumber: fixture.service.serialNumber }))
        .VirtualCount;
    let releaseDelete: () => void = () => undefined;
    const deleteHeld = new Promise<void>((resolve) => (releaseDelete = resolve));
    let deletesSent = 0;
    await page.route('**/console-api/realEstateDelete', async (route) => {
      deletesSent += 1;
      await deleteHeld;
      await route.continue();
    });
    try {
      const before = await count();
      const checkboxes = page.locator('tbody tr').getByRole('checkbox');
      await checkboxes.nth(0).check();
      await checkboxes.nth(1).check();
      await pressWithEnter(page, 'Delete selected (2)');
      const dialog = page.getByRole('dialog', { name: 'Delete 2 listings?' });
      await dialog.waitFor();
      await pressWithEnter(page, 'Delete 2 listings');
      const deleting = page.getByRole('button', { name: 'Deleting…' });
      await deleting.waitFor();
      expect(await focused(page)).toBe('button "Deleting…"');
      expect(await deleting.getAttribute('aria-disabled')).toBe('true');
      // Pressed again while it deletes: no second dialog, nothing more sent.
      await page.keyboard.press('Enter');
      expect(await dialog.isVisible()).toBe(false);
      releaseDelete();
      await page.locator('#listings-status', { hasText: /^Deleted 2 listings\./ }).waitFor();
      expect(await focused(page)).toBe('#listings-heading');
      expect(deletesSent).toBe(1);
      expect(await count()).toBe(before - 2);
      expect(await page.getByRole('button', { name: 'Delete selected (0)' }).getAttribute('aria-disabled')).toBe('true');
      expect(log.problems()).toEqual([]);
    } finally {
      releaseDelete();
      await close();
    }
  });

  it('in the listing form, the last image\'s or detail\'s Remove hands focus to the row before, or to Add when none is left', async () => {
    const { page, log, close } = await openConsole(fixture, '#listings');
    try {
      await pressWithEnter(page, 'New listing');
      const imageRows = page.locator('[data-field="Images"] .row');
      await pressWithEnter(page, 'Add image');
      await page.locator('#listing-Images-0').fill('https://listings.example/first.jpg');
      await page.locator('#listing-Images-1').fill('https://listings.example/second.jpg');
      await pressWithEnter(page, 'Remove image 2');
      await expect.poll(() => imageRows.count()).toBe(1);
      expect(await focused(page)).toBe('button "Remove image 1"');
      await page.keyboard.press('Enter');
      await expect.poll(() => imageRows.count()).toBe(0);
      expect(await focused(page)).toBe('button "Add image"');

      const detailRows = page.locator('[data-field="ExtensionColumn"] .row');
      await pressWithEnter(page, 'Add detail');
      await pressWithEnter(page, 'Remove detail 1');
      await expect.poll(() => detailRows.count()).toBe(0);
      expect(await focused(page)).toBe('button "Add detail"');
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('Clear filters and Clear selection, which go when pressed, hand focus on and say what happened', async () => {
    const { page, log, close } = await openConsole(fixture, '#listings');
    try {
      const all = await callService<RealEstateListResponse>(fixture.service, '/chat/Chatbot/RealEstateList', {
        SerialNumber: fixture.service.serialNumber,
        PageSize: 1,
      });
      const city = all.List[0]?.City ?? '';
      const summary = page.locator('#listings-summary');
      await page.getByLabel('City').fill(city);
      await pressWithEnter(page, 'Apply filters');
      await summary.filter({ hasNotText: `of ${all.VirtualCount} listings` }).filter({ hasText: /^Showing/ }).waitFor();

      await pressWithEnter(page, 'Clear filters');
      await summary.filter({ hasText: `of ${all.VirtualCount} listings` }).waitFor();
      expect(await page.getByRole('button', { name: 'Clear filters' }).count()).toBe(0);
      expect(await focused(page)).toBe('button "Apply filters"');
      await expect.poll(() => page.locator('#listings-status').textContent(), { timeout: 5_000 }).toBe(`Filters cleared: ${all.VirtualCount} listings in all.`);

      await page.locator('tbody tr').getByRole('checkbox').nth(1).check();
      await pressWithEnter(page, 'Clear selection');
      await page.getByRole('button', { name: 'Clear selection' }).waitFor({ state: 'detached' });
      expect(await focused(page)).toBe('input "Select every listing on this page"');
      await expect.poll(() => page.locator('#listings-status').textContent(), { timeout: 5_000 }).toBe('Selection cleared: no listing is selected.');

      // With nothing on this page to select (a selection outlives filters), the table itself takes focus.
      await page.locator('tbody tr').getByRole('checkbox').nth(0).check();
      await page.getByLabel('City').fill('A city with no listings');
      await pressWithEnter(page, 'Apply filters');
      await page.getByText('No listings match these filters.').waitFor();
      await pressWithEnter(page, 'Clear selection');
      await page.getByRole('button', { name: 'Clear selection' }).waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.matches('.table-wrap[role="region"]'))).toBe(true);
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('the pager\'s Next stays focused on the last page, and Previous on the first', async () => {
    const { page, log, close } = await openConsole(fixture, '#listings');
    try {
      const summary = page.locator('#listings-summary');
      const pageLabel = page.locator('.pager__controls > span');
      const pageCount = Number((await pageLabel.textContent())?.match(/of (\d+)/)?.[1]);
      expect(pageCount).toBeGreaterThan(1);

      const next = page.getByRole('button', { name: 'Next page' });
      await next.focus();
      for (let pageNumber = 2; pageNumber <= pageCount; pageNumber += 1) {
        await page.keyboard.press('Enter');
        await pageLabel.filter({ hasText: `Page ${pageNumber} of` }).waitFor();
        await summary.filter({ hasText: /^Showing/ }).waitFor();
      }
      expect(await next.getAttribute('aria-disabled')).toBe('true');
      expect(await focused(page)).toBe('button "Next page"');
      // Unavailable, it loads nothing.
      let pagesRequested = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/console-api/realEstateList')) pagesRequested += 1;
      });
      await page.keyboard.press('Enter');
      await page.waitForTimeout(300);
      expect(pagesRequested).toBe(0);
      expect(await pageLabel.textContent()).toBe(`Page ${pageCount} of ${pageCount}`);

      const previous = page.getByRole('button', { name: 'Previous page' });
      await previous.focus();
      for (let pageNumber = pageCount - 1; pageNumber >= 1; pageNumber -= 1) {
        await page.keyboard.press('Enter');
        await pageLabel.filter({ hasText: `Page ${pageNumber} of` }).waitFor();
        await summary.filter({ hasText: /^Showing/ }).waitFor();
      }
      expect(await previous.getAttribute('aria-disabled')).toBe('true');
      expect(await focused(page)).toBe('button "Previous page"');
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

  it('the listing form: Cancel and Escape ask before discarding typed changes, and focus goes back to the row\'s Edit', async () => {
    const { page, log, close } = await openConsole(fixture, '#listings');
    const updates: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/console-api/realEstateUpdate')) updates.push(request.postData() ?? '');
    });
    try {
      const row = page.locator('tbody tr[data-listing-id]').nth(4);
      const id = await row.getAttribute('data-listing-id');
      const edit = row.getByRole('button', { name: /^Edit/ });
      const editName = (await edit.textContent()) ?? '';
      await edit.focus();
      await page.keyboard.press('Enter');
      const description = page.locator('#listing-Description');
      await description.fill('Typed, not saved yet.');

      // Cancel with a typed change asks first; Keep editing (focused) goes back with the text kept.
      await pressWithEnter(page, 'Cancel');
      const dialog = page.getByRole('dialog', { name: 'Discard your changes?' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toMatch(/You changed 1 field of this listing/);
      expect(await focused(page)).toBe('button "Keep editing"');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      expect(await description.inputValue()).toBe('Typed, not saved yet.');

      // Escape in a field asks too; the dialog's own Escape keeps editing, back in the field.
      await description.focus();
      await page.keyboard.press('Escape');
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await focused(page)).toBe('#listing-Description');

      // Discarded: the form goes, nothing is sent, and focus is on the Edit that opened it.
      await page.keyboard.press('Escape');
      await pressWithEnter(page, 'Discard changes');
      await page.locator('.listing-form').waitFor({ state: 'detached' });
      await expect.poll(() => focused(page)).toBe(`button "${editName.trim()}"`);
      expect(await page.locator(`tr[data-listing-id="${id}"] button:focus`).count()).toBe(1);
      expect(updates).toEqual([]);

      // Nothing typed: Escape closes at once, no question.
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page)).toBe('#listing-form-heading');
      await page.keyboard.press('Escape');
      await page.locator('.listing-form').waitFor({ state: 'detached' });
      expect(await dialog.isVisible()).toBe(false);
      await expect.poll(() => focused(page)).toBe(`button "${editName.trim()}"`);

      // Saved: the row's Edit again, once the updated row has loaded.
      await page.keyboard.press('Enter');
      await description.fill('Saved from the keyboard.');
      await pressWithEnter(page, 'Save listing');
      await page.locator('#listings-status', { hasText: /^Updated 1 listing/ }).waitFor();
      await expect.poll(() => focused(page)).toBe(`button "${editName.trim()}"`);
      expect(updates).toHaveLength(1);

      // A new listing cancelled with nothing typed hands focus back to New listing.
      await pressWithEnter(page, 'New listing');
      await expect.poll(() => focused(page)).toBe('#listing-form-heading');
      await page.keyboard.press('Escape');
      await expect.poll(() => focused(page)).toBe('button "New listing"');
      expect(log.problems()).toEqual([]);
    } finally {
      await close();
    }
  });

});

interface Obscured {
  control: string;
  coveredPercent: number;
}

/** Waits until the page stops scrolling (focus scrolls smoothly unless reduced motion is asked for). */
async function scrollSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = window.scrollY;
        let stillFrames = 0;
        const started = performance.now();
        const check = () => {
          stillFrames = window.scrollY === last ? stillFrames + 1 : 0;
          last = window.scrollY;
          if (stillFrames >= 5 || performance.now() - started > 3_000) resolve();
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      }),
  );
}

/** How much of the focused control the save bar covers, when the control is outside the bar. */
function coveredBySaveBar(page: Page): Promise<Obscured | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    const bar = document.querySelector('.save-bar');
    if (!element || element === document.body || !bar || bar.contains(element) || element.tagName === 'IFRAME') return null;
    const box = element.getBoundingClientRect();
    const barBox = bar.getBoundingClientRect();
    const overlap = Math.max(0, Math.min(box.bottom, barBox.bottom) - Math.max(box.top, barBox.top));
    return { control: element.id || element.textContent?.trim().slice(0, 30) || element.tagName, coveredPercent: Math.round((overlap / Math.max(1, box.height)) * 100) };
  });
}

/** Tabs from the top of the console through every control of the settings form and lists those the bar covers. */
async function controlsHiddenWhileTabbing(page: Page): Promise<{ reached: number; obscured: Obscured[] }> {
  await page.locator('.skip-link').focus();
  let reached = 0;
  const obscured: Obscured[] = [];
  for (let step = 0; step < 120; step += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(() => document.activeElement?.tagName === 'IFRAME')) break;
    await scrollSettled(page);
    const covered = await coveredBySaveBar(page);
    if (!covered) continue;
    reached += 1;
    if (covered.coveredPercent > 0) obscured.push(covered);
  }
  return { reached, obscured };
}

describe('operator console: the sticky save bar never hides the focused field', () => {
  for (const viewport of [{ width: 1280, height: 720 }, { width: 320, height: 568 }]) {
    it(`Tab through the settings at ${viewport.width}×${viewport.height}`, async () => {
      const { page, close } = await openConsole(fixture, '', { viewport });
      try {
        const { reached, obscured } = await controlsHiddenWhileTabbing(page);
        expect(reached).toBeGreaterThan(30);
        expect(obscured).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  it('with an error notice making the bar taller, on a phone: the field the error names and every other one show', async () => {
    const { page, close } = await openConsole(fixture, '', { viewport: { width: 320, height: 568 } });
    try {
      await page.locator('#setting-ChatbotPrivacyPolicyUrl').fill('not a link');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.locator('#setting-ChatbotPrivacyPolicyUrl-error').waitFor();
      await scrollSettled(page);
      expect(await focused(page)).toBe('#setting-ChatbotPrivacyPolicyUrl');
      expect(await coveredBySaveBar(page)).toEqual({ control: 'setting-ChatbotPrivacyPolicyUrl', coveredPercent: 0 });
      const { obscured } = await controlsHiddenWhileTabbing(page);
      expect(obscured).toEqual([]);
    } finally {
      await close();
    }
  });
});
