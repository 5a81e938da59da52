// @vitest-environment happy-dom
import { act, useState } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestRoot, type TestRoot } from "../../testing/test-root";
import { applyFieldToggle } from "./field-toggle";
import { FormFieldToggle } from "./FormFieldToggle";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe("applyFieldToggle (spec §4)", () => {
  const area = () => document.getElementById("area")!;
  const field = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
  beforeEach(() => {
    document.body.innerHTML = `
      <form><div id="area">
        <input name="company" required>
        <input name="department">
        <input name="vatId" required disabled>
        <div id="inner"><input name="innerField" required></div>
      </div></form>`;
  });

  it("hides the area and disables its fields without required", () => {
    applyFieldToggle(area(), false);
    expect(area().hidden).toBe(true);
    for (const name of ["company", "department", "vatId"]) {
      expect(field(name).disabled).toBe(true);
      expect(field(name).required).toBe(false);
    }
    expect(new FormData(document.querySelector("form")!).has("company")).toBe(false);
  });

  it("gives every field its own required and disabled back when shown, even after hiding twice", () => {
    applyFieldToggle(area(), false);
    applyFieldToggle(area(), false);
    applyFieldToggle(area(), true);
    expect(area().hidden).toBe(false);
    expect([field("company").required, field("company").disabled]).toEqual([true, false]);
    expect([field("department").required, field("department").disabled]).toEqual([false, false]);
    expect([field("vatId").required, field("vatId").disabled]).toEqual([true, true]);
  });

  it("leaves the fields of a nested area that is still hidden switched off", () => {
    const inner = document.getElementById("inner")!;
    applyFieldToggle(inner, false);
    applyFieldToggle(area(), false);
    applyFieldToggle(area(), true);
    expect(field("innerField").disabled).toBe(true);
    applyFieldToggle(inner, true);
    expect([field("innerField").required, field("innerField").disabled]).toEqual([true, false]);
  });
});

describe("<FormFieldToggle>", () => {
  let root: TestRoot;
  let container: HTMLDivElement;
  beforeEach(() => {
    root = createTestRoot();
    container = root.container;
  });
  afterEach(() => root.unmount());

  let setCommercial: (value: boolean) => void = () => {};
  function Registration({ initial }: { initial: boolean }) {
    const [commercial, set] = useState(initial);
    setCommercial = set;
    return (
      <form>
        <FormFieldToggle shown={commercial}>
          <input name="company" required />
        </FormFieldToggle>
      </form>
    );
  }
  const company = () => container.querySelector<HTMLInputElement>('[name="company"]')!;

  it("switches the fields off while hidden and back on when shown", async () => {
    await root.render(<Registration initial={false} />);
    expect(company().closest("fieldset")!.hidden).toBe(true);
    expect(company().disabled).toBe(true);
    expect(company().required).toBe(false);

    await act(async () => setCommercial(true));
    expect(company().closest("fieldset")!.hidden).toBe(false);
    expect(company().disabled).toBe(false);
    expect(company().required).toBe(true);
    expect(new FormData(container.querySelector("form")!).get("company")).toBe("");

    await act(async () => setCommercial(false));
    expect(company().disabled).toBe(true);
    expect(new FormData(container.querySelector("form")!).has("company")).toBe(false);
  });
});
