import { createOrderPlacing, type OrderPlacingDeps } from "./placing";
import { createOrderReading } from "./reading";
import type { OrderService } from "./service-types";

/** Placing orders (placing.ts) and reading them back (reading.ts), over one database. */
export function createOrderService(deps: Omit<OrderPlacingDeps, "findForCustomer">): OrderService {
  const reading = createOrderReading(deps.db, deps.channel);
  return { ...createOrderPlacing({ ...deps, findForCustomer: reading.findForCustomer }), ...reading };
}
