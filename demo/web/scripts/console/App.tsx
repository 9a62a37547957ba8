/** The operator console: settings editor or listings manager on the left, the live widget preview on the right. */
import { signal } from '@preact/signals';
import type { JSX } from 'preact';
import { useEffect } from 'preact/hooks';
import type { ConsoleApi } from './api';
import { ListingsManager } from './ListingsManager';
import type { ListingsModel } from './listings-model';
import { Preview } from './Preview';
import { SettingsEditor } from './SettingsEditor';
import type { SettingsModel } from './settings-model';

export type ConsoleView = 'settings' | 'listings';

export interface ConsoleAppProps {
  api: ConsoleApi;
  settings: SettingsModel;
  listings: ListingsModel;
  serialNumber: string;
}

function viewFromHash(hash: string): ConsoleView {
  return hash === '#listings' ? 'listings' : 'settings';
}

const view = signal<ConsoleView>(viewFromHash(location.hash));

export function ConsoleApp({ api, settings, listings, serialNumber }: ConsoleAppProps): JSX.Element {
  useEffect(() => {
    const onHash = () => {
      if (location.hash === '#settings' || location.hash === '#listings' || location.hash === '') {
        view.value = viewFromHash(location.hash);
      }
    };
    // Leaving with unsaved settings asks first; the browser words the question.
    const onLeave = (event: BeforeUnloadEvent) => {
      if (settings.changed.value.length > 0) event.preventDefault();
    };
    window.addEventListener('hashchange', onHash);
    window.addEventListener('beforeunload', onLeave);
    return () => {
      window.removeEventListener('hashchange', onHash);
      window.removeEventListener('beforeunload', onLeave);
    };
  }, [settings]);

  const unsaved = settings.changed.value.length;
  const current = view.value;
  return (
    <>
      <a class="skip-link" href="#console-main">Skip to the console</a>
      <header class="console-header">
        <div class="console-header__brand">
          <span class="console-header__logo" aria-hidden="true" />
          <div>
            <h1 class="console-header__title">Operator console</h1>
            <p class="console-header__meta">Chatbot <code>{serialNumber}</code></p>
          </div>
        </div>
        <nav class="console-nav" aria-label="Console">
          <a href="#settings" aria-current={current === 'settings' ? 'page' : undefined}>
            Settings
            {unsaved > 0 && <span class="badge" title={`${unsaved} unsaved`}>{unsaved}<span class="sr-only"> unsaved</span></span>}
          </a>
          <a href="#listings" aria-current={current === 'listings' ? 'page' : undefined}>Listings</a>
          <a href="#preview" class="console-nav__preview">Preview</a>
          <a href="/" class="console-nav__out">Demo site</a>
        </nav>
      </header>
      <div class="console-layout">
        <main id="console-main" class="console-main" tabIndex={-1}>
          {current === 'settings' ? <SettingsEditor model={settings} api={api} /> : <ListingsManager model={listings} api={api} />}
        </main>
        <aside id="preview" class="console-aside" aria-label="Widget preview" tabIndex={-1}>
          <Preview settings={settings.preview} savedVersion={settings.savedVersion} />
        </aside>
      </div>
      <footer class="console-footer">
        <p>
          This page never holds the secret key: it calls <code>/console-api/…</code> on this site, and the demo server adds
          the key before forwarding to the chatbot service.
        </p>
      </footer>
    </>
  );
}
