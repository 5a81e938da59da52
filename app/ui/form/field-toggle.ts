/**
 * The form-field toggle of spec §4: a hidden area's fields are disabled and lose `required`, so they
 * are neither validated nor submitted; showing the area again restores what each field had before.
 * Each field remembers its own state in a data attribute, so hiding twice never loses it.
 */
const SAVED_STATE = "data-toggle-saved";

type ToggledControl = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement;

function controlsIn(area: HTMLElement): ToggledControl[] {
  return Array.from(area.querySelectorAll<ToggledControl>("input, select, textarea, button"));
}

/** A field of a nested toggle that is still hidden stays off when an outer toggle shows its area. */
function insideHiddenToggle(control: Element, area: HTMLElement): boolean {
  for (let parent = control.parentElement; parent && parent !== area; parent = parent.parentElement) {
    if (parent.hidden) return true;
  }
  return false;
}

export function applyFieldToggle(area: HTMLElement, shown: boolean): void {
  area.hidden = !shown;
  for (const control of controlsIn(area)) {
    const saved = control.getAttribute(SAVED_STATE);
    if (!shown) {
      if (saved === null) {
        const required = "required" in control && control.required;
        control.setAttribute(SAVED_STATE, `${required ? "required" : ""} ${control.disabled ? "disabled" : ""}`.trim());
      }
      control.disabled = true;
      if ("required" in control) control.required = false;
    } else if (saved !== null && !insideHiddenToggle(control, area)) {
      const state = saved.split(" ");
      control.disabled = state.includes("disabled");
      if ("required" in control) control.required = state.includes("required");
      control.removeAttribute(SAVED_STATE);
    }
  }
}
