import type { FieldErrors } from "../../../../server/customer/types";

/** Which of the page's controls the actor's role allows (the server checks again on use). */
export interface EmployeeAbilities {
  create: boolean;
  edit: boolean;
  delete: boolean;
}

/** What the invitation form's post answered: refused (the dialog opens again) or sent. */
export type InvitationResult = { errors: FieldErrors; values: Record<string, string> } | { invited: string };

/** The field limits the server enforces; the inputs repeat them as `minLength`/`maxLength`. */
export interface EmployeeFieldLimits {
  name: number;
  email: number;
  passwordMin: number;
  passwordMax: number;
}
