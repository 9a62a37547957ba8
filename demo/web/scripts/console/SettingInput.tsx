/** One setting of the editor: its label, the input that fits its kind, its help text and its error. */
import type { JSX } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { isServiceError } from '../../../../src/api/index';
import type { ConsoleApi } from './api';
import { hexToRgb, lowContrastHint, rgbToHex } from './color';
import { describeFailure } from './failure';
import { settingInputId, type SettingField } from './settings-fields';
import type { SettingsModel } from './settings-model';
import { domainWarning, UNLIMITED, type DraftValue } from './settings-values';

interface Props {
  field: SettingField;
  model: SettingsModel;
  api: ConsoleApi;
}

type InputEvent = JSX.TargetedEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, Event>;

/** What the widget draws in each colour, for the hint when a colour is too light to see on white. */
const COLOUR_SHAPES: Partial<Record<string, string>> = {
  // The widget outlines its panel's shapes in a colour this light (panel.css, cw-panel--pale-*); not the launcher.
  ChatBubbleColor: 'The launcher shows only its glyph and shadow; the widget outlines the chat header, the send button and the suggestions.',
  UserMessageColor: 'The widget outlines the visitor\'s message bubbles.',
};

/** What the picture fields take (their file input's accept list), in words. */
const IMAGE_FORMATS = 'PNG, JPEG, WebP or GIF';

const textOf = (value: DraftValue | undefined): string => (typeof value === 'string' ? value : '');

