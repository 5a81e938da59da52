/** Selectable quantities of the buy box: from min to max in steps, at most 100 choices. */
export const MAX_QUANTITY_CHOICES = 100;

export function quantityOptions(min: number, max: number, step: number): number[] {
  const options: number[] = [];
  for (let n = Math.max(1, min); n <= max && options.length < MAX_QUANTITY_CHOICES; n += Math.max(1, step)) options.push(n);
  return options;
}
