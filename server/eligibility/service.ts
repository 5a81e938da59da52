import { randomUUID } from "node:crypto";
import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
  eligibilitySatisfied,
  eligibilitySubgroup,
  type EligibilityCheckMode,
  type EligibilityProofType,
  type EligibilityStatus,
} from "../../kernel/eligibility";
import { findCart } from "../cart/load";
import type { SalesChannelContext } from "../catalog/service";
import type { Database } from "../db/client";
import { queryRows } from "../db/query";
import type { UploadSink } from "../http/multipart-file";
import { readEligibilityFields } from "../order/confirm-form";
import { hashToken } from "../visitor";
import { cartEligibility, orderEligibility } from "./tables";

/*
 * The eligibility check at checkout (issue 26, spec §3/§4, reference §11). While the shopper is on the
 * confirm page their choice (customer group, verification text, uploaded proof) is kept per cart; placing
 * the order checks it and copies it onto the order in the same transaction (server/order/placing.ts).
 * Proofs are files in the configured folder, named by a random key: never under public/ or the media
 * folder, never by the shopper's name, served only to the order's customer and to operators.
 */

export interface CartEligibilityChoice {
  subgroup: string | null;
  verificationText: string;
  proof: { name: string; type: EligibilityProofType; bytes: number } | null;
}

export interface StoredProof {
  key: string;
  name: string;
  type: EligibilityProofType;
  bytes: number;
}

export interface OrderEligibilityView {
  orderId: string;
  subgroup: string;
  checkMode: EligibilityCheckMode;
  verificationText: string | null;
  proof: { name: string; type: EligibilityProofType; bytes: number } | null;
  status: EligibilityStatus;
  decidedAt: Date | null;
}

export interface EligibilityListEntry extends OrderEligibilityView {
  orderNumber: string;
  customerName: string;
  email: string;
  createdAt: Date;
}

/** PayPal's create-order from the confirm page before the choice satisfies the check (409). */
export const ELIGIBILITY_MISSING = "Choose your customer group and give what it needs before you pay.";

/** Random keys only: the file name on disk and in the table. */
const PROOF_KEY = /^[0-9a-f-]{36}$/;

/**
 * A proof file no cart or order names is deleted once it is this old: an upload writes its file before
 * the cart's row names it, so a young file may still be on its way.
 */
export const ORPHAN_PROOF_GRACE_MS = 60 * 60 * 1000;

