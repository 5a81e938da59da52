import type { Permission } from "../../../../kernel/b2b-permissions";
import type { QuoteAbilities } from "./quote-format";

/**
 * Who sees which quotes (issue 24, CONTRACT §6): a role with `quote.read.all` sees all of the company's
 * (the partner holds every permission), one with only `quote.request` those its employee asked for,
 * any other none (null: the page answers 403). Both quote pages' loaders read through it.
 */
export function quoteReadScope(may: Record<Permission, boolean>, employeeId: string | null): { requesterId: string | null } | null {
  if (may["quote.read.all"]) return { requesterId: null };
  if (may["quote.request"]) return { requesterId: employeeId };
  return null;
}

/** The detail page's buttons the role allows. */
export function quoteAbilities(may: Record<Permission, boolean>): QuoteAbilities {
  return { accept: may["quote.accept"], decline: may["quote.decline"], requestChanges: may["quote.request_change"] };
}
