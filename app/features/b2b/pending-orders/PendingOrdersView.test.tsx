// @vitest-environment happy-dom
import { act } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { routeNames } from "../../../../kernel/route-names";
import type { PendingOrderView } from "../../../../server/b2b/approvals/types";
import { createTestRoot, type TestRoot } from "../../../testing/test-root";
import { RouteTableContext } from "../../../ui/use-route-path";
import { pendingNoticeOf } from "./pending-format";
import { PendingOrdersView, type PendingOrdersViewProps } from "./PendingOrdersView";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const PAGE = "/account/pending-orders";

const WAITING: PendingOrderView = {
  id: "0b6a7c1e-1111-4c8e-9a51-3f4d5e6f7a80",
  number: 30002,
  numberLabel: "A-30002",
  status: "pending",
  requesterId: "e1",
  requesterName: "Mara Lind",
  ruleName: "Orders above 500 EUR",
  reviewerRoleName: "Approver",
  currency: "EUR",
  totalGross: 119_900,
  lines: [{ productNumber: "SW-1001", label: "Office chair Ergo", quantity: 10, unitGross: 11_990, totalGross: 119_900 }],
  customerComment: "For the new office.",
  createdAt: "2026-11-20T09:00:00.000Z",
  deciderName: null,
  declineReason: null,
  decidedAt: null,
  orderNumber: null,
  decidable: true,
};

const APPROVED: PendingOrderView = {
  ...WAITING,
  id: "0b6a7c1e-2222-4c8e-9a51-3f4d5e6f7a80",
  number: 30001,
  numberLabel: "A-30001",
  status: "approved",
  customerComment: null,
  deciderName: "Jonas Weber",
  decidedAt: "2026-11-21T10:00:00.000Z",
  orderNumber: "10042",
  decidable: false,
};

const DECLINED: PendingOrderView = { ...APPROVED, id: "0b6a7c1e-3333-4c8e-9a51-3f4d5e6f7a80", number: 30000, numberLabel: "A-30000", status: "declined", orderNumber: null, declineReason: "Too many chairs." };

