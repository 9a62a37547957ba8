/** The listings manager: filters, the table with selection and paging, delete with a confirm step, and the form. */
import type { JSX, Ref, RefObject } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { ListingItem, SaleType } from '../../../../src/api/index';
import { formatPrice } from '../lib/listings';
import type { ConsoleApi } from './api';
import { AriaDisabledButton } from './AriaDisabledButton';
import { ListingForm } from './ListingForm';
import { createListingFormModel, type FormMode, type ListingFormModel, type SaveOutcome } from './listing-form-model';
import { SALE_TYPE_OPTIONS } from './listing-fields';
import { EMPTY_FILTERS, PAGE_SIZES, showingSummary, type ListingFilters, type ListingsModel } from './listings-model';

interface Props {
  model: ListingsModel;
  api: ConsoleApi;
}

export function ListingsManager({ model, api }: Props): JSX.Element {
  const [form, setForm] = useState<ListingFormModel | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const newListingRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const selectPageRef = useRef<HTMLInputElement>(null);
  const tableRegionRef = useRef<HTMLDivElement>(null);
  const selectedCount = model.selected.value.size;
  const notice = model.notice.value;

  const openForm = (mode: FormMode) => {
    model.announce(null);
    setForm(createListingFormModel(api, mode));
  };
  /** The Edit button of a listing's row when the row is on this page. */
  const editButtonOf = (listingId: string) =>
    tableRegionRef.current?.querySelector<HTMLElement>(`tr[data-listing-id="${CSS.escape(listingId)}"] .table__action button`) ?? null;
  /**
   * Focus goes back where the form came from: the row's Edit (an update, saved or not), or New listing (a create),
   * then, once a saved listing's row shows, to that row's Edit; not to the top of the page.
   */
  const closeForm = (outcome: SaveOutcome | null) => {
    const opener = form?.mode.kind === 'update' ? String(form.mode.item.ID) : undefined;
    setForm(null);
    requestAnimationFrame(() => ((opener && editButtonOf(opener)) || newListingRef.current || headingRef.current)?.focus());
    if (!outcome) return;
    model.announce({ kind: 'success', text: outcome.text });
    void model.load().then(() =>
      requestAnimationFrame(() => {
        // Focus the operator has moved elsewhere meanwhile stays where it is.
        const now = document.activeElement;
        const handedOn = now === null || now === document.body || now === newListingRef.current || tableRegionRef.current?.contains(now);
        if (handedOn) editButtonOf(outcome.listingId)?.focus();
      }),
    );
  };
  const clearSelection = (event: JSX.TargetedMouseEvent<HTMLButtonElement>) => {
    // The button goes with the selection: focus moves on to where a new selection starts (or to the table when
    // this page has no rows to select) instead of falling to <body>.
    if (document.activeElement === event.currentTarget) {
      const selectPage = selectPageRef.current;
      (selectPage && !selectPage.disabled ? selectPage : tableRegionRef.current)?.focus();
    }
    model.clearSelection();
  };
  const confirmDelete = async () => {
    dialogRef.current?.close();
    await model.deleteSelected();
    headingRef.current?.focus();
  };

  return (
    <section class="listings" aria-labelledby="listings-heading">
      <div class="section-head section-head--row">
        <div>
          <h2 id="listings-heading" ref={headingRef} tabIndex={-1}>Listings</h2>
          <p class="muted">The homes your chatbot knows and recommends.</p>
        </div>
        {!form && (
          <button type="button" class="button button--primary" ref={newListingRef} onClick={() => openForm({ kind: 'create' })}>
            New listing
          </button>
        )}
      </div>
      <p class="notice notice--success" role="status" id="listings-status">{notice?.kind === 'success' ? notice.text : ''}</p>
      <p class="notice notice--error" role="alert" id="listings-error">{notice?.kind === 'error' ? notice.text : ''}</p>
      {form ? <ListingForm key={form.mode.kind} form={form} onDone={closeForm} /> : (
        <>
          <Filters model={model} />
          <div class="table-tools">
            {/* Closing the confirm dialog hands focus back here while it deletes: a disabled button would drop it. */}
            <AriaDisabledButton
              type="button"
              class="button button--danger"
              unavailable={selectedCount === 0 || model.deleting.value}
              onClick={() => dialogRef.current?.showModal()}
            >
              {model.deleting.value ? 'Deleting…' : `Delete selected (${selectedCount})`}
            </AriaDisabledButton>
            {selectedCount > 0 && (
              <button type="button" class="button button--quiet" onClick={clearSelection}>Clear selection</button>
            )}
          </div>
          <ListingsTable
            model={model}
            onEdit={(item) => openForm({ kind: 'update', item })}
            selectPageRef={selectPageRef}
            regionRef={tableRegionRef}
          />
          <Pager model={model} />
        </>
      )}
      <dialog ref={dialogRef} class="confirm" aria-labelledby="confirm-heading" aria-describedby="confirm-text">
        <h3 id="confirm-heading">Delete {selectedCount} {selectedCount === 1 ? 'listing' : 'listings'}?</h3>
        <p id="confirm-text">
          They are removed from the chatbot for good; it will no longer mention them. This cannot be undone.
        </p>
        <div class="form-actions">
          <button type="button" class="button button--quiet" autofocus onClick={() => dialogRef.current?.close()}>
            Keep them
          </button>
          <button type="button" class="button button--danger" onClick={() => void confirmDelete()}>
            Delete {selectedCount} {selectedCount === 1 ? 'listing' : 'listings'}
          </button>
        </div>
      </dialog>
    </section>
  );
}

