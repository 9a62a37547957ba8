import type { JSX } from 'preact';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { WidgetModel } from '../model/types';
import launcherCss from './launcher.css?inline';
import { Launcher } from './Launcher';
import type { ComposerMedia } from './media-slots';
import { Popup } from './Popup';
import { DEFAULT_BOT_NAME, PANEL_LOAD_FAILED } from './launcher-strings';
import './signals'; // re-renders components when the model signals they read change
import { adoptStyles } from './styles';

/*
 * The part of the UI that always loads: the launcher, the welcome popup, and the door to the panel. The panel
 * (messages, markdown, composer, panel.css) is its own chunk, fetched on first open or on launcher hover/focus.
 * Keep this file's imports to the launcher's needs: everything imported here counts against the 12 KB budget.
 */

type PanelModule = typeof import('./Panel');

export interface RootProps {
  model: WidgetModel;
  /** Filled by the media work (issue 4); without it no media buttons are drawn. */
  media?: ComposerMedia;
}

export function Root({ model, media }: RootProps): JSX.Element {
  const rootRef = useRef<HTMLDivElement>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const panelLoad = useRef<Promise<void> | null>(null);
  const wasOpen = useRef(false);
  const restoreFocus = useRef(false);
  const [panelModule, setPanelModule] = useState<PanelModule | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const panelId = `cw-panel-${useId()}`;

  const floating = model.mode !== 'inline';
  const open = !floating || model.isOpen.value;
  const settings = model.settings.value;
  const name = settings.name || DEFAULT_BOT_NAME;
  const popupText = model.popup.value;

  const removePanelCss = useRef<(() => void) | null>(null);
  const loadPanel = (): void => {
    panelLoad.current ??= import('./Panel').then(
      (loaded) => {
        const root = rootRef.current;
        if (root === null) return; // unmounted meanwhile
        // Styles before the first render: the panel measures itself (scroll position, text field height) then.
        removePanelCss.current ??= adoptStyles(rootNodeOf(root), loaded.panelCss);
        setLoadFailed(false);
        setPanelModule(() => loaded);
      },
      () => {
        panelLoad.current = null; // let the next open try again
        setLoadFailed(true);
      },
    );
  };

  // A close that takes focus away from inside the panel hands it back to the launcher. Decided here, while the
  // panel is still in the DOM; a close from the page's own code while the visitor is elsewhere leaves focus alone.
  if (wasOpen.current && !open && focusIsWithin(dialogRef.current)) restoreFocus.current = true;
  wasOpen.current = open;

  useLayoutEffect(() => adoptStyles(rootNodeOf(rootRef.current), launcherCss), []);
  useLayoutEffect(
    () => () => {
      removePanelCss.current?.();
      removePanelCss.current = null;
    },
    [],
  );
  useEffect(() => {
    if (open) loadPanel();
  }, [open]);
  useLayoutEffect(() => {
    if (open || !restoreFocus.current) return;
    restoreFocus.current = false;
    launcherRef.current?.focus();
  }, [open]);

  const closeFromPanel = (): void => {
    restoreFocus.current = true;
    model.close();
  };

  const rootClass = `cw-root cw-root--${floating ? 'floating' : 'inline'}${settings.align === 'left' ? ' cw-root--left' : ''}`;
  return (
    <div ref={rootRef} class={rootClass}>
      {floating && (
        <Launcher
          name={name}
          iconUrl={settings.launcherIconUrl ?? null}
          open={open}
          controls={panelModule !== null ? panelId : undefined}
          buttonRef={launcherRef}
          onToggle={() => model.toggle()}
          onPrefetch={() => {
            model.prefetch();
            loadPanel();
          }}
        />
      )}
      {floating && !open && popupText !== null && popupText !== '' && (
        <Popup text={popupText} onOpen={() => model.open()} onDismiss={() => model.dismissPopup()} />
      )}
      {panelModule !== null && (
        <panelModule.Panel
          model={model}
          id={panelId}
          floating={floating}
          open={open}
          onClose={closeFromPanel}
          dialogRef={dialogRef}
          media={media}
        />
      )}
      {open && loadFailed && (
        <p class="cw-root__error" role="alert">
          {PANEL_LOAD_FAILED}
        </p>
      )}
    </div>
  );
}

function rootNodeOf(element: Element | null): ShadowRoot | Document {
  if (element === null) throw new Error('chatbot-widget: Root is not mounted');
  return element.getRootNode() as ShadowRoot | Document;
}

function focusIsWithin(container: Element | null): boolean {
  if (container === null) return false;
  const active = (container.getRootNode() as ShadowRoot | Document).activeElement;
  return active !== null && container.contains(active);
}
