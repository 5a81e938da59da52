import { Form, Link, useNavigation } from "react-router";
import type { ApprovalRefusal, PendingOrderView } from "../../../../server/b2b/approvals/types";
import type { OrderError } from "../../../../server/order/types";
import { formatDay, formatMoney, useI18n } from "../../../i18n/i18n";
import { useRoutePath } from "../../../ui/use-route-path";
import { DeclineDialog, type DeclineAnswer } from "./DeclineDialog";
import { orderProblem, PENDING_STATUS_KEYS, REFUSAL_KEYS, type PendingNotice } from "./pending-format";
import "./PendingOrders.css";

/** A refused approval or decline of one pending order. */
export interface PendingRefusal {
  pendingOrderId: string;
  reason: ApprovalRefusal;
  orderErrors?: OrderError[];
}

export interface PendingOrdersViewProps {
  pendingOrders: PendingOrderView[];
  /** Whether the list holds the company's pending orders or the caller's own. */
  scope: "all" | "own";
  notice: PendingNotice | null;
  refusal?: PendingRefusal;
  declineAnswer?: DeclineAnswer;
  reasonMax: number;
}

/** `/account/pending-orders`: what waits for approval first, then the decided ones, newest first. */
export function PendingOrdersView({ pendingOrders, scope, notice, refusal, declineAnswer, reasonMax }: PendingOrdersViewProps) {
  const { t } = useI18n();
  const waiting = pendingOrders.filter((p) => p.status === "pending");
  const decided = pendingOrders.filter((p) => p.status !== "pending");
  return (
    <>
      <title>{`${t("customer.pendingOrders.title")} | ${t("shop.name")}`}</title>
      <div className="pending__head">
        <h1>{t("customer.pendingOrders.title")}</h1>
        <p className="pending__lead">{t(scope === "all" ? "customer.pendingOrders.lead" : "customer.pendingOrders.leadOwn")}</p>
      </div>
      {notice && (
        <p className="pending__notice" role="status">
          {t(`customer.pendingOrders.notice.${notice.kind}`, { number: notice.number, orderNumber: notice.kind === "approved" ? notice.orderNumber : "" })}
        </p>
      )}
      {pendingOrders.length === 0 ? (
        <p className="pending__empty">{t("customer.pendingOrders.empty")}</p>
      ) : (
        <>
          <PendingSection title={t("customer.pendingOrders.waiting")} id="pending-waiting" orders={waiting} refusal={refusal} declineAnswer={declineAnswer} reasonMax={reasonMax} />
          <PendingSection title={t("customer.pendingOrders.decided")} id="pending-decided" orders={decided} reasonMax={reasonMax} />
        </>
      )}
    </>
  );
}

interface PendingSectionProps {
  title: string;
  id: string;
  orders: PendingOrderView[];
  refusal?: PendingRefusal;
  declineAnswer?: DeclineAnswer;
  reasonMax: number;
}

