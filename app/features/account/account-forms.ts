import type { FieldErrors } from "../../../server/customer/types";

/** The forms of the profile page, told apart by their `intent`. */
export type ProfileFormName = "personal" | "email" | "password";

/** What an account page's action answers for one of its forms. */
export type AccountFormResult<Name extends string = string> =
  | { form: Name; saved: true; errors?: undefined; values?: undefined; retryInMinutes?: undefined }
  | { form: Name; saved?: false; errors: FieldErrors; values: Record<string, string>; retryInMinutes?: number };

/** The field limits the account forms repeat as `maxLength`/`minLength`. */
export interface AccountFieldLimits {
  name: number;
  email: number;
  passwordMin: number;
  passwordMax: number;
}
