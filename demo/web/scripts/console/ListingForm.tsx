/** The create / update form of a listing: every field of 2.4, grouped; required ones marked. */
import type { JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { KeyType } from '../../../../src/api/index';
import { AriaDisabledButton } from './AriaDisabledButton';
import { KEY_TYPE_OPTIONS, LISTING_GROUPS, listingInputId, type ListingField, type ScalarListingField } from './listing-fields';
import type { ListingFormModel, SaveOutcome } from './listing-form-model';
import { rowErrorKey } from './listing-values';

interface Props {
  form: ListingFormModel;
  /** Saved (the outcome) or cancelled (null; typed changes the operator chose to discard, or none). */
  onDone(outcome: SaveOutcome | null): void;
}

export function ListingForm({ form, onDone }: Props): JSX.Element {
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const discardRef = useRef<HTMLDialogElement>(null);
  const creating = form.mode.kind === 'create';
  const title = creating ? 'New listing' : `Edit listing ${form.mode.kind === 'update' ? form.mode.item.MLSNumber || form.mode.item.ID : ''}`;

  useEffect(() => headingRef.current?.focus(), []);

  // Cancel and Escape close the form at once when nothing was typed; typed changes are discarded only when the
  // operator confirms (the dialog's own Escape and Keep editing go back to the field that had focus).
  function cancel() {
    if (form.changed.value.length === 0) onDone(null);
    else if (!discardRef.current?.open) discardRef.current?.showModal();
  }

  async function submit(event: JSX.TargetedEvent<HTMLFormElement, Event>) {
    event.preventDefault();
    const outcome = await form.save();
    if (outcome) {
      onDone(outcome);
      return;
    }
    // A failure that names no field is told in the alert beside the button, which kept focus while saving.
    const first = Object.keys(form.errors.value)[0];
    const target = first ? formRef.current?.querySelector<HTMLElement>(`[data-error-key="${first}"]`) : null;
    target?.focus();
  }

  const changedCount = form.changed.value.length;
  return (
    <>
      <form
        ref={formRef}
        class="listing-form"
        onSubmit={submit}
        noValidate
        aria-labelledby="listing-form-heading"
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || event.defaultPrevented) return;
          event.preventDefault();
          cancel();
        }}
      >
        <h3 id="listing-form-heading" ref={headingRef} tabIndex={-1}>{title}</h3>
        <p class="muted">
          Fields marked <span aria-hidden="true" class="required">*</span><span class="sr-only">required</span> are
          required{creating ? '.' : ' for a new listing; an update sends only the fields you change.'}
        </p>
        {!creating && <KeyChooser form={form} />}
        {LISTING_GROUPS.map((group) => (
          <fieldset key={group.id} class="group group--compact">
            <legend>{group.title}</legend>
            <div class="group__fields group__fields--grid">
              {group.fields.map((field) =>
                field.kind === 'images' ? (
                  <ImagesField key={field.name} field={field} form={form} />
                ) : field.kind === 'extension' ? (
                  <ExtensionField key={field.name} field={field} form={form} />
                ) : (
                  <ScalarField key={field.name} field={field as ListingField & { name: ScalarListingField }} form={form} required={creating && field.required} />
                ),
              )}
            </div>
          </fieldset>
        ))}
        <div class="form-actions">
          <p class="notice notice--error" role="alert">{form.failure.value ?? ''}</p>
          <button type="button" class="button button--quiet" onClick={cancel}>Cancel</button>
          <AriaDisabledButton type="submit" class="button button--primary" unavailable={form.saving.value}>
            {form.saving.value ? 'Saving…' : creating ? 'Create listing' : 'Save listing'}
          </AriaDisabledButton>
        </div>
      </form>
      <dialog ref={discardRef} class="confirm" aria-labelledby="discard-heading" aria-describedby="discard-text">
        <h3 id="discard-heading">Discard your changes?</h3>
        <p id="discard-text">
          You changed {changedCount} {changedCount === 1 ? 'field' : 'fields'} of this {creating ? 'new ' : ''}listing; they
          are not saved and will be lost.
        </p>
        <div class="form-actions">
          <button type="button" class="button button--quiet" autofocus onClick={() => discardRef.current?.close()}>
            Keep editing
          </button>
          <button
            type="button"
            class="button button--danger"
            onClick={() => {
              discardRef.current?.close();
              onDone(null);
            }}
          >
            Discard changes
          </button>
        </div>
      </dialog>
    </>
  );
}

