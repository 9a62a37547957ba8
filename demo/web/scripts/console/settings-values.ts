/**
 * The editor's values: what the inputs hold (text for numbers, so a half-typed value is never lost), and the
 * conversions to an Edit request and to the preview's inline settings. No DOM here.
 */
import type { ChatbotSettings } from '../../../../src/api/index';
import { EDIT_SCHEMA } from '../../../server/settings';
import { valueProblem } from '../../../server/validation';
import { fieldProblem } from './failure';
import { SETTING_FIELDS, settingField, type SettingField, type SettingName } from './settings-fields';

export type DraftValue = string | boolean;
export type Draft = Readonly<Record<SettingName, DraftValue>>;

export const UNLIMITED = '-1';

function emptyValue(field: SettingField): DraftValue {
  return field.kind === 'toggle' ? false : '';
}

/** The inputs' values for settings as the service returned them; unknown or missing fields get empty values. */
export function draftFromSettings(settings: Readonly<Record<string, unknown>>): Draft {
  const draft = {} as Record<SettingName, DraftValue>;
  for (const field of SETTING_FIELDS) {
    const value = settings[field.name];
    if (field.kind === 'toggle') draft[field.name] = value === true;
    else if (typeof value === 'number' || typeof value === 'string') draft[field.name] = String(value);
    else draft[field.name] = emptyValue(field);
  }
  return draft;
}

export type Converted =
  | { ok: true; value: ChatbotSettings[SettingName] }
  | { ok: false; error: string };

/**
 * One input's value as the service wants it, or what to fix before it can be sent: the reference service's own
 * rules (EDIT_SCHEMA: rgb() colours, http(s) URLs, e-mail, IANA zones, ranges, a Name...), so the console marks
 * every value the service would refuse before sending it. Not the model: the select offers what ModelList says.
 */
export function convertValue(field: SettingField, value: DraftValue): Converted {
  const converted = parseValue(field, value);
  const rule = EDIT_SCHEMA[field.name];
  if (!converted.ok || !rule || field.kind === 'model') return converted;
  const problem = valueProblem(field.name, converted.value, rule);
  return problem ? { ok: false, error: fieldProblem(problem)?.text ?? problem } : converted;
}

function parseValue(field: SettingField, value: DraftValue): Converted {
  if (field.kind === 'toggle') return { ok: true, value: value === true };
  const text = typeof value === 'string' ? value : String(value);
  switch (field.kind) {
    case 'integer':
    case 'messageLimit':
    case 'align': {
      const trimmed = text.trim();
      if (trimmed === '') return { ok: false, error: 'Enter a whole number.' };
      const number = Number(trimmed);
      if (!Number.isInteger(number)) return { ok: false, error: `Enter a whole number (not "${trimmed}").` };
      return { ok: true, value: number };
    }
    case 'lines':
      // Windows line ends and trailing blank lines are noise; inner blank lines are the operator's choice.
      return { ok: true, value: text.replace(/\r\n?/g, '\n').replace(/\n+$/, '') };
    default:
      return { ok: true, value: text };
  }
}

/** The names whose value differs from the saved one. */
export function changedSettings(saved: Draft, draft: Draft): SettingName[] {
  return SETTING_FIELDS.filter((field) => saved[field.name] !== draft[field.name]).map((field) => field.name);
}

export interface EditPlan {
  /** The changed settings, converted; empty when nothing changed. */
  changes: Omit<ChatbotSettings, 'serialNumber'>;
  /** Values that cannot be sent yet, by setting name. */
  errors: Partial<Record<SettingName, string>>;
}

/** Only what changed is sent: Edit takes any subset, and an unchanged field stays as the service has it. */
export function planEdit(saved: Draft, draft: Draft): EditPlan {
  const changes: Record<string, unknown> = {};
  const errors: Partial<Record<SettingName, string>> = {};
  for (const name of changedSettings(saved, draft)) {
    const field = settingField(name);
    if (!field) continue;
    const converted = convertValue(field, draft[name]);
    if (converted.ok) changes[name] = converted.value;
    else errors[name] = converted.error;
  }
  return { changes: changes as EditPlan['changes'], errors };
}

/**
 * Inline settings for the preview widget: every value that converts, cleared ones as "" (a blank inline value wins
 * over the config the preview fetched, and means what a saved blank means to visitors). Picture fields hold file
 * ids, which the widget cannot show by themselves, so the caller passes the URLs it knows (`pictureUrls`) instead;
 * a removed picture is "", so the saved one goes too.
 */
export function previewSettings(
  draft: Draft,
  pictureUrls: Readonly<Partial<Record<'ChatIcon' | 'ChatProfilePicture', string>>> = {},
): Partial<ChatbotSettings> {
  const settings: Record<string, unknown> = {};
  for (const field of SETTING_FIELDS) {
    if (field.kind === 'image') {
      const url = draft[field.name] === '' ? '' : pictureUrls[field.name as 'ChatIcon' | 'ChatProfilePicture'];
      if (url !== undefined) settings[field.name] = url;
      continue;
    }
    const converted = convertValue(field, draft[field.name]);
    if (converted.ok) settings[field.name] = converted.value;
  }
  return settings as Partial<ChatbotSettings>;
}

/**
 * A warning when domain checks would lock out the page the operator is on (the preview and the demo pages run
 * there). Mirrors the reference service's rules loosely: an entry matches this origin, this host:port, this host
 * name, or a *.wildcard of it. CustomDomain is an entry too, as the service reads it (auth.ts) and its help says.
 */
export function domainWarning(draft: Draft, origin: string): string | undefined {
  if (draft.VerifyDomain !== true) return undefined;
  const url = new URL(origin);
  const entries = `${String(draft.Domains)}\n${String(draft.CustomDomain)}`
    .split(/\r?\n/)
    .map((line) => line.trim().toLowerCase().replace(/\/+$/, ''))
    .filter(Boolean);
  const listed = entries.some(
    (entry) =>
      entry === url.origin ||
      entry === url.host ||
      entry === url.hostname ||
      (entry.startsWith('*.') && url.hostname.endsWith(entry.slice(1))),
  );
  return listed
    ? undefined
    : `This site (${url.host}) is not in the list: once saved, the service refuses the widget here, the preview included.`;
}
