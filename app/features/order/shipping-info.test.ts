import { describe, expect, it } from "vitest";
import { shippingInfoState } from "./shipping-info";

const texts = { notShipped: "Produkt wurde noch nicht versendet", fallback: "Could not load." };

describe("shippingInfoState", () => {
  it("gives every item the not-shipped message on success, and the answer's details where there are some", () => {
    const state = shippingInfoState(["a", "b"], true, { success: true, html: [{ id: "b", data: "1 × DHL" }, { id: "x", data: "ignored" }], errorMessage: null }, texts);
    expect(state).toEqual({ status: "success", items: { a: "Produkt wurde noch nicht versendet", b: "1 × DHL" } });
  });

  it("shows the server's errorMessage on an error status or success false", () => {
    expect(shippingInfoState(["a"], false, { success: false, html: [], errorMessage: "Nope" }, texts)).toEqual({ status: "failure", message: "Nope" });
    expect(shippingInfoState(["a"], true, { success: false, html: [], errorMessage: "Down" }, texts)).toEqual({ status: "failure", message: "Down" });
  });

  it("falls back to its own message when the answer is not JSON or has no message", () => {
    expect(shippingInfoState(["a"], false, null, texts)).toEqual({ status: "failure", message: "Could not load." });
    expect(shippingInfoState(["a"], true, { success: false }, texts)).toEqual({ status: "failure", message: "Could not load." });
  });
});
