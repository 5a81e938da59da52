import { readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { createApp } from "../app";
import { cart as cartTable, cartLineItem, paymentMethod } from "../cart/tables";
import { product, productVariant } from "../catalog/tables";
import { country, customer, customerAddress } from "../customer/tables";
import { startCustomerSession } from "../customer/sessions";
import { orderEligibility } from "../eligibility/tables";
import { OPERATOR_COOKIE } from "../operator/service";
import { operatorAudit } from "../operator/tables";
import { customerOrder } from "../order/tables";
import { loadSalesChannel, type AppServices } from "../services";
import { consoleClient } from "../testing/console-client";
import { createTestApp } from "../testing/test-app";
import { availableBackends, openCatalogDatabase, type TestDatabase } from "../testing/test-database";
import { CART_COOKIE, hashToken, SESSION_COOKIE } from "../visitor";
import { findCart } from "../cart/load";
import { ELIGIBILITY_MISSING, ORPHAN_PROOF_GRACE_MS } from "../eligibility/service";

/*
 * Issue 26 point 2: the eligibility check at checkout. The Boxing Gloves need it (demo data); the
 * customer group is recorded by GET /eligibility/setCheckOmSubgroup/, the proof by a streamed upload
 * checked by its bytes; an order without a satisfied choice is refused with nothing written; each
 * group's order writes its row; the proof is served to its customer and operators only.
 */

const BASE = "http://shop.test";
const OPERATOR_EMAIL = "eligibility-operator@vitrine.example";
const OPERATOR_PASSWORD = "eligibility-operator-password";
const SMALL_LIMIT = 2048;

const PDF = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(600, 0x20), Buffer.from("\n%%EOF\n")]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);
const TEXT = Buffer.from("This is a plain text file, whatever its name says.\n");

