import { useId, useState, type KeyboardEvent } from "react";
import type { QuickOrderProduct } from "../../../../kernel/quick-order";
import { useI18n } from "../../../i18n/i18n";
import { useProductSearch, type ProductSearchState } from "./use-product-search";

interface ProductSearchProps {
  onPick(product: QuickOrderProduct): void;
}

/**
 * The combobox **Search products** (ARIA 1.2 combobox with a listbox; CONTRACT §6): focus stays in the
 * input, ArrowDown/ArrowUp move `aria-activedescendant` through the suggestions (wrapping around), Enter
 * or a click picks one, Escape closes the list. When the search found more than it sent, a last option
 * "More results" fetches the next page.
 */
export function ProductSearch({ onPick }: ProductSearchProps) {
  const { t } = useI18n();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const { state, type, more, clear } = useProductSearch();
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const hasMore = state.products.length < state.total;
  const count = state.products.length + (hasMore ? 1 : 0);
  const expanded = open && count > 0;
  const optionId = (index: number) => `${id}-option-${index}`;
  const activeId = expanded && active >= 0 && active < count ? optionId(active) : undefined;

  const pick = (product: QuickOrderProduct) => {
    onPick(product);
    setText("");
    setActive(-1);
    clear();
  };
  // The option under "More results" becomes the first of the next page once it is there.
  const choose = (index: number) => {
    const product = state.products[index];
    if (product) pick(product);
    else more();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === "ArrowDown" || event.key === "ArrowUp") && count > 0) {
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current < 0 && step < 0 ? count - 1 : (current + step + count) % count));
    } else if (event.key === "Enter" && activeId) {
      event.preventDefault();
      choose(active);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="quick-order-search">
      <label htmlFor={`${id}-input`} className="quick-order-search__label">
        {t("customer.quickOrder.search.label")}
      </label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        autoComplete="off"
        placeholder={t("customer.quickOrder.search.placeholder")}
        value={text}
        className="quick-order-search__input"
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
          type(event.target.value);
        }}
        onFocus={() => setOpen(true)}
        // The options never take focus, so leaving the input closes the list.
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul
        role="listbox"
        id={listboxId}
        aria-label={t("customer.quickOrder.search.listbox")}
        hidden={!expanded}
        className="quick-order-search__listbox"
        // Pressing an option must not take the focus out of the input.
        onMouseDown={(event) => event.preventDefault()}
      >
        {state.products.map((product, index) => (
          <li
            key={product.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className="quick-order-search__option"
            onClick={() => pick(product)}
          >
            <span className="quick-order-search__name">{product.name}</span>
            <span className="quick-order-search__number">{product.productNumber}</span>
          </li>
        ))}
        {hasMore && (
          <li
            id={optionId(state.products.length)}
            role="option"
            aria-selected={active === state.products.length}
            className="quick-order-search__option quick-order-search__more"
            onClick={more}
          >
            <span className="quick-order-search__name">{t("customer.quickOrder.search.more")}</span>
            <span className="quick-order-search__number">
              {t("customer.quickOrder.search.shown", { shown: state.products.length, total: state.total })}
            </span>
          </li>
        )}
      </ul>
      <SearchStatus state={state} open={open} />
    </div>
  );
}

/** One live region: searching, the number found, nothing found (shown) or a failed search (shown). */
function SearchStatus({ state, open }: { state: ProductSearchState; open: boolean }) {
  const { t } = useI18n();
  const text =
    state.status === "loading"
      ? t("customer.quickOrder.search.searching")
      : state.status === "failed"
        ? t("customer.quickOrder.search.failed")
        : state.status === "done"
          ? state.total === 0
            ? t("customer.quickOrder.search.none")
            : state.total === 1
              ? t("customer.quickOrder.search.countOne")
              : t("customer.quickOrder.search.count", { count: state.total })
          : "";
  const visible = open && (state.status === "failed" || (state.status === "done" && state.total === 0));
  return (
    <p role="status" className={visible ? "quick-order-search__message" : "visually-hidden"}>
      {text}
    </p>
  );
}
