// @vitest-environment happy-dom
import { act } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ShopQuoteDetail } from "../../../../server/b2b/quotes/types";
import { routeNames } from "../../../../kernel/route-names";
import { createTestRoot, type TestRoot } from "../../../testing/test-root";
import { RouteTableContext } from "../../../ui/use-route-path";
import { QuoteDetailView, type QuoteDetailViewProps } from "./QuoteDetailView";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const LINE_A = "0b6a3f52-1c1e-4a8e-9d55-3f0f7d1c2a01";
const LINE_B = "0b6a3f52-1c1e-4a8e-9d55-3f0f7d1c2a02";
const QUOTE_ID = "7d2c9a10-5e4b-4c3a-8f21-6b0e9d8c7a11";
const PAGE = `/admin/quotes/${QUOTE_ID}`;

const QUOTE: ShopQuoteDetail = {
  id: QUOTE_ID,
  number: 20001,
  numberLabel: "Q-20001",
  status: "in_review",
  displayStatus: "in_review",
  currency: "EUR",
  totalGross: 27500,
  validUntil: null,
  requesterId: null,
  requesterName: "Mara Lind",
  lineCount: 2,
  createdAt: "2026-03-01T09:30:00.000Z",
  updatedAt: "2026-03-01T09:30:00.000Z",
  partnerId: "3e1d2c4b-0a9f-4e8d-b7c6-5a4b3c2d1e0f",
  company: "Northwind Traders",
  lines: [
    { id: LINE_A, variantId: null, productNumber: "SW-1001", label: "Steel Widget", quantity: 10, listUnitGross: 2000, discountBasisPoints: 0, quotedUnitGross: 2000, totalGross: 20000 },
    { id: LINE_B, variantId: null, productNumber: "SW-2002", label: "Brass Gadget", quantity: 3, listUnitGross: 2500, discountBasisPoints: 1250, quotedUnitGross: 2188, totalGross: 6564 },
  ],
  totals: { positionsGross: 27500, discountGross: 936, totalGross: 26564 },
  comments: [{ id: "c1", authorKind: "customer", authorName: "Mara Lind", text: "Can you do better on the widgets?", createdAt: "2026-03-01T09:30:00.000Z" }],
  orderId: null,
  actions: { review: false, reply: true, accept: false, decline: false, requestChanges: false },
};

const base: QuoteDetailViewProps = { quote: QUOTE, today: "2026-03-02", sent: false };