function PendingSection({ title, id, orders, refusal, declineAnswer, reasonMax }: PendingSectionProps) {
  if (orders.length === 0) return null;
  return (
    <section className="pending__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="pending__list">
        {orders.map((order) => (
          <li key={order.id}>
            <PendingOrderCard
              order={order}
              refusal={refusal?.pendingOrderId === order.id ? refusal : undefined}
              declineAnswer={declineAnswer?.pendingOrderId === order.id ? declineAnswer : undefined}
              reasonMax={reasonMax}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

interface PendingOrderCardProps {
  order: PendingOrderView;
  refusal?: PendingRefusal;
  declineAnswer?: DeclineAnswer;
  reasonMax: number;
}

/** One pending order: who asked, under which rule, what, and the decision or the reviewer's buttons. */
function PendingOrderCard({ order, refusal, declineAnswer, reasonMax }: PendingOrderCardProps) {
  const { t, locale } = useI18n();
  const headingId = `pending-${order.id}`;
  return (
    <article className="pending-card" aria-labelledby={headingId}>
      <header className="pending-card__head">
        <h3 id={headingId}>{order.numberLabel}</h3>
        <span className={`pending-status pending-status--${order.status}`}>{t(PENDING_STATUS_KEYS[order.status])}</span>
      </header>
      <dl className="pending-card__facts">
        <Fact label={t("customer.pendingOrders.requestedBy")}>{order.requesterName}</Fact>
        <Fact label={t("customer.pendingOrders.requestedOn")}>
          <time dateTime={order.createdAt}>{formatDay(order.createdAt, locale)}</time>
        </Fact>
        <Fact label={t("customer.pendingOrders.rule")}>{order.ruleName}</Fact>
        <Fact label={t("customer.pendingOrders.reviewer")}>{order.reviewerRoleName ?? t("customer.pendingOrders.reviewerPartner")}</Fact>
        <Fact label={t("customer.pendingOrders.total")}>{formatMoney(order.totalGross, order.currency, locale)}</Fact>
      </dl>
      <PendingLines order={order} />
      {order.customerComment && (
        <p className="pending-card__comment">
          <strong>{t("customer.pendingOrders.comment")}:</strong> {order.customerComment}
        </p>
      )}
      <Decision order={order} />
      {refusal && <RefusalAlert refusal={refusal} />}
      {order.decidable && <DecisionButtons order={order} describedBy={headingId} declineAnswer={declineAnswer} reasonMax={reasonMax} />}
    </article>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function PendingLines({ order }: { order: PendingOrderView }) {
  const { t, locale } = useI18n();
  const money = (amount: number) => formatMoney(amount, order.currency, locale);
  return (
    <div className="pending-lines__wrap">
      <table className="pending-lines">
        <caption className="visually-hidden">{t("customer.pendingOrders.items", { number: order.numberLabel })}</caption>
        <thead>
          <tr>
            <th scope="col">{t("customer.pendingOrders.column.product")}</th>
            <th scope="col" className="pending-lines__amount">
              {t("customer.pendingOrders.column.quantity")}
            </th>
            <th scope="col" className="pending-lines__amount">
              {t("customer.pendingOrders.column.unitPrice")}
            </th>
            <th scope="col" className="pending-lines__amount">
              {t("customer.pendingOrders.column.total")}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, index) => (
            <tr key={`${line.productNumber}-${index}`}>
              <th scope="row" className="pending-lines__product">
                <span className="pending-lines__label">{line.label}</span>
                <span className="pending-lines__number">{line.productNumber}</span>
              </th>
              <td className="pending-lines__amount" data-label={t("customer.pendingOrders.column.quantity")}>
                {line.quantity}
              </td>
              <td className="pending-lines__amount" data-label={t("customer.pendingOrders.column.unitPrice")}>
                {money(line.unitGross)}
              </td>
              <td className="pending-lines__amount" data-label={t("customer.pendingOrders.column.total")}>
                {money(line.totalGross)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** How it was decided: by whom and when, the order it became or the reason it was declined. */
function Decision({ order }: { order: PendingOrderView }) {
  const { t, locale } = useI18n();
  const path = useRoutePath();
  if (order.status === "pending" || !order.decidedAt) return null;
  const values = { name: order.deciderName ?? "", date: formatDay(order.decidedAt, locale) };
  if (order.status === "approved") {
    return (
      <p className="pending-card__decision">
        {t("customer.pendingOrders.approvedBy", values)}{" "}
        {order.orderNumber && (
          <Link to={path("frontend.account.order.single.page", { orderNumber: order.orderNumber })}>
            {t("customer.pendingOrders.placedAs", { orderNumber: order.orderNumber })}
          </Link>
        )}
      </p>
    );
  }
  return (
    <div className="pending-card__decision pending-card__decision--declined">
      <p>{t("customer.pendingOrders.declinedBy", values)}</p>
      <p>
        <strong>{t("customer.pendingOrders.reason")}:</strong> <span className="pending-card__reason">{order.declineReason}</span>
      </p>
    </div>
  );
}

function RefusalAlert({ refusal }: { refusal: PendingRefusal }) {
  const { t } = useI18n();
  const details = (refusal.orderErrors ?? []).map(orderProblem).filter((problem, index, all) => all.findIndex((p) => p.key === problem.key && p.values?.number === problem.values?.number) === index);
  return (
    <div className="checkout-alert" role="alert">
      <p>{t(REFUSAL_KEYS[refusal.reason])}</p>
      {details.map((problem) => (
        <p key={`${problem.key}-${problem.values?.number ?? ""}`}>{t(problem.key, problem.values)}</p>
      ))}
    </div>
  );
}

function DecisionButtons({ order, describedBy, declineAnswer, reasonMax }: { order: PendingOrderView; describedBy: string; declineAnswer?: DeclineAnswer; reasonMax: number }) {
  const { t } = useI18n();
  const navigation = useNavigation();
  const approving = navigation.state !== "idle" && navigation.formData?.get("intent") === "approve" && navigation.formData.get("pendingOrderId") === order.id;
  return (
    <div className="pending-card__actions">
      <Form method="post">
        <input type="hidden" name="intent" value="approve" />
        <input type="hidden" name="pendingOrderId" value={order.id} />
        <button type="submit" className="button button--primary" aria-describedby={describedBy} aria-busy={approving || undefined} disabled={approving}>
          {t("customer.pendingOrders.approve")}
        </button>
      </Form>
      <DeclineDialog pendingOrderId={order.id} numberLabel={order.numberLabel} requesterName={order.requesterName} reasonMax={reasonMax} describedBy={describedBy} answer={declineAnswer} />
    </div>
  );
}
