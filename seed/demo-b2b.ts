import { eq } from "drizzle-orm";
import type { Permission } from "../kernel/b2b-permissions";
import { b2bApprovalRule } from "../server/b2b/approvals/tables";
import { insertDemoQuotes, type DemoQuote } from "../server/b2b/quotes/demo";
import { b2bBusinessPartner, b2bEmployee, b2bRole } from "../server/b2b/tables";
import { salesChannel } from "../server/catalog/tables";
import { SALES_CHANNEL } from "./catalog-rows";
import { hashPassword } from "../server/customer/password";
import { country, customer, customerAddress } from "../server/customer/tables";
import type { Database } from "../server/db/client";

/*
 * The demo shop's business customers (CONTRACT §6): Northwind Trading GmbH with two employees, and
 * Southwind Supplies with one, for cross-company checks. Every login's password is DEMO_B2B_PASSWORD.
 * Each company has quotes answered by the shop; Northwind's Buyers need approval above 500 EUR (CONTRACT §6).
 */

export const DEMO_B2B_PASSWORD = "northwind-demo";

interface DemoCompany {
  company: string;
  partner: { email: string; firstName: string; lastName: string; street: string; zipcode: string; city: string };
  roles: { name: string; permissions: Permission[]; isDefault?: boolean }[];
  employees: { email: string; firstName: string; lastName: string; role: string }[];
  quotes: DemoQuote["kind"][];
  /** `totalAbove` in minor units of the shop's currency. */
  approvalRules: { name: string; appliesTo: string; totalAbove: number; reviewer: string; priority: number }[];
}

export const DEMO_B2B_COMPANIES: DemoCompany[] = [
  {
    company: "Northwind Trading GmbH",
    partner: { email: "partner@northwind.example", firstName: "Nora", lastName: "Wind", street: "Hafenstraße 12", zipcode: "20457", city: "Hamburg" },
    roles: [
      { name: "Buyer", permissions: ["quote.request"], isDefault: true },
      {
        name: "Approver",
        permissions: [
          "order.read.all",
          "quote.read.all",
          "quote.accept",
          "quote.decline",
          "quote.request_change",
          "pending_order.read_all",
          "pending_order.approve_decline",
        ],
      },
    ],
    employees: [
      { email: "mara.lind@northwind.example", firstName: "Mara", lastName: "Lind", role: "Buyer" },
      { email: "jonas.weber@northwind.example", firstName: "Jonas", lastName: "Weber", role: "Approver" },
    ],
    quotes: ["replied", "expired"],
    approvalRules: [{ name: "Orders above 500 EUR", appliesTo: "Buyer", totalAbove: 50_000, reviewer: "Approver", priority: 0 }],
  },
  {
    company: "Southwind Supplies",
    partner: { email: "partner@southwind.example", firstName: "Sam", lastName: "South", street: "Marienplatz 3", zipcode: "80331", city: "München" },
    roles: [{ name: "Purchaser", permissions: ["quote.request", "employee.read"], isDefault: true }],
    employees: [{ email: "lena.ost@southwind.example", firstName: "Lena", lastName: "Ost", role: "Purchaser" }],
    quotes: ["replied"],
    approvalRules: [],
  },
];

/**
 * Creates the demo companies in the demo shop when none of their logins exists yet; returns whether it
 * did. A shop with its own sales channel (not the demo catalog's) gets none.
 */
export async function ensureDemoB2b(db: Database): Promise<boolean> {
  const [channel] = await db
    .select({ id: salesChannel.id, name: salesChannel.name, currency: salesChannel.currency })
    .from(salesChannel)
    .where(eq(salesChannel.name, SALES_CHANNEL.name));
  const [germany] = await db.select({ id: country.id }).from(country).where(eq(country.iso, "DE"));
  if (!channel || !germany) return false;
  const [existing] = await db.select({ id: customer.id }).from(customer).where(eq(customer.email, DEMO_B2B_COMPANIES[0]!.partner.email));
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_B2B_PASSWORD);
  await db.transaction(async (t) => {
    const tx = t as unknown as Database;
    for (const demo of DEMO_B2B_COMPANIES) {
      const { email, firstName, lastName, street, zipcode, city } = demo.partner;
      const [partner] = await tx
        .insert(customer)
        .values({ salesChannelId: channel.id, email, passwordHash, firstName, lastName, company: demo.company })
        .returning({ id: customer.id });
      const [address] = await tx
        .insert(customerAddress)
        .values({ customerId: partner!.id, firstName, lastName, company: demo.company, street, zipcode, city, countryId: germany.id })
        .returning({ id: customerAddress.id });
      await tx.update(customer).set({ defaultBillingAddressId: address!.id, defaultShippingAddressId: address!.id }).where(eq(customer.id, partner!.id));
      await tx.insert(b2bBusinessPartner).values({ customerId: partner!.id });
      const roleIds = new Map<string, string>();
      for (const role of demo.roles) {
        const [row] = await tx.insert(b2bRole).values({ partnerId: partner!.id, name: role.name, permissions: role.permissions }).returning({ id: b2bRole.id });
        roleIds.set(role.name, row!.id);
        if (role.isDefault) await tx.update(b2bBusinessPartner).set({ defaultRoleId: row!.id }).where(eq(b2bBusinessPartner.customerId, partner!.id));
      }
      const employeeIds: string[] = [];
      for (const employee of demo.employees) {
        const { role, ...person } = employee;
        const [row] = await tx
          .insert(b2bEmployee)
          .values({ partnerId: partner!.id, ...person, passwordHash, active: true, roleId: roleIds.get(role)! })
          .returning({ id: b2bEmployee.id });
        employeeIds.push(row!.id);
      }
      for (const rule of demo.approvalRules) {
        await tx.insert(b2bApprovalRule).values({
          partnerId: partner!.id,
          name: rule.name,
          appliesToRoleId: roleIds.get(rule.appliesTo)!,
          totalAboveGross: rule.totalAbove,
          currency: channel.currency,
          reviewerRoleId: roleIds.get(rule.reviewer)!,
          priority: rule.priority,
        });
      }
      // The first employee asked for the company's quotes (answered by the shop: one valid, one expired).
      const [first] = demo.employees;
      await insertDemoQuotes(
        tx,
        channel,
        demo.quotes.map((kind) => ({ partnerId: partner!.id, employeeId: employeeIds[0] ?? null, requesterName: first ? `${first.firstName} ${first.lastName}` : firstName, kind })),
      );
    }
  });
  return true;
}