export function SettingInput({ field, model, api }: Props): JSX.Element {
  const id = settingInputId(field.name);
  const value = model.draft.value[field.name];
  const error = model.fieldErrors.value[field.name];
  const changed = model.changed.value.includes(field.name);
  const contrastHint = field.kind === 'colour' ? lowContrastHint(textOf(value), COLOUR_SHAPES[field.name] ?? 'Its shapes') : undefined;
  const describedBy = [`${id}-help`, contrastHint ? `${id}-contrast` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const set = (next: DraftValue) => model.set(field.name, next);
  const onText = (event: InputEvent) => set(event.currentTarget.value);
  const common = {
    id,
    name: field.name,
    'aria-describedby': describedBy,
    'aria-invalid': error ? ('true' as const) : undefined,
  };

  let control: JSX.Element;
  switch (field.kind) {
    case 'toggle':
      return (
        <div class={`field field--toggle${changed ? ' field--changed' : ''}`} data-field={field.name}>
          <input {...common} type="checkbox" checked={value === true} onChange={(event) => set(event.currentTarget.checked)} />
          <label for={id}>{field.label}</label>
          <p id={`${id}-help`} class="field__help">{field.help}</p>
          {error && <p id={`${id}-error`} class="field__error">{error}</p>}
        </div>
      );
    case 'align':
      return (
        <fieldset class={`field field--choice${changed ? ' field--changed' : ''}`} data-field={field.name} aria-describedby={describedBy}>
          <legend>{field.label}</legend>
          <div class="choice-row">
            {[
              { label: 'Bottom left', code: '1' },
              { label: 'Bottom right', code: '2' },
            ].map((option) => (
              <label class="choice" key={option.code}>
                <input
                  type="radio"
                  name={field.name}
                  id={option.code === '1' ? id : `${id}-right`}
                  value={option.code}
                  checked={option.code === '1' ? textOf(value) === '1' : textOf(value) !== '1'}
                  onChange={() => set(option.code)}
                />
                {option.label}
              </label>
            ))}
          </div>
          <p id={`${id}-help`} class="field__help">{field.help} Saved as 1 (left) or 2 (right).</p>
          {error && <p id={`${id}-error`} class="field__error">{error}</p>}
        </fieldset>
      );
    case 'colour': {
      const hex = rgbToHex(textOf(value));
      control = (
        <div class="colour-row">
          <input
            type="color"
            id={`${id}-picker`}
            aria-label={`${field.label}: colour picker`}
            value={hex ?? '#000000'}
            onInput={(event) => set(hexToRgb(event.currentTarget.value) ?? textOf(value))}
          />
          <input {...common} type="text" value={textOf(value)} onInput={onText} spellcheck={false} placeholder="rgb(37,99,235)" />
        </div>
      );
      break;
    }
    case 'model':
      control = <ModelSelect common={common} value={textOf(value)} model={model} onChange={set} />;
      break;
    case 'longText':
    case 'lines':
      control = (
        <textarea {...common} rows={field.kind === 'lines' ? 4 : 3} value={textOf(value)} onInput={onText} placeholder={field.placeholder} />
      );
      break;
    case 'integer':
      control = (
        <span class="with-unit">
          <input {...common} type="number" inputMode="numeric" step={1} min={field.min} max={field.max} value={textOf(value)} onInput={onText} />
          {field.unit && <span class="unit">{field.unit}</span>}
        </span>
      );
      break;
    case 'messageLimit': {
      const unlimited = textOf(value) === UNLIMITED;
      control = (
        <div class="limit-row">
          <input
            {...common}
            type="number"
            inputMode="numeric"
            step={1}
            min={0}
            value={unlimited ? '' : textOf(value)}
            placeholder={unlimited ? 'Unlimited' : ''}
            disabled={unlimited}
            onInput={onText}
          />
          <label class="choice">
            <input
              type="checkbox"
              id={`${id}-unlimited`}
              checked={unlimited}
              onChange={(event) => set(event.currentTarget.checked ? UNLIMITED : '1000')}
            />
            Unlimited
          </label>
        </div>
      );
      break;
    }
    case 'image':
      control = <ImageControl common={common} field={field} model={model} api={api} value={textOf(value)} />;
      break;
    default: {
      const list = field.suggestions ? `${id}-suggestions` : undefined;
      control = (
        <input
          {...common}
          type={field.kind === 'email' ? 'email' : field.kind === 'url' ? 'url' : 'text'}
          value={textOf(value)}
          onInput={onText}
          placeholder={field.placeholder}
          list={list}
          spellcheck={field.kind === 'text'}
        />
      );
    }
  }
  return (
    <div class={`field${changed ? ' field--changed' : ''}`} data-field={field.name}>
      <label for={id}>
        {field.label}
        {changed && <span class="field__changed"> (changed)</span>}
      </label>
      {control}
      <p id={`${id}-help`} class="field__help">{field.help}</p>
      {field.name === 'Domains' && <DomainWarning model={model} />}
      {contrastHint && <p id={`${id}-contrast`} class="field__warning">{contrastHint}</p>}
      {error && <p id={`${id}-error`} class="field__error">{error}</p>}
    </div>
  );
}

function DomainWarning({ model }: { model: SettingsModel }) {
  const warning = domainWarning(model.draft.value, location.origin);
  return warning ? <p class="field__warning" role="status">{warning}</p> : null;
}

interface CommonProps {
  id: string;
  name: string;
  'aria-describedby': string;
  'aria-invalid': 'true' | undefined;
}

function ModelSelect(props: { common: CommonProps; value: string; model: SettingsModel; onChange: (value: string) => void }) {
  const models = props.model.models.value;
  const known = models.some((item) => item.Key === props.value);
  if (models.length === 0) {
    return (
      <>
        <input {...props.common} type="text" value={props.value} onInput={(event) => props.onChange(event.currentTarget.value)} />
        <p class="field__note">{props.model.modelsError.value ?? 'Loading the model list…'} Enter the model Key by hand meanwhile.</p>
      </>
    );
  }
  return (
    <select {...props.common} value={props.value} onChange={(event) => props.onChange(event.currentTarget.value)}>
      {!known && <option value={props.value}>{props.value === '' ? 'Choose a model' : `Unknown model "${props.value}"`}</option>}
      {models.map((item) => (
        <option key={item.Key} value={item.Key} disabled={!item.Status}>
          {item.Value}
          {item.Status ? '' : ' (unavailable)'}
        </option>
      ))}
    </select>
  );
}

/**
 * Why an upload failed. A file the service does not take (415) is told as what this field accepts: the service's
 * own list names audio and video too, which a picture field cannot use.
 */
function uploadProblem(error: unknown, file: File, label: string): string {
  if (isServiceError(error) && (error.status === 415 || error.code === 415)) {
    return `Could not upload ${file.name}: it is not an image the ${label.toLowerCase()} can use. Choose a ${IMAGE_FORMATS} file.`;
  }
  return describeFailure(error, `upload ${file.name}`);
}

function ImageControl(props: { common: CommonProps; field: SettingField; model: SettingsModel; api: ConsoleApi; value: string }) {
  const { field, model, api, value } = props;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const uploadRef = useRef<HTMLInputElement>(null);
  const name = field.name as 'ChatIcon' | 'ChatProfilePicture';
  const url = model.pictureUrls.value[name];
  const uploadErrorId = `${props.common.id}-upload-error`;

  async function upload(event: JSX.TargetedEvent<HTMLInputElement, Event>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    // A file dropped on the input while one uploads would race it: ignored, as a press is.
    if (!file || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const uploaded = await api.uploadImage(file);
      model.setPicture(name, uploaded.fileId, uploaded.url);
    } catch (error) {
      setProblem(uploadProblem(error, file, field.label));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class="image-row">
      <span class="thumb" aria-hidden="true">{url ? <img src={url} alt="" /> : <span>none</span>}</span>
      <div class="image-row__controls">
        <input {...props.common} type="text" inputMode="numeric" value={value} placeholder="No image" onInput={(event) => model.set(field.name, event.currentTarget.value)} />
        <label class="button button--small file-button">
          {busy ? 'Uploading…' : 'Upload image'}
          {/* Not `disabled` while uploading: that dropped focus to <body> once a file was picked from the keyboard.
              aria-disabled keeps focus here, and a press meanwhile opens no file chooser. */}
          <input
            ref={uploadRef}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            aria-disabled={busy ? 'true' : undefined}
            onClick={(event) => {
              if (busy) event.preventDefault();
            }}
            onChange={upload}
            aria-describedby={`${props.common.id}-help${problem ? ` ${uploadErrorId}` : ''}`}
            aria-invalid={problem ? 'true' : undefined}
          />
        </label>
        {value !== '' && (
          <button
            type="button"
            class="button button--small button--quiet"
            onClick={(event) => {
              // The button goes with the image: focus moves to the upload beside it, where a new image comes from,
              // instead of falling to <body>; the status says what happened.
              if (document.activeElement === event.currentTarget) uploadRef.current?.focus();
              model.removePicture(name);
            }}
          >
            Remove
          </button>
        )}
      </div>
      {problem && <p id={uploadErrorId} class="field__error" role="alert">{problem}</p>}
    </div>
  );
}
