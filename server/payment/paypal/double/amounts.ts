import type { ErrorDetail } from "./errors";

/*
 * PayPal's amount rules for an order's purchase units, checked in integer minor units as PayPal does:
 * the value has no more decimals than the currency allows, and when a breakdown is sent,
 * item_total + shipping + handling + tax_total + insurance - shipping_discount - discount = value,
 * and the items' unit_amount × quantity add up to item_total (tax likewise to tax_total).
 */

export interface Money {
  currency_code: string;
  value: string;
}

/** Currencies PayPal handles without decimals (https://developer.paypal.com/api/rest/reference/currency-codes/). */
const ZERO_DECIMAL = new Set(["HUF", "JPY", "TWD"]);

export function decimalsOf(currency: string): number {
  return ZERO_DECIMAL.has(currency) ? 0 : 2;
}

/** `"12.30"` → 1230 for EUR; null when the value is not a non-negative decimal with the currency's precision. */
export function toMinor(money: Money): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(money.value);
  if (!match) return null;
  const decimals = decimalsOf(money.currency_code);
  const fraction = match[2] ?? "";
  if (fraction.length > decimals) return null;
  return Number(match[1]) * 10 ** decimals + Number(fraction.padEnd(decimals, "0") || "0");
}

export function fromMinor(minor: number, currency: string): Money {
  const decimals = decimalsOf(currency);
  const value = decimals === 0 ? String(minor) : `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, "0")}`;
  return { currency_code: currency, value };
}

function isMoney(value: unknown): value is Money {
  const money = value as Money | null;
  return typeof money === "object" && money !== null && typeof money.currency_code === "string" && typeof money.value === "string";
}

interface CheckedUnit {
  amount?: unknown;
  items?: unknown;
}

/**
 * The problems of one purchase unit's amount: 400 issues (shape) and 422 issues (arithmetic), each with
 * the JSON pointer PayPal names in `field`.
 */
export function amountProblems(unit: CheckedUnit, pointer: string): { status: 400 | 422; detail: ErrorDetail } | null {
  const amount = unit.amount as (Money & { breakdown?: Record<string, unknown> }) | undefined;
  if (amount === undefined) return { status: 400, detail: { issue: "MISSING_REQUIRED_PARAMETER", field: `${pointer}/amount`, location: "body" } };
  if (!isMoney(amount)) return { status: 400, detail: { issue: "INVALID_PARAMETER_SYNTAX", field: `${pointer}/amount`, location: "body" } };
  if (!/^[A-Z]{3}$/.test(amount.currency_code)) {
    return { status: 422, detail: { issue: "INVALID_CURRENCY_CODE", field: `${pointer}/amount/currency_code`, value: amount.currency_code, location: "body" } };
  }
  if (!/^-?\d+(\.\d+)?$/.test(amount.value)) {
    return { status: 400, detail: { issue: "INVALID_PARAMETER_SYNTAX", field: `${pointer}/amount/value`, value: amount.value, location: "body" } };
  }
  const total = toMinor(amount);
  if (total === null) {
    const issue = amount.value.startsWith("-") ? "CANNOT_BE_ZERO_OR_NEGATIVE" : "DECIMAL_PRECISION";
    return { status: 422, detail: { issue, field: `${pointer}/amount/value`, value: amount.value, location: "body" } };
  }
  if (total === 0) return { status: 422, detail: { issue: "CANNOT_BE_ZERO_OR_NEGATIVE", field: `${pointer}/amount/value`, value: amount.value, location: "body" } };

  const breakdown = amount.breakdown;
  const items = Array.isArray(unit.items) ? (unit.items as Record<string, unknown>[]) : undefined;
  if (breakdown === undefined) {
    return items && items.length > 0 ? { status: 422, detail: { issue: "ITEM_TOTAL_REQUIRED", field: `${pointer}/amount/breakdown/item_total`, location: "body" } } : null;
  }
  const parts: Record<string, number> = {};
  for (const key of ["item_total", "shipping", "handling", "tax_total", "insurance", "shipping_discount", "discount"]) {
    const part = breakdown[key];
    if (part === undefined) continue;
    const field = `${pointer}/amount/breakdown/${key}`;
    if (!isMoney(part)) return { status: 400, detail: { issue: "INVALID_PARAMETER_SYNTAX", field, location: "body" } };
    if (part.currency_code !== amount.currency_code) return { status: 422, detail: { issue: "MULTI_CURRENCY_ORDER", field, location: "body" } };
    const minor = toMinor(part);
    if (minor === null) return { status: 422, detail: { issue: "DECIMAL_PRECISION", field: `${field}/value`, value: part.value, location: "body" } };
    parts[key] = minor;
  }
  const sum = (parts.item_total ?? 0) + (parts.shipping ?? 0) + (parts.handling ?? 0) + (parts.tax_total ?? 0) + (parts.insurance ?? 0) - (parts.shipping_discount ?? 0) - (parts.discount ?? 0);
  if (sum !== total) {
    return {
      status: 422,
      detail: { issue: "AMOUNT_MISMATCH", field: `${pointer}/amount/value`, value: amount.value, location: "body" },
    };
  }
  if (items && items.length > 0) {
    if (parts.item_total === undefined) return { status: 422, detail: { issue: "ITEM_TOTAL_REQUIRED", field: `${pointer}/amount/breakdown/item_total`, location: "body" } };
    let itemSum = 0;
    let taxSum = 0;
    let anyTax = false;
    for (const [index, item] of items.entries()) {
      const field = `${pointer}/items/${index}`;
      const quantity = Number(item.quantity);
      if (!isMoney(item.unit_amount) || typeof item.quantity !== "string" || !/^[1-9][0-9]{0,9}$/.test(item.quantity)) {
        return { status: 400, detail: { issue: "INVALID_PARAMETER_SYNTAX", field, location: "body" } };
      }
      const unitMinor = toMinor(item.unit_amount);
      if (unitMinor === null) return { status: 422, detail: { issue: "DECIMAL_PRECISION", field: `${field}/unit_amount/value`, location: "body" } };
      itemSum += unitMinor * quantity;
      if (item.tax !== undefined) {
        if (!isMoney(item.tax)) return { status: 400, detail: { issue: "INVALID_PARAMETER_SYNTAX", field: `${field}/tax`, location: "body" } };
        anyTax = true;
        taxSum += (toMinor(item.tax) ?? Number.NaN) * quantity;
      }
    }
    if (itemSum !== parts.item_total) {
      return {
        status: 422,
        detail: { issue: "ITEM_TOTAL_MISMATCH", field: `${pointer}/amount/breakdown/item_total`, location: "body" },
      };
    }
    if (anyTax) {
      if (parts.tax_total === undefined) return { status: 422, detail: { issue: "TAX_TOTAL_REQUIRED", field: `${pointer}/amount/breakdown/tax_total`, location: "body" } };
      if (taxSum !== parts.tax_total) return { status: 422, detail: { issue: "TAX_TOTAL_MISMATCH", field: `${pointer}/amount/breakdown/tax_total`, location: "body" } };
    }
  }
  return null;
}
