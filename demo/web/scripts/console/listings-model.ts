/**
 * The listings manager's state and actions: filters, paging, selection, delete; the create/update form has its own
 * model (listing-form-model.ts). No DOM here.
 */
import { batch, computed, signal, type ReadonlySignal } from '@preact/signals';
import type { ListingItem, SaleType } from '../../../../src/api/index';
import type { ConsoleApi } from './api';
import { describeFailure } from './failure';
import type { Notice } from './settings-model';

export interface ListingFilters {
  city: string;
  saleType: '' | SaleType;
  mlsNumber: string;
}

export const EMPTY_FILTERS: ListingFilters = { city: '', saleType: '', mlsNumber: '' };
export const PAGE_SIZES = [10, 20, 50] as const;

export type TableState =
  | { status: 'loading' }
  | { status: 'ready'; items: readonly ListingItem[]; total: number }
  | { status: 'failed'; message: string };

/** What the pager says of the rows shown, e.g. "Showing 21–40 of 57 listings". */
export function showingSummary(pageNumber: number, pageSize: number, total: number): string {
  const first = total === 0 ? 0 : (pageNumber - 1) * pageSize + 1;
  const last = Math.min(total, pageNumber * pageSize);
  return `Showing ${first}–${last} of ${total} listings`;
}

export interface ListingsModel {
  readonly filters: ReadonlySignal<ListingFilters>;
  readonly pageNumber: ReadonlySignal<number>;
  readonly pageSize: ReadonlySignal<number>;
  readonly table: ReadonlySignal<TableState>;
  /** The last rows shown, kept while a new page loads or after a failed load. */
  readonly rows: ReadonlySignal<readonly ListingItem[]>;
  readonly total: ReadonlySignal<number>;
  readonly pageCount: ReadonlySignal<number>;
  /** Selected listing ids; kept across pages. */
  readonly selected: ReadonlySignal<ReadonlySet<number>>;
  readonly deleting: ReadonlySignal<boolean>;
  readonly notice: ReadonlySignal<Notice | null>;
  load(): Promise<void>;
  /** Loads again after a failed load and says so when the rows come: Try again goes as it is pressed, focus moves on. */
  loadAgain(): Promise<void>;
  applyFilters(filters: ListingFilters): Promise<void>;
  /** Shows every listing again and says so: Clear filters goes as it is pressed, focus moves on, the status tells why. */
  clearFilters(): Promise<void>;
  goToPage(pageNumber: number): Promise<void>;
  setPageSize(pageSize: number): Promise<void>;
  toggle(id: number, selected: boolean): void;
  /** Selects (or clears) every row of the current page. */
  selectPage(selected: boolean): void;
  /** Unselects everything and says so: Clear selection goes as it is pressed, focus moves on, the status tells why. */
  clearSelection(): void;
  /** Deletes the selected listings (PlatformID keys); resolves with SuccessCount, or undefined on failure. */
  deleteSelected(): Promise<number | undefined>;
  announce(notice: Notice | null): void;
}

