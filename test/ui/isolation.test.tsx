import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { renderLauncher } from '../../src/boot/launcher';
import type { WidgetModel } from '../../src/model/types';
import { adoptStyles } from '../../src/ui/styles';
import { createFakeModel } from '../helpers/fake-model';
import { afterPaint, renderPanel } from '../helpers/render-ui';

const teardowns: Array<() => void> = [];
afterEach(() => {
  for (const teardown of teardowns.splice(0)) teardown();
  cleanup();
  document.body.replaceChildren();
});

/** The widget as mount() draws it: the DOM launcher in a shadow root, the real panel loaded lazily. */
function renderWidget(root: ShadowRoot, model: WidgetModel): () => void {
  const remove = renderLauncher(root, model, { loadPanel: () => import('../../src/boot/panel-host') });
  teardowns.push(remove);
  return () => {
    teardowns.splice(teardowns.indexOf(remove), 1);
    remove();
  };
}

function shadowHost(): ShadowRoot {
  const host = document.createElement('div');
  document.body.append(host);
  return host.attachShadow({ mode: 'open' });
}

describe('adoptStyles', () => {
  test('adds a constructable sheet to the shadow root and removes exactly that one', () => {
    const root = shadowHost();
    const removeFirst = adoptStyles(root, '.cw-a { color: red; }');
    adoptStyles(root, '.cw-b { color: blue; }');
    expect(root.adoptedStyleSheets).toHaveLength(2);
    expect(root.adoptedStyleSheets[0]?.cssRules[0]?.cssText).toContain('.cw-a');
    expect(root.querySelector('style')).toBeNull();
    removeFirst();
    expect(root.adoptedStyleSheets).toHaveLength(1);
    expect(root.adoptedStyleSheets[0]?.cssRules[0]?.cssText).toContain('.cw-b');
    expect(document.adoptedStyleSheets).toHaveLength(0);
  });

  test('falls back to a <style> element inside the shadow root without constructable sheets', () => {
    const root = shadowHost();
    const prototype = CSSStyleSheet.prototype as { replaceSync?: unknown };
    const replaceSync = prototype.replaceSync;
    prototype.replaceSync = undefined;
    try {
      const remove = adoptStyles(root, '.cw-a { color: red; }');
      const style = root.querySelector('style');
      expect(style?.textContent).toBe('.cw-a { color: red; }');
      expect(document.head.querySelector('style')).toBeNull();
      remove();
      expect(root.querySelector('style')).toBeNull();
    } finally {
      prototype.replaceSync = replaceSync;
    }
  });
});

describe('inside a shadow root', () => {
  test('the launcher styles are adopted at once and the panel styles when it loads, all in the shadow root', async () => {
    const root = shadowHost();
    const model = createFakeModel();
    const remove = renderWidget(root, model);
    expect(root.adoptedStyleSheets).toHaveLength(1);

    const launcher = root.querySelector<HTMLButtonElement>('.cw-launcher');
    act(() => launcher?.click());
    await waitFor(() => expect(root.querySelector('[role="dialog"]')).not.toBeNull());
    expect(root.adoptedStyleSheets).toHaveLength(2);
    expect(document.adoptedStyleSheets).toHaveLength(0);
    expect(document.querySelector('.cw-launcher')).toBeNull();

    // Focus, labelling and Escape work across the shadow boundary too.
    await afterPaint();
    expect(root.activeElement?.classList.contains('cw-composer__input')).toBe(true);
    fireEvent.keyDown(root.activeElement as Element, { key: 'Escape' });
    await waitFor(() => expect(root.activeElement).toBe(launcher));

    remove();
    expect(root.adoptedStyleSheets).toHaveLength(0);
    expect(root.childNodes).toHaveLength(0);
  });
});

