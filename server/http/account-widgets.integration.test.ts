import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { productVariant } from "../catalog/tables";
import { loadConfig } from "../config.server";
import { MAX_ADDRESSES_PER_CUSTOMER } from "../customer/addresses";
import { customerAddress } from "../customer/tables";
import type { CountryOption } from "../customer/types";
import { createLogger } from "../logger";
import { orderLineItem, orderLineItemShipment } from "../order/tables";
import { createServices, type AppServices } from "../services";
import { singleUnitVariantId } from "../testing/fixtures";
import { availableBackends, openCatalogDatabase, TEST_MEDIA_DIR, type TestDatabase } from "../testing/test-database";
import { SESSION_COOKIE } from "../visitor";
import type { AddressEditorData } from "./account-widgets";

const BASE = "http://shop.test";
const xhr = { "X-Requested-With": "XMLHttpRequest", Origin: BASE };
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describe.each(availableBackends())("address book, address editor and order shipping info on %s", (backend) => {
  let database: TestDatabase;
  let services: AppServices;
  let app: ReturnType<typeof createApp>;
  let countries: CountryOption[];
  let variantId: string;
  const byIso = (iso: string) => countries.find((c) => c.iso === iso)!;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "vitrine-account-"));
    const config = { ...loadConfig({ DATA_DIR: dataDir, APP_URL: BASE, LOG_LEVEL: "silent" }), mediaDir: TEST_MEDIA_DIR };
    services = await createServices(config, createLogger("silent"), database.handle);
    app = createApp({ services, build: () => Promise.reject(new Error("no pages in this test")) });
    countries = await services.customers.countries();
    variantId = await singleUnitVariantId(database.handle.db);
    await database.handle.db.update(productVariant).set({ stock: 1000 }).where(eq(productVariant.id, variantId));
  });
  afterAll(async () => database?.close());

  let counter = 0;
  /** A new account with a German address and its session cookie. */
  async function newCustomer() {
    const result = await services.customers.register({
      firstName: "Erika",
      lastName: "Mustermann",
      email: `address-${backend}-${++counter}-${Date.now()}@example.com`,
      password: "correct horse",
      passwordConfirmation: "correct horse",
      billingAddress: { street: "Hauptstraße 1", zipcode: "10115", city: "Berlin", countryId: byIso("DE").id },
    }, { clientIp: `192.0.2.${counter}` });
    if (!result.ok) throw new Error(JSON.stringify(result));
    return { id: result.customer.id, addressId: result.customer.billingAddress!.id, cookie: `${SESSION_COOKIE}=${result.sessionToken}` };
  }

  const usAddress = () => ({
    salutation: "mrs",
    firstName: "Jane",
    lastName: "Doe",
    street: "1 Main Street",
    zipcode: "10001",
    city: "New York",
    countryId: byIso("US").id,
    countryStateId: byIso("US").states.find((s) => s.name === "New York")!.id,
    phone: "212 555 0123",
  });

  const editor = (cookie: string | undefined, body: unknown) =>
    app.request(`${BASE}/widgets/account/address-book`, {
      method: "POST",
      body: typeof body === "string" ? body : JSON.stringify(body),
      headers: { ...xhr, "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    });
  const shippingInfo = (cookie: string | undefined, orderNumber: string) =>
    app.request(`${BASE}/widgets/account/order/shipping-info?orderNumber=${encodeURIComponent(orderNumber)}`, {
      headers: { ...xhr, ...(cookie ? { Cookie: cookie } : {}) },
    });
  const both = { changeShipping: true, changeBilling: true };
  const shippingOnly = { changeShipping: true, changeBilling: false };

  async function placeOrder(customerId: string) {
    const change = await services.cart.addLineItem(undefined, { variantId, quantity: 2 });
    const result = await services.orders.place({ cartToken: change.token, revision: change.result.cart.revision, customerId });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result;
  }

  describe("address book service", () => {
    it("creates, updates and lists only the customer's own addresses; another customer's id is not found", async () => {
      const owner = await newCustomer();
      const other = await newCustomer();
      const created = await services.addresses.create(owner.id, usAddress());
      // Stored in international notation, as the phone library writes it.
      expect(created).toMatchObject({ ok: true, address: { street: "1 Main Street", stateName: "New York", phone: "+1 212-555-0123" } });
      if (!created.ok) return;

      const book = await services.addresses.list(owner.id);
      expect(book!.addresses.map((a) => a.street)).toEqual(["Hauptstraße 1", "1 Main Street"]);
      expect(book).toMatchObject({ defaultBillingAddressId: owner.addressId, defaultShippingAddressId: owner.addressId });

      expect(await services.addresses.get(other.id, created.address.id)).toBeNull();
      expect(await services.addresses.update(other.id, created.address.id, usAddress())).toEqual({ ok: false, reason: "not-found" });
      expect(await services.addresses.remove(other.id, created.address.id)).toEqual({ ok: false, reason: "not-found" });
      expect(await services.addresses.setDefault(other.id, created.address.id, both)).toBe(false);
      expect((await services.addresses.list(other.id))!.defaultShippingAddressId).toBe(other.addressId);

      const updated = await services.addresses.update(owner.id, created.address.id, { ...usAddress(), city: "Brooklyn" });
      expect(updated).toMatchObject({ ok: true, address: { city: "Brooklyn" } });
    });

    it("applies the country rules: US needs a state, LI a VAT id, IE no postal code", async () => {
      const owner = await newCustomer();
      const noState = await services.addresses.create(owner.id, { ...usAddress(), countryStateId: "" });
      expect(noState).toEqual({ ok: false, reason: "invalid", errors: { countryStateId: "state-required" } });
      const li = { firstName: "Liv", lastName: "Frick", street: "Städtle 1", zipcode: "9490", city: "Vaduz", countryId: byIso("LI").id };
      expect(await services.addresses.create(owner.id, { ...li, vatId: "" })).toMatchObject({ ok: false, errors: { vatId: "vat-id-required" } });
      expect(await services.addresses.create(owner.id, { ...li, vatId: "LI12345" })).toMatchObject({ ok: true });
      expect((await services.addresses.list(owner.id))!.vatId).toBe("LI12345");
      const ie = { firstName: "Aoife", lastName: "Byrne", street: "1 Grafton St", zipcode: "", city: "Dublin", countryId: byIso("IE").id };
      expect(await services.addresses.create(owner.id, ie)).toMatchObject({ ok: true, address: { zipcode: "" } });
    });

    it("refuses to delete a default address and deletes any other", async () => {
      const owner = await newCustomer();
      expect(await services.addresses.remove(owner.id, owner.addressId)).toEqual({ ok: false, reason: "is-default" });
      const created = await services.addresses.create(owner.id, usAddress());
      if (!created.ok) throw new Error("not created");
      expect(await services.addresses.setDefault(owner.id, created.address.id, shippingOnly)).toBe(true);
      expect(await services.addresses.remove(owner.id, created.address.id)).toEqual({ ok: false, reason: "is-default" });
      expect(await services.addresses.setDefault(owner.id, owner.addressId, shippingOnly)).toBe(true);
      expect(await services.addresses.remove(owner.id, created.address.id)).toEqual({ ok: true });
      expect((await services.addresses.list(owner.id))!.addresses).toHaveLength(1);
    });

    it(`keeps at most ${MAX_ADDRESSES_PER_CUSTOMER} addresses per customer`, async () => {
      const owner = await newCustomer();
      const country = byIso("DE").id;
      await database.handle.db.insert(customerAddress).values(
        Array.from({ length: MAX_ADDRESSES_PER_CUSTOMER - 1 }, (_, i) => ({
          customerId: owner.id,
          firstName: "E",
          lastName: "M",
          street: `Weg ${i}`,
          city: "Berlin",
          zipcode: "10115",
          countryId: country,
        })),
      );
      expect(await services.addresses.create(owner.id, usAddress())).toEqual({ ok: false, reason: "limit-reached" });
    });

    it("places an order with the default shipping address as shipping copy and the billing one as billing copy", async () => {
      const owner = await newCustomer();
      const created = await services.addresses.create(owner.id, usAddress(), shippingOnly);
      if (!created.ok) throw new Error("not created");
      const placed = await placeOrder(owner.id);
      const order = await services.orders.findByNumberForCustomer(placed.orderNumber, owner.id);
      expect(order!.billingAddress).toMatchObject({ street: "Hauptstraße 1", countryName: "Germany" });
      expect(order!.shippingAddress).toMatchObject({ street: "1 Main Street", countryName: "United States", stateName: "New York" });
    });
  });

  describe("address editor endpoint", () => {
    it("answers the customer's addresses and which defaults change", async () => {
      const owner = await newCustomer();
      const response = await editor(owner.cookie, { id: owner.addressId, changeableAddresses: shippingOnly });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toContain("no-store");
      const body = (await response.json()) as AddressEditorData;
      expect(body).toMatchObject({ changeableAddresses: shippingOnly, activeAddressId: owner.addressId, changed: false });
      expect(body.addresses).toHaveLength(1);
    });

    it("refuses both flags false, a missing flag and malformed JSON with a sentence", async () => {
      const owner = await newCustomer();
      const bothFalse = await editor(owner.cookie, { changeableAddresses: { changeShipping: false, changeBilling: false } });
      expect(bothFalse.status).toBe(400);
      expect(JSON.stringify(await bothFalse.json())).toContain("at least one of changeShipping or changeBilling");
      const missing = await editor(owner.cookie, { id: owner.addressId });
      expect(missing.status).toBe(400);
      expect(((await missing.json()) as { errors: { message: string }[] }).errors[0]!.message).toContain("changeableAddresses");
      const broken = await editor(owner.cookie, "{not json");
      expect(broken.status).toBe(400);
      const notAnId = await editor(owner.cookie, { id: "42; drop table", changeableAddresses: both });
      expect(notAnId.status).toBe(400);
    });

    it("answers 404 for another customer's address id, in the request, a choice or an edit", async () => {
      const owner = await newCustomer();
      const other = await newCustomer();
      expect((await editor(owner.cookie, { id: other.addressId, changeableAddresses: both })).status).toBe(404);
      expect((await editor(owner.cookie, { changeableAddresses: both, selectAddress: { id: other.addressId } })).status).toBe(404);
      const edit = await editor(owner.cookie, { changeableAddresses: both, address: { ...usAddress(), id: other.addressId } });
      expect(edit.status).toBe(404);
      expect((await services.addresses.get(other.id, other.addressId))!.street).toBe("Hauptstraße 1");
      expect((await editor(owner.cookie, { id: UNKNOWN_ID, changeableAddresses: both })).status).toBe(404);
    });

    it("asks for a session", async () => {
      const response = await editor(undefined, { changeableAddresses: both });
      expect(response.status).toBe(401);
    });

    it("creates an address and makes it the default shipping address only", async () => {
      const owner = await newCustomer();
      const response = await editor(owner.cookie, { changeableAddresses: shippingOnly, address: usAddress() });
      expect(response.status).toBe(200);
      const body = (await response.json()) as AddressEditorData;
      expect(body.changed).toBe(true);
      const created = body.addresses.find((a) => a.street === "1 Main Street")!;
      expect(body).toMatchObject({ defaultShippingAddressId: created.id, defaultBillingAddressId: owner.addressId, activeAddressId: created.id });
    });

    it("stores the phone field's E.164 value in international notation, in preference to the visible text", async () => {
      const owner = await newCustomer();
      // The shopper picked Austria in the phone field of a US address: the visible text lacks the dial code.
      const response = await editor(owner.cookie, { changeableAddresses: shippingOnly, address: { ...usAddress(), phone: "1 5123456", phoneE164: "+4315123456" } });
      expect(response.status).toBe(200);
      const body = (await response.json()) as AddressEditorData;
      expect(body.addresses.find((a) => a.street === "1 Main Street")?.phone).toBe("+43 1 5123456");
    });

    it("chooses an existing address as billing address", async () => {
      const owner = await newCustomer();
      const created = await services.addresses.create(owner.id, usAddress());
      if (!created.ok) throw new Error("not created");
      const response = await editor(owner.cookie, { changeableAddresses: { changeShipping: false, changeBilling: true }, selectAddress: { id: created.address.id } });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ defaultBillingAddressId: created.address.id, defaultShippingAddressId: owner.addressId });
    });

    it("refuses oversized and malformed address fields with messages, and stores nothing", async () => {
      const owner = await newCustomer();
      const oversized = await editor(owner.cookie, { changeableAddresses: both, address: { ...usAddress(), street: "x".repeat(5000), countryStateId: "" } });
      expect(oversized.status).toBe(400);
      const body = (await oversized.json()) as { errors: { message: string }[]; fieldErrors: Record<string, string> };
      expect(body.fieldErrors).toEqual({ street: "too-long", countryStateId: "state-required" });
      expect(body.errors[0]!.message).toMatch(/street/);
      const wrongTypes = await editor(owner.cookie, { changeableAddresses: both, address: { ...usAddress(), firstName: 42, phone: ["1"] } });
      expect(wrongTypes.status).toBe(400);
      expect(((await wrongTypes.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(/firstName: must be text/);
      const badPhone = await editor(owner.cookie, { changeableAddresses: both, address: { ...usAddress(), phone: "12" } });
      expect(badPhone.status).toBe(400);
      expect(((await badPhone.json()) as { fieldErrors: Record<string, string> }).fieldErrors.phone).toMatch(/^phone-/);
      expect((await services.addresses.list(owner.id))!.addresses).toHaveLength(1);
    });
  });

  describe("order shipping info endpoint", () => {
    it("answers success with the shipped items only, and 404 for another customer's or an unknown order", async () => {
      const owner = await newCustomer();
      const other = await newCustomer();
      const placed = await placeOrder(owner.id);

      const empty = await shippingInfo(owner.cookie, placed.orderNumber);
      expect(empty.status).toBe(200);
      expect(await empty.json()).toEqual({ success: true, html: [], errorMessage: null });

      const [line] = await database.handle.db.select({ id: orderLineItem.id }).from(orderLineItem).where(eq(orderLineItem.orderId, placed.orderId));
      await database.handle.db.insert(orderLineItemShipment).values({
        orderLineItemId: line!.id,
        quantity: 2,
        carrier: "DHL",
        trackingCode: "00340434161094042557",
        shippedAt: new Date("2026-03-04T10:00:00Z"),
      });
      const shipped = await shippingInfo(owner.cookie, placed.orderNumber);
      expect(await shipped.json()).toEqual({
        success: true,
        html: [{ id: line!.id, data: "2 × shipped with DHL on Mar 4, 2026, tracking code 00340434161094042557" }],
        errorMessage: null,
      });

      const foreign = await shippingInfo(other.cookie, placed.orderNumber);
      expect(foreign.status).toBe(404);
      expect(await foreign.json()).toEqual({ success: false, html: [], errorMessage: "This order does not exist in your account." });
      expect((await shippingInfo(owner.cookie, "99999999")).status).toBe(404);
      expect((await shippingInfo(owner.cookie, "' or 1=1 --")).status).toBe(400);
      expect((await shippingInfo(undefined, placed.orderNumber)).status).toBe(401);
    });

    it("lists a customer's orders newest first and finds none of another's", async () => {
      const owner = await newCustomer();
      const other = await newCustomer();
      const first = await placeOrder(owner.id);
      const second = await placeOrder(owner.id);
      const page = await services.orders.listForCustomer(owner.id, 1);
      expect(page.orders.map((o) => o.orderNumber)).toEqual([second.orderNumber, first.orderNumber]);
      expect(page).toMatchObject({ page: 1, pageCount: 1, total: 2 });
      expect((await services.orders.listForCustomer(other.id, 1)).orders).toEqual([]);
      expect(await services.orders.findByNumberForCustomer(first.orderNumber, other.id)).toBeNull();
    });
  });
});
