import type { ReactNode } from "react";
import type { QuoteLineView } from "../../../../server/b2b/quotes/types";
import { formatMoney } from "../../../i18n/i18n";
import { AdminTable } from "../AdminTable";
import { percentOfBasisPoints } from "./quote-admin";

/** The id of a line's product cell: the line's **Discount %** field is described by it (which product). */
export const lineProductId = (lineId: string) => `quote-line-${lineId}-product`;

/**
 * The quote's lines at list and quoted prices. `discountCell` replaces the discount's text with a field
 * (the reply form); without it the table only shows the discounts.
 */
export function QuoteLines({ lines, currency, discountCell }: { lines: QuoteLineView[]; currency: string; discountCell?: (line: QuoteLineView) => ReactNode }) {
  const money = (amount: number) => formatMoney(amount, currency, "en");
  return (
    <AdminTable
      caption="Lines"
      rows={lines}
      rowKey={(line) => line.id}
      empty="This quote has no lines."
      columns={[
        {
          header: "Product",
          cell: (line) => (
            <span id={lineProductId(line.id)}>
              {line.label}
              <span className="admin__muted"> · {line.productNumber}</span>
            </span>
          ),
        },
        { header: "Quantity", cell: (line) => line.quantity, numeric: true },
        { header: "List price", cell: (line) => money(line.listUnitGross), numeric: true },
        { header: "Discount %", cell: discountCell ?? ((line) => `${percentOfBasisPoints(line.discountBasisPoints)} %`), numeric: !discountCell },
        { header: "Quoted price", cell: (line) => money(line.quotedUnitGross), numeric: true },
        { header: "Total", cell: (line) => money(line.totalGross), numeric: true },
      ]}
    />
  );
}
