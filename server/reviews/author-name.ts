/**
 * The name a review is shown under: the first name and the last name's initial ("Erika M."), so a
 * review names its author without giving the full name away.
 */
export function reviewAuthorName({ firstName, lastName }: { firstName: string; lastName: string }): string {
  return `${firstName} ${lastName.slice(0, 1)}.`.trim();
}
