/** UI text of the B2B roles pages (`customer.roles.*`, sent with the form pages); `de` has the same keys. */
export const b2bRolesEn = {
};

export const b2bRolesDe: Record<keyof typeof b2bRolesEn, string> = {
};
