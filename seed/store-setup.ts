import type { Database } from "../server/db/client";
import { paymentMethod, promotion, shippingMethod } from "../server/cart/tables";
import { country, countryState } from "../server/customer/tables";

/**
 * The demo shop's setup beside the catalog: countries with their address rules (spec §5), shipping
 * and payment methods, and promotion codes. Runs on every start and inserts only into an empty setup,
 * so a database from before these tables gets them too.
 */

interface CountrySeed {
  iso: string;
  name: string;
  stateRequired?: boolean;
  zipcodeRequired?: boolean;
  vatIdRequired?: boolean;
  states?: [code: string, name: string][];
}

const DE_STATES: [string, string][] = [
  ["DE-BW", "Baden-Württemberg"],
  ["DE-BY", "Bavaria"],
  ["DE-BE", "Berlin"],
  ["DE-BB", "Brandenburg"],
  ["DE-HB", "Bremen"],
  ["DE-HH", "Hamburg"],
  ["DE-HE", "Hesse"],
  ["DE-MV", "Mecklenburg-Western Pomerania"],
  ["DE-NI", "Lower Saxony"],
  ["DE-NW", "North Rhine-Westphalia"],
  ["DE-RP", "Rhineland-Palatinate"],
  ["DE-SL", "Saarland"],
  ["DE-SN", "Saxony"],
  ["DE-ST", "Saxony-Anhalt"],
  ["DE-SH", "Schleswig-Holstein"],
  ["DE-TH", "Thuringia"],
];

const US_STATES: [string, string][] = [
  ["US-AL", "Alabama"], ["US-AK", "Alaska"], ["US-AZ", "Arizona"], ["US-AR", "Arkansas"], ["US-CA", "California"],
  ["US-CO", "Colorado"], ["US-CT", "Connecticut"], ["US-DE", "Delaware"], ["US-DC", "District of Columbia"],
  ["US-FL", "Florida"], ["US-GA", "Georgia"], ["US-HI", "Hawaii"], ["US-ID", "Idaho"], ["US-IL", "Illinois"],
  ["US-IN", "Indiana"], ["US-IA", "Iowa"], ["US-KS", "Kansas"], ["US-KY", "Kentucky"], ["US-LA", "Louisiana"],
  ["US-ME", "Maine"], ["US-MD", "Maryland"], ["US-MA", "Massachusetts"], ["US-MI", "Michigan"],
  ["US-MN", "Minnesota"], ["US-MS", "Mississippi"], ["US-MO", "Missouri"], ["US-MT", "Montana"],
  ["US-NE", "Nebraska"], ["US-NV", "Nevada"], ["US-NH", "New Hampshire"], ["US-NJ", "New Jersey"],
  ["US-NM", "New Mexico"], ["US-NY", "New York"], ["US-NC", "North Carolina"], ["US-ND", "North Dakota"],
  ["US-OH", "Ohio"], ["US-OK", "Oklahoma"], ["US-OR", "Oregon"], ["US-PA", "Pennsylvania"],
  ["US-RI", "Rhode Island"], ["US-SC", "South Carolina"], ["US-SD", "South Dakota"], ["US-TN", "Tennessee"],
  ["US-TX", "Texas"], ["US-UT", "Utah"], ["US-VT", "Vermont"], ["US-VA", "Virginia"], ["US-WA", "Washington"],
  ["US-WV", "West Virginia"], ["US-WI", "Wisconsin"], ["US-WY", "Wyoming"],
];

const CA_PROVINCES: [string, string][] = [
  ["CA-AB", "Alberta"], ["CA-BC", "British Columbia"], ["CA-MB", "Manitoba"], ["CA-NB", "New Brunswick"],
  ["CA-NL", "Newfoundland and Labrador"], ["CA-NS", "Nova Scotia"], ["CA-NT", "Northwest Territories"],
  ["CA-NU", "Nunavut"], ["CA-ON", "Ontario"], ["CA-PE", "Prince Edward Island"], ["CA-QC", "Quebec"],
  ["CA-SK", "Saskatchewan"], ["CA-YT", "Yukon"],
];