export function createEligibilityService({ db, channel, proofDir }: { db: Database; channel: SalesChannelContext; proofDir: string }) {
  const cartId = async (cartToken: string | undefined) => (cartToken ? ((await findCart(db, hashToken(cartToken), channel.id))?.id ?? null) : null);
  const filePath = (key: string) => {
    if (!PROOF_KEY.test(key)) throw new Error("not a proof key");
    return path.join(proofDir, key);
  };
  const removeFile = (key: string | null | undefined) => (key && PROOF_KEY.test(key) ? rm(filePath(key), { force: true }) : Promise.resolve());

  async function upsert(id: string, values: Partial<typeof cartEligibility.$inferInsert>) {
    await db
      .insert(cartEligibility)
      .values({ cartId: id, ...values })
      .onConflictDoUpdate({ target: cartEligibility.cartId, set: { ...values, updatedAt: new Date() } });
  }

  return {
    /** Whether the cart holds a product that needs the check. */
    async cartNeedsCheck(cartToken: string | undefined): Promise<boolean> {
      const id = await cartId(cartToken);
      if (!id) return false;
      return needsCheck(db, id);
    },

    async choice(cartToken: string | undefined): Promise<CartEligibilityChoice> {
      const id = await cartId(cartToken);
      const [row] = id ? await db.select().from(cartEligibility).where(eq(cartEligibility.cartId, id)) : [];
      return {
        subgroup: row?.subgroup ?? null,
        verificationText: row?.verificationText ?? "",
        proof: row?.proofKey && row.proofName && row.proofType && row.proofBytes !== null ? { name: row.proofName, type: row.proofType, bytes: row.proofBytes } : null,
      };
    },

    /** Records the chosen group (and the verification text, when given) for the cart; false without a cart. */
    async choose(cartToken: string | undefined, subgroup: string, verificationText?: string): Promise<boolean> {
      const id = await cartId(cartToken);
      if (!id) return false;
      await upsert(id, { subgroup, ...(verificationText !== undefined && { verificationText: verificationText || null }) });
      return true;
    },

    /**
     * Records the eligibility fields an order form sends (spec §3: the customer group, the verification
     * text) for the cart; true when the cart needs no check or the choice, with the proof uploaded
     * before, satisfies it. The confirm page's Submit order and PayPal's create-order ask it before any
     * money moves.
     */
    async recordFormChoice(cartToken: string | undefined, form: FormData): Promise<boolean> {
      const id = await cartId(cartToken);
      if (!id || !(await needsCheck(db, id))) return true;
      const fields = readEligibilityFields(form);
      if (!fields) return false;
      await upsert(id, { subgroup: fields.subgroup, ...(fields.verificationText !== undefined && { verificationText: fields.verificationText || null }) });
      const [row] = await db.select().from(cartEligibility).where(eq(cartEligibility.cartId, id));
      return eligibilitySatisfied({ subgroup: row?.subgroup ?? null, uploaded: !!row?.proofKey, text: row?.verificationText ?? "" });
    },

    /** A sink that writes a proof into the folder under a random key (the caller records it with `attachProof`). */
    proofSink(type: EligibilityProofType): UploadSink<StoredProof & { name: "" }> {
      mkdirSync(proofDir, { recursive: true });
      const key = randomUUID();
      const target = filePath(key);
      let out: WriteStream | null = null;
      let bytes = 0;
      const stream = () => (out ??= createWriteStream(target, { flags: "wx", mode: 0o600 }));
      return {
        write: (chunk) =>
          new Promise<void>((resolve, reject) => {
            bytes += chunk.length;
            stream().write(chunk, (error) => (error ? reject(error) : resolve()));
          }),
        end: () =>
          new Promise((resolve, reject) => {
            stream().end((error?: Error | null) => (error ? reject(error) : resolve({ key, name: "", type, bytes })));
          }),
        abort: async () => {
          await new Promise<void>((resolve) => (out ? out.destroy() : null, resolve()));
          await rm(target, { force: true });
        },
      };
    },

    /** Records an uploaded proof for the cart (a former one is deleted); false (and the file deleted) without a cart. */
    async attachProof(cartToken: string | undefined, proof: StoredProof): Promise<boolean> {
      const id = await cartId(cartToken);
      if (!id) {
        await removeFile(proof.key);
        return false;
      }
      const [former] = await db.select({ key: cartEligibility.proofKey }).from(cartEligibility).where(eq(cartEligibility.cartId, id));
      await upsert(id, { proofKey: proof.key, proofName: proof.name, proofType: proof.type, proofBytes: proof.bytes });
      if (former?.key && former.key !== proof.key) await removeFile(former.key);
      return true;
    },

    /** The order's eligibility, when the order needed the check. */
    async forOrder(orderId: string): Promise<OrderEligibilityView | null> {
      const [row] = await db.select().from(orderEligibility).where(eq(orderEligibility.orderId, orderId));
      return row ? toView(row) : null;
    },

    /** The proof file of an order, for the order's customer (`customerId`) or an operator (`null`); null for anyone else. */
    async proofOf(orderId: string, customerId: string | null): Promise<{ path: string; name: string; type: EligibilityProofType; bytes: number } | null> {
      const rows = await queryRows<{ proof_key: string | null; proof_name: string | null; proof_type: EligibilityProofType | null; proof_bytes: number | null }>(
        db,
        sql`select e.proof_key, e.proof_name, e.proof_type, e.proof_bytes from order_eligibility e join customer_order o on o.id = e.order_id
            where e.order_id = ${orderId} and o.sales_channel_id = ${channel.id}
            ${customerId === null ? sql`` : sql`and o.customer_id = ${customerId}`}`,
      );
      const row = rows[0];
      if (!row?.proof_key || !row.proof_type || !PROOF_KEY.test(row.proof_key)) return null;
      return { path: filePath(row.proof_key), name: row.proof_name ?? "proof", type: row.proof_type, bytes: row.proof_bytes ?? 0 };
    },

    /** The console's list: pending ones first, then the decided ones, newest first. */
    async list(limit = 100): Promise<EligibilityListEntry[]> {
      const rows = await queryRows<{ order_id: string; order_number: string; first_name: string | null; last_name: string | null; email: string; created_at: Date | string }>(
        db,
        sql`select e.order_id, o.order_number, a.first_name, a.last_name, o.email, e.created_at
            from order_eligibility e join customer_order o on o.id = e.order_id
            left join order_address a on a.order_id = o.id and a.kind = 'billing'
            where o.sales_channel_id = ${channel.id} and e.status <> 'not_needed'
            order by (e.status = 'pending') desc, e.created_at desc limit ${limit}`,
      );
      if (!rows.length) return [];
      const views = await db
        .select()
        .from(orderEligibility)
        .where(inArray(orderEligibility.orderId, rows.map((r) => r.order_id)))
        .orderBy(desc(orderEligibility.createdAt));
      const byOrder = new Map(views.map((v) => [v.orderId, toView(v)]));
      return rows.map((r) => ({
        ...byOrder.get(r.order_id)!,
        orderNumber: r.order_number,
        customerName: [r.first_name, r.last_name].filter(Boolean).join(" "),
        email: r.email,
        createdAt: new Date(r.created_at),
      }));
    },

    /**
     * Deletes proof files that no cart and no order names any more (a cart deleted by the visitor
     * clean-up takes its choice with it, not its file), older than ORPHAN_PROOF_GRACE_MS; returns how
     * many it deleted. Files of other names in the folder are left alone.
     */
    async deleteOrphanProofs(now = new Date()): Promise<number> {
      const files = await readdir(proofDir).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [] as string[];
        throw error;
      });
      const keys = files.filter((file) => PROOF_KEY.test(file));
      if (!keys.length) return 0;
      const list = sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      );
      const rows = await queryRows<{ key: string }>(
        db,
        sql`select proof_key as key from cart_eligibility where proof_key in (${list}) union select proof_key from order_eligibility where proof_key in (${list})`,
      );
      const named = new Set(rows.map((row) => row.key));
      let deleted = 0;
      for (const key of keys) {
        if (named.has(key)) continue;
        const modified = await stat(filePath(key)).then((info) => info.mtimeMs).catch(() => null);
        if (modified === null || now.getTime() - modified < ORPHAN_PROOF_GRACE_MS) continue;
        await removeFile(key);
        deleted += 1;
      }
      return deleted;
    },

    /** An operator's decision on a pending check; false when the order has none pending. */
    async decide(orderId: string, status: "approved" | "rejected", operatorId: string): Promise<{ orderNumber: string } | null> {
      const rows = await queryRows<{ order_number: string }>(
        db,
        sql`update order_eligibility e set status = ${status}, decided_by = ${operatorId}, decided_at = now()
            from customer_order o where o.id = e.order_id and e.order_id = ${orderId} and e.status = 'pending' and o.sales_channel_id = ${channel.id}
            returning o.order_number`,
      );
      return rows[0] ? { orderNumber: rows[0].order_number } : null;
    },
  };
}