describe.each(availableBackends())("the eligibility check on %s", (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let small: ReturnType<typeof createApp>;
  let services: AppServices;
  let proofDir: string;
  let mediaDir: string;
  let glovesVariantId: string;
  const shoppers: Record<"grace" | "ada", { id: string; cookie: string }> = {} as never;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    const made = await createTestApp(database, { env: { APP_URL: BASE } });
    ({ app, services } = made);
    proofDir = made.config.eligibilityProofDir;
    mediaDir = made.config.mediaDir;
    ({ app: small } = await createTestApp(database, { env: { APP_URL: BASE, ELIGIBILITY_PROOF_MAX_BYTES: String(SMALL_LIMIT) } }));
    const db = services.db;
    const channel = await loadSalesChannel(db);
    const [germany] = await db.select({ id: country.id }).from(country).where(eq(country.iso, "DE"));
    const [gloves] = await db
      .select({ variantId: productVariant.id })
      .from(productVariant)
      .innerJoin(product, eq(product.id, productVariant.productId))
      .where(and(eq(product.slug, "boxing-gloves"), eq(product.requiresEligibility, true)));
    glovesVariantId = gloves!.variantId;
    for (const key of ["grace", "ada"] as const) {
      const [buyer] = await db
        .insert(customer)
        .values({ salesChannelId: channel.id, email: `${key}-eligibility-${backend}@example.com`, guest: key === "ada", firstName: key, lastName: "Tester" })
        .returning({ id: customer.id });
      const [address] = await db
        .insert(customerAddress)
        .values({ customerId: buyer!.id, firstName: key, lastName: "Tester", street: "Main St 1", zipcode: "10115", city: "Berlin", countryId: germany!.id })
        .returning({ id: customerAddress.id });
      await db.update(customer).set({ defaultBillingAddressId: address!.id, defaultShippingAddressId: address!.id }).where(eq(customer.id, buyer!.id));
      const token = await startCustomerSession(db, buyer!.id, { previousToken: undefined, at: new Date() });
      shoppers[key] = { id: buyer!.id, cookie: `${SESSION_COOKIE}=${token}` };
    }
    expect((await services.operators.upsert(OPERATOR_EMAIL, OPERATOR_PASSWORD)).ok).toBe(true);
  }, 120_000);
  afterAll(async () => database?.close());

  /** A fresh cart with the Boxing Gloves: its token and revision. */
  async function glovesCart() {
    const cart = await services.cart.addLineItem(undefined, { variantId: glovesVariantId, quantity: 1 });
    return { token: cart.token, revision: cart.result.cart.revision, cookie: `${CART_COOKIE}=${cart.token}` };
  }

  const checkOm = (cartCookie: string, query: string, xhr = true) =>
    app.request(`${BASE}/eligibility/setCheckOmSubgroup/${query}`, {
      headers: { Accept: "application/json", Cookie: cartCookie, ...(xhr ? { "X-Requested-With": "XMLHttpRequest" } : {}) },
    });

  function upload(cartCookie: string, file: { bytes: Buffer; name: string; type: string } | null, { on = app, xhr = true } = {}) {
    const body = new FormData();
    if (file) body.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    return on.request(`${BASE}/eligibility/proof`, {
      method: "POST",
      body,
      headers: { Origin: BASE, Cookie: cartCookie, Accept: "application/json", ...(xhr ? { "X-Requested-With": "XMLHttpRequest" } : {}) },
      redirect: "manual",
    });
  }
  const messageOf = async (response: Response) => ((await response.json()) as { errors: { message: string }[] }).errors[0]!.message;

  const { request: consoleRequest, operatorCookie } = consoleClient(() => app, BASE, { email: OPERATOR_EMAIL, password: OPERATOR_PASSWORD });

  /** Places the cart's order for Grace (services, as every payment flow does). */
  const place = (cart: { token: string; revision: number }, customerId = shoppers.grace.id) => services.orders.place({ cartToken: cart.token, revision: cart.revision, customerId });
  const rowOf = async (orderId: string) => (await services.db.select().from(orderEligibility).where(eq(orderEligibility.orderId, orderId)))[0];

  it("records a known customer group for the cart; an unknown or missing one is 400 with a sentence; only from the shop's scripts", async () => {
    const cart = await glovesCart();
    const good = await checkOm(cart.cookie, "?eligibleSubGroup=trade");
    expect(good.status).toBe(200);
    expect(good.headers.get("cache-control")).toContain("no-store");
    expect(await good.json()).toEqual({ eligibleSubGroup: "trade", check: "check_om" });
    expect((await services.eligibility.choice(cart.token)).subgroup).toBe("trade");

    const unknown = await checkOm(cart.cookie, "?eligibleSubGroup=astronaut");
    expect(unknown.status).toBe(400);
    expect(await messageOf(unknown)).toBe("The customer group is not known: eligibleSubGroup must be one of the customer groups: private, trade, licensed, other.");
    const missing = await checkOm(cart.cookie, "");
    expect(missing.status).toBe(400);
    expect(await messageOf(missing)).toContain("The customer group is not known");
    expect((await services.eligibility.choice(cart.token)).subgroup).toBe("trade");
    expect((await checkOm(cart.cookie, "?eligibleSubGroup=trade", false)).status).toBe(403);
  });

  it("takes a PDF, and a PNG as what its bytes say whatever its name and type claim; nothing lands under public/ or the media folder", async () => {
    const publicBefore = readdirSync(path.resolve("public"), { recursive: true }).length;
    const mediaBefore = readdirSync(mediaDir, { recursive: true }).length;
    const cart = await glovesCart();
    const pdf = await upload(cart.cookie, { bytes: PDF, name: "licence.pdf", type: "application/pdf" });
    expect(pdf.status).toBe(200);
    expect(await pdf.json()).toEqual({ name: "licence.pdf", type: "application/pdf", bytes: PDF.length });
    const png = await upload(cart.cookie, { bytes: PNG, name: "scan.pdf", type: "application/pdf" });
    expect(png.status).toBe(200);
    expect(await png.json()).toEqual({ name: "scan.pdf", type: "image/png", bytes: PNG.length });
    expect((await services.eligibility.choice(cart.token)).proof).toEqual({ name: "scan.pdf", type: "image/png", bytes: PNG.length });
    // The former proof is replaced: one file, named by a random key, not by the shopper's name.
    const stored = readdirSync(proofDir);
    expect(stored.filter((name) => /licence|scan/.test(name))).toEqual([]);
    expect(stored.every((name) => /^[0-9a-f-]{36}$/.test(name))).toBe(true);
    expect(readdirSync(path.resolve("public"), { recursive: true }).length).toBe(publicBefore);
    expect(readdirSync(mediaDir, { recursive: true }).length).toBe(mediaBefore);
    expect(path.relative(path.resolve("public"), proofDir).startsWith("..")).toBe(true);
  });

  it("refuses a lying file (415), one over the limit (413), an empty or missing one (400), keeping nothing", async () => {
    const cart = await glovesCart();
    const filesBefore = readdirSync(proofDir).length;
    const lying = await upload(cart.cookie, { bytes: TEXT, name: "licence.pdf", type: "application/pdf" });
    expect(lying.status).toBe(415);
    expect(await messageOf(lying)).toBe("The proof is not a PDF, JPEG or PNG file (whatever its name says). Choose a PDF, JPEG or PNG file of at most 10 MB.");
    const large = await upload(cart.cookie, { bytes: Buffer.concat([PDF, Buffer.alloc(SMALL_LIMIT * 4, 0x20)]), name: "big.pdf", type: "application/pdf" }, { on: small });
    expect(large.status).toBe(413);
    expect(await messageOf(large)).toBe("The proof is larger than 2 KB. Choose a PDF, JPEG or PNG file of at most 2 KB.");
    const empty = await upload(cart.cookie, { bytes: Buffer.alloc(0), name: "empty.pdf", type: "application/pdf" });
    expect(empty.status).toBe(400);
    expect(await messageOf(empty)).toContain("The proof is empty.");
    const missing = await upload(cart.cookie, null);
    expect(missing.status).toBe(400);
    expect(await messageOf(missing)).toContain("The proof is missing");
    expect(readdirSync(proofDir).length).toBe(filesBefore);
    expect((await services.eligibility.choice(cart.token)).proof).toBeNull();
  });

  it("sends a plain form (no JavaScript) back to the confirm page", async () => {
    const cart = await glovesCart();
    const response = await upload(cart.cookie, { bytes: PDF, name: "licence.pdf", type: "application/pdf" }, { xhr: false });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/checkout/confirm?proofUploaded=1");
    // Refused, it goes back to the confirm page too, which says why under the file field.
    const refusals = [
      { file: { bytes: TEXT, name: "licence.pdf", type: "application/pdf" }, reason: "wrong-type", message: "The proof is not a PDF, JPEG or PNG file (whatever its name says). Choose one of those." },
      { file: null, reason: "missing", message: "No file arrived. Choose your proof, then press Upload proof." },
    ];
    for (const { file, reason, message } of refusals) {
      const refused = await upload(cart.cookie, file, { xhr: false });
      expect(refused.status, reason).toBe(303);
      expect(refused.headers.get("location")).toBe(`/checkout/confirm?proofRefused=${reason}`);
      const page = await app.request(`${BASE}${refused.headers.get("location")}`, { headers: { Accept: "text/html", Cookie: `${shoppers.grace.cookie}; ${cart.cookie}` } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(message);
    }
    const tooLarge = await upload(cart.cookie, { bytes: Buffer.concat([PDF, Buffer.alloc(SMALL_LIMIT)]), name: "big.pdf", type: "application/pdf" }, { on: small, xhr: false });
    expect(tooLarge.headers.get("location")).toBe("/checkout/confirm?proofRefused=too-large");
    // The proof uploaded first is still the cart's.
    expect((await services.eligibility.choice(cart.token)).proof?.name).toBe("licence.pdf");
  });

  it("refuses an order without a satisfied choice: no order row, the cart kept", async () => {
    for (const prepare of [
      async () => undefined,
      async (cart: { token: string }) => void (await services.eligibility.choose(cart.token, "licensed")),
      async (cart: { token: string; cookie: string }) => {
        await services.eligibility.choose(cart.token, "other", "");
        await upload(cart.cookie, { bytes: PDF, name: "licence.pdf", type: "application/pdf" });
      },
    ]) {
      const cart = await glovesCart();
      await prepare(cart);
      const refused = await place(cart);
      expect(refused).toEqual({ ok: false, errors: [{ code: "eligibility-missing" }] });
      const row = await findCart(services.db, hashToken(cart.token), (await loadSalesChannel(services.db)).id);
      expect(await services.db.select().from(customerOrder).where(eq(customerOrder.cartId, row!.id))).toEqual([]);
      expect(await services.db.select().from(cartLineItem).where(eq(cartLineItem.cartId, row!.id))).toHaveLength(1);
    }
  });

  it("the confirm page refuses Submit order without a satisfied choice (400, nothing written) and places it with one", async () => {
    const cart = await glovesCart();
    const submit = (fields: Record<string, string>) =>
      app.request(`${BASE}/checkout/confirm`, {
        method: "POST",
        body: new URLSearchParams({ intent: "order", revision: String(cart.revision), tos: "1", ...fields }),
        headers: { Origin: BASE, Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded", Cookie: `${shoppers.grace.cookie}; ${cart.cookie}` },
        redirect: "manual",
      });
    const cartRow = await findCart(services.db, hashToken(cart.token), (await loadSalesChannel(services.db)).id);
    const attempts: Record<string, string>[] = [{}, { eligibleSubGroup: "licensed" }, { eligibleSubGroup: "nobody" }, { eligibleSubGroup: "other", verificationText: "Coach" }];
    for (const fields of attempts) {
      const refused = await submit(fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(await refused.text()).toContain("Choose your customer group and give what it needs before you submit the order.");
      expect(await services.db.select().from(customerOrder).where(eq(customerOrder.cartId, cartRow!.id))).toEqual([]);
    }
    const placed = await submit({ eligibleSubGroup: "private" });
    expect(placed.status).toBe(303);
    expect(placed.headers.get("location")).toMatch(/^\/checkout\/finish\?orderId=/);
    const [order] = await services.db.select({ id: customerOrder.id }).from(customerOrder).where(eq(customerOrder.cartId, cartRow!.id));
    expect((await rowOf(order!.id))?.status).toBe("not_needed");
  });

  it("writes each group's row with the order: none not needed, check_om, file and text pending with the proof", async () => {
    const cases = [
      { key: "private", text: undefined, proof: false, expected: { checkMode: "none", status: "not_needed", verificationText: null, proofName: null } },
      { key: "trade", text: undefined, proof: false, expected: { checkMode: "check_om", status: "pending", verificationText: null, proofName: null } },
      { key: "licensed", text: undefined, proof: true, expected: { checkMode: "file", status: "pending", verificationText: null, proofName: "licence.pdf" } },
      { key: "other", text: "Boxing coach, licence 42", proof: true, expected: { checkMode: "text", status: "pending", verificationText: "Boxing coach, licence 42", proofName: "licence.pdf" } },
    ] as const;
    for (const { key, text, proof, expected } of cases) {
      const cart = await glovesCart();
      await services.eligibility.choose(cart.token, key, text);
      if (proof) expect((await upload(cart.cookie, { bytes: PDF, name: "licence.pdf", type: "application/pdf" })).status).toBe(200);
      const placed = await place(cart);
      expect(placed.ok, key).toBe(true);
      if (!placed.ok) continue;
      const row = await rowOf(placed.orderId);
      expect({ checkMode: row?.checkMode, status: row?.status, verificationText: row?.verificationText, proofName: row?.proofName }, key).toEqual(expected);
      expect(row?.subgroup).toBe(key);
      // The cart's choice went with the order.
      expect((await services.eligibility.choice(cart.token)).subgroup).toBeNull();
    }
  });

  it("deletes proof files no cart or order names once they are older than the grace period; an order's proof stays", async () => {
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
    const age = (key: string, at: Date) => utimesSync(path.join(proofDir, key), at, at);
    // A proof kept by an order, one kept by a live cart, one whose cart the visitor clean-up deleted.
    const ordered = await glovesCart();
    await services.eligibility.choose(ordered.token, "licensed");
    expect((await upload(ordered.cookie, { bytes: PDF, name: "kept-by-order.pdf", type: "application/pdf" })).status).toBe(200);
    const placed = await place(ordered);
    expect(placed.ok).toBe(true);
    const orderKey = placed.ok ? (await rowOf(placed.orderId))!.proofKey! : "";
    const live = await glovesCart();
    expect((await upload(live.cookie, { bytes: PDF, name: "kept-by-cart.pdf", type: "application/pdf" })).status).toBe(200);
    const abandoned = await glovesCart();
    const before = new Set(readdirSync(proofDir));
    expect((await upload(abandoned.cookie, { bytes: PDF, name: "abandoned.pdf", type: "application/pdf" })).status).toBe(200);
    const abandonedKey = readdirSync(proofDir).find((name) => !before.has(name))!;
    const abandonedCart = await findCart(services.db, hashToken(abandoned.token), (await loadSalesChannel(services.db)).id);
    await services.db.delete(cartTable).where(eq(cartTable.id, abandonedCart!.id));
    // A young orphan (an upload whose row is not written yet) and a file of another name.
    const young = "00000000-0000-4000-8000-000000000001";
    writeFileSync(path.join(proofDir, young), PDF);
    writeFileSync(path.join(proofDir, "README.txt"), "not a proof");
    const old = hoursAgo(2 + ORPHAN_PROOF_GRACE_MS / 3_600_000);
    for (const key of readdirSync(proofDir)) if (key !== young) age(key, old);

    expect(await services.eligibility.deleteOrphanProofs()).toBeGreaterThanOrEqual(1);
    const left = new Set(readdirSync(proofDir));
    expect(left.has(abandonedKey)).toBe(false);
    expect(left.has(orderKey)).toBe(true);
    expect(left.has(young)).toBe(true);
    expect(left.has("README.txt")).toBe(true);
    expect((await services.eligibility.choice(live.token)).proof?.name).toBe("kept-by-cart.pdf");
    // The order's customer still gets the file.
    expect((await services.eligibility.proofOf(placed.ok ? placed.orderId : "", shoppers.grace.id))?.name).toBe("kept-by-order.pdf");
    // Once the young one is old enough it goes too; asked again, nothing more to delete.
    expect(await services.eligibility.deleteOrphanProofs(new Date(Date.now() + ORPHAN_PROOF_GRACE_MS + 60_000))).toBe(1);
    expect(readdirSync(proofDir)).not.toContain(young);
    expect(await services.eligibility.deleteOrphanProofs(new Date(Date.now() + ORPHAN_PROOF_GRACE_MS + 60_000))).toBe(0);
    rmSync(path.join(proofDir, "README.txt"));
  });

  it("PayPal's create-order from the confirm page records the choice and refuses one that does not satisfy the check (409), before any money moves", async () => {
    const withPayPal = await createTestApp(database, { env: { APP_URL: BASE }, payments: true });
    try {
      const cart = await glovesCart();
      const [paypal] = await services.db.select({ id: paymentMethod.id }).from(paymentMethod).where(eq(paymentMethod.technicalName, "paypal"));
      await withPayPal.services.cart.configure(cart.token, { paymentMethodId: paypal!.id });
      const createOrder = (fields: Record<string, string>) =>
        withPayPal.app.request(`${BASE}/paypal/create-order`, {
          method: "POST",
          body: new URLSearchParams({ product: "spb", tos: "1", ...fields }),
          headers: { Origin: BASE, "X-Requested-With": "XMLHttpRequest", Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded", Cookie: `${shoppers.grace.cookie}; ${cart.cookie}` },
        });
      for (const fields of [{}, { eligibleSubGroup: "licensed" }, { eligibleSubGroup: "nobody" }] as Record<string, string>[]) {
        const refused = await createOrder(fields);
        expect(refused.status, JSON.stringify(fields)).toBe(409);
        expect(await messageOf(refused)).toBe(ELIGIBILITY_MISSING);
      }
      const created = await createOrder({ eligibleSubGroup: "private" });
      expect(created.status).toBe(200);
      expect(((await created.json()) as { token?: string }).token).toBeTruthy();
      expect((await services.eligibility.choice(cart.token)).subgroup).toBe("private");
    } finally {
      await withPayPal.close();
    }
  });

  it("serves the proof to its customer and to operators only (an attachment of the detected type, nosniff); anyone else 404", async () => {
    const cart = await glovesCart();
    await services.eligibility.choose(cart.token, "licensed");
    await upload(cart.cookie, { bytes: PNG, name: "licence.png", type: "image/png" });
    const placed = await place(cart);
    if (!placed.ok) throw new Error(JSON.stringify(placed.errors));
    const own = await app.request(`${BASE}/eligibility/proof/${placed.orderId}`, { headers: { Cookie: shoppers.grace.cookie } });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/png");
    expect(own.headers.get("content-disposition")).toMatch(/^attachment; filename="licence.png"/);
    expect(own.headers.get("x-content-type-options")).toBe("nosniff");
    expect(own.headers.get("cache-control")).toContain("no-store");
    expect(Buffer.from(await own.arrayBuffer()).equals(PNG)).toBe(true);

    for (const cookie of [shoppers.ada.cookie, undefined, `${OPERATOR_COOKIE}=${"A".repeat(43)}`]) {
      const other = await app.request(`${BASE}/eligibility/proof/${placed.orderId}`, { headers: { Accept: "application/json", ...(cookie ? { Cookie: cookie } : {}) } });
      expect(other.status).toBe(404);
      expect(await other.text()).not.toContain("PNG");
    }
    const byOperatorPathWithoutSession = await app.request(`${BASE}/admin/eligibility/proof/${placed.orderId}`, { headers: { Accept: "application/json", Cookie: shoppers.grace.cookie } });
    expect(byOperatorPathWithoutSession.status).toBe(404);
    const operator = await app.request(`${BASE}/admin/eligibility/proof/${placed.orderId}`, { headers: { Cookie: await operatorCookie() } });
    expect(operator.status).toBe(200);
    expect(operator.headers.get("content-type")).toBe("image/png");
    expect(operator.headers.get("content-disposition")).toMatch(/^attachment/);
  });

  it("lists pending checks in the console; an operator approves or rejects each once, audited; the customer sees the status", async () => {
    const orders: string[] = [];
    for (const key of ["trade", "licensed"] as const) {
      const cart = await glovesCart();
      await services.eligibility.choose(cart.token, key);
      if (key === "licensed") await upload(cart.cookie, { bytes: PDF, name: "licence.pdf", type: "application/pdf" });
      const placed = await place(cart);
      if (!placed.ok) throw new Error(JSON.stringify(placed.errors));
      orders.push(placed.orderId);
    }
    const cookie = await operatorCookie();
    const page = await consoleRequest("/admin/eligibility", { cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Eligibility proofs");
    expect(html).toContain("Registered trade customer");
    expect(html).toContain(`/admin/eligibility/proof/${orders[1]}`);

    const approve = await consoleRequest("/admin/eligibility", { cookie, form: { intent: "approve", orderId: orders[0]! } });
    expect(approve.status).toBe(200);
    expect(await approve.text()).toContain("the eligibility is approved");
    const reject = await consoleRequest("/admin/eligibility", { cookie, form: { intent: "reject", orderId: orders[1]! } });
    expect(reject.status).toBe(200);
    expect((await rowOf(orders[0]!))?.status).toBe("approved");
    expect((await rowOf(orders[1]!))?.status).toBe("rejected");
    expect((await rowOf(orders[1]!))?.decidedBy).not.toBeNull();
    const again = await consoleRequest("/admin/eligibility", { cookie, form: { intent: "approve", orderId: orders[1]! } });
    expect(again.status).toBe(409);
    expect((await rowOf(orders[1]!))?.status).toBe("rejected");
    const bad = await consoleRequest("/admin/eligibility", { cookie, form: { intent: "maybe", orderId: orders[1]! } });
    expect(bad.status).toBe(400);
    const audited = await services.db.select().from(operatorAudit).where(eq(operatorAudit.subject, orders[0]!));
    expect(audited.map((entry) => entry.action)).toEqual(["eligibility.approve"]);
    // Without an operator session the action is refused and nothing changes.
    const anonymous = await consoleRequest("/admin/eligibility", { form: { intent: "approve", orderId: orders[1]! } });
    expect(anonymous.status).toBe(401);

    const [order] = await services.db.select({ orderNumber: customerOrder.orderNumber }).from(customerOrder).where(eq(customerOrder.id, orders[1]!));
    const account = await app.request(`${BASE}/account/order/${order!.orderNumber}`, { headers: { Accept: "text/html", Cookie: shoppers.grace.cookie } });
    expect(account.status).toBe(200);
    const accountHtml = await account.text();
    expect(accountHtml).toContain("Rejected");
    expect(accountHtml).toContain(`/eligibility/proof/${orders[1]}`);
  });
});
