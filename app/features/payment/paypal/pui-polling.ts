/** Spec §9: Pay upon invoice's finish page asks every 2000 ms whether Ratepay has decided. */
export const PUI_POLLING_INTERVAL_MS = 2000;

/** Spec §4: 417 means keep waiting; any other status of 400 or more goes to the error URL; else the success URL. */
export function pollingStep(status: number): "again" | "error" | "success" {
  if (status === 417) return "again";
  if (status >= 400) return "error";
  return "success";
}
