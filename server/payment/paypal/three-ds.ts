/*
 * Whether a card payment's 3-D Secure outcome is good enough to capture or authorize it, following
 * PayPal's recommended actions as the reference applies them (reference §2.1 "Card 3DS acceptance"):
 *
 * | liability_shift       | enrollment_status | force 3DS | accept |
 * |-----------------------|-------------------|-----------|--------|
 * | POSSIBLE or YES       | any               | any       | yes    |
 * | NO                    | N, U or B         | off       | yes    |
 * | NO                    | Y, other, missing | off       | no     |
 * | NO                    | any               | on        | no     |
 * | UNKNOWN, missing      | any               | any       | no     |
 * | no result at all      |                   |           | no     |
 *
 * N = not ready for 3DS, U = unavailable, B = bypassed: the issuer could not authenticate, so the shop
 * may take the risk unless it forces 3DS. SwagPayPal's code also accepts shift NO with no
 * `three_d_secure` object; the reference's table does not, and neither do we.
 */

export interface CardAuthenticationResult {
  liability_shift?: string;
  three_d_secure?: { enrollment_status?: string; authentication_status?: string };
}

const SHIFTED = new Set(["POSSIBLE", "YES"]);
const ISSUER_CANNOT_AUTHENTICATE = new Set(["N", "U", "B"]);

export function acceptCardAuthentication(result: CardAuthenticationResult | undefined, options: { force3ds: boolean }): boolean {
  if (!result) return false;
  if (result.liability_shift && SHIFTED.has(result.liability_shift)) return true;
  if (options.force3ds) return false;
  if (result.liability_shift !== "NO") return false;
  const enrollment = result.three_d_secure?.enrollment_status;
  return enrollment !== undefined && ISSUER_CANNOT_AUTHENTICATE.has(enrollment);
}
