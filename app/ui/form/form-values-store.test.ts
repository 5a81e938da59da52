// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryStore, type KeyValueStore } from "../../lib/storage";
import { attachFormValuesStore } from "./form-values-store";

describe("form values store (spec §3/§9)", () => {
  let store: KeyValueStore;
  let form: HTMLFormElement;
  beforeEach(() => {
    vi.useFakeTimers();
    store = memoryStore();
    document.body.innerHTML = `
      <form>
        <input name="firstName">
        <textarea name="comment"></textarea>
        <select name="salutation"><option value="not_specified">-</option><option value="mrs">Mrs.</option></select>
        <input type="checkbox" name="newsletter" value="1">
        <input type="password" name="password">
        <input type="hidden" name="redirectTo" value="/">
        <input name="captcha">
      </form>`;
    form = document.querySelector("form")!;
  });
  afterEach(() => vi.useRealTimers());

  const field = <T extends HTMLElement = HTMLInputElement>(name: string) => form.querySelector<T>(`[name="${name}"]`)!;
  const type = (name: string, value: string) => {
    field(name).value = value;
    field(name).dispatchEvent(new Event("input", { bubbles: true }));
  };

  it("stores a typed value under form id + field name 300 ms after the last keystroke", () => {
    attachFormValuesStore(form, "contact", store);
    type("firstName", "An");
    vi.advanceTimersByTime(200);
    type("firstName", "Anna");
    vi.advanceTimersByTime(299);
    expect(store.get("contact.firstName")).toBeNull();
    vi.advanceTimersByTime(1);
    expect(store.get("contact.firstName")).toBe("Anna");
    type("firstName", "");
    vi.advanceTimersByTime(300);
    expect(store.get("contact.firstName")).toBeNull();
  });

  it("stores choices at once and never passwords, hidden or captcha fields", () => {
    attachFormValuesStore(form, "contact", store);
    field<HTMLSelectElement>("salutation").value = "mrs";
    field("salutation").dispatchEvent(new Event("change", { bubbles: true }));
    field("newsletter").checked = true;
    field("newsletter").dispatchEvent(new Event("change", { bubbles: true }));
    type("password", "secret123");
    type("captcha", "ab12");
    vi.advanceTimersByTime(1000);
    expect(store.get("contact.salutation")).toBe("mrs");
    expect(store.get("contact.newsletter")).toBe("true");
    expect(store.get("contact.password")).toBeNull();
    expect(store.get("contact.captcha")).toBeNull();
    expect(store.get("contact.redirectTo")).toBeNull();
  });

  it("restores stored values on load, and forgets them when cleared", () => {
    store.set("contact.firstName", "Anna");
    store.set("contact.comment", "Where is my parcel?");
    store.set("contact.salutation", "mrs");
    store.set("contact.newsletter", "true");
    store.set("contact.password", "never restored");
    const attached = attachFormValuesStore(form, "contact", store);
    expect(field("firstName").value).toBe("Anna");
    expect(field<HTMLTextAreaElement>("comment").value).toBe("Where is my parcel?");
    expect(field<HTMLSelectElement>("salutation").value).toBe("mrs");
    expect(field("newsletter").checked).toBe(true);
    expect(field("password").value).toBe("");
    type("comment", "changed");
    attached.clear();
    vi.advanceTimersByTime(1000);
    expect(["firstName", "comment", "salutation", "newsletter"].map((name) => store.get(`contact.${name}`))).toEqual([null, null, null, null]);
  });

  it("keeps a value the server put into the field", () => {
    store.set("contact.firstName", "Old");
    field("firstName").value = "From the server";
    attachFormValuesStore(form, "contact", store);
    expect(field("firstName").value).toBe("From the server");
  });
});
