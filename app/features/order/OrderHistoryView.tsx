import { useState } from "react";
import { Link } from "react-router";
import type { OrderPage, OrderView } from "../../../server/order/types";
import { formatMoney, useI18n } from "../../i18n/i18n";
import { useRoutePath } from "../../ui/use-route-path";
import { OrderItems } from "./OrderItems";
import "./Order.css";

/** An order's status in words. */
export function useOrderStatus() {
  const { t } = useI18n();
  return (status: string) =>
    status === "open" || status === "in_progress" || status === "completed" || status === "cancelled" ? t(`order.status.${status}`) : status;
}

export function formatOrderDate(iso: string, locale: string) {
  return new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(new Date(iso));
}

/** `/account/order`: the customer's orders, newest first, paginated; each shows its items on request. */
export function OrderHistoryView({ page }: { page: OrderPage }) {
  const { t } = useI18n();
  const path = useRoutePath();
  return (
    <>
      <title>{`${t("order.list.title")} | ${t("shop.name")}`}</title>
      <h1>{t("order.list.title")}</h1>
      {page.orders.length === 0 ? (
        <div className="order-empty">
          <p>{t("order.list.empty")}</p>
          <Link to={path("frontend.home.page")} className="button button--primary">
            {t("order.list.shop")}
          </Link>
        </div>
      ) : (
        <>
          <p className="order-lead">{t("order.list.lead")}</p>
          <ul className="order-list">
            {page.orders.map((order) => (
              <li key={order.id}>
                <OrderCard order={order} />
              </li>
            ))}
          </ul>
          <Pagination page={page.page} pageCount={page.pageCount} />
        </>
      )}
    </>
  );
}

function OrderCard({ order }: { order: OrderView }) {
  const { t, locale } = useI18n();
  const path = useRoutePath();
  const status = useOrderStatus();
  const [open, setOpen] = useState(false);
  const headingId = `order-${order.orderNumber}`;
  return (
    <article className="order-card" aria-labelledby={headingId}>
      <div className="order-card__head">
        <h2 id={headingId} className="order-card__title">
          {t("order.list.number", { number: order.orderNumber })}
        </h2>
        <Link
          to={path("frontend.account.order.single.page", { orderNumber: order.orderNumber })}
          className="order-card__details"
          aria-label={t("order.list.detailsLabel", { number: order.orderNumber })}
        >
          {t("order.list.details")}
        </Link>
      </div>
      <dl className="order-facts">
        <div>
          <dt>{t("order.list.date")}</dt>
          <dd>{formatOrderDate(order.createdAt, locale)}</dd>
        </div>
        <div>
          <dt>{t("order.list.status")}</dt>
          <dd>{status(order.status)}</dd>
        </div>
        <div>
          <dt>{t("order.list.total")}</dt>
          <dd>{formatMoney(order.grossTotal, order.currency, locale)}</dd>
        </div>
      </dl>
      {/* A native disclosure: works without JavaScript; with it, opening fetches the shipping info. */}
      <details className="order-card__items" onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary>{open ? t("order.list.hideItems") : t("order.list.showItems")}</summary>
        <OrderItems order={order} active={open} />
      </details>
    </article>
  );
}

function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const { t } = useI18n();
  const path = useRoutePath();
  if (pageCount <= 1) return null;
  const to = (p: number) => path("frontend.account.order.page", undefined, { p: p === 1 ? undefined : String(p) });
  return (
    <nav className="order-pagination" aria-label={t("order.list.pagination")}>
      {page > 1 && (
        <Link to={to(page - 1)} className="button button--secondary button--small">
          {t("order.list.previous")}
        </Link>
      )}
      {Array.from({ length: pageCount }, (_, i) => i + 1).map((p) => (
        <Link key={p} to={to(p)} className={`order-pagination__page ${p === page ? "is-current" : ""}`} aria-current={p === page ? "page" : undefined} aria-label={t("order.list.page", { page: p })}>
          {p}
        </Link>
      ))}
      {page < pageCount && (
        <Link to={to(page + 1)} className="button button--secondary button--small">
          {t("order.list.next")}
        </Link>
      )}
    </nav>
  );
}
