import type { Mail } from "../mail/mailer";
import type { OrderAddressView, OrderView } from "./types";
import { escapeHtml } from "../html";
import { formatMoney } from "../../kernel/money";

const money = (amount: number, currency: string) => formatMoney(amount, currency, "en");

function addressLines(a: OrderAddressView): string[] {
  return [
    a.company,
    `${a.firstName} ${a.lastName}`,
    a.street,
    `${a.zipcode} ${a.city}`.trim(),
    [a.stateName, a.countryName].filter(Boolean).join(", "),
  ].filter((line): line is string => Boolean(line));
}

/** The order confirmation: what was ordered, what it costs, where it goes and how it is paid. */
export function orderConfirmationMail(order: OrderView, shopName: string): Mail {
  const m = (amount: number) => money(amount, order.currency);
  // Paid through a provider's local test double (the offline demo): nobody may take it for a payment.
  const payment = order.payment.testPayment ? `${order.paymentMethodName} (TEST PAYMENT through a test double: no money moved)` : order.paymentMethodName;
  const items = order.lineItems.map((l) => ({
    label: l.label + (l.options ? ` (${l.options})` : ""),
    reference: l.reference,
    quantity: l.quantity,
    total: m(l.totalGross),
  }));
  const sums: [string, string][] = [
    ["Subtotal", m(order.positionsGross)],
    ...(order.discountGross ? [["Discount", `−${m(order.discountGross)}`] as [string, string]] : []),
    ["Shipping", m(order.shippingGross)],
    ["Total", m(order.grossTotal)],
    ...order.taxes.map((t): [string, string] => [`incl. ${t.rateBasisPoints / 100} % VAT`, m(t.tax)]),
  ];
  const text = [
    `Thank you for your order with ${shopName}!`,
    "",
    `Order number: ${order.orderNumber}`,
    "",
    ...items.map((i) => `${i.quantity} × ${i.label} [${i.reference}]  ${i.total}`),
    "",
    ...sums.map(([label, value]) => `${label}: ${value}`),
    "",
    `Shipping: ${order.shippingMethodName}`,
    `Payment: ${payment}`,
    "",
    "Delivery address:",
    ...addressLines(order.shippingAddress),
    "",
    "Billing address:",
    ...addressLines(order.billingAddress),
  ].join("\n");
  const row = (cells: string[]) => `<tr>${cells.map((c) => `<td style="padding:4px 8px">${c}</td>`).join("")}</tr>`;
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1a1a1a">
<h1 style="font-size:20px">Thank you for your order with ${escapeHtml(shopName)}!</h1>
<p>Order number: <strong>${escapeHtml(order.orderNumber)}</strong></p>
<table style="border-collapse:collapse">${items
    .map((i) => row([`${i.quantity} ×`, `${escapeHtml(i.label)}<br><small>${escapeHtml(i.reference)}</small>`, escapeHtml(i.total)]))
    .join("")}${sums.map(([label, value]) => row(["", escapeHtml(label), escapeHtml(value)])).join("")}</table>
<p>Shipping: ${escapeHtml(order.shippingMethodName)}<br>Payment: ${escapeHtml(payment)}</p>
<p><strong>Delivery address</strong><br>${addressLines(order.shippingAddress).map(escapeHtml).join("<br>")}</p>
<p><strong>Billing address</strong><br>${addressLines(order.billingAddress).map(escapeHtml).join("<br>")}</p>
</body></html>`;
  return { to: order.email, subject: `Your order ${order.orderNumber} at ${shopName}`, text, html };
}
