import type { Database } from "../server/db/client";
import { operator } from "../server/operator/tables";
import { createOperatorService } from "../server/operator/service";

/** The demo shop's operator (CONTRACT §9); a real shop makes its own with `npm run operator -- create`. */
export const DEMO_OPERATOR = { email: "operator@vitrine.example", password: "operator-demo" } as const;

/** Creates the demo operator in a shop that has no operator yet; returns whether it did. */
export async function ensureDemoOperator(db: Database): Promise<boolean> {
  const existing = await db.select({ id: operator.id }).from(operator).limit(1);
  if (existing.length > 0) return false;
  const result = await createOperatorService(db).upsert(DEMO_OPERATOR.email, DEMO_OPERATOR.password);
  return result.ok;
}