describe("<QuoteDetailView>", () => {
  let root: TestRoot;
  /**
   * What the form posted, by name. An object, not the entry list: happy-dom's FormData takes the submitter
   * and React Router (whose feature probe happy-dom passes wrongly) appends it a second time.
   */
  let posted: Record<string, FormDataEntryValue> | null;

  beforeEach(() => {
    root = createTestRoot();
    posted = null;
  });
  afterEach(() => root.unmount());

  async function show(props: Partial<QuoteDetailViewProps> = {}) {
    const router = createMemoryRouter(
      [
        {
          path: PAGE,
          Component: () => <QuoteDetailView {...base} {...props} />,
          action: async ({ request }) => {
            posted = Object.fromEntries(await request.formData());
            return null;
          },
        },
      ],
      { initialEntries: [PAGE] },
    );
    await root.render(
      <RouteTableContext.Provider value={routeNames}>
        <RouterProvider router={router} />
      </RouteTableContext.Provider>,
    );
  }

  const button = (name: string) => [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === name);
  /** The control a label names (its accessible name), by the label's text. */
  const labelled = (text: string, within: ParentNode = document) =>
    [...within.querySelectorAll("label")].filter((label) => label.textContent?.replace("*", "").trim() === text).map((label) => document.getElementById(label.htmlFor) as HTMLInputElement);
  /** The one control a label names; fails when there is none or more than one. */
  const field = (text: string, within: ParentNode = document) => {
    const found = labelled(text, within);
    if (found.length !== 1 || !found[0]) throw new Error(`${found.length} fields named ${text}`);
    return found[0];
  };
  const rowOf = (product: string) => [...document.querySelectorAll("tbody tr")].find((row) => row.textContent?.includes(product))!;
  const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

  it("offers a Discount % field per line, described by the line's product, starting at the current discount", async () => {
    await show();
    for (const [product, discount] of [
      ["Steel Widget", "0"],
      ["Brass Gadget", "12.5"],
    ] as const) {
      const discountField = field("Discount %", rowOf(product));
      expect(discountField.type).toBe("number");
      expect([discountField.min, discountField.max, discountField.step]).toEqual(["0", "100", "0.01"]);
      expect(discountField.value).toBe(discount);
      const description = discountField.getAttribute("aria-describedby")!.split(" ").map((id) => document.getElementById(id)?.textContent).join(" ");
      expect(description).toContain(product);
    }
  });

  it("asks for a validity date from today and an optional comment of at most 2000 characters", async () => {
    await show();
    const validUntil = field("Valid until");
    expect(validUntil.type).toBe("date");
    expect(validUntil.min).toBe("2026-03-02");
    expect(validUntil.required).toBe(true);
    const comment = field("Comment");
    expect(comment.tagName).toBe("TEXTAREA");
    expect(comment.required).toBe(false);
    expect(comment.maxLength).toBe(2000);
  });

  it("posts the discounts per line, the date, the comment and the reply intent with Send quote", async () => {
    await show();
    field("Discount %", rowOf("Steel Widget")).value = "7.25";
    field("Valid until").value = "2026-03-31";
    field("Comment").value = "Our best price.";
    // happy-dom checks `step="0.01"` in floating point (12.5 reads as a step mismatch), which browsers do not.
    document.querySelector("form")!.noValidate = true;
    await act(async () => button("Send quote")!.click());
    await settle();
    expect(posted).toEqual({
      [`discount.${LINE_A}`]: "7.25",
      [`discount.${LINE_B}`]: "12.5",
      validUntil: "2026-03-31",
      comment: "Our best price.",
      intent: "reply",
    });
  });

  it("shows a refused post's messages at their fields, with what was typed", async () => {
    await show({
      result: {
        errors: { [`discount.${LINE_A}`]: "Enter a discount from 0 to 100 with at most two decimals, e.g. 12.5.", validUntil: "The offer must hold until today or later." },
        values: { percents: { [LINE_A]: "120", [LINE_B]: "12.5" }, validUntil: "2026-03-01", comment: "Hm" },
      },
    });
    expect(document.querySelector('[role="alert"]')?.textContent).toBe("The quote was not sent: check the marked fields.");
    const discount = field("Discount %", rowOf("Steel Widget"));
    expect(discount.value).toBe("120");
    expect(discount.getAttribute("aria-invalid")).toBe("true");
    expect(discount.getAttribute("aria-describedby")).toContain(`${discount.id}-error`);
    expect(document.getElementById(`${discount.id}-error`)?.textContent).toContain("Enter a discount from 0 to 100");
    const validUntil = field("Valid until");
    expect(validUntil.value).toBe("2026-03-01");
    expect(document.getElementById(`${validUntil.id}-error`)?.textContent).toBe("The offer must hold until today or later.");
    expect(field("Comment").value).toBe("Hm");
  });

  it("says the quote was sent and shows the lines without fields once it takes no reply", async () => {
    await show({ sent: true, quote: { ...QUOTE, status: "replied", displayStatus: "replied", validUntil: "2026-03-31", actions: { ...QUOTE.actions, reply: false } } });
    expect(document.querySelector('[role="status"]')?.textContent).toBe("The quote was sent.");
    expect(labelled("Discount %")).toEqual([]);
    expect(button("Send quote")).toBeUndefined();
    expect(rowOf("Brass Gadget").textContent).toContain("12.5 %");
    expect(document.body.textContent).toContain("Answered");
  });

  it("offers Start review for an open quote, posting the review intent", async () => {
    await show({ quote: { ...QUOTE, status: "open", displayStatus: "open", actions: { ...QUOTE.actions, review: true } } });
    await act(async () => button("Start review")!.click());
    await settle();
    expect(posted).toEqual({ intent: "review" });
  });

  it("shows the company, the requester and the comment thread", async () => {
    await show();
    expect(document.querySelector("h1")?.textContent).toBe("Quote Q-20001");
    expect(document.querySelector(".admin__facts")?.textContent).toContain("Northwind Traders");
    expect(document.body.textContent).toContain("Can you do better on the widgets?");
  });
});
