// @vitest-environment happy-dom
import { act } from "react";
import { createMemoryRouter, data, redirect, RouterProvider, useActionData } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ApprovalRuleView } from "../../../../server/b2b/approvals/types";
import { routeNames } from "../../../../kernel/route-names";
import { createTestRoot, type TestRoot } from "../../../testing/test-root";
import { RouteTableContext } from "../../../ui/use-route-path";
import { ApprovalRulesView, type ApprovalRulesViewProps } from "./ApprovalRulesView";
import type { RuleFormResult } from "./rule-form";
import { RULE_SEARCH_DEBOUNCE_MS } from "./rule-search";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const BUYER = "0b7c4d1e-2f3a-4b5c-8d6e-7f8091a2b3c4";
const APPROVER = "1c7c4d1e-2f3a-4b5c-8d6e-7f8091a2b3c4";

const BIG: ApprovalRuleView = {
  id: "7d1f3c2a-0b4e-4c5d-9e6f-1a2b3c4d5e6f",
  name: "Orders above 500 EUR",
  appliesToRoleId: BUYER,
  appliesToRoleName: "Buyer",
  totalAboveGross: 50000,
  currency: "EUR",
  reviewerRoleId: APPROVER,
  reviewerRoleName: "Approver",
  priority: 10,
};

const ORPHAN: ApprovalRuleView = {
  id: "8e2f3c2a-0b4e-4c5d-9e6f-1a2b3c4d5e6f",
  name: "Interns",
  appliesToRoleId: null,
  appliesToRoleName: null,
  totalAboveGross: 125050,
  currency: "EUR",
  reviewerRoleId: null,
  reviewerRoleName: null,
  priority: 0,
};

const base: ApprovalRulesViewProps = {
  rules: [BIG, ORPHAN],
  roles: [
    { id: APPROVER, name: "Approver", isDefault: false },
    { id: BUYER, name: "Buyer", isDefault: true },
  ],
  can: { create: true, update: true, delete: true },
  notice: null,
  search: "",
  currency: "EUR",
  limits: { nameMax: 100, priorityMax: 1000 },
};

const PAGE = routeNames["frontend.account.approval-rules.page"];

