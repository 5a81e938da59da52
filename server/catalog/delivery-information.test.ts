import { describe, expect, it } from "vitest";
import { translator } from "../../kernel/i18n/translator";
import { messagesFor } from "../../kernel/i18n/messages.server";
import { deliveryState, deliveryText, deliveryTimeText, knownTimeZone, type DeliveryFacts } from "./delivery-information";

const NOW = new Date("2024-05-01T12:00:00Z");
const LATER = new Date("2024-06-15T12:00:00Z");
const en = translator(messagesFor("en"));
const de = translator(messagesFor("de"));

/** In stock with a delivery time of 2–4 days: the plain case the others change one fact of. */
const facts = (changes: Partial<DeliveryFacts> = {}): DeliveryFacts => ({
  active: true,
  shippingFree: false,
  releaseDate: null,
  stock: 10,
  minPurchase: 1,
  isCloseout: false,
  deliveryDaysMin: 2,
  deliveryDaysMax: 4,
  restockDays: null,
  ...changes,
});
const soldOut = { stock: 1, minPurchase: 2 };

describe("deliveryState: the decision order of the delivery information", () => {
  it.each<[string, Partial<DeliveryFacts>, ReturnType<typeof deliveryState>]>([
    ["inactive, even when released later and in stock", { active: false, releaseDate: LATER }, { kind: "not-available" }],
    ["released later, even when in stock", { releaseDate: LATER }, { kind: "pre-order", releaseDate: LATER }],
    ["released already", { releaseDate: NOW }, { kind: "in-stock" }],
    ["in stock with a delivery time", {}, { kind: "in-stock" }],
    ["exactly the minimum purchase in stock", { stock: 2, minPurchase: 2 }, { kind: "in-stock" }],
    ["in stock without a delivery time", { deliveryDaysMin: null, deliveryDaysMax: null }, { kind: "none" }],
    ["a closeout in stock", { isCloseout: true }, { kind: "in-stock" }],
    ["a closeout sold out, even with a restock time", { ...soldOut, isCloseout: true, restockDays: 3 }, { kind: "no-longer-available" }],
    ["sold out with a delivery and a restock time", { ...soldOut, restockDays: 3 }, { kind: "restock", days: 3 }],
    ["sold out without a restock time", soldOut, { kind: "none" }],
    ["sold out with a restock time but no delivery time", { ...soldOut, restockDays: 3, deliveryDaysMax: null }, { kind: "none" }],
  ])("%s", (_, changes, expected) => {
    expect(deliveryState(facts(changes), NOW)).toEqual(expected);
  });
});

describe("deliveryText", () => {
  it.each<[string, Partial<DeliveryFacts>, string]>([
    ["not available", { active: false }, "These options are currently not available."],
    ["pre-order", { releaseDate: LATER }, "This product will be released on June 15, 2024."],
    ["in stock", {}, "Available, delivery time: 2–4 days"],
    ["no longer available", { ...soldOut, isCloseout: true }, "No longer available"],
    ["restock in one day", { ...soldOut, restockDays: 1 }, "Available in 1 day, delivery time 2–4 days"],
    ["restock in days", { ...soldOut, restockDays: 5, deliveryDaysMin: 3, deliveryDaysMax: 3 }, "Available in 5 days, delivery time 3 days"],
    ["nothing", soldOut, ""],
    ["free shipping with any state", { shippingFree: true, deliveryDaysMin: 1, deliveryDaysMax: 1 }, "Free shipping · Available, delivery time: 1 day"],
    ["free shipping alone", { ...soldOut, shippingFree: true }, "Free shipping"],
  ])("%s", (_, changes, expected) => {
    expect(deliveryText(facts(changes), NOW, en, "en")).toBe(expected);
  });

  it("writes a release date as a day of the shopper's time zone, UTC when unknown (not the server's)", () => {
    const lateEvening = new Date("2024-06-15T23:30:00Z");
    const preOrder = facts({ releaseDate: lateEvening });
    expect(deliveryText(preOrder, NOW, en, "en")).toBe("This product will be released on June 15, 2024.");
    expect(deliveryText(preOrder, NOW, en, "en", knownTimeZone("Europe/Berlin"))).toBe("This product will be released on June 16, 2024.");
    expect(deliveryText(preOrder, NOW, en, "en", knownTimeZone("America/New_York"))).toBe("This product will be released on June 15, 2024.");
    expect(knownTimeZone("Mars/Olympus")).toBeUndefined();
    expect(knownTimeZone("")).toBeUndefined();
  });

  it("speaks German", () => {
    expect(deliveryText(facts({ shippingFree: true }), NOW, de, "de")).toBe("Versandkostenfrei · Sofort verfügbar, Lieferzeit: 2–4 Tage");
    expect(deliveryText(facts({ ...soldOut, restockDays: 2 }), NOW, de, "de")).toBe("Verfügbar in 2 Tagen, Lieferzeit 2–4 Tage");
    expect(deliveryText(facts({ releaseDate: LATER }), NOW, de, "de")).toBe("Dieses Produkt erscheint am 15. Juni 2024.");
  });

  it("names a delivery time of one day, of equal days and of a range", () => {
    expect(deliveryTimeText(en, 1, 1)).toBe("1 day");
    expect(deliveryTimeText(en, 2, 2)).toBe("2 days");
    expect(deliveryTimeText(en, 1, 3)).toBe("1–3 days");
  });
});
