/** UI text of the B2B employees pages (`customer.employees.*`, sent with the form pages); `de` has the same keys. */
export const b2bEmployeesEn = {
};

export const b2bEmployeesDe: Record<keyof typeof b2bEmployeesEn, string> = {
};