export function createListingsModel(api: ConsoleApi): ListingsModel {
  const filters = signal<ListingFilters>(EMPTY_FILTERS);
  const pageNumber = signal(1);
  const pageSize = signal<number>(20);
  const table = signal<TableState>({ status: 'loading' });
  const rows = signal<readonly ListingItem[]>([]);
  const total = signal(0);
  const selected = signal<ReadonlySet<number>>(new Set());
  const deleting = signal(false);
  const notice = signal<Notice | null>(null);
  const pageCount = computed(() => Math.max(1, Math.ceil(total.value / pageSize.value)));
  let request = 0;

  async function load(): Promise<void> {
    const thisRequest = ++request;
    table.value = { status: 'loading' };
    const { city, saleType, mlsNumber } = filters.value;
    try {
      const page = await api.listListings({
        ...(city.trim() ? { CityName: city.trim() } : {}),
        ...(saleType ? { SaleType: saleType } : {}),
        ...(mlsNumber.trim() ? { MLSNumber: mlsNumber.trim() } : {}),
        PageNumber: pageNumber.value,
        PageSize: pageSize.value,
      });
      if (thisRequest !== request) return;
      // A page past the end (after deleting its last rows): show the last page instead.
      const lastPage = Math.max(1, Math.ceil(page.VirtualCount / pageSize.value));
      if (page.List.length === 0 && pageNumber.value > lastPage) {
        pageNumber.value = lastPage;
        return load();
      }
      batch(() => {
        rows.value = page.List;
        total.value = page.VirtualCount;
        table.value = { status: 'ready', items: page.List, total: page.VirtualCount };
      });
    } catch (error) {
      if (thisRequest !== request) return;
      table.value = { status: 'failed', message: describeFailure(error, 'load the listings') };
    }
  }

  async function loadAgain(): Promise<void> {
    await load();
    const state = table.value;
    // Still loading, a newer load (another page, other filters) has taken over and will show its own rows.
    if (state.status === 'ready') {
      notice.value = { kind: 'success', text: `Listings loaded. ${showingSummary(pageNumber.value, pageSize.value, state.total)}.` };
    }
  }

  async function applyFilters(next: ListingFilters): Promise<void> {
    batch(() => {
      filters.value = { ...next };
      pageNumber.value = 1;
    });
    await load();
  }

  async function clearFilters(): Promise<void> {
    const loaded = applyFilters(EMPTY_FILTERS);
    const cleared = filters.value;
    await loaded;
    const state = table.value;
    // Filtered again meanwhile, the count would be of those filters.
    if (filters.value === cleared && state.status === 'ready') {
      notice.value = { kind: 'success', text: `Filters cleared: ${state.total} ${state.total === 1 ? 'listing' : 'listings'} in all.` };
    }
  }

  function clearSelection(): void {
    batch(() => {
      selected.value = new Set();
      notice.value = { kind: 'success', text: 'Selection cleared: no listing is selected.' };
    });
  }

  async function goToPage(next: number): Promise<void> {
    pageNumber.value = Math.min(Math.max(1, Math.trunc(next)), pageCount.value);
    await load();
  }

  async function setPageSize(next: number): Promise<void> {
    batch(() => {
      pageSize.value = next;
      pageNumber.value = 1;
    });
    await load();
  }

  function toggle(id: number, on: boolean): void {
    const next = new Set(selected.value);
    if (on) next.add(id);
    else next.delete(id);
    selected.value = next;
  }

  function selectPage(on: boolean): void {
    const next = new Set(selected.value);
    for (const item of rows.value) {
      if (on) next.add(item.ID);
      else next.delete(item.ID);
    }
    selected.value = next;
  }

  async function deleteSelected(): Promise<number | undefined> {
    const ids = [...selected.value];
    if (ids.length === 0 || deleting.value) return undefined;
    deleting.value = true;
    notice.value = null;
    try {
      const { SuccessCount } = await api.deleteListings(ids.map(String));
      // The table reloads while the button still says "Deleting…": the notice, the cleared selection and the focus
      // the manager then hands to the heading all come with the new rows, at once. (Before, focus waited on a
      // disabled "Delete selected (0)" while the rows reloaded.)
      await load();
      batch(() => {
        selected.value = new Set();
        deleting.value = false;
        notice.value = {
          kind: 'success',
          text: deletedNotice(SuccessCount, ids.length),
        };
      });
      return SuccessCount;
    } catch (error) {
      batch(() => {
        deleting.value = false;
        notice.value = { kind: 'error', text: `${describeFailure(error, 'delete the listings')} The selection is kept.` };
      });
      await load();
      return undefined;
    }
  }

  return {
    filters, pageNumber, pageSize, table, rows, total, pageCount, selected, deleting, notice,
    load, loadAgain, applyFilters, clearFilters, goToPage, setPageSize, toggle, selectPage, clearSelection, deleteSelected,
    announce: (next) => (notice.value = next),
  };
}

/** What a delete did, in an operator's words: "Deleted 3 listings.", or how many of them and why not the rest. */
export function deletedNotice(deleted: number, asked: number): string {
  const listings = (count: number) => `${count} ${count === 1 ? 'listing' : 'listings'}`;
  if (deleted >= asked) return `Deleted ${listings(deleted)}.`;
  const missing = asked - deleted;
  return `Deleted ${deleted} of ${listings(asked)}. ${missing} could not be found; maybe ${missing === 1 ? 'it was' : 'they were'} deleted already.`;
}