function Filters({ model }: { model: ListingsModel }) {
  const [draft, setDraft] = useState<ListingFilters>(model.filters.value);
  const applyRef = useRef<HTMLButtonElement>(null);
  const set = (patch: Partial<ListingFilters>) => setDraft({ ...draft, ...patch });
  const active = model.filters.value;
  const filtered = active.city !== '' || active.saleType !== '' || active.mlsNumber !== '';
  return (
    <form
      class="filters"
      role="search"
      aria-label="Filter listings"
      onSubmit={(event) => {
        event.preventDefault();
        void model.applyFilters(draft);
      }}
    >
      <div class="field">
        <label for="filter-city">City</label>
        <input id="filter-city" value={draft.city} onInput={(event) => set({ city: event.currentTarget.value })} />
      </div>
      <div class="field">
        <label for="filter-sale-type">Sale type</label>
        <select id="filter-sale-type" value={draft.saleType} onChange={(event) => set({ saleType: event.currentTarget.value as '' | SaleType })}>
          <option value="">Any</option>
          {SALE_TYPE_OPTIONS.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
        </select>
      </div>
      <div class="field">
        <label for="filter-mls">MLS number</label>
        <input id="filter-mls" value={draft.mlsNumber} onInput={(event) => set({ mlsNumber: event.currentTarget.value })} />
      </div>
      <div class="filters__actions">
        <button type="submit" class="button" ref={applyRef}>Apply filters</button>
        {filtered && (
          <button
            type="button"
            class="button button--quiet"
            onClick={(event) => {
              // The button goes with the filters: focus moves to its neighbour instead of falling to <body>.
              if (document.activeElement === event.currentTarget) applyRef.current?.focus();
              setDraft(EMPTY_FILTERS);
              void model.clearFilters();
            }}
          >
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}

function saleTypeLabel(value: string): string {
  return SALE_TYPE_OPTIONS.find((option) => option.value === value)?.label ?? value;
}

interface ListingsTableProps {
  model: ListingsModel;
  onEdit(item: ListingItem): void;
  selectPageRef: Ref<HTMLInputElement>;
  regionRef: RefObject<HTMLDivElement>;
}

function ListingsTable({ model, onEdit, selectPageRef, regionRef }: ListingsTableProps) {
  const state = model.table.value;
  const rows = model.rows.value;
  const selected = model.selected.value;
  const allOnPage = rows.length > 0 && rows.every((item) => selected.has(item.ID));
  const tryAgainRef = useRef<HTMLButtonElement>(null);
  // Try again goes as it is pressed: focus that was on it waits on the table (which stays) while the rows load,
  // and comes back to the new Try again if loading fails again. The status says when the rows have come.
  const focusFollowsReload = useRef(false);

  useLayoutEffect(() => {
    if (!focusFollowsReload.current || state.status === 'loading') return;
    focusFollowsReload.current = false;
    // Focus the operator has put somewhere else meanwhile stays there.
    if (state.status === 'failed' && document.activeElement === regionRef.current) tryAgainRef.current?.focus();
  }, [state]);

  const tryAgain = (event: JSX.TargetedMouseEvent<HTMLButtonElement>) => {
    if (document.activeElement === event.currentTarget) {
      focusFollowsReload.current = true;
      regionRef.current?.focus();
    }
    void model.loadAgain();
  };

  return (
    <div ref={regionRef} class="table-wrap" role="region" aria-labelledby="listings-caption" tabIndex={0} data-state={state.status}>
      {state.status === 'failed' && (
        <div class="panel-message panel-message--error" role="alert">
          <p>{state.message}</p>
          <button type="button" class="button" ref={tryAgainRef} onClick={tryAgain}>Try again</button>
        </div>
      )}
      {/* A failed first load knows no rows and no columns worth showing: the message and Try again say it all. */}
      {!(state.status === 'failed' && rows.length === 0) && (
        <table class="table" aria-busy={state.status === 'loading' ? 'true' : 'false'}>
          <caption id="listings-caption" class="sr-only">Listings, page {model.pageNumber.value} of {model.pageCount.value}</caption>
          <thead>
            <tr>
              <th scope="col" class="table__check">
                <input
                  ref={selectPageRef}
                  type="checkbox"
                  aria-label="Select every listing on this page"
                  checked={allOnPage}
                  disabled={rows.length === 0}
                  onChange={(event) => model.selectPage(event.currentTarget.checked)}
                />
              </th>
              <th scope="col">MLS number</th>
              <th scope="col" class="table__property">Property</th>
              <th scope="col" class="table__city">City</th>
              <th scope="col" class="table__offer">Offer</th>
              <th scope="col" class="table__number">Price</th>
              <th scope="col" class="table__action"><span class="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && state.status === 'ready' && (
              <tr>
                <td colSpan={7} class="table__empty">No listings match these filters.</td>
              </tr>
            )}
            {rows.map((item) => (
              <tr key={item.ID} data-listing-id={item.ID} class={selected.has(item.ID) ? 'is-selected' : undefined}>
                <td class="table__check">
                  <input
                    type="checkbox"
                    aria-label={`Select listing ${item.MLSNumber || item.ID}${item.City ? ` in ${item.City}` : ''}`}
                    checked={selected.has(item.ID)}
                    onChange={(event) => model.toggle(item.ID, event.currentTarget.checked)}
                  />
                </td>
                <td class="table__key">{item.MLSNumber}</td>
                <td class="table__property">
                  {item.PropertyType}
                  <span class="table__sub">{item.Bedrooms || '–'} bd · {item.Bathrooms || '–'} ba</span>
                </td>
                <td class="table__city">{item.City}</td>
                <td class="table__offer">
                  {saleTypeLabel(item.SaleType)}
                  <span class="table__sub">{item.Status}</span>
                </td>
                <td class="table__number">{formatPrice(item)}</td>
                <td class="table__action">
                  <button type="button" class="button button--small" onClick={() => onEdit(item)}>
                    Edit<span class="sr-only"> listing {item.MLSNumber || item.ID}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function Pager({ model }: { model: ListingsModel }) {
  const page = model.pageNumber.value;
  const size = model.pageSize.value;
  // After a failed load the count is not known: no "Showing 0–0 of 0" or "Page 1 of 1" beside the error.
  if (model.table.value.status === 'failed') return null;
  return (
    <nav class="pager" aria-label="Listing pages">
      <p class="pager__summary" id="listings-summary">
        {model.table.value.status === 'loading' ? 'Loading…' : showingSummary(page, size, model.total.value)}
      </p>
      <div class="pager__controls">
        <label for="page-size">Per page</label>
        <select id="page-size" value={String(size)} onChange={(event) => void model.setPageSize(Number(event.currentTarget.value))}>
          {PAGE_SIZES.map((option) => <option key={option} value={String(option)}>{option}</option>)}
        </select>
        <AriaDisabledButton type="button" class="button button--small" unavailable={page <= 1} onClick={() => void model.goToPage(page - 1)}>
          Previous<span class="sr-only"> page</span>
        </AriaDisabledButton>
        <span>Page {page} of {model.pageCount.value}</span>
        <AriaDisabledButton type="button" class="button button--small" unavailable={page >= model.pageCount.value} onClick={() => void model.goToPage(page + 1)}>
          Next<span class="sr-only"> page</span>
        </AriaDisabledButton>
      </div>
    </nav>
  );
}
