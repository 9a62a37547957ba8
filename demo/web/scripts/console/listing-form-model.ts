/**
 * One open listing form: create a new listing, or update one row (chosen by KeyType and Key, prefilled from the
 * row). A failed save keeps every typed value and puts the service's Message next to the field it names.
 */
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals';
import type { KeyType, ListingItem } from '../../../../src/api/index';
import type { ConsoleApi } from './api';
import { describeFailure, fieldProblems, serviceMessageOf, type FieldProblem } from './failure';
import { listingField, type ListingFieldName, type ScalarListingField } from './listing-fields';
import {
  changedListingFields,
  draftFromItem,
  emptyListingDraft,
  keyOfItem,
  planCreate,
  planUpdate,
  rowErrorKey,
  type ExtensionRow,
  type ListingDraft,
  type ListingErrors,
} from './listing-values';

export type FormMode = { kind: 'create' } | { kind: 'update'; item: ListingItem };

export interface SaveOutcome {
  /** What to announce in the table's status line. */
  text: string;
  /** The PlatformID (ID) of the listing created or updated: its row's Edit takes focus when it shows. */
  listingId: string;
}

export interface ListingFormModel {
  readonly mode: FormMode;
  readonly draft: ReadonlySignal<ListingDraft>;
  readonly keyType: ReadonlySignal<KeyType>;
  readonly key: ReadonlySignal<string>;
  readonly errors: ReadonlySignal<ListingErrors>;
  readonly saving: ReadonlySignal<boolean>;
  /** A failure that names no field. */
  readonly failure: ReadonlySignal<string | null>;
  readonly changed: ReadonlySignal<readonly ListingFieldName[]>;
  setValue(name: ScalarListingField, value: string): void;
  setImage(index: number, url: string): void;
  addImage(): void;
  removeImage(index: number): void;
  setExtension(index: number, row: Partial<ExtensionRow>): void;
  addExtension(): void;
  removeExtension(index: number): void;
  setKeyType(keyType: KeyType): void;
  setKey(key: string): void;
  /** Resolves with what to announce on success, undefined when the form stays open with its errors. */
  save(): Promise<SaveOutcome | undefined>;
}

function without(errors: ListingErrors, ...keys: string[]): ListingErrors {
  const next: Record<string, string> = { ...errors };
  for (const key of keys) delete next[key];
  return next;
}

function isCoordinate(name: ScalarListingField): boolean {
  return name === 'Latitude' || name === 'Longitude';
}

export function createListingFormModel(api: ConsoleApi, mode: FormMode): ListingFormModel {
  const original = mode.kind === 'update' ? draftFromItem(mode.item) : emptyListingDraft();
  const draft = signal<ListingDraft>(original);
  const keyType = signal<KeyType>('PlatformID');
  const key = signal(mode.kind === 'update' ? keyOfItem(mode.item, 'PlatformID') : '');
  const errors = signal<ListingErrors>({});
  const saving = signal(false);
  const failure = signal<string | null>(null);
  const changed = computed(() => changedListingFields(original, draft.value));

  const update = (next: Partial<ListingDraft>, ...clear: string[]) => {
    batch(() => {
      draft.value = { ...draft.value, ...next };
      if (clear.length > 0) errors.value = without(errors.value, ...clear);
    });
  };

  async function save(): Promise<SaveOutcome | undefined> {
    if (saving.value) return undefined;
    const plan =
      mode.kind === 'create' ? planCreate(draft.value) : planUpdate(original, draft.value, keyType.value, key.value);
    if (Object.keys(plan.errors).length > 0) {
      batch(() => {
        errors.value = plan.errors;
        failure.value = 'Some fields need attention; see the marked ones.';
      });
      return undefined;
    }
    if (mode.kind === 'update' && changed.value.length === 0) {
      failure.value = 'Nothing has changed yet.';
      return undefined;
    }
    batch(() => {
      saving.value = true;
      failure.value = null;
      errors.value = {};
    });
    try {
      if (mode.kind === 'create') {
        const id = await api.createListing(plan.request as Parameters<ConsoleApi['createListing']>[0]);
        saving.value = false;
        return { text: `Created listing ${id} (MLS ${draft.value.values.MLSNumber.trim()}).`, listingId: String(id) };
      }
      const count = await api.updateListing(plan.request as Parameters<ConsoleApi['updateListing']>[0]);
      saving.value = false;
      if (count === 0) {
        failure.value = `No listing has ${keyType.value} "${key.value.trim()}"; nothing was updated. Check the key.`;
        errors.value = { Key: 'No listing has this key.' };
        return undefined;
      }
      const labels = changed.value.map((name) => listingField(name)?.label ?? name);
      return { text: `Updated ${count} ${count === 1 ? 'listing' : 'listings'}: ${labels.join(', ')}.`, listingId: String(mode.item.ID) };
    } catch (error) {
      // The service names every field it refuses, one a line: each goes next to its field (or row).
      const problems = fieldProblems(serviceMessageOf(error) ?? '');
      const known = (problem: FieldProblem) =>
        listingField(problem.field) !== undefined || problem.field === 'Key' || problem.field === 'KeyType';
      batch(() => {
        saving.value = false;
        if (problems.length > 0 && problems.every(known)) {
          const where = (problem: FieldProblem) =>
            problem.index !== undefined && (problem.field === 'Images' || problem.field === 'ExtensionColumn')
              ? rowErrorKey(problem.field, problem.index)
              : problem.field;
          errors.value = Object.fromEntries(problems.map((problem) => [where(problem), problem.text]));
          const described = problems.map((problem) => {
            const label = listingField(problem.field)?.label ?? problem.field;
            return `${label}${problem.index !== undefined ? ` (row ${problem.index + 1})` : ''}: ${problem.text}`;
          });
          failure.value = `Not saved. ${described.join(' ')}`;
        } else {
          failure.value = `Not saved. ${describeFailure(error, mode.kind === 'create' ? 'create the listing' : 'update the listing')}`;
        }
      });
      return undefined;
    }
  }

  return {
    mode, draft, keyType, key, errors, saving, failure, changed,
    // A coordinate's error may be about the other one (one of the two empty), so typing in either clears both.
    setValue: (name, value) =>
      update({ values: { ...draft.value.values, [name]: value } }, ...(isCoordinate(name) ? ['Latitude', 'Longitude'] : [name])),
    setImage: (index, url) =>
      update({ images: draft.value.images.map((old, at) => (at === index ? url : old)) }, rowErrorKey('Images', index), 'Images'),
    addImage: () => update({ images: [...draft.value.images, ''] }),
    removeImage: (index) => update({ images: draft.value.images.filter((_, at) => at !== index) }, 'Images'),
    setExtension: (index, row) =>
      update(
        { extension: draft.value.extension.map((old, at) => (at === index ? { ...old, ...row } : old)) },
        rowErrorKey('ExtensionColumn', index),
        'ExtensionColumn',
      ),
    addExtension: () => update({ extension: [...draft.value.extension, { Key: '', value: '' }] }),
    removeExtension: (index) => update({ extension: draft.value.extension.filter((_, at) => at !== index) }, 'ExtensionColumn'),
    setKeyType(next) {
      batch(() => {
        keyType.value = next;
        if (mode.kind === 'update') key.value = keyOfItem(mode.item, next);
        errors.value = without(errors.value, 'Key', 'KeyType');
      });
    },
    setKey(next) {
      batch(() => {
        key.value = next;
        errors.value = without(errors.value, 'Key');
      });
    },
    save,
  };
}
