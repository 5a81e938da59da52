import { useEffect, useReducer, useRef, useState, type Dispatch } from "react";
import { useI18n } from "../../../i18n/i18n";
import { CartActions } from "./CartActions";
import { ListPagination } from "./ListPagination";
import { ProductSearch } from "./ProductSearch";
import { QuickOrderLineRow } from "./QuickOrderLineRow";
import {
  emptyQuickOrderList,
  listQuantities,
  pageCount,
  pageLines,
  quickOrderReducer,
  visiblePage,
  type DuplicateNotice,
  type QuickOrderAction,
  type QuickOrderListState,
} from "./quick-order-list";
import { readStoredLines, sessionStore, storeLines } from "./stored-list";
import { UploadCsvDialog } from "./upload/UploadCsvDialog";
import "./QuickOrder.css";

const LIST_HEADING_ID = "quick-order-list";

/**
 * `/quick-order` (spec §4 "Quick order list", CONTRACT §6): products found by number or name or uploaded
 * from a CSV file, collected in a list that lives in this browser tab, then put into the cart at once.
 */
export function QuickOrderView() {
  const { t } = useI18n();
  const [state, dispatch] = useStoredList();
  const [uploading, setUploading] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const hasLines = state.lines.length > 0;
  useLeaveWarning(hasLines);

  return (
    <div className="container page quick-order">
      <title>{`${t("customer.quickOrder.title")} | ${t("shop.name")}`}</title>
      <div className="quick-order__head">
        <h1>{t("customer.quickOrder.title")}</h1>
        <p className="quick-order__lead">{t("customer.quickOrder.lead")}</p>
      </div>
      <div className="quick-order__tools">
        <ProductSearch onPick={(product) => dispatch({ type: "added", product, quantity: product.minPurchase })} />
        <button type="button" className="button button--secondary quick-order__upload" onClick={() => setUploading(true)}>
          {t("customer.quickOrder.upload")}
        </button>
      </div>
      <DuplicateStatus duplicate={state.duplicate} />
      {state.notFound.length > 0 && <NotFoundAlert numbers={state.notFound} />}
      <section className="quick-order__list" aria-labelledby={LIST_HEADING_ID}>
        <h2 id={LIST_HEADING_ID} ref={heading} tabIndex={-1} className="quick-order__list-title">
          {t("customer.quickOrder.list.label")}
          {hasLines && (
            <span className="quick-order__count">
              {state.lines.length === 1 ? t("customer.quickOrder.list.countOne") : t("customer.quickOrder.list.count", { count: state.lines.length })}
            </span>
          )}
        </h2>
        {/* A removed line takes the focus with it: it goes to the list's heading instead. */}
        <ListLines state={state} dispatch={dispatch} onRemoved={() => heading.current?.focus()} />
        <ListPagination
          page={visiblePage(state.page, state.lines.length)}
          pages={pageCount(state.lines.length)}
          listId={LIST_HEADING_ID}
          onPage={(page) => {
            dispatch({ type: "paged", page });
            heading.current?.focus();
          }}
        />
      </section>
      <CartActions lines={state.lines} onClear={() => dispatch({ type: "cleared" })} />
      <UploadCsvDialog
        open={uploading}
        onOpenChange={setUploading}
        hasLines={hasLines}
        listQuantities={listQuantities(state.lines)}
        onApply={({ notFound, ...upload }) => dispatch({ type: "uploaded", upload, notFound })}
      />
    </div>
  );
}

/**
 * The list's state, kept in the tab's session storage so a reload keeps it. The server renders the empty
 * list; the stored one is read after hydration, and only then is anything written back.
 */
function useStoredList(): [QuickOrderListState, Dispatch<QuickOrderAction>] {
  const [state, dispatch] = useReducer(quickOrderReducer, emptyQuickOrderList);
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    dispatch({ type: "restored", lines: readStoredLines(sessionStore()) });
    setRestored(true);
  }, []);
  useEffect(() => {
    if (restored) storeLines(sessionStore(), state.lines);
  }, [restored, state.lines]);
  return [state, dispatch];
}

/** Spec §8: leaving or reloading the page while the list has lines asks first. */
function useLeaveWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [active]);
}

interface ListLinesProps {
  state: QuickOrderListState;
  dispatch: Dispatch<QuickOrderAction>;
  onRemoved(): void;
}

function ListLines({ state, dispatch, onRemoved }: ListLinesProps) {
  const { t } = useI18n();
  if (state.lines.length === 0) return <p className="quick-order__empty">{t("customer.quickOrder.list.empty")}</p>;
  return (
    <ul className="quick-order-lines">
      {pageLines(state.lines, state.page).map((line) => {
        const { productNumber } = line.product;
        return (
          <QuickOrderLineRow
            key={productNumber}
            line={line}
            onQuantity={(quantity) => dispatch({ type: "updated", productNumber, quantity })}
            onRemove={() => {
              dispatch({ type: "removed", productNumber });
              onRemoved();
            }}
          />
        );
      })}
    </ul>
  );
}

/** Always in the page, so that screen readers announce the notice when it appears. */
function DuplicateStatus({ duplicate }: { duplicate: DuplicateNotice | null }) {
  const { t } = useI18n();
  return (
    <p role="status" className={duplicate ? "quick-order__notice" : "visually-hidden"}>
      {duplicate && t("customer.quickOrder.duplicate", { number: duplicate.productNumber, name: duplicate.name })}
    </p>
  );
}

function NotFoundAlert({ numbers }: { numbers: string[] }) {
  const { t } = useI18n();
  return (
    <div className="checkout-alert quick-order__not-found" role="alert">
      <p>{t("customer.quickOrder.notFound")}</p>
      <ul>
        {numbers.map((number) => (
          <li key={number}>{number}</li>
        ))}
      </ul>
    </div>
  );
}
