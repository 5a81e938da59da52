/*
 * The eligibility check at checkout (issue 26, spec §3/§4/§7, CONTRACT §8): the customer groups (subgroups)
 * a shopper chooses from when the cart holds a product that needs the check, and what each one needs.
 * Operators do not edit them: they are this list. The page, the endpoints and the order all use it.
 */
import type { MessageKey } from "./i18n/en";

/** Spec §3: none, check_om (the shop checks by hand), file (a proof), text (a proof and a verification text). */
export const ELIGIBILITY_CHECK_MODES = ["none", "check_om", "file", "text"] as const;
export type EligibilityCheckMode = (typeof ELIGIBILITY_CHECK_MODES)[number];

export const ELIGIBILITY_STATUSES = ["not_needed", "pending", "approved", "rejected"] as const;
export type EligibilityStatus = (typeof ELIGIBILITY_STATUSES)[number];

export interface EligibilitySubgroup {
  key: string;
  check: EligibilityCheckMode;
  label: MessageKey;
  help: MessageKey;
}

export const ELIGIBILITY_SUBGROUPS = [
  { key: "private", check: "none", label: "eligibility.subgroup.private", help: "eligibility.subgroup.private.help" },
  { key: "trade", check: "check_om", label: "eligibility.subgroup.trade", help: "eligibility.subgroup.trade.help" },
  { key: "licensed", check: "file", label: "eligibility.subgroup.licensed", help: "eligibility.subgroup.licensed.help" },
  { key: "other", check: "text", label: "eligibility.subgroup.other", help: "eligibility.subgroup.other.help" },
] as const satisfies readonly EligibilitySubgroup[];

export type EligibilitySubgroupKey = (typeof ELIGIBILITY_SUBGROUPS)[number]["key"];
export const ELIGIBILITY_SUBGROUP_KEYS = ELIGIBILITY_SUBGROUPS.map((s) => s.key) as [EligibilitySubgroupKey, ...EligibilitySubgroupKey[]];

export function eligibilitySubgroup(key: string | null | undefined): (typeof ELIGIBILITY_SUBGROUPS)[number] | undefined {
  return ELIGIBILITY_SUBGROUPS.find((s) => s.key === key);
}

/** The proof's types, told by the file's first bytes (spec reference §11). */
export const ELIGIBILITY_PROOF_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export type EligibilityProofType = (typeof ELIGIBILITY_PROOF_TYPES)[number];
/** The default of ELIGIBILITY_PROOF_MAX_BYTES: 10 MB. */
export const ELIGIBILITY_PROOF_DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
export const ELIGIBILITY_TEXT_MAX_LENGTH = 1000;

/**
 * Why a proof sent without JavaScript was refused: the upload answers 303 to the confirm page with
 * `?proofRefused=<reason>`, and the page says it under the file field.
 */
export const ELIGIBILITY_PROOF_REFUSALS = ["too-large", "wrong-type", "missing", "incomplete"] as const;
export type EligibilityProofRefusal = (typeof ELIGIBILITY_PROOF_REFUSALS)[number];
export const ELIGIBILITY_PROOF_REFUSED_PARAM = "proofRefused";

export function eligibilityProofRefusal(value: string | null): EligibilityProofRefusal | null {
  return ELIGIBILITY_PROOF_REFUSALS.find((reason) => reason === value) ?? null;
}

/** What the shopper has given so far, as the page and the server both judge it. */
export interface EligibilityChoiceState {
  subgroup: string | null;
  uploaded: boolean;
  text: string;
}

/** Spec §4: none and check_om need nothing more; file needs an upload; text needs the upload and the text. */
export function eligibilitySatisfied({ subgroup, uploaded, text }: EligibilityChoiceState): boolean {
  const chosen = eligibilitySubgroup(subgroup);
  if (!chosen) return false;
  switch (chosen.check) {
    case "none":
    case "check_om":
      return true;
    case "file":
      return uploaded;
    case "text":
      return uploaded && text.trim().length > 0;
  }
}

/** The check's fields on the order form (spec §3 hidden fields). */
export const ELIGIBILITY_FIELDS = {
  subgroup: "eligibleSubGroup",
  check: "eligibilityCheck",
  uploaded: "isUploaded",
  text: "verificationText",
} as const;
