/**
 * The part of the UI that loads before the chat is opened: the launcher button, the welcome popup and the slot
 * the panel is rendered into, written with plain DOM calls and signal effects (no Preact: Preact, its signals
 * integration and hooks alone would spend most of the 12 KB budget). Styled by src/ui/launcher.css; the panel
 * (src/ui/Panel.tsx through panel-host.tsx) is rendered into its slot.
 */
import { effect, signal, untracked } from '@preact/signals-core';
import type { WidgetModel } from '../model/types.js';
import launcherCss from '../ui/launcher.css?inline';
import type { MediaController } from '../ui/media/slot.js';
import { fill } from '../model/texts.js';
import { LAUNCHER_TEXTS, UI_LANG } from '../ui/launcher-strings.js';
import { adoptStyles } from '../ui/styles.js';
import type { PanelHandle } from './panel-host.js';

export type PanelModule = typeof import('./panel-host.js');

const SVG_NS = 'http://www.w3.org/2000/svg';
const GLYPHS = {
  chat: 'M6 4h12a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H9l-5 4V6a2 2 0 0 1 2-2z',
  /** Also the popup's dismiss, drawn smaller. */
  close: 'M6 6l12 12M18 6L6 18',
};

/**
 * The welcome is markdown, which the panel renders; the popup, one button's text before the panel's code loads, shows
 * it without the marks: a link's words without its address, no **, __, ~~ or `, no heading, quote or list marker.
 */
