/** Field limits the server enforces; the inputs repeat them as `maxLength`. */
export interface FieldLimits {
  name: number;
  email: number;
  passwordMin: number;
  passwordMax: number;
  company: number;
  street: number;
  zipcode: number;
  city: number;
  phone: number;
  vatId: number;
}