describe("<PendingOrdersView>", () => {
  let root: TestRoot;
  let posted: [string, FormDataEntryValue][][];
  beforeEach(() => {
    root = createTestRoot();
    posted = [];
  });
  afterEach(async () => {
    await root.unmount();
  });

  async function show(props: Partial<PendingOrdersViewProps> = {}) {
    const all: PendingOrdersViewProps = { pendingOrders: [WAITING, APPROVED, DECLINED], scope: "all", notice: null, reasonMax: 1000, ...props };
    const router = createMemoryRouter(
      [
        {
          path: PAGE,
          Component: () => <PendingOrdersView {...all} />,
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

  const card = (label: string) => [...document.querySelectorAll<HTMLElement>("article")].find((a) => a.querySelector("h3")?.textContent === label)!;
  const buttonIn = (scope: ParentNode, name: string) => [...scope.querySelectorAll("button")].find((b) => b.textContent?.trim() === name);
  const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
  const click = (element: HTMLElement) => act(async () => element.click());
  const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

  it("lists what waits first, then the decided ones, each with requester, rule, reviewer, total and lines", async () => {
    await show();
    expect([...document.querySelectorAll("h2")].map((h) => h.textContent)).toEqual(["Waiting for approval", "Decided"]);
    const waiting = card("A-30002");
    expect(waiting.querySelector(".pending-card__facts")?.textContent).toBe(
      "Requested byMara LindRequested on20 Nov 2026RuleOrders above 500 EURReviewer roleApproverTotal€1,199.00",
    );
    expect([...waiting.querySelectorAll("tbody tr > *")].map((c) => c.textContent)).toEqual(["Office chair ErgoSW-1001", "10", "€119.90", "€1,199.00"]);
    expect(waiting.textContent).toContain("For the new office.");
    expect(buttonIn(waiting, "Approve")?.getAttribute("aria-describedby")).toBe(waiting.querySelector("h3")?.id);
  });

  it("shows how the decided ones went: the order they became, or the reason; no buttons", async () => {
    await show();
    const approved = card("A-30001");
    expect(approved.textContent).toContain("Approved by Jonas Weber on 21 Nov 2026.");
    expect(approved.querySelector("a")?.getAttribute("href")).toBe("/account/order/10042");
    expect(buttonIn(approved, "Approve")).toBeUndefined();
    expect(card("A-30000").textContent).toContain("Reason: Too many chairs.");
    expect(buttonIn(card("A-30000"), "Decline")).toBeUndefined();
  });

  it("offers no buttons on an order the caller may not decide (the requester's own)", async () => {
    await show({ pendingOrders: [{ ...WAITING, decidable: false }], scope: "own" });
    expect(document.body.textContent).toContain("Your orders that wait for approval");
    expect(document.querySelectorAll("article button")).toHaveLength(0);
  });

  it("posts intent=approve with the pending order's id", async () => {
    await show();
    await click(buttonIn(card("A-30002"), "Approve")!);
    await settle();
    expect(posted).toEqual([
      [
        ["intent", "approve"],
        ["pendingOrderId", WAITING.id],
      ],
    ]);
  });

  it("declines through a dialog that needs a reason, and Cancel closes it without a post", async () => {
    await show();
    await click(buttonIn(card("A-30002"), "Decline")!);
    expect(document.getElementById(dialog()!.getAttribute("aria-labelledby")!)?.textContent).toBe("Decline order A-30002");
    await click(buttonIn(dialog()!, "Decline order")!);
    await settle();
    expect(posted).toEqual([]);
    expect(dialog()!.querySelector("textarea")?.getAttribute("aria-invalid")).toBe("true");
    await click(buttonIn(dialog()!, "Cancel")!);
    expect(dialog()).toBeNull();

    await click(buttonIn(card("A-30002"), "Decline")!);
    const reason = dialog()!.querySelector("textarea")!;
    await act(async () => {
      reason.value = "Too many chairs.";
      reason.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await click(buttonIn(dialog()!, "Decline order")!);
    await settle();
    expect(posted).toEqual([
      [
        ["intent", "decline"],
        ["pendingOrderId", WAITING.id],
        ["reason", "Too many chairs."],
      ],
    ]);
  });

  it("opens the dialog again with the server's error and the reason typed", async () => {
    await show({ declineAnswer: { pendingOrderId: WAITING.id, reason: "x".repeat(5), errors: { reason: "too-long" } } });
    const reason = dialog()!.querySelector("textarea")!;
    expect(reason.value).toBe("xxxxx");
    expect(reason.getAttribute("aria-invalid")).toBe("true");
  });

  it("says why a decision was refused, with the order's problems", async () => {
    await show({ refusal: { pendingOrderId: WAITING.id, reason: "order-refused", orderErrors: [{ code: "total-changed", grossTotal: 120_000 }] } });
    const alert = card("A-30002").querySelector('[role="alert"]');
    expect(alert?.textContent).toContain("The order could not be placed, so it stays pending:");
    expect(alert?.textContent).toContain("Its prices have changed since it was requested.");
  });

  it("says so when there is nothing, and shows the notice of the last post", async () => {
    await show({ pendingOrders: [], notice: pendingNoticeOf(new URLSearchParams("approved=30001&order=10042")) });
    expect(document.querySelector('[role="status"]')?.textContent).toBe("Order A-30001 is approved and placed as order 10042.");
    expect(document.body.textContent).toContain("No pending orders.");
  });
});

describe("pendingNoticeOf", () => {
  it.each([
    ["requested=30001", { kind: "requested", number: "A-30001" }],
    ["approved=30001&order=10042", { kind: "approved", number: "A-30001", orderNumber: "10042" }],
    ["declined=30001", { kind: "declined", number: "A-30001" }],
    ["requested=<b>", null],
    ["approved=30001", null],
    ["", null],
  ])("%s", (query, expected) => expect(pendingNoticeOf(new URLSearchParams(query))).toEqual(expected));
});
