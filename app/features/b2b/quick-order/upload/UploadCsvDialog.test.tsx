// @vitest-environment happy-dom
import { act, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { QuickOrderUploadResult } from "../../../../../kernel/quick-order";
import { routeNames } from "../../../../../kernel/route-names";
import { createTestRoot, type TestRoot } from "../../../../testing/test-root";
import { RouteTableContext } from "../../../../ui/use-route-path";
import { testProduct } from "../testing";
import { UploadCsvDialog, type UploadApplied } from "./UploadCsvDialog";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A product with a name of its own (the comparison table names each duplicate). */
const product = (productNumber: string, name: string) => ({ ...testProduct(productNumber), name, translated: { name } });

const RESULT: QuickOrderUploadResult = {
  products: [product("SW1", "Desk lamp"), product("SW2", "Office chair"), product("SW3", "Monitor arm")],
  errorProducts: ["NOPE-1", "NOPE-2"],
  quantityMapping: { SW1: 4, SW2: 10, SW3: 1 },
  option: "add",
};

interface Sent {
  method: string | undefined;
  url: string;
  requestedWith: string | null;
  file: FormDataEntryValue | null;
  option: FormDataEntryValue | null;
}

describe("<UploadCsvDialog>", () => {
  let root: TestRoot;
  let sent: Sent[];
  let answer: () => Promise<Response>;
  let applied: UploadApplied[];

  beforeEach(() => {
    root = createTestRoot();
    sent = [];
    applied = [];
    answer = async () => Response.json(RESULT);
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = init?.body as FormData;
      sent.push({
        method: init?.method,
        url: String(input),
        requestedWith: new Headers(init?.headers).get("X-Requested-With"),
        file: body.get("file"),
        option: body.get("option"),
      });
      return answer();
    });
  });
  afterEach(async () => {
    await root.unmount();
    vi.unstubAllGlobals();
  });

  /** The page's part: a button that opens the dialog, and the list's state the dialog is given. */
  function Page({ hasLines, listQuantities }: { hasLines: boolean; listQuantities: Record<string, number> }) {
    const [open, setOpen] = useState(true);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open upload
        </button>
        <UploadCsvDialog
          open={open}
          onOpenChange={setOpen}
          hasLines={hasLines}
          listQuantities={listQuantities}
          onApply={(result) => applied.push(result)}
        />
      </>
    );
  }

  async function show(hasLines = false, listQuantities: Record<string, number> = {}) {
    await root.render(
      <RouteTableContext.Provider value={routeNames}>
        <Page hasLines={hasLines} listQuantities={listQuantities} />
      </RouteTableContext.Provider>,
    );
  }

  const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
  const button = (name: string) => {
    const found = [...document.querySelectorAll("button")].find((b) => (b.getAttribute("aria-label") ?? b.textContent?.trim()) === name);
    if (!found) throw new Error(`no button named ${name}`);
    return found;
  };
  const labelled = (name: string, scope: ParentNode = document) => {
    const label = [...scope.querySelectorAll("label")].find((l) => l.textContent?.trim() === name);
    const control = label?.htmlFor ? document.getElementById(label.htmlFor) : label?.querySelector("input");
    if (!(control instanceof HTMLInputElement)) throw new Error(`no control labelled ${name}`);
    return control;
  };
  const group = (name: string) => document.querySelector<HTMLElement>(`[role="radiogroup"][aria-label="${name}"]`)!;
  const status = () => dialog()?.querySelector('[role="status"]')?.textContent;
  const alertText = () => dialog()?.querySelector('[role="alert"]')?.textContent;
  const click = (element: HTMLElement) => act(async () => element.click());
  const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

  async function choose(file: File) {
    const input = labelled("CSV file");
    Object.defineProperty(input, "files", { value: [file], configurable: true });
    await act(async () => input.dispatchEvent(new Event("change", { bubbles: true })));
  }
  const csv = (name = "order.csv", type = "text/csv") => new File(["productNumber;quantity\nSW1;4\n"], name, { type });

  async function uploadAndAdd() {
    await choose(csv());
    await click(button("Upload"));
    await settle();
    await click(button("Add"));
  }

  it("explains the format, offers no add/replace choice on an empty list, and keeps Upload and Add off until there is something", async () => {
    await show();
    expect(dialog()?.getAttribute("aria-labelledby")).toBeTruthy();
    expect(document.getElementById(dialog()!.getAttribute("aria-labelledby")!)?.textContent).toBe("Upload CSV file");
    expect(dialog()?.textContent).toContain("productNumber and quantity");
    expect(labelled("CSV file").accept).toBe(".csv,text/csv");
    expect(dialog()?.querySelectorAll('input[type="radio"]')).toHaveLength(0);
    expect(button("Upload").disabled).toBe(true);
    expect(button("Add").disabled).toBe(true);
  });

  it("refuses a file that is too large or not CSV without a request", async () => {
    await show();
    const big = csv();
    Object.defineProperty(big, "size", { value: 104_857_601 });
    await choose(big);
    expect(alertText()).toContain("Please choose a CSV file (text/csv) of at most 100 MB");
    expect(labelled("CSV file").getAttribute("aria-invalid")).toBe("true");
    expect(button("Upload").disabled).toBe(true);
    await choose(new File(["%PDF"], "order.pdf", { type: "application/pdf" }));
    expect(alertText()).toContain("Please choose a CSV file");
    await click(button("Upload"));
    expect(sent).toEqual([]);
  });

  it("posts the file and the option as multipart to the upload route, busy meanwhile, then enables Add with what it found", async () => {
    let respond!: (response: Response) => void;
    answer = () => new Promise((resolve) => (respond = resolve));
    await show(true, { OTHER: 1 });
    const file = csv();
    await choose(file);
    await click(labelled("Replace list"));
    await click(button("Upload"));
    expect(sent).toEqual([{ method: "POST", url: "/quick-order/upload", requestedWith: "XMLHttpRequest", file, option: "replace" }]);
    expect(button("Upload").getAttribute("aria-busy")).toBe("true");
    expect(button("Upload").getAttribute("aria-disabled")).toBe("true");
    expect(status()).toBe("Uploading and checking the file…");
    expect(button("Add").disabled).toBe(true);
    await act(async () => respond(Response.json({ ...RESULT, option: "replace" })));
    await settle();
    expect(status()).toBe("3 products found.");
    expect([...dialog()!.querySelectorAll(".qo-upload__not-found li")].map((li) => li.textContent)).toEqual(["NOPE-1", "NOPE-2"]);
    expect(button("Upload").getAttribute("aria-busy")).toBeNull();
    expect(button("Add").disabled).toBe(false);
    expect(document.activeElement).toBe(button("Add"));
  });

  it("shows the server's message of a refusal, and the generic one for a server error", async () => {
    answer = async () => Response.json({ errors: [{ status: "415", message: "Choose a CSV file (text/csv)." }] }, { status: 415 });
    await show();
    await choose(csv("order.csv", "application/vnd.ms-excel"));
    await click(button("Upload"));
    await settle();
    expect(alertText()).toBe("Choose a CSV file (text/csv).");
    expect(button("Add").disabled).toBe(true);
    answer = async () => new Response("<h1>Bad gateway</h1>", { status: 502 });
    await click(button("Upload"));
    await settle();
    expect(alertText()).toContain("The file could not be read.");
    expect(sent).toHaveLength(2);
  });

  it("with Replace list, hands over the upload's quantities at once and closes, duplicates or not", async () => {
    await show(true, { SW1: 5 });
    await choose(csv());
    await click(labelled("Replace list"));
    await click(button("Upload"));
    await settle();
    await click(button("Add"));
    await settle();
    expect(applied).toEqual([{ products: RESULT.products, quantities: RESULT.quantityMapping, option: "replace", notFound: ["NOPE-1", "NOPE-2"] }]);
    expect(dialog()).toBeNull();
  });

  it("adds at once and closes when none of the upload is on the list", async () => {
    await show(true, { OTHER: 2 });
    await uploadAndAdd();
    await settle();
    expect(applied).toEqual([{ products: RESULT.products, quantities: RESULT.quantityMapping, option: "add", notFound: ["NOPE-1", "NOPE-2"] }]);
    expect(dialog()).toBeNull();
  });

  it("compares the duplicates (Manual preselected) and applies the chosen quantities: Manual, CSV, Combined", async () => {
    await show(true, { SW1: 5, SW2: 3, SW3: 2 });
    await uploadAndAdd();
    expect(applied).toEqual([]);
    const table = dialog()!.querySelector("table")!;
    expect(table.querySelector("caption")?.textContent).toBe("Products already on the list");
    expect(document.activeElement).toBe(table);
    const rows = [...table.querySelectorAll("tbody tr")].map((row) =>
      [...row.querySelectorAll(".qo-compare__name, td.qo-compare__quantity")].map((cell) => cell.textContent?.replace(/^\w+: /, "")),
    );
    expect(rows).toEqual([
      ["Desk lamp", "5", "4", "9"],
      ["Office chair", "3", "10", "13"],
      ["Monitor arm", "2", "1", "3"],
    ]);
    for (const name of ["Desk lamp", "Office chair", "Monitor arm"]) expect(labelled("Manual", group(name)).checked).toBe(true);
    await click(labelled("CSV", group("Office chair")));
    await click(labelled("Combined", group("Monitor arm")));
    expect(labelled("Manual", group("Office chair")).checked).toBe(false);
    await click(button("Apply"));
    await settle();
    expect(applied).toEqual([{ products: RESULT.products, quantities: { SW1: 5, SW2: 10, SW3: 3 }, option: "add", notFound: ["NOPE-1", "NOPE-2"] }]);
    expect(dialog()).toBeNull();
  });

  it("keeps the CSV quantity of products that are not duplicates", async () => {
    await show(true, { SW2: 3 });
    await uploadAndAdd();
    expect(dialog()!.querySelectorAll("tbody tr")).toHaveLength(1);
    await click(button("Apply"));
    expect(applied[0]?.quantities).toEqual({ SW1: 4, SW2: 3, SW3: 1 });
  });

  it("starts afresh after closing: no file, nothing found, Add to list chosen", async () => {
    await show(true, { OTHER: 1 });
    await choose(csv());
    await click(labelled("Replace list"));
    await click(button("Upload"));
    await settle();
    expect(button("Add").disabled).toBe(false);
    await click(button("Close"));
    await settle();
    expect(dialog()).toBeNull();
    await click(button("Open upload"));
    expect(labelled("CSV file").files ?? []).toHaveLength(0);
    expect(status()).toBe("");
    expect(alertText()).toBeUndefined();
    expect(labelled("Add to list").checked).toBe(true);
    expect(button("Upload").disabled).toBe(true);
    expect(button("Add").disabled).toBe(true);
    expect(applied).toEqual([]);
  });

  it("closes with Escape from the comparison and starts afresh", async () => {
    await show(true, { SW1: 5 });
    await uploadAndAdd();
    expect(dialog()?.querySelector("table")).not.toBeNull();
    await act(async () => document.activeElement!.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true })));
    await settle();
    expect(dialog()).toBeNull();
    await click(button("Open upload"));
    expect(dialog()?.querySelector("table")).toBeNull();
    expect(button("Add").disabled).toBe(true);
    expect(applied).toEqual([]);
  });
});
