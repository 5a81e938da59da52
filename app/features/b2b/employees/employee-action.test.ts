// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { employeeCallAnswer, readEmployeeAction } from "./employee-action";

function button(attributes: Record<string, string>): HTMLButtonElement {
  const element = document.createElement("button");
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

const complete = { "data-action-url": "/account/employees/e1/deactivate", "data-first-name": "Mara", "data-last-name": "Lind" };

describe("readEmployeeAction (spec §8: employee modals throw if required data attributes are missing)", () => {
  it("reads the action URL and the names", () => {
    expect(readEmployeeAction(button(complete))).toEqual({ actionUrl: "/account/employees/e1/deactivate", firstName: "Mara", lastName: "Lind" });
  });

  it.each(Object.keys(complete))("throws an Error naming %s when it is missing", (missing) => {
    const { [missing as keyof typeof complete]: _left, ...rest } = complete;
    expect(() => readEmployeeAction(button(rest))).toThrowError(new RegExp(missing));
  });

  it("counts an empty attribute as missing", () => {
    expect(() => readEmployeeAction(button({ ...complete, "data-last-name": "" }))).toThrowError(/data-last-name/);
  });
});

describe("employeeCallAnswer", () => {
  const json = (body: unknown, status: number) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

  it("is done with the names the server sent", async () => {
    expect(await employeeCallAnswer(json({ success: true, firstName: "Mara", lastName: "Lind" }, 200))).toEqual({ ok: true, firstName: "Mara", lastName: "Lind" });
  });

  it("is refused with the server's sentence", async () => {
    const refused = json({ success: false, errors: [{ status: "403", message: "Your role does not allow this." }] }, 403);
    expect(await employeeCallAnswer(refused)).toEqual({ ok: false, message: "Your role does not allow this." });
  });

  it("is refused without a sentence when the answer is no JSON", async () => {
    expect(await employeeCallAnswer(new Response("<h1>Bad gateway</h1>", { status: 502 }))).toEqual({ ok: false, message: null });
  });
});
