/** The settings editor: every field of 2.2 in groups, with a save bar that shows what is unsaved. */
import type { JSX } from 'preact';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import type { ConsoleApi } from './api';
import { AriaDisabledButton } from './AriaDisabledButton';
import { SettingInput } from './SettingInput';
import { LANGUAGE_SUGGESTIONS, SETTING_GROUPS, settingInputId, timeZoneSuggestions } from './settings-fields';
import type { SettingsModel } from './settings-model';

interface Props {
  model: SettingsModel;
  api: ConsoleApi;
}

export function SettingsEditor({ model, api }: Props): JSX.Element {
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loadingRef = useRef<HTMLParagraphElement>(null);
  const tryAgainRef = useRef<HTMLButtonElement>(null);
  // Try again goes as it is pressed, and so does each view that follows: focus that was on it follows the load
  // (the loading message, then the heading, or Try again once more) instead of falling to <body>.
  const focusFollowsReload = useRef(false);
  const load = model.load.value;

  useLayoutEffect(() => {
    if (!focusFollowsReload.current) return;
    if (load.status !== 'loading') focusFollowsReload.current = false;
    // Focus the operator has put somewhere else meanwhile stays there.
    if (document.activeElement !== null && document.activeElement !== document.body) return;
    const next = load.status === 'loading' ? loadingRef : load.status === 'ready' ? headingRef : tryAgainRef;
    next.current?.focus();
  }, [load]);

  if (load.status === 'loading') {
    return <p class="panel-message" role="status" ref={loadingRef} tabIndex={-1}>Loading the chatbot settings…</p>;
  }
  if (load.status === 'failed') {
    return (
      <div class="panel-message panel-message--error" role="alert">
        <p>{load.message}</p>
        <button
          type="button"
          class="button"
          ref={tryAgainRef}
          onClick={(event) => {
            focusFollowsReload.current = document.activeElement === event.currentTarget;
            void model.reload();
          }}
        >
          Try again
        </button>
      </div>
    );
  }

  async function submit(event: JSX.TargetedEvent<HTMLFormElement, Event>) {
    event.preventDefault();
    const saved = await model.save();
    if (saved) return;
    // Take the keyboard to the first field the service (or the editor) complained about.
    const first = Object.keys(model.fieldErrors.value)[0];
    if (first) formRef.current?.querySelector<HTMLElement>(`#${settingInputId(first as never)}`)?.focus();
  }

  return (
    <form ref={formRef} class="settings" onSubmit={submit} noValidate aria-labelledby="settings-heading">
      <div class="section-head">
        <h2 id="settings-heading" ref={headingRef} tabIndex={-1}>Chatbot settings</h2>
        <p class="muted">Changes show in the preview at once; visitors see them after you save.</p>
      </div>
      <nav class="group-nav" aria-label="Setting groups">
        {SETTING_GROUPS.map((group) => (
          <a key={group.id} href={`#group-${group.id}`}>{group.title}</a>
        ))}
      </nav>
      {SETTING_GROUPS.map((group) => (
        <fieldset key={group.id} id={`group-${group.id}`} class="group">
          <legend>{group.title}</legend>
          <p class="group__description">{group.description}</p>
          <div class="group__fields">
            {group.fields.map((field) => (
              <SettingInput key={field.name} field={field} model={model} api={api} />
            ))}
          </div>
        </fieldset>
      ))}
      <datalist id={`${settingInputId('TimeZone')}-suggestions`}>
        {timeZoneSuggestions().map((zone) => <option key={zone} value={zone} />)}
      </datalist>
      <datalist id={`${settingInputId('AIResponseLanguage')}-suggestions`}>
        {LANGUAGE_SUGGESTIONS.map((language) => <option key={language} value={language} />)}
      </datalist>
      <SaveBar model={model} />
    </form>
  );
}

/** What is unsaved, the save and error notices, and Discard and Save: sticky at the bottom of the viewport. */
function SaveBar({ model }: { model: SettingsModel }): JSX.Element {
  const barRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const bar = barRef.current;
    if (!bar) return;
    // The bar covers the bottom of the viewport, so a field focused there (by Tab or after an error) would be
    // under it: console.css keeps that much scroll padding, and the bar's height changes as notices wrap in it.
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--save-bar-height', `${bar.offsetHeight}px`));
    observer.observe(bar);
    // Chromium scrolls a focused text area only as far as its caret line needs: one that starts above the bar
    // can stay partly under it, focus ring included. Scroll the rest of it into view (the scroll padding keeps it
    // above the bar); a control that starts under the bar or off screen the browser scrolls to itself.
    const onFocusIn = (event: FocusEvent) => {
      const control = event.target;
      if (!(control instanceof HTMLElement) || bar.contains(control)) return;
      const box = control.getBoundingClientRect();
      const barTop = bar.getBoundingClientRect().top;
      if (box.top >= 0 && box.top < barTop && box.bottom > barTop) control.scrollIntoView({ block: 'nearest' });
    };
    const form = bar.closest('form');
    form?.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      form?.removeEventListener('focusin', onFocusIn);
      root.style.removeProperty('--save-bar-height');
    };
  }, []);

  const changedCount = model.changed.value.length;
  const notice = model.notice.value;
  return (
    <div ref={barRef} class="save-bar" data-dirty={changedCount > 0 ? 'true' : 'false'}>
      <div class="save-bar__text">
        <p class="save-bar__state" id="settings-state">
          {changedCount === 0 ? 'All changes saved.' : `${changedCount} unsaved ${changedCount === 1 ? 'change' : 'changes'}`}
        </p>
        <p class="notice notice--success" role="status" id="settings-status">
          {notice?.kind === 'success' ? notice.text : ''}
        </p>
        <p class="notice notice--error" role="alert" id="settings-error">
          {notice?.kind === 'error' ? notice.text : ''}
        </p>
      </div>
      <div class="save-bar__actions">
        <AriaDisabledButton type="button" class="button button--quiet" unavailable={changedCount === 0 || model.saving.value} onClick={() => model.discard()}>
          Discard
        </AriaDisabledButton>
        <AriaDisabledButton type="submit" class="button button--primary" unavailable={model.saving.value} aria-describedby="settings-state">
          {model.saving.value ? 'Saving…' : 'Save changes'}
        </AriaDisabledButton>
      </div>
    </div>
  );
}
