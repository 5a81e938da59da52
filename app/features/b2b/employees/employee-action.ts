/*
 * What a Deactivate or Delete button tells its confirmation dialog. The buttons are plain form posts
 * (the page works without JavaScript); with JavaScript their data attributes carry what the dialog's
 * call needs.
 */

export type EmployeeActionKind = "deactivate" | "delete";

export interface EmployeeAction {
  /** The JSON endpoint the dialog calls on Confirm. */
  actionUrl: string;
  firstName: string;
  lastName: string;
}

const ATTRIBUTES = {
  actionUrl: "data-action-url",
  firstName: "data-first-name",
  lastName: "data-last-name",
} as const satisfies Record<keyof EmployeeAction, string>;

/**
 * Reads the button's data for the dialog. A missing (or empty) attribute is a bug in the page, not
 * something a user can fix: it throws an Error naming the attribute (spec §8) rather than opening a
 * dialog that would call a wrong URL or name nobody.
 */
export function readEmployeeAction(button: Element): EmployeeAction {
  const read = (attribute: string) => {
    const value = button.getAttribute(attribute);
    if (!value) throw new Error(`The employee dialog needs the button's ${attribute} attribute, which is missing.`);
    return value;
  };
  return {
    actionUrl: read(ATTRIBUTES.actionUrl),
    firstName: read(ATTRIBUTES.firstName),
    lastName: read(ATTRIBUTES.lastName),
  };
}

/** The answer of a deactivate or delete call: done, or refused with the server's sentence (null: none came). */
export type EmployeeCallAnswer = { ok: true; firstName?: string; lastName?: string } | { ok: false; message: string | null };

interface CallBody {
  success?: boolean;
  firstName?: string;
  lastName?: string;
  errors?: { message?: string }[];
}

/** Reads the endpoint's JSON (`{ success, … }` or `{ success: false, errors: [{ message }] }`). */
export async function employeeCallAnswer(response: Response): Promise<EmployeeCallAnswer> {
  const body = (await response.json().catch(() => null)) as CallBody | null;
  if (response.ok && body?.success) return { ok: true, firstName: body.firstName, lastName: body.lastName };
  return { ok: false, message: body?.errors?.[0]?.message ?? null };
}
