// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { ajaxFormBody, ajaxFormOutcome } from "./ajax-form";

describe("ajaxFormOutcome (spec §8)", () => {
  it("reloads on an empty list", () => {
    expect(ajaxFormOutcome([], "failed")).toEqual({ kind: "reload" });
  });

  it("confirms with the alerts' text when none is danger or info", () => {
    expect(ajaxFormOutcome([{ type: "success", alert: "Thank you." }, { type: "success", alert: "See you." }], "failed")).toEqual({
      kind: "confirmed",
      text: "Thank you. See you.",
    });
  });

  it("refuses with the danger and info alerts and their field errors", () => {
    const outcome = ajaxFormOutcome(
      [
        { type: "success", alert: "Saved a draft." },
        { type: "danger", alert: "Check the marked fields.", errors: { email: "email-invalid" } },
        { type: "info", alert: "We are on holiday." },
      ],
      "failed",
    );
    expect(outcome).toEqual({
      kind: "refused",
      alerts: [
        { type: "danger", alert: "Check the marked fields.", errors: { email: "email-invalid" } },
        { type: "info", alert: "We are on holiday." },
      ],
      errors: { email: "email-invalid" },
    });
  });

  it("turns anything else into a refusal: the server's sentence or the fallback", () => {
    expect(ajaxFormOutcome({ errors: [{ status: 413, message: "The request is too large." }] }, "failed")).toMatchObject({
      alerts: [{ type: "danger", alert: "The request is too large." }],
    });
    expect(ajaxFormOutcome(null, "failed")).toMatchObject({ kind: "refused", alerts: [{ alert: "failed" }] });
    expect(ajaxFormOutcome([{ type: "warning", alert: 1 }], "failed")).toMatchObject({ kind: "refused", alerts: [{ alert: "failed" }] });
  });
});

describe("ajaxFormBody (spec §7)", () => {
  it("sends the form's fields and appends redirectTo/forwardTo from the form's data attributes", () => {
    document.body.innerHTML = `
      <form data-redirect-to="frontend.account.home.page" data-forward-to="/checkout/cart">
        <input name="email" value="a@example.com"><input name="skip" disabled value="x">
        <input type="hidden" name="redirectParameters[tab]" value="orders">
      </form>`;
    const body = ajaxFormBody(document.querySelector("form")!);
    expect(body.toString()).toBe(
      "email=a%40example.com&redirectParameters%5Btab%5D=orders&redirectTo=frontend.account.home.page&forwardTo=%2Fcheckout%2Fcart",
    );
  });

  it("keeps a redirectTo field the form already carries", () => {
    document.body.innerHTML = `<form data-redirect-to="/b"><input type="hidden" name="redirectTo" value="/a"></form>`;
    expect(ajaxFormBody(document.querySelector("form")!).getAll("redirectTo")).toEqual(["/a"]);
  });
});
