/** `A-30001`: a pending order's number as the pages and mails show it (issue 24; series of its own). */
export function pendingOrderNumberLabel(number: number): string {
  return `A-${number}`;
}