describe('mobile', () => {
  test('below 480px the floating panel is full screen and modal, and Tab stays inside it', async () => {
    const happy = (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM;
    happy.setViewport({ width: 375, height: 700 });
    try {
      const { panel: dialog } = await renderPanel(createFakeModel({ open: true }));
      expect(dialog.getAttribute('aria-modal')).toBe('true');
      expect(dialog.classList.contains('cw-panel--full')).toBe(true);

      const close = screen.getByRole('button', { name: 'Close chat' });
      const buttons = Array.from(dialog.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), textarea, [tabindex="0"]'));
      const last = buttons[buttons.length - 1] as HTMLElement;
      last.focus();
      fireEvent.keyDown(last, { key: 'Tab' });
      expect(document.activeElement).toBe(buttons[0]);
      fireEvent.keyDown(buttons[0] as HTMLElement, { key: 'Tab', shiftKey: true });
      expect(document.activeElement).toBe(last);
      expect(buttons).toContain(close);
    } finally {
      happy.setViewport({ width: 1024, height: 768 });
    }
  });

  test('the inline panel, part of the page, is a region named by its title: never a dialog, never modal', async () => {
    const happy = (window as unknown as { happyDOM: { setViewport(size: { width: number; height: number }): void } }).happyDOM;
    happy.setViewport({ width: 375, height: 700 });
    try {
      const { panel } = await renderPanel(createFakeModel({ mode: 'inline' }));
      expect(screen.getByRole('region', { name: 'Test bot' })).toBe(panel);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(panel.hasAttribute('aria-modal')).toBe(false);
    } finally {
      happy.setViewport({ width: 1024, height: 768 });
    }
  });

  test('the visual viewport (shrunk by the on-screen keyboard) sizes the panel through host variables', async () => {
    const viewport = Object.assign(new EventTarget(), { height: 700, offsetTop: 0 });
    Object.defineProperty(window, 'visualViewport', { configurable: true, value: viewport });
    try {
      const root = shadowHost();
      const remove = renderWidget(root, createFakeModel({ open: true }));
      await waitFor(() => expect(root.querySelector('[role="dialog"]')).not.toBeNull());
      await afterPaint();
      const host = root.host as HTMLElement;
      expect(host.style.getPropertyValue('--cw-vv-height')).toBe('700px');

      viewport.height = 380;
      viewport.offsetTop = 120;
      viewport.dispatchEvent(new Event('resize'));
      await new Promise((resolve) => requestAnimationFrame(resolve));
      expect(host.style.getPropertyValue('--cw-vv-height')).toBe('380px');
      expect(host.style.getPropertyValue('--cw-vv-top')).toBe('120px');
      remove();
      await afterPaint();
      expect(host.style.getPropertyValue('--cw-vv-height')).toBe('');
    } finally {
      Reflect.deleteProperty(window, 'visualViewport');
    }
  });
});

describe('stylesheets', () => {
  const uiDir = join(__dirname, '../../src/ui');
  const css = ['launcher.css', 'panel.css'].map((file) => readFileSync(join(uiDir, file), 'utf8')).join('\n');

  test('every cw- class the components use has a rule (no typo leaves something unstyled)', () => {
    const sources = readdirSync(uiDir)
      .filter((file) => file.endsWith('.tsx'))
      .map((file) => join(uiDir, file))
      .concat(join(__dirname, '../../src/boot/launcher.ts'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    const used = new Set(Array.from(sources.matchAll(/\bcw-[a-z0-9]+(?:-[a-z0-9]+)*(?:__[a-z0-9]+(?:-[a-z0-9]+)*)?(?:--[a-z0-9]+(?:-[a-z0-9]+)*)?/g), (match) => match[0]));
    // Classes that exist for tests, devtools and site owners' overrides rather than for our own rules.
    const hooksOnly = new Set([
      'cw-panel--full', 'cw-composer--busy', 'cw-msg--welcome', 'cw-panel__new', 'cw-panel__close', 'cw-msg__copy',
      'cw-msg__retry', 'cw-msg__edit', 'cw-composer__image', 'cw-composer__mic', 'cw-msg__time', 'cw-msg__file',
      'cw-root--floating',
      'cw-privacy__description', 'cw-privacy__name', 'cw-launcher--open', 'cw-composer__send--stop',
      'cw-limit__wait', 'cw-launcher__glyph',
      // Always rendered with the hidden attribute, which .cw-root [hidden] keeps out of view.
      'cw-composer__file',
    ]);
    const unstyled = [...used].filter(
      (name) => !hooksOnly.has(name) && !name.startsWith('cw-msg__file--') && !name.startsWith('cw-contacts__link--') && !name.startsWith('cw-msg__copy--') && !new RegExp(`\\.${name}(?![a-z0-9_-])`).test(css),
    );
    expect(unstyled).toEqual([]);
  });

  test('the host resets inherited page styles; motion and phone zoom are handled', () => {
    expect(css).toMatch(/:host\s*{[^}]*all:\s*initial/);
    expect(css).toMatch(/prefers-reduced-motion:\s*reduce/);
    expect(css).toMatch(/\.cw-composer__input\s*{[^}]*font-size:\s*16px/);
    expect(css).toContain('@media (max-width: 479.98px)');
  });
});
