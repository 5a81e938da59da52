import { en } from "../../kernel/i18n/en";
import { eligibilitySubgroup } from "../../kernel/eligibility";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { ADMIN_HEADERS, consoleError, requireOperator } from "../admin.server";
import { createOrderAdmin, paymentStateLabel, type AdminPaymentTransaction } from "../../server/order/admin";
import type { OrderAddressView } from "../../server/order/types";
import { AdminNotice, AdminPageHeader } from "../features/admin/AdminShell";
import { AdminTable } from "../features/admin/AdminTable";
import { formatMoney } from "../i18n/i18n";
import { useRoutePath } from "../ui/use-route-path";
import type { Route } from "./+types/admin-order";

/** Payments in these states wait for their money: the shop's own methods when it arrives, a provider's authorization to be captured. */
const CAPTURABLE = new Set<AdminPaymentTransaction["state"]>(["open", "authorized"]);

/** Payments in these states hold money that can be given back. */
const REFUNDABLE = new Set<AdminPaymentTransaction["state"]>(["paid", "partially_refunded"]);

/** An amount in the currency's major unit as typed ("12.50", "3", "0.5"): at most two decimals, no sign, no thousands separators. */
const MAJOR_AMOUNT = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/** The minor units of an amount typed in major units, or null if it is not one. */
function parseMajorAmount(value: string): number | null {
  const match = MAJOR_AMOUNT.exec(value.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** Minor units as the refund field shows them ("12.50"). */
const majorAmount = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;

const RefundForm = z.object({
  transactionId: z.uuid("must be a payment id"),
  amount: z.string("must be an amount").max(20, "is too long"),
});

type ActionResult = { done: string } | { refused: string; transactionId?: string };

const money = (amount: number, currency: string) => formatMoney(amount, currency, "en");

/** `/admin/orders/{orderId}`: one order, its payment attempts with their states, and refunds. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services } = await requireOperator(context, request, "page");
  const order = await createOrderAdmin(services.db).orderDetail(params.orderId);
  if (!order) throw consoleError(404, "This order does not exist.");
  const transactions = order.transactions.map((t) => ({
    ...t,
    status: paymentStateLabel(t.state),
    refundable: REFUNDABLE.has(t.state) && t.amountGross > t.refundedGross,
    // The shop's own methods are marked paid when the money arrived; a provider's authorization is captured.
    capture: t.provider === "manual" && t.state === "open" ? ("Mark as paid" as const) : t.state === "authorized" ? ("Capture" as const) : null,
    remaining: majorAmount(Math.max(0, t.amountGross - t.refundedGross)),
  }));
  const eligibility = await services.eligibility.forOrder(order.id);
  return data(
    {
      order: { ...order, transactions },
      eligibility: eligibility && {
        subgroup: en[eligibilitySubgroup(eligibility.subgroup)?.label ?? "eligibility.subgroup.label"],
        status: en[`eligibility.status.${eligibility.status}`],
        text: eligibility.verificationText,
        proofName: eligibility.proof?.name ?? null,
      },
    },
    { headers: ADMIN_HEADERS },
  );
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { services, operator } = await requireOperator(context, request, "action");
  const order = await createOrderAdmin(services.db).orderDetail(params.orderId);
  if (!order) throw consoleError(404, "This order does not exist.");
  const refuse = (status: number, refused: string, transactionId?: string) =>
    data<ActionResult>({ refused, ...(transactionId && { transactionId }) }, { status, headers: ADMIN_HEADERS });

  const form = await request.formData().catch(() => null);
  if (form?.get("intent") === "capture") {
    const transactionId = z.uuid().safeParse(form.get("transactionId"));
    const transaction = transactionId.success ? order.transactions.find((t) => t.id === transactionId.data) : undefined;
    if (!transaction) return refuse(404, "This payment does not belong to this order. Reload the page.");
    if (!CAPTURABLE.has(transaction.state) || (transaction.provider !== "manual" && transaction.state !== "authorized")) {
      return refuse(409, `This payment is ${paymentStateLabel(transaction.state).toLowerCase()}: there is nothing to capture.`, transaction.id);
    }
    const result = await services.payments.operations.capture(transaction.id);
    if (!result.ok) return refuse(result.status, result.message, transaction.id);
    await services.operators.audit(operator, "order.capture", order.orderNumber, { transactionId: transaction.id });
    return data<ActionResult>({ done: `The ${transaction.methodName} payment is now ${paymentStateLabel(result.state)}.` }, { headers: ADMIN_HEADERS });
  }
  const parsed = RefundForm.safeParse({ transactionId: form?.get("transactionId") ?? undefined, amount: form?.get("amount") ?? undefined });
  if (!parsed.success) return refuse(400, "This refund could not be made: the form is not complete. Reload the page.");
  const transaction = order.transactions.find((t) => t.id === parsed.data.transactionId);
  if (!transaction) return refuse(404, "This payment does not belong to this order. Reload the page.");
  const id = transaction.id;
  if (!REFUNDABLE.has(transaction.state)) {
    return refuse(409, `This payment is ${paymentStateLabel(transaction.state).toLowerCase()}: only paid payments can be refunded.`, id);
  }
  const remaining = transaction.amountGross - transaction.refundedGross;
  const amount = parseMajorAmount(parsed.data.amount);
  if (amount === null || amount <= 0) {
    return refuse(400, `Enter the refund amount as a number greater than 0 with at most two decimals, e.g. ${majorAmount(remaining)}.`, id);
  }
  if (amount > remaining) {
    return refuse(400, `At most ${money(remaining, transaction.currency)} of this payment can still be refunded.`, id);
  }

  const result = await services.payments.operations.refund(id, amount);
  if (!result.ok) return refuse(result.status, result.message, id);
  await services.operators.audit(operator, "order.refund", order.orderNumber, { transactionId: id, amount: majorAmount(amount), currency: transaction.currency });
  return data<ActionResult>(
    { done: `${money(amount, transaction.currency)} of the ${transaction.methodName} payment refunded. Its status is now ${paymentStateLabel(result.state)}.` },
    { headers: ADMIN_HEADERS },
  );
}

export { adminHeaders as headers } from "../admin.server";

function Address({ title, address }: { title: string; address: OrderAddressView | null }) {
  return (
    <div>
      <h3>{title}</h3>
      {address ? (
        <address>
          {address.company && (
            <>
              {address.company}
              <br />
            </>
          )}
          {address.firstName} {address.lastName}
          <br />
          {address.street}
          <br />
          {address.zipcode} {address.city}
          <br />
          {address.stateName ? `${address.stateName}, ` : ""}
          {address.countryName}
          {address.phone && (
            <>
              <br />
              {address.phone}
            </>
          )}
        </address>
      ) : (
        <p>None</p>
      )}
    </div>
  );
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order } = loaderData;
  const busy = useNavigation().state !== "idle";
  const result = actionData as ActionResult | undefined;
  const refusedFor = result && "refused" in result ? result.transactionId : undefined;
  const path = useRoutePath();
  const orderPath = path("admin.order.page", { orderId: order.id });
  const amount = (minor: number) => money(minor, order.currency);
  const placed = new Date(order.placedAt).toLocaleString("en-GB", { timeZone: "UTC" });
  return (
    <>
      <title>{`Order ${order.orderNumber} | Operator console`}</title>
      <p>
        <Link to={path("admin.orders.page")}>Back to the orders</Link>
      </p>
      <AdminPageHeader title={`Order ${order.orderNumber}`} lead={`Placed ${placed} UTC by ${order.customerName} (${order.email}).`} />
      {result && "done" in result && <AdminNotice kind="done">{result.done}</AdminNotice>}
      {result && "refused" in result && <AdminNotice kind="refused">{result.refused}</AdminNotice>}

      <section className="admin__card" aria-labelledby="admin-order-customer">
        <h2 id="admin-order-customer">Customer</h2>
        <dl className="admin__facts">
          <dt>Order number</dt>
          <dd>{order.orderNumber}</dd>
          <dt>Placed (UTC)</dt>
          <dd>
            <time dateTime={order.placedAt}>{placed}</time>
          </dd>
          <dt>Customer</dt>
          <dd>{order.customerName}</dd>
          <dt>Email</dt>
          <dd>{order.email}</dd>
          <dt>Shipping method</dt>
          <dd>{order.shippingMethodName}</dd>
          {loaderData.eligibility && (
            <>
              <dt>Eligibility</dt>
              <dd>
                {loaderData.eligibility.subgroup}: {loaderData.eligibility.status}
                {loaderData.eligibility.text && <p className="admin__review-text">{loaderData.eligibility.text}</p>}
                {loaderData.eligibility.proofName && (
                  <p>
                    <a href={path("admin.eligibility.proof", { orderId: order.id })} download>
                      {loaderData.eligibility.proofName}
                    </a>{" "}
                    (<Link to={path("admin.eligibility.page")}>decide</Link>)
                  </p>
                )}
              </dd>
            </>
          )}
          {order.customerComment && (
            <>
              <dt>Comment</dt>
              <dd className="admin__review-text">{order.customerComment}</dd>
            </>
          )}
        </dl>
        <div className="admin__addresses">
          <Address title="Billing address" address={order.billingAddress} />
          <Address title="Shipping address" address={order.shippingAddress} />
        </div>
      </section>

      <AdminTable
        caption="Items"
        rows={order.lines}
        rowKey={(line) => line.id}
        empty="This order has no items."
        columns={[
          {
            header: "Item",
            cell: (line) => (
              <>
                {line.name}
                {line.options && <span className="admin__muted"> · {line.options}</span>}
              </>
            ),
          },
          { header: "Number", cell: (line) => line.number },
          { header: "Quantity", cell: (line) => line.quantity, numeric: true },
          { header: "Unit price", cell: (line) => amount(line.unitGross), numeric: true },
          { header: "Total", cell: (line) => amount(line.totalGross), numeric: true },
        ]}
      />

      <section className="admin__card" aria-labelledby="admin-order-totals">
        <h2 id="admin-order-totals">Totals</h2>
        <dl className="admin__facts admin__facts--amounts">
          <dt>Items</dt>
          <dd>{amount(order.totals.positionsGross)}</dd>
          {order.totals.discountGross !== 0 && (
            <>
              <dt>Discount</dt>
              <dd>{amount(order.totals.discountGross)}</dd>
            </>
          )}
          <dt>Shipping</dt>
          <dd>{amount(order.totals.shippingGross)}</dd>
          <dt>Total without tax</dt>
          <dd>{amount(order.totals.netTotal)}</dd>
          {order.totals.taxes.map((tax) => (
            <TaxRow key={tax.rateBasisPoints} rateBasisPoints={tax.rateBasisPoints} amount={amount(tax.tax)} />
          ))}
          <dt>Total</dt>
          <dd>
            <strong>{amount(order.totals.grossTotal)}</strong>
          </dd>
        </dl>
      </section>

      <section aria-labelledby="admin-order-payments" className="admin__section">
        <h2 id="admin-order-payments">Payments</h2>
        <AdminTable
          caption="Payment attempts, oldest first"
          rows={order.transactions}
          rowKey={(t) => t.id}
          empty="This order has no payment."
          columns={[
            {
              header: "Method",
              cell: (t) => (
                <>
                  {t.methodName}
                  {t.testMode && <span className="admin__muted"> · test payment, no money moved</span>}
                </>
              ),
            },
            { header: "Provider", cell: (t) => (t.provider === "manual" ? "The shop (manual)" : t.provider === "paypal" ? "PayPal" : "Amazon Pay") },
            { header: "Status", cell: (t) => <strong>{t.status}</strong> },
            { header: "Amount", cell: (t) => money(t.amountGross, t.currency), numeric: true },
            { header: "Refunded", cell: (t) => money(t.refundedGross, t.currency), numeric: true },
            {
              header: "References",
              cell: (t) => [t.providerReference, t.settlementReference].filter(Boolean).join(" · ") || "None",
            },
            {
              header: "Created (UTC)",
              cell: (t) => <time dateTime={t.createdAt}>{new Date(t.createdAt).toLocaleString("en-GB", { timeZone: "UTC" })}</time>,
            },
            {
              header: "Action",
              cell: (t) =>
                t.refundable ? (
                  // Keyed by what is refunded: after a refund the field shows the new remaining amount.
                  <Form key={`${t.id}-${t.refundedGross}`} method="post" action={orderPath} className="admin__inline-form">
                    <input type="hidden" name="transactionId" value={t.id} />
                    <div className="checkout-field">
                      <label className="checkout-field__label" htmlFor={`refund-${t.id}`}>
                        Refund amount
                      </label>
                      <input
                        id={`refund-${t.id}`}
                        name="amount"
                        type="text"
                        inputMode="decimal"
                        pattern="\d{1,9}(\.\d{1,2})?"
                        required
                        maxLength={12}
                        defaultValue={t.remaining}
                        className="admin__amount"
                        aria-invalid={refusedFor === t.id ? true : undefined}
                        aria-describedby={`refund-${t.id}-hint`}
                      />
                      <p id={`refund-${t.id}-hint`} className="checkout-field__hint">
                        In {t.currency}, at most {t.remaining}
                      </p>
                    </div>
                    <button type="submit" className="button button--primary admin__small-button" disabled={busy}>
                      Refund
                    </button>
                  </Form>
                ) : t.capture ? (
                  <Form method="post" action={orderPath} className="admin__inline-form">
                    <input type="hidden" name="transactionId" value={t.id} />
                    <button type="submit" name="intent" value="capture" className="button button--secondary admin__small-button" disabled={busy}>
                      {t.capture}
                    </button>
                  </Form>
                ) : (
                  <span className="admin__muted">Not refundable</span>
                ),
            },
          ]}
        />
      </section>
    </>
  );
}

function TaxRow({ rateBasisPoints, amount }: { rateBasisPoints: number; amount: string }) {
  return (
    <>
      <dt>{`Tax ${rateBasisPoints / 100} %`}</dt>
      <dd>{amount}</dd>
    </>
  );
}
