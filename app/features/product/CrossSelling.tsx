import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Link } from "react-router";
import type { CrossSellingGroup, ProductBox } from "../../../server/catalog/types";
import type { CrossSellingAnswer } from "../../../server/http/catalog";
import { useI18n } from "../../i18n/i18n";
import { getJson } from "../../lib/http";
import { ProductSlider } from "../../ui/ProductSlider";
import { tabIndexForKey } from "./tabs";

/** Without JavaScript the tabs cannot switch: every pane shows under its own heading. */
const NO_SCRIPT_STYLE =
  ".cross-selling__list{display:none!important}.cross-selling__pane[hidden]{display:block!important}" +
  ".cross-selling__pane-title{position:static!important;width:auto!important;height:auto!important;clip:auto!important;margin:0 0 .75rem!important}";

type CategoryProducts = { status: "loading" } | { status: "error" } | { status: "ready"; products: ProductBox[] };

/**
 * The product's cross-selling groups as tabs, each a product slider (spec §2, extensions §7). A
 * category's tab asks `frontend.product.cross-selling` for its products the first time it is shown,
 * and only then; until then, and for good without JavaScript, it links to the category's page. An
 * accessory's add-to-cart opens the cart panel like every add-to-cart form.
 */
export function CrossSelling({ groups }: { groups: CrossSellingGroup[] }) {
  const { t } = useI18n();
  const [selected, setSelected] = useState(groups[0]?.id);
  const [loaded, setLoaded] = useState<Record<string, CategoryProducts>>({});
  const tabs = useRef(new Map<string, HTMLButtonElement>());

  const load = useCallback((id: string) => {
    setLoaded((current) => ({ ...current, [id]: { status: "loading" } }));
    getJson<CrossSellingAnswer>("frontend.product.cross-selling", { crossSellingId: id }).then(
      (answer) => setLoaded((current) => ({ ...current, [id]: { status: "ready", products: answer.products } })),
      () => setLoaded((current) => ({ ...current, [id]: { status: "error" } })),
    );
  }, []);

  // A category's tab loads when first shown, the first tab included.
  const current = groups.find((group) => group.id === selected);
  const pendingCategory = current?.kind === "category" && !loaded[current.id] ? current.id : null;
  useEffect(() => {
    if (pendingCategory) load(pendingCategory);
  }, [pendingCategory, load]);

  if (groups.length === 0 || !current) return null;

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const next = tabIndexForKey(event.key, index, groups.length, "horizontal");
    if (next === null) return;
    event.preventDefault();
    const group = groups[next]!;
    setSelected(group.id);
    tabs.current.get(group.id)?.focus();
  };

  return (
    <section className="product-section cross-selling" aria-labelledby="cross-selling-title">
      <h2 id="cross-selling-title" className="visually-hidden">
        {t("crossSelling.tabs")}
      </h2>
      <div role="tablist" aria-labelledby="cross-selling-title" className="cross-selling__list">
        {groups.map((group, index) => (
          <button
            key={group.id}
            ref={(element) => {
              if (element) tabs.current.set(group.id, element);
              else tabs.current.delete(group.id);
            }}
            type="button"
            role="tab"
            id={`cross-selling-tab-${group.id}`}
            aria-controls={`cross-selling-${group.id}`}
            aria-selected={group.id === current.id}
            tabIndex={group.id === current.id ? 0 : -1}
            className="cross-selling__tab"
            onClick={() => setSelected(group.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {group.name}
          </button>
        ))}
      </div>
      {groups.map((group) => (
        <div
          key={group.id}
          id={`cross-selling-${group.id}`}
          role="tabpanel"
          aria-labelledby={`cross-selling-tab-${group.id}`}
          className="cross-selling__pane"
          hidden={group.id !== current.id}
        >
          <h3 className="cross-selling__pane-title visually-hidden">{group.name}</h3>
          {group.kind === "products" ? (
            <ProductSlider products={group.products} label={group.name} />
          ) : (
            <CategoryPane group={group} state={loaded[group.id]} onRetry={() => load(group.id)} />
          )}
        </div>
      ))}
      <noscript>
        <style>{NO_SCRIPT_STYLE}</style>
      </noscript>
    </section>
  );
}

function CategoryPane({
  group,
  state,
  onRetry,
}: {
  group: Extract<CrossSellingGroup, { kind: "category" }>;
  state: CategoryProducts | undefined;
  onRetry(): void;
}) {
  const { t } = useI18n();
  return (
    <>
      {/* Not asked yet (the server's page, a browser without JavaScript): the link below leads to the products. */}
      {state?.status === "loading" && (
        <p className="cross-selling__status has-element-loader" role="status">
          {t("crossSelling.loading")}
        </p>
      )}
      {state?.status === "error" && (
        <div className="cross-selling__status" role="alert">
          <p>{t("crossSelling.error")}</p>
          <button type="button" className="button button--secondary" onClick={onRetry}>
            {t("crossSelling.retry")}
          </button>
        </div>
      )}
      {state?.status === "ready" &&
        (state.products.length > 0 ? (
          <ProductSlider products={state.products} label={group.name} />
        ) : (
          <p className="cross-selling__status">{t("crossSelling.empty")}</p>
        ))}
      <p className="cross-selling__all">
        <Link to={group.category.url}>{t("crossSelling.showAll", { category: group.category.name })}</Link>
      </p>
    </>
  );
}
