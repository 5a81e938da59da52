/** What the approval rules page says after a change (`?saved=1`, `?deleted=1`). */
export type RulesNotice = "saved" | "deleted";

/** Which buttons to offer (the server checks again on use). */
export interface RuleAbilities {
  create: boolean;
  update: boolean;
  delete: boolean;
}

/** The limits the server enforces (server/b2b/approvals/types.ts); the inputs repeat them. */
export interface RuleLimits {
  nameMax: number;
  priorityMax: number;
}
