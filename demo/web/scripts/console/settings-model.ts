/**
 * The settings editor's state and actions: load, edit, save, discard. A failed save keeps every typed value and
 * puts the service's Message next to the field it names. No DOM here.
 */
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals';
import type { ChatbotSettings, ModelListItem } from '../../../../src/api/index';
import type { ConsoleApi, FullSettings } from './api';
import { describeFailure, fieldProblems, serviceMessageOf } from './failure';
import { SETTING_FIELDS, settingField, type SettingName } from './settings-fields';
import { changedSettings, draftFromSettings, planEdit, previewSettings, type Draft, type DraftValue } from './settings-values';

export type LoadState = { status: 'loading' } | { status: 'ready' } | { status: 'failed'; message: string };

export interface Notice {
  kind: 'success' | 'error';
  text: string;
}

type PictureField = 'ChatIcon' | 'ChatProfilePicture';

export interface SettingsModel {
  readonly load: ReadonlySignal<LoadState>;
  readonly models: ReadonlySignal<readonly ModelListItem[]>;
  /** Why the model list is missing, when it is. */
  readonly modelsError: ReadonlySignal<string | null>;
  readonly draft: ReadonlySignal<Draft>;
  readonly changed: ReadonlySignal<readonly SettingName[]>;
  readonly fieldErrors: ReadonlySignal<Partial<Record<SettingName, string>>>;
  readonly saving: ReadonlySignal<boolean>;
  readonly notice: ReadonlySignal<Notice | null>;
  /** URLs of the pictures the draft names, for thumbnails and the preview. */
  readonly pictureUrls: ReadonlySignal<Partial<Record<PictureField, string>>>;
  /** Counts successful saves (the preview is told; its inline settings already hold the saved values). */
  readonly savedVersion: ReadonlySignal<number>;
  /**
   * What the preview widget shows: the draft, before saving. Null until the settings have loaded (the preview waits
   * rather than show empty values); {} when they could not load (the widget then shows what GetConfig says).
   */
  readonly preview: ReadonlySignal<Partial<ChatbotSettings> | null>;
  reload(): Promise<void>;
  set(name: SettingName, value: DraftValue): void;
  /** Records an uploaded picture: its file id goes into the draft, its URL into the thumbnails and preview. */
  setPicture(name: PictureField, fileId: string, url: string): void;
  /** Empties a picture and says so: its Remove button goes as it is pressed, focus moves on, the status tells why. */
  removePicture(name: PictureField): void;
  save(): Promise<boolean>;
  discard(): void;
}