describe("<ApprovalRulesView>", () => {
  let root: TestRoot;
  let router: ReturnType<typeof createMemoryRouter>;
  let posts: [string, string][][];
  /** What the page's action answers the next post (a redirect by default, as a saved or deleted rule does). */
  let answer: () => unknown;

  beforeEach(() => {
    root = createTestRoot();
    posts = [];
    answer = () => null;
  });
  afterEach(async () => {
    await root.unmount();
    vi.useRealTimers();
    // A dialog unmounted open hands focus back on a timer: let it fire before the next test looks at focus.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  function Page(props: Partial<ApprovalRulesViewProps>) {
    const refused = useActionData<RuleFormResult>();
    return <ApprovalRulesView {...base} refused={refused} {...props} />;
  }

  async function show(props: Partial<ApprovalRulesViewProps> = {}, entry: string = PAGE) {
    router = createMemoryRouter(
      [
        {
          path: PAGE,
          Component: () => <Page {...props} />,
          action: async ({ request }) => {
            posts.push([...(await request.formData())].map(([key, value]) => [key, String(value)]));
            return answer();
          },
        },
      ],
      { initialEntries: [entry] },
    );
    await root.render(
      <RouteTableContext.Provider value={routeNames}>
        <RouterProvider router={router} />
      </RouteTableContext.Provider>,
    );
  }

  const named = (element: Element) => (element.getAttribute("aria-label") ?? element.textContent ?? "").trim();
  const button = (name: string, within: ParentNode = document) => {
    const found = [...within.querySelectorAll("button")].find((b) => named(b) === name);
    if (!found) throw new Error(`no button named ${name}`);
    return found;
  };
  const queryButton = (name: string) => [...document.querySelectorAll("button")].find((b) => named(b) === name) ?? null;
  const dialog = (title: string) =>
    [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].find((d) => d.querySelector("h2")?.textContent === title) ?? null;
  /** The control whose label reads `label` (without the required star). */
  const field = <T extends HTMLElement = HTMLInputElement>(label: string, within: ParentNode = document): T => {
    const found = [...within.querySelectorAll("label")].find((l) => l.textContent?.replace("*", "").trim() === label);
    const control = found && document.getElementById(found.htmlFor);
    if (!control) throw new Error(`no field labelled ${label}`);
    return control as T;
  };
  const click = (element: HTMLElement) => act(async () => element.click());
  /** Lets a navigation or a post finish. */
  const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  async function type(control: HTMLInputElement | HTMLSelectElement, value: string) {
    await act(async () => {
      // React tracks the value it last saw; set it through the prototype as a browser's typing does.
      const prototype = control instanceof HTMLSelectElement ? HTMLSelectElement.prototype : HTMLInputElement.prototype;
      Object.getOwnPropertyDescriptor(prototype, "value")!.set!.call(control, value);
      control.dispatchEvent(
        new Event(control instanceof HTMLSelectElement ? "change" : "input", {
          bubbles: true,
        }),
      );
    });
  }
  const describedBy = (control: HTMLElement) =>
    (control.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent);

  it("lists the rules with their roles, amount and priority, and marks a deleted role", async () => {
    await show({ notice: "saved" });
    const table = document.querySelector("table")!;
    expect(table.querySelector("caption")?.textContent).toBe("Approval rules of your company");
    expect([...table.querySelectorAll("thead th")].map((th) => [th.textContent, th.getAttribute("scope")])).toEqual([
      ["Rule name", "col"],
      ["Applies to", "col"],
      ["Order total above", "col"],
      ["Reviewer", "col"],
      ["Priority", "col"],
      ["Actions", "col"],
    ]);
    const rows = [...table.querySelectorAll("tbody tr")].map((row) => [
      ...[...row.children].slice(0, -1).map((cell) => cell.textContent),
      [...row.querySelectorAll("button")].map(named),
    ]);
    expect(rows).toEqual([
      ["Orders above 500 EUR", "Buyer", "€500.00", "Approver", "10", ["Edit Orders above 500 EUR", "Delete Orders above 500 EUR"]],
      ["Interns", "Role deleted (applies to nobody)", "€1,250.50", "Role deleted", "0", ["Edit Interns", "Delete Interns"]],
    ]);
    expect(table.querySelector("tbody th")?.getAttribute("scope")).toBe("row");
    expect(document.querySelector('[role="status"]')?.textContent).toBe("The approval rule has been saved.");
  });

  it("says so when the company has no rules, and names the search that found none", async () => {
    await show({ rules: [] });
    expect(document.querySelector("table")).toBeNull();
    expect(document.body.textContent).toContain("Your company has no approval rules yet: every order is placed at once.");
    await root.unmount();
    root = createTestRoot();
    await show({ rules: [], search: "Zebra" }, `${PAGE}?search=Zebra`);
    expect(document.body.textContent).toContain("No approval rule matches “Zebra”.");
    expect(field("Search rules").value).toBe("Zebra");
  });

  it("searches 250 ms after the last keystroke, once, replacing the history entry; a GET form without JavaScript", async () => {
    await show();
    const searchbox = field("Search rules");
    expect(searchbox.type).toBe("search");
    expect(searchbox.closest('[role="search"]')).toBe(searchbox.form);
    expect(searchbox.form?.method).toBe("get");
    const locations: string[] = [];
    router.subscribe((state) => {
      if (state.navigation.state === "idle") locations.push(state.location.search);
    });
    vi.useFakeTimers();
    await type(searchbox, "Ord");
    await act(async () => vi.advanceTimersByTime(RULE_SEARCH_DEBOUNCE_MS - 1));
    await type(searchbox, "Orders");
    await act(async () => vi.advanceTimersByTime(RULE_SEARCH_DEBOUNCE_MS - 1));
    expect(router.state.location.search).toBe("");
    await act(async () => vi.advanceTimersByTime(1));
    await act(async () => vi.runAllTimersAsync());
    expect(router.state.location.search).toBe("?search=Orders");
    expect(router.state.historyAction).toBe("REPLACE");
    expect(locations).toEqual(["?search=Orders"]);
  });

  it("opens Add rule with the five fields, the currency beside the amount, posts intent=save and closes once saved", async () => {
    answer = () => redirect(`${PAGE}?saved=1`);
    await show();
    await click(button("Add rule"));
    const add = dialog("Add rule")!;
    expect(add).not.toBeNull();
    const name = field("Rule name", add);
    expect(name.maxLength).toBe(100);
    const amount = field("Order total above", add);
    expect(amount.inputMode).toBe("decimal");
    expect(amount.closest("label")).toBeNull();
    expect(describedBy(amount)).toEqual(["EUR"]);
    const priority = field("Priority", add);
    expect([priority.type, priority.value, priority.min, priority.max]).toEqual(["number", "0", "0", "1000"]);
    expect(describedBy(priority)).toEqual(["Of several matching rules the highest priority decides."]);
    const applies = field<HTMLSelectElement>("Applies to role", add);
    expect([...applies.options].map((option) => option.textContent)).toEqual(["Choose a role", "Approver", "Buyer"]);

    await type(name, "Orders above 500 EUR");
    await type(applies, BUYER);
    await type(amount, "500");
    await type(field<HTMLSelectElement>("Reviewer role", add), APPROVER);
    await type(priority, "5");
    await click(button("Save rule", add));
    await settle();
    expect(posts).toEqual([
      [
        ["intent", "save"],
        ["name", "Orders above 500 EUR"],
        ["appliesToRoleId", BUYER],
        ["totalAbove", "500"],
        ["reviewerRoleId", APPROVER],
        ["priority", "5"],
      ],
    ]);
    expect(router.state.location.search).toBe("?saved=1");
    expect(dialog("Add rule")).toBeNull();
  });

  it("keeps the dialog open with the server's errors at the fields and the first one focused", async () => {
    answer = () =>
      data(
        {
          errors: { name: "name-taken", totalAbove: "invalid" },
          values: {
            ruleId: null,
            name: "Orders above 500 EUR",
            appliesToRoleId: BUYER,
            totalAbove: "5.000.1",
            reviewerRoleId: APPROVER,
            priority: "0",
          },
        },
        { status: 400 },
      );
    await show();
    await click(button("Add rule"));
    const add = dialog("Add rule")!;
    await type(field("Rule name", add), "Orders above 500 EUR");
    await type(field<HTMLSelectElement>("Applies to role", add), BUYER);
    await type(field("Order total above", add), "5.000.1");
    await type(field<HTMLSelectElement>("Reviewer role", add), APPROVER);
    await click(button("Save rule", add));
    await settle();
    const again = dialog("Add rule")!;
    const name = field("Rule name", again);
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(name)).toEqual(["Another rule already has this name."]);
    expect(describedBy(field("Order total above", again))).toEqual(["Please enter an amount such as 500 or 1250.50.", "EUR"]);
    expect(field("Priority", again).getAttribute("aria-invalid")).toBeNull();
    expect(document.activeElement).toBe(name);
  });

  it("opens a refused edit again after a reload (no JavaScript), titled Edit rule with the values sent", async () => {
    const refused: RuleFormResult = {
      errors: { reviewerRoleId: "required" },
      values: {
        ruleId: BIG.id,
        name: "Bigger orders",
        appliesToRoleId: BUYER,
        totalAbove: "750",
        reviewerRoleId: "",
        priority: "3",
      },
    };
    await show({ refused });
    const edit = dialog("Edit rule")!;
    expect(field("Rule name", edit).value).toBe("Bigger orders");
    expect(field("Order total above", edit).value).toBe("750");
    expect(field("Priority", edit).value).toBe("3");
    const reviewer = field<HTMLSelectElement>("Reviewer role", edit);
    expect(reviewer.getAttribute("aria-invalid")).toBe("true");
    expect(describedBy(reviewer)).toEqual(["Please fill in this field."]);
    expect(document.activeElement).toBe(reviewer);
  });

  it("prefills Edit rule and posts the rule's id", async () => {
    await show();
    await click(button("Edit Interns"));
    const edit = dialog("Edit rule")!;
    expect(field("Rule name", edit).value).toBe("Interns");
    expect(field<HTMLSelectElement>("Applies to role", edit).value).toBe("");
    expect(field("Order total above", edit).value).toBe("1250.50");
    expect(field("Priority", edit).value).toBe("0");
    await click(button("Close", edit));
    await settle();
    await click(button("Edit Orders above 500 EUR"));
    const big = dialog("Edit rule")!;
    expect(field<HTMLSelectElement>("Applies to role", big).value).toBe(BUYER);
    expect(field<HTMLSelectElement>("Reviewer role", big).value).toBe(APPROVER);
    await click(button("Save rule", big));
    await settle();
    expect(posts).toEqual([
      [
        ["intent", "save"],
        ["ruleId", BIG.id],
        ["name", "Orders above 500 EUR"],
        ["appliesToRoleId", BUYER],
        ["totalAbove", "500"],
        ["reviewerRoleId", APPROVER],
        ["priority", "10"],
      ],
    ]);
  });

  it("asks before deleting, then posts intent=delete and the rule's id", async () => {
    await show();
    await click(button("Delete Interns"));
    expect(dialog("Delete rule")?.textContent).toContain("Delete the rule “Interns”?");
    await click(button("Cancel", dialog("Delete rule")!));
    await settle();
    expect(posts).toEqual([]);
    await click(button("Delete Interns"));
    await click(button("Confirm", dialog("Delete rule")!));
    await settle();
    expect(posts).toEqual([
      [
        ["intent", "delete"],
        ["ruleId", ORPHAN.id],
      ],
    ]);
  });

  it("offers no buttons the role does not allow", async () => {
    await show({ can: { create: false, update: false, delete: false } });
    expect(queryButton("Add rule")).toBeNull();
    expect(queryButton("Edit Interns")).toBeNull();
    expect(queryButton("Delete Interns")).toBeNull();
    expect([...document.querySelectorAll("thead th")].map((th) => th.textContent)).not.toContain("Actions");
    await root.unmount();
    root = createTestRoot();
    await show({ can: { create: false, update: true, delete: false } });
    expect(queryButton("Edit Interns")).not.toBeNull();
    expect(queryButton("Delete Interns")).toBeNull();
  });
});
