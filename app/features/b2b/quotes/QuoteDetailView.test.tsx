// @vitest-environment happy-dom
import { act } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { routeNames } from "../../../../kernel/route-names";
import { createTestRoot, type TestRoot } from "../../../testing/test-root";
import { RouteTableContext } from "../../../ui/use-route-path";
import { ANSWERED, detailOf, EXPIRED } from "./quote-fixtures";
import { QuoteDetailView, type QuoteDetailViewProps } from "./QuoteDetailView";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ALL = { accept: true, decline: true, requestChanges: true };
const base: QuoteDetailViewProps = { quote: detailOf(ANSWERED), can: ALL, notice: null, commentMax: 2000 };
const PAGE = `/account/quotes/${ANSWERED.id}`;

describe("<QuoteDetailView>", () => {
  let root: TestRoot;
  let posted: [string, FormDataEntryValue][][];

  beforeEach(() => {
    root = createTestRoot();
    posted = [];
  });
  afterEach(async () => {
    await root.unmount();
  });

  async function show(props: Partial<QuoteDetailViewProps> = {}) {
    const router = createMemoryRouter(
      [
        {
          path: "/account/quotes/:quoteId",
          Component: () => <QuoteDetailView {...base} {...props} />,
          action: async ({ request }) => {
            posted.push([...(await request.formData())]);
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

  const button = (name: string) => {
    const found = [...document.querySelectorAll("button")].find((b) => b.textContent?.trim() === name);
    if (!found) throw new Error(`no button named ${name}`);
    return found;
  };
  const states = () => ["Accept quote", "Decline quote", "Request changes"].map((name) => [name, button(name).matches(":disabled")]);
  const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
  const dialogName = () => document.getElementById(dialog()?.getAttribute("aria-labelledby") ?? "")?.textContent;
  const click = (element: HTMLElement) => act(async () => element.click());
  const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

  it("shows the number, status, validity, lines at list and quoted prices, totals and the messages", async () => {
    await show();
    expect(document.querySelector("h1")?.textContent).toBe("Quote Q-20001");
    const line = [...document.querySelectorAll(".quote-lines tbody tr > *")].map((cell) => cell.textContent);
    expect(line).toEqual(["Office chair ErgoProduct number: SW-1001", "10", "€119.90", "10%", "€107.91", "€1,079.10"]);
    expect(document.querySelector(".quote-totals")?.textContent).toBe("At list prices€1,199.00Discount−€119.90Quoted total€1,079.10");
    const messages = [...document.querySelectorAll(".quote-comment")].map((item) => item.textContent);
    expect(messages).toEqual(["Mara Lind 20 Nov 2026Ten chairs, please.", "Vitrine (shop) 21 Nov 202610 % off for ten."]);
  });

  it("enables the buttons the quote takes and the role allows", async () => {
    await show();
    expect(states()).toEqual([
      ["Accept quote", false],
      ["Decline quote", false],
      ["Request changes", false],
    ]);
  });

  it("shows Expired and disables every button once the quote has expired", async () => {
    // The state machine already says no to an expired quote; the page must not rely on it alone.
    const quote = detailOf(EXPIRED, { actions: { review: false, reply: false, accept: true, decline: true, requestChanges: true } });
    await show({ quote });
    expect(document.querySelector(".quote-facts")?.textContent).toContain("StatusExpired");
    expect(document.querySelector(".quote-facts")?.textContent).not.toContain("Answered");
    expect(states()).toEqual([
      ["Accept quote", true],
      ["Decline quote", true],
      ["Request changes", true],
    ]);
    expect(document.querySelector<HTMLTextAreaElement>("textarea")?.matches(":disabled")).toBe(true);
    expect(document.body.textContent).toContain("This quote expired after 1 Nov 2026");
  });

  it("disables what the quote's state does not take", async () => {
    const quote = detailOf({ ...ANSWERED, status: "open", displayStatus: "open", validUntil: null }, {
      actions: { review: true, reply: true, accept: false, decline: true, requestChanges: false },
    });
    await show({ quote });
    expect(states()).toEqual([
      ["Accept quote", true],
      ["Decline quote", false],
      ["Request changes", true],
    ]);
  });

  it("disables what the role does not allow", async () => {
    await show({ can: { accept: false, decline: true, requestChanges: false } });
    expect(states()).toEqual([
      ["Accept quote", true],
      ["Decline quote", false],
      ["Request changes", true],
    ]);
  });

  it("posts Accept quote as intent=accept", async () => {
    await show();
    await click(button("Accept quote"));
    await settle();
    expect(posted).toEqual([[["intent", "accept"]]]);
  });

  it("asks before declining: Cancel posts nothing, Confirm posts intent=decline", async () => {
    await show();
    await click(button("Decline quote"));
    expect(dialogName()).toBe("Decline quote");
    expect(dialog()?.textContent).toContain("Decline the quote Q-20001?");
    await click(button("Cancel"));
    await settle();
    expect(dialog()).toBeNull();
    expect(posted).toEqual([]);

    await click(button("Decline quote"));
    await click(button("Confirm"));
    await settle();
    expect(posted).toEqual([[["intent", "decline"]]]);
  });

  it("requires a comment to request changes, then posts it", async () => {
    await show();
    const comment = document.querySelector<HTMLTextAreaElement>("textarea")!;
    expect(document.querySelector(`label[for="${comment.id}"]`)?.textContent).toBe("Comment*");
    expect(comment.maxLength).toBe(2000);
    await click(button("Request changes"));
    await settle();
    expect(posted).toEqual([]);
    expect(comment.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(`${comment.id}-error`)?.textContent).toBe("Please fill in this field.");

    await act(async () => {
      comment.value = "Twelve chairs, please.";
      comment.dispatchEvent(new Event("input", { bubbles: true }));
      comment.dispatchEvent(new Event("change", { bubbles: true }));
    });
    await click(button("Request changes"));
    await settle();
    expect(posted).toEqual([
      [
        ["intent", "request-changes"],
        ["comment", "Twelve chairs, please."],
      ],
    ]);
  });

  it("shows a refused comment at its field with what was typed", async () => {
    await show({ refusal: "invalid", changes: { errors: { comment: "too-long" }, comment: "x".repeat(10) } });
    const comment = document.querySelector<HTMLTextAreaElement>("textarea")!;
    expect(comment.value).toBe("x".repeat(10));
    expect(document.getElementById(`${comment.id}-error`)?.textContent).toBe("This entry is too long.");
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it("confirms a sent request and says why an answer was refused", async () => {
    await show({ notice: "requested", refusal: "not-allowed-in-state" });
    expect(document.querySelector('[role="status"]')?.textContent).toBe("Your quote request was sent.");
    expect(document.querySelector('[role="alert"]')?.textContent).toMatch(/cannot be changed this way any more/);
  });
});