export type EligibilityService = ReturnType<typeof createEligibilityService>;

function toView(row: typeof orderEligibility.$inferSelect): OrderEligibilityView {
  return {
    orderId: row.orderId,
    subgroup: row.subgroup,
    checkMode: row.checkMode,
    verificationText: row.verificationText,
    proof: row.proofKey && row.proofName && row.proofType ? { name: row.proofName, type: row.proofType, bytes: row.proofBytes ?? 0 } : null,
    status: row.status,
    decidedAt: row.decidedAt,
  };
}

async function needsCheck(tx: Database, cartId: string): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`select 1 as n from cart_line_item l join product_variant v on v.id = l.variant_id join product p on p.id = v.product_id where l.cart_id = ${cartId} and p.requires_eligibility limit 1`,
  );
  return rows.length > 0;
}

/**
 * Placing an order (in its transaction): when the cart needs the check, its choice must satisfy it
 * (`false`: refuse the order); the order's row is written and the cart's choice cleared. `true` also when
 * the cart needs no check (no row then).
 */
export async function recordOrderEligibility(tx: Database, cartId: string, orderId: string | null): Promise<boolean> {
  if (!(await needsCheck(tx, cartId))) return true;
  const [choice] = await tx.select().from(cartEligibility).where(eq(cartEligibility.cartId, cartId));
  const chosen = eligibilitySubgroup(choice?.subgroup);
  if (!choice || !chosen) return false;
  const uploaded = !!choice.proofKey;
  if (!eligibilitySatisfied({ subgroup: chosen.key, uploaded, text: choice.verificationText ?? "" })) return false;
  if (orderId === null) return true;
  const withProof = chosen.check === "file" || chosen.check === "text";
  await tx.insert(orderEligibility).values({
    orderId,
    subgroup: chosen.key,
    checkMode: chosen.check,
    verificationText: chosen.check === "text" ? choice.verificationText : null,
    ...(withProof && { proofKey: choice.proofKey, proofName: choice.proofName, proofType: choice.proofType, proofBytes: choice.proofBytes }),
    status: chosen.check === "none" ? "not_needed" : "pending",
  });
  // The proof now belongs to the order: the cart's choice goes (its file stays, under the same key, if the order took it).
  await tx.delete(cartEligibility).where(and(eq(cartEligibility.cartId, cartId)));
  return true;
}
