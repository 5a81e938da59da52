import { and, eq, ne } from "drizzle-orm";
import { b2bEmployee } from "../b2b/tables";
import type { Database } from "../db/client";
import { customer } from "./tables";

/**
 * Whether `email` (lower case) already logs in: a customer account of the channel (other than
 * `exceptCustomerId`) or an employee of a business partner. One email is one login, so registration,
 * email changes and invitations all refuse a taken one.
 */
export async function loginEmailTaken(db: Database, channelId: string, email: string, exceptCustomerId?: string): Promise<boolean> {
  const [account] = await db
    .select({ id: customer.id })
    .from(customer)
    .where(
      and(
        eq(customer.salesChannelId, channelId),
        eq(customer.email, email),
        eq(customer.guest, false),
        exceptCustomerId ? ne(customer.id, exceptCustomerId) : undefined,
      ),
    );
  if (account) return true;
  const [employee] = await db.select({ id: b2bEmployee.id }).from(b2bEmployee).where(eq(b2bEmployee.email, email));
  return !!employee;
}