export function createSettingsModel(api: ConsoleApi): SettingsModel {
  const load = signal<LoadState>({ status: 'loading' });
  const models = signal<readonly ModelListItem[]>([]);
  const modelsError = signal<string | null>(null);
  const saved = signal<Draft | null>(null);
  const draft = signal<Draft>(draftFromSettings({}));
  const fieldErrors = signal<Partial<Record<SettingName, string>>>({});
  const saving = signal(false);
  const savedVersion = signal(0);
  const notice = signal<Notice | null>(null);
  /** file id -> URL, for the pictures seen so far (saved ones and fresh uploads). */
  const knownPictures = signal<Readonly<Record<string, string>>>({});

  const changed = computed(() => (saved.value ? changedSettings(saved.value, draft.value) : []));
  const pictureUrls = computed(() => {
    const urls: Partial<Record<PictureField, string>> = {};
    for (const name of ['ChatIcon', 'ChatProfilePicture'] as const) {
      const url = knownPictures.value[String(draft.value[name])];
      if (url) urls[name] = url;
    }
    return urls;
  });
  const preview = computed(() => {
    if (saved.value === null) return load.value.status === 'failed' ? {} : null;
    return previewSettings(draft.value, pictureUrls.value);
  });

  function adopt(settings: FullSettings): void {
    const values = draftFromSettings(settings as unknown as Record<string, unknown>);
    const pictures: Record<string, string> = { ...knownPictures.value };
    if (settings.ChatIcon && settings.ChatIconUrl) pictures[settings.ChatIcon] = settings.ChatIconUrl;
    if (settings.ChatProfilePicture && settings.ChatProfilePictureUrl) {
      pictures[settings.ChatProfilePicture] = settings.ChatProfilePictureUrl;
    }
    batch(() => {
      knownPictures.value = pictures;
      saved.value = values;
      draft.value = values;
      fieldErrors.value = {};
    });
  }

  async function loadModels(): Promise<void> {
    try {
      models.value = await api.modelList();
      modelsError.value = null;
    } catch (error) {
      modelsError.value = describeFailure(error, 'load the model list');
    }
  }

  async function reload(): Promise<void> {
    load.value = { status: 'loading' };
    const modelsLoaded = loadModels();
    try {
      adopt(await api.getSettings());
      load.value = { status: 'ready' };
    } catch (error) {
      load.value = { status: 'failed', message: describeFailure(error, 'load the chatbot settings') };
    }
    await modelsLoaded;
  }

  function set(name: SettingName, value: DraftValue): void {
    batch(() => {
      draft.value = { ...draft.value, [name]: value };
      if (fieldErrors.value[name]) {
        const { [name]: _fixed, ...rest } = fieldErrors.value;
        fieldErrors.value = rest;
      }
      if (notice.value?.kind === 'success') notice.value = null;
    });
  }

  async function save(): Promise<boolean> {
    const base = saved.value;
    if (!base || saving.value) return false;
    const plan = planEdit(base, draft.value);
    const names = Object.keys(plan.changes);
    if (Object.keys(plan.errors).length > 0) {
      batch(() => {
        fieldErrors.value = plan.errors;
        const count = Object.keys(plan.errors).length;
        notice.value = {
          kind: 'error',
          text: `${count === 1 ? 'One value needs fixing before it' : `${count} values need fixing before they`} can be saved; see the marked ${count === 1 ? 'field' : 'fields'}.`,
        };
      });
      return false;
    }
    if (names.length === 0) {
      notice.value = { kind: 'success', text: 'Nothing to save: no setting has changed.' };
      return true;
    }
    const sent = draft.value;
    saving.value = true;
    notice.value = null;
    try {
      await api.edit(plan.changes);
    } catch (error) {
      // The service names every field it refuses, one a line: each goes next to its field, in the form's order.
      const problems = fieldProblems(serviceMessageOf(error) ?? '');
      const byField = new Map(problems.map((problem) => [problem.field, problem.text]));
      const marked = SETTING_FIELDS.filter((field) => byField.has(field.name));
      batch(() => {
        saving.value = false;
        if (marked.length > 0 && marked.length === byField.size) {
          fieldErrors.value = Object.fromEntries(marked.map((field) => [field.name, byField.get(field.name)]));
          notice.value = {
            kind: 'error',
            text: `Not saved. ${marked.map((field) => `${field.label}: ${byField.get(field.name)}`).join(' ')}`,
          };
        } else {
          notice.value = { kind: 'error', text: `Not saved. ${describeFailure(error, 'save the settings')}` };
        }
      });
      return false;
    }
    // Saved. Re-read, so the editor shows what the service stored; edits made meanwhile stay in the draft.
    let stored: Draft = sent;
    try {
      stored = draftFromSettings((await api.getSettings()) as unknown as Record<string, unknown>);
    } catch {
      // The save worked; the values sent are what the service has.
    }
    batch(() => {
      const typedMeanwhile = draft.value !== sent;
      saved.value = stored;
      if (!typedMeanwhile) draft.value = stored;
      saving.value = false;
      savedVersion.value += 1;
      fieldErrors.value = {};
      notice.value = {
        kind: 'success',
        text: `Saved ${names.length} ${names.length === 1 ? 'setting' : 'settings'}: ${names
          .map((name) => settingField(name)?.label ?? name)
          .join(', ')}.`,
      };
    });
    return true;
  }

  function discard(): void {
    if (!saved.value) return;
    batch(() => {
      draft.value = saved.value as Draft;
      fieldErrors.value = {};
      notice.value = { kind: 'success', text: 'Changes discarded; the saved settings are back.' };
    });
  }

  function setPicture(name: PictureField, fileId: string, url: string): void {
    knownPictures.value = { ...knownPictures.value, [fileId]: url };
    set(name, fileId);
  }

  function removePicture(name: PictureField): void {
    batch(() => {
      set(name, '');
      notice.value = { kind: 'success', text: `${settingField(name)?.label ?? name} removed.` };
    });
  }

  return {
    load, models, modelsError, draft, changed, fieldErrors, saving, notice, pictureUrls, savedVersion, preview,
    reload, set, setPicture, removePicture, save, discard,
  };
}
