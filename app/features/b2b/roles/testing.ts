/*
 * Finding controls as a user does in the roles pages' DOM tests: by role and accessible name (the
 * text of the control's label), since @testing-library is not installed here.
 */

function labelText(control: HTMLElement): string {
  const label = control.closest("label") ?? (control.id ? control.ownerDocument.querySelector(`label[for="${control.id}"]`) : null);
  return label?.textContent?.trim() ?? "";
}

/** The checkbox named `name`. */
export function checkbox(name: string, within: ParentNode = document): HTMLInputElement {
  const found = Array.from(within.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')).find((box) => labelText(box) === name);
  if (!found) throw new Error(`No checkbox named "${name}"`);
  return found;
}

/** The button named `name` (its text). */
export function button(name: string, within: ParentNode = document): HTMLButtonElement {
  const found = Array.from(within.querySelectorAll("button")).find((b) => (b.getAttribute("aria-label") ?? b.textContent?.trim()) === name);
  if (!found) throw new Error(`No button named "${name}"`);
  return found;
}

/** The open dialog named `name` (its title), or null. */
export function dialog(name: string): HTMLElement | null {
  return Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"]')).find((d) => d.querySelector("h2")?.textContent === name) ?? null;
}