interface RemoveRowButtonProps {
  /** What the row is, for screen readers: "image 2". */
  row: string;
  isLastRow: boolean;
  addRef: { readonly current: HTMLButtonElement | null };
  onRemove(): void;
}

/**
 * A row's Remove button, which hands focus on when it goes. Rows are keyed by their index, so removing a row that
 * has rows after it keeps this very button (it now removes the row that moved up); only the last row's button goes,
 * and focus would fall to <body>: it moves to the Remove of the row before, or to Add when no row is left.
 */
function RemoveRowButton({ row, isLastRow, addRef, onRemove }: RemoveRowButtonProps) {
  return (
    <button
      type="button"
      class="button button--small button--quiet"
      onClick={(event) => {
        const button = event.currentTarget;
        if (document.activeElement === button && isLastRow) {
          const previousRow = button.closest('.row')?.previousElementSibling;
          const previousRemove = previousRow?.matches('.row') ? previousRow.querySelector<HTMLButtonElement>('button') : null;
          (previousRemove ?? addRef.current)?.focus();
        }
        onRemove();
      }}
    >
      Remove<span class="sr-only"> {row}</span>
    </button>
  );
}

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return text ? <p id={id} class="field__error">{text}</p> : null;
}

function ScalarField({ field, form, required }: { field: ListingField & { name: ScalarListingField }; form: ListingFormModel; required: boolean }) {
  const id = listingInputId(field.name);
  const value = form.draft.value.values[field.name];
  const error = form.errors.value[field.name];
  const describedBy = [field.help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field.name,
    'data-error-key': field.name,
    'aria-describedby': describedBy,
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-required': required ? ('true' as const) : undefined,
  };
  const onInput = (event: JSX.TargetedEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, Event>) =>
    form.setValue(field.name, event.currentTarget.value);
  let control: JSX.Element;
  if (field.kind === 'select') {
    const known = field.options?.some((option) => option.value === value);
    control = (
      <select {...common} value={value} onChange={onInput}>
        {!known && <option value={value}>{value === '' ? 'Choose…' : value}</option>}
        {field.options?.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
      </select>
    );
  } else if (field.kind === 'longText') {
    control = <textarea {...common} rows={3} value={value} onInput={onInput} />;
  } else {
    const numeric = field.kind === 'number' || field.kind === 'integer';
    control = (
      <input
        {...common}
        type={numeric ? 'text' : field.kind === 'url' ? 'url' : 'text'}
        inputMode={field.kind === 'integer' ? 'numeric' : numeric ? 'decimal' : undefined}
        value={value}
        onInput={onInput}
        placeholder={field.placeholder}
      />
    );
  }
  return (
    <div class={`field${field.kind === 'longText' ? ' field--wide' : ''}`} data-field={field.name}>
      <label for={id}>
        {field.label}
        {required && <span class="required" aria-hidden="true"> *</span>}
      </label>
      {control}
      {field.help && <p id={`${id}-help`} class="field__help">{field.help}</p>}
      <FieldError id={`${id}-error`} text={error} />
    </div>
  );
}

function ImagesField({ field, form }: { field: ListingField; form: ListingFormModel }) {
  const id = listingInputId('Images');
  const images = form.draft.value.images;
  const listError = form.errors.value.Images;
  const addRef = useRef<HTMLButtonElement>(null);
  return (
    <fieldset class="field field--wide rows" data-field="Images" aria-describedby={`${id}-help`}>
      <legend>{field.label}</legend>
      <p id={`${id}-help`} class="field__help">{field.help}</p>
      {images.map((url, index) => {
        const rowId = `${id}-${index}`;
        const error = form.errors.value[rowErrorKey('Images', index)];
        return (
          <div class="row" key={index}>
            <label class="sr-only" for={rowId}>Image {index + 1}</label>
            <input
              id={rowId}
              type="url"
              value={url}
              placeholder="https://"
              data-error-key={rowErrorKey('Images', index)}
              aria-invalid={error ? 'true' : undefined}
              aria-describedby={error ? `${rowId}-error` : undefined}
              onInput={(event) => form.setImage(index, event.currentTarget.value)}
            />
            <RemoveRowButton
              row={`image ${index + 1}`}
              isLastRow={index === images.length - 1}
              addRef={addRef}
              onRemove={() => form.removeImage(index)}
            />
            <FieldError id={`${rowId}-error`} text={error} />
          </div>
        );
      })}
      <button type="button" class="button button--small" ref={addRef} onClick={() => form.addImage()}>Add image</button>
      <FieldError id={`${id}-error`} text={listError} />
    </fieldset>
  );
}

function ExtensionField({ field, form }: { field: ListingField; form: ListingFormModel }) {
  const id = listingInputId('ExtensionColumn');
  const rows = form.draft.value.extension;
  const addRef = useRef<HTMLButtonElement>(null);
  return (
    <fieldset class="field field--wide rows" data-field="ExtensionColumn" aria-describedby={`${id}-help`}>
      <legend>{field.label}</legend>
      <p id={`${id}-help`} class="field__help">{field.help}</p>
      {rows.length === 0 && <p class="muted">No details yet.</p>}
      {rows.map((row, index) => {
        const rowId = `${id}-${index}`;
        const error = form.errors.value[rowErrorKey('ExtensionColumn', index)];
        return (
          <div class="row row--pair" key={index}>
            <label class="sr-only" for={`${rowId}-key`}>Detail {index + 1} name</label>
            <input
              id={`${rowId}-key`}
              value={row.Key}
              placeholder="Name, e.g. Pool"
              data-error-key={rowErrorKey('ExtensionColumn', index)}
              aria-invalid={error ? 'true' : undefined}
              aria-describedby={error ? `${rowId}-error` : undefined}
              onInput={(event) => form.setExtension(index, { Key: event.currentTarget.value })}
            />
            <label class="sr-only" for={`${rowId}-value`}>Detail {index + 1} value</label>
            <input
              id={`${rowId}-value`}
              value={row.value}
              placeholder="Value, e.g. Heated"
              onInput={(event) => form.setExtension(index, { value: event.currentTarget.value })}
            />
            <RemoveRowButton
              row={`detail ${index + 1}`}
              isLastRow={index === rows.length - 1}
              addRef={addRef}
              onRemove={() => form.removeExtension(index)}
            />
            <FieldError id={`${rowId}-error`} text={error} />
          </div>
        );
      })}
      <button type="button" class="button button--small" ref={addRef} onClick={() => form.addExtension()}>Add detail</button>
      <FieldError id={`${id}-error`} text={form.errors.value.ExtensionColumn} />
    </fieldset>
  );
}

function KeyChooser({ form }: { form: ListingFormModel }) {
  const keyError = form.errors.value.Key;
  return (
    <fieldset class="group group--compact key-chooser">
      <legend>Which listing to update</legend>
      <div class="group__fields group__fields--grid">
        <div class="field">
          <label for="listing-KeyType">Find it by</label>
          <select
            id="listing-KeyType"
            data-error-key="KeyType"
            value={form.keyType.value}
            onChange={(event) => form.setKeyType(event.currentTarget.value as KeyType)}
          >
            {KEY_TYPE_OPTIONS.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
          </select>
        </div>
        <div class="field">
          <label for="listing-Key">Key</label>
          <input
            id="listing-Key"
            data-error-key="Key"
            value={form.key.value}
            aria-invalid={keyError ? 'true' : undefined}
            aria-describedby={`listing-Key-help${keyError ? ' listing-Key-error' : ''}`}
            onInput={(event) => form.setKey(event.currentTarget.value)}
          />
          <p id="listing-Key-help" class="field__help">Filled in from the row; the service updates the listing whose identifier equals it.</p>
          <FieldError id="listing-Key-error" text={keyError} />
        </div>
      </div>
    </fieldset>
  );
}