const MARKS = /!?\[([^\]]*)\]\([^)]*\)|\*\*|__|~~|`|^ {0,3}(?:#{1,6}|>|[-*+]) /gm;

export interface LauncherOptions {
  loadPanel: () => Promise<PanelModule>;
  /** Loads the media chunk, on a visitor's first use of a media button, paste or drop (the panel's media slot). */
  loadMedia?: () => Promise<MediaController>;
}

/** Draws the widget into `shadow`; returns the function that removes all of it again. */
export function renderLauncher(shadow: ShadowRoot, model: WidgetModel, options: LauncherOptions): () => void {
  const doc = shadow.ownerDocument;
  const floating = model.mode !== 'inline';
  const panelId = `cw-panel-${Math.random().toString(36).slice(2, 10)}`;
  const loadFailed = signal(false);
  /** The launcher icon's address that did not load: the chat glyph stands in, not the browser's broken image. */
  const brokenIcon = signal<string | null>(null);
  const cleanups: Array<() => void> = [adoptStyles(shadow, launcherCss)];
  const texts = { ...LAUNCHER_TEXTS, ...model.texts };
  /** Marks a node that holds only the widget's own words: English unless mount()'s `texts` gave them. */
  const ownWords = (node: HTMLElement): void => {
    if (!model.texts) node.lang = UI_LANG;
  };
  let panel: PanelHandle | null = null;
  let loading: Promise<void> | null = null;
  let restoreFocus = false;
  let destroyed = false;
  // A panel open from the start (the open option or attribute) shows without taking focus from the page: the
  // visitor did not ask for it. Its first close ends that.
  let startedOpen = model.isOpen.peek();
  /** Where focus was before it entered the widget: a teardown with focus inside hands it back there. */
  let cameFrom: EventTarget | null = null;

  function create<K extends keyof HTMLElementTagNameMap>(tag: K, className: string): HTMLElementTagNameMap[K] {
    const node = doc.createElement(tag);
    node.className = className;
    return node;
  }
  function glyph(className: string, path: string): SVGSVGElement {
    const svg = doc.createElementNS(SVG_NS, 'svg');
    svg.setAttribute('class', className);
    svg.setAttribute('viewBox', '0 0 24 24');
    svg.setAttribute('aria-hidden', 'true');
    const shape = doc.createElementNS(SVG_NS, 'path');
    shape.setAttribute('d', path);
    svg.append(shape);
    return svg;
  }
  function button(className: string, onClick: () => void): HTMLButtonElement {
    const node = create('button', className);
    node.type = 'button';
    node.addEventListener('click', onClick);
    return node;
  }

  const root = create('div', '');
  // The panel's own root node: Preact owns everything inside it, nothing else does. `contents` keeps it out of layout.
  const slot = create('div', '');
  slot.style.display = 'contents';
  const error = create('p', 'cw-root__error');
  error.role = 'alert';
  ownWords(error);
  error.textContent = texts.panelLoadFailed;
  root.append(slot);
  shadow.append(root);
  // No relatedTarget: focus came back with the window (another tab, a link opened from the panel), not from the page.
  root.addEventListener('focusin', ({ relatedTarget }) => {
    if (relatedTarget && !root.contains(relatedTarget as Node)) cameFrom = relatedTarget;
  });

  function loadPanel(): void {
    loading ??= options.loadPanel().then(
      (module) => {
        if (destroyed) return;
        cleanups.push(adoptStyles(shadow, module.panelCss));
        panel = module.mountPanel(slot, {
          model,
          id: panelId,
          floating,
          onClose: () => {
            restoreFocus = true;
            model.close();
          },
          loadMedia: options.loadMedia,
        });
        panel.update(model.isOpen.peek(), startedOpen);
        launcher?.setAttribute('aria-controls', panelId);
        loadFailed.value = false;
      },
      () => {
        loading = null; // the next open tries again
        loadFailed.value = true;
      },
    );
  }

  // A click is a new try: the alert of a failed one (a prefetch on hover while offline) waits for this one to fail too,
  // and the launcher pulses while it loads.
  const launcher = floating
    ? button('cw-launcher', () => {
        loadFailed.value = false;
        model.toggle();
      })
    : null;
  if (launcher !== null) {
    ownWords(launcher);
    const prefetch = (): void => {
      model.prefetch();
      loadPanel();
    };
    launcher.addEventListener('pointerenter', prefetch);
    launcher.addEventListener('focus', prefetch);
    // (Shift+Tab out of the open panel lands here: Escape closes it through the open panel's own listener on the page.)
    root.insertBefore(launcher, slot);
  }

  // The welcome popup: its text opens the chat, its button dismisses it.
  const popup = create('div', 'cw-popup');
  const popupText = button('cw-popup__text', () => model.open());
  popupText.dir = 'auto';
  const dismiss = button('cw-popup__dismiss', () => {
    // Focus in the popup, which goes, moves on to the launcher instead of falling back to the page.
    if (popup.contains(shadow.activeElement)) launcher?.focus();
    model.dismissPopup();
  });
  dismiss.setAttribute('aria-label', texts.dismissPopup);
  ownWords(dismiss);
  dismiss.append(glyph('', GLYPHS.close));
  popup.append(popupText, dismiss);
  // Escape in the popup dismisses it, as its button does.
  popup.onkeydown = (event) => event.key === 'Escape' && dismiss.click();

  const stops = [
    effect(() => {
      const left = model.settings.value.align === 'left';
      root.className = `cw-root cw-root--${floating ? 'floating' : 'inline'}${left ? ' cw-root--left' : ''}`;
    }),

    effect(() => {
      if (launcher === null) return;
      const open = model.isOpen.value;
      const { name, launcherIconUrl } = model.settings.value;
      launcher.className = open ? 'cw-launcher cw-launcher--open' : 'cw-launcher';
      launcher.setAttribute('aria-label', fill(open ? texts.closeChat : texts.openChat, { name }));
      launcher.setAttribute('aria-expanded', String(open));
      let icon: Element;
      if (open || launcherIconUrl === null || launcherIconUrl === brokenIcon.value) {
        icon = glyph('cw-launcher__glyph', open ? GLYPHS.close : GLYPHS.chat);
      } else {
        const image = create('img', 'cw-launcher__icon');
        image.alt = '';
        image.src = launcherIconUrl;
        image.onerror = () => (brokenIcon.value = launcherIconUrl);
        icon = image;
      }
      launcher.replaceChildren(icon);
    }),

    effect(() => {
      // The model keeps it null unless floating, closed and with a welcome message. A welcome of marks alone (an image
      // without alt text, a stray "**") leaves no words: no popup then, not an empty, nameless button.
      const text = model.popup.value?.replace(MARKS, '$1').trim();
      if (!text) {
        popup.remove();
      } else {
        popupText.textContent = text;
        if (popup.parentNode === null) root.insertBefore(popup, slot);
      }
    }),

    effect(() => {
      const open = model.isOpen.value; // always true inline
      const failed = loadFailed.value;
      startedOpen &&= open;
      untracked(() => {
        if (open) loadPanel();
        // A close that takes focus away from inside the panel hands it back to the launcher; a close from the
        // page's own code while the visitor is elsewhere leaves focus alone.
        const focusInside = !open && panel?.dialog()?.contains(shadow.activeElement) === true;
        panel?.update(open, startedOpen);
        if (!open && (focusInside || restoreFocus)) launcher?.focus({ preventScroll: true });
        restoreFocus = false;
        if (open && failed) root.append(error);
        else error.remove();
      });
    }),
  ];

  return () => {
    // Not host.matches(':focus'): it fails while the window is in the background.
    const focusInside = shadow.activeElement !== null;
    destroyed = true;
    for (const stop of stops) stop();
    panel?.destroy();
    root.remove();
    for (const cleanup of cleanups) cleanup();
    // Scrolled into view: the page may have scrolled far from it meanwhile.
    if (focusInside) (cameFrom as HTMLElement | null)?.focus();
  };
}