/** The shop's home market first; the rest alphabetically. */
export const DEMO_COUNTRIES: CountrySeed[] = [
  { iso: "DE", name: "Germany", states: DE_STATES },
  { iso: "AT", name: "Austria" },
  { iso: "BE", name: "Belgium" },
  { iso: "CA", name: "Canada", stateRequired: true, states: CA_PROVINCES },
  { iso: "DK", name: "Denmark" },
  { iso: "FR", name: "France" },
  { iso: "IE", name: "Ireland", zipcodeRequired: false },
  { iso: "IT", name: "Italy" },
  // Liechtenstein's demo setting asks business buyers for a VAT id: it shows the VAT rule of spec §5.
  { iso: "LI", name: "Liechtenstein", vatIdRequired: true },
  { iso: "LU", name: "Luxembourg" },
  { iso: "NL", name: "Netherlands" },
  { iso: "PL", name: "Poland" },
  { iso: "ES", name: "Spain" },
  { iso: "SE", name: "Sweden" },
  { iso: "CH", name: "Switzerland" },
  { iso: "GB", name: "United Kingdom" },
  { iso: "US", name: "United States", stateRequired: true, states: US_STATES },
];

export const DEMO_SHIPPING_METHODS = [
  {
    technicalName: "standard",
    name: "Standard",
    description: "Tracked parcel delivery.",
    deliveryTime: "2–4 business days",
    priceGross: 495,
    freeFromGross: 5000,
  },
  {
    technicalName: "express",
    name: "Express",
    description: "Order before 2 pm, delivered the next business day.",
    deliveryTime: "1 business day",
    priceGross: 1290,
    freeFromGross: null,
  },
  {
    technicalName: "pickup",
    name: "Store pickup",
    description: "Collect your order at our store in Berlin.",
    deliveryTime: "Ready in 2 hours",
    priceGross: 0,
    freeFromGross: null,
  },
  {
    technicalName: "freight",
    name: "Freight (bulky goods)",
    description: "Delivery to the kerb by a freight carrier.",
    deliveryTime: "5–8 business days",
    priceGross: 3900,
    freeFromGross: null,
  },
];

/** The built-in methods that need no payment provider. */
export const DEMO_PAYMENT_METHODS = [
  { technicalName: "invoice", name: "Invoice", description: "Pay within 14 days of delivery." },
  { technicalName: "prepayment", name: "Prepayment", description: "Transfer the total; we ship when it arrives." },
  { technicalName: "cash_on_delivery", name: "Cash on delivery", description: "Pay the courier at your door." },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * WELCOME10 is exclusive (the default for a promotion); FIVEOFF and FIRST100 combine with each other, so
 * the demo shows both sides of the combination rule.
 */
export function demoPromotions(now = new Date()) {
  return [
    { name: "Welcome: 10 % off", code: "WELCOME10", discountType: "percentage" as const, discountValue: 1000 },
    { name: "€5 off your order", code: "FIVEOFF", discountType: "absolute" as const, discountValue: 500, combinable: true },
    {
      name: "Summer sale: 25 % off",
      code: "SUMMER25",
      discountType: "percentage" as const,
      discountValue: 2500,
      validFrom: new Date(now.getTime() - 200 * DAY_MS),
      validUntil: new Date(now.getTime() - 100 * DAY_MS),
    },
    {
      name: "First 100 orders: 15 % off",
      code: "FIRST100",
      discountType: "percentage" as const,
      discountValue: 1500,
      maxUses: 100,
      combinable: true,
    },
  ];
}

/** Inserts the setup when no country exists yet; returns whether it did. */
export async function ensureStoreSetup(db: Database): Promise<boolean> {
  const existing = await db.select({ id: country.id }).from(country).limit(1);
  if (existing.length > 0) return false;
  await db.transaction(async (tx) => {
    for (const [position, seed] of DEMO_COUNTRIES.entries()) {
      const [row] = await tx
        .insert(country)
        .values({
          iso: seed.iso,
          name: seed.name,
          position,
          stateRequired: seed.stateRequired ?? false,
          zipcodeRequired: seed.zipcodeRequired ?? true,
          vatIdRequired: seed.vatIdRequired ?? false,
        })
        .returning({ id: country.id });
      if (seed.states?.length) {
        await tx
          .insert(countryState)
          .values(seed.states.map(([code, name], i) => ({ countryId: row!.id, code, name, position: i })));
      }
    }
    await tx.insert(shippingMethod).values(DEMO_SHIPPING_METHODS.map((m, position) => ({ ...m, position })));
    await tx.insert(paymentMethod).values(DEMO_PAYMENT_METHODS.map((m, position) => ({ ...m, position })));
    await tx.insert(promotion).values(demoPromotions());
  });
  return true;
}
