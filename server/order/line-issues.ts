import type { CartLineView } from "../cart/types";
import type { OrderError } from "./types";

/** What stops an order in its cart's lines (sold out, not enough in stock), before any money moves. */
export function lineIssueErrors(lines: readonly Pick<CartLineView, "issue" | "productNumber" | "name">[]): OrderError[] {
  return lines.flatMap((line): OrderError[] => {
    if (!line.issue) return [];
    if (line.issue.code === "insufficient-stock") {
      return [{ code: "insufficient-stock", productNumber: line.productNumber, name: line.name, available: line.issue.available }];
    }
    return [{ code: "sold-out", productNumber: line.productNumber, name: line.name }];
  });
}
