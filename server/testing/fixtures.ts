import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";

const SERVER_BUILD = path.resolve("build/server/index.js");
/** The built browser assets, for tests that serve pages (`createApp({ clientDir })`). */
export const CLIENT_BUILD_DIR = path.resolve("build/client");

/** The production server build, for integration tests that render pages (`npm test` builds first). */
export async function loadServerBuild(): Promise<ServerBuild> {
  if (!existsSync(SERVER_BUILD)) throw new Error("No server build: run `npm run build` before the integration tests.");
  return (await import(pathToFileURL(SERVER_BUILD).href)) as ServerBuild;
}

/** A demo variant with a price that is sold one by one (minimum 1, step 1): the simplest thing to put in a cart. */
export async function singleUnitVariantId(db: Database): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select v.id from product_variant v join price pr on pr.variant_id = v.id and pr.quantity_start = 1
        where v.min_purchase = 1 and v.purchase_step = 1 order by v.product_number limit 1`,
  );
  if (!row) throw new Error("The demo catalog has no variant sold one by one.");
  return row.id;
}

/**
 * A demo variant of one price (no graduated prices) between 20 and 200 EUR, sold one by one with no
 * order limit, stocked for any test: carts of a chosen total are `ceil(total / gross)` of it.
 */
export async function bulkVariant(db: Database): Promise<{ id: string; gross: number }> {
  const [row] = await queryRows<{ id: string; gross: number }>(
    db,
    sql`select v.id, p.gross from product_variant v join price p on p.variant_id = v.id and p.quantity_start = 1
        join product pr on pr.id = v.product_id
        where p.gross between 2000 and 20000 and pr.active and v.active
          and v.min_purchase = 1 and v.purchase_step = 1 and v.max_purchase >= 100 and pr.max_order_quantity is null
          and not exists (select 1 from price q where q.variant_id = v.id and q.quantity_start > 1)
        order by p.gross desc, v.id limit 1`,
  );
  if (!row) throw new Error("The demo catalog has no variant for bulk carts.");
  await db.execute(sql`update product_variant set stock = 100000 where id = ${row.id}`);
  return row;
}

/** The fields of a valid registration form post (a private account in Berlin) with the given email. */
export function registrationFormFields(email: string, countryId: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "register",
    salutation: "mrs",
    firstName: "Erika",
    lastName: "Muster",
    email,
    password: "correct horse",
    passwordConfirmation: "correct horse",
    "billingAddress.street": "Hauptstraße 1",
    "billingAddress.zipcode": "10115",
    "billingAddress.city": "Berlin",
    "billingAddress.countryId": countryId,
    ...overrides,
  };
}
