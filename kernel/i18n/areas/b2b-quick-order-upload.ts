/** UI text of the quick-order page (`customer.quickOrderUpload.*`, sent with the page); `de` has the same keys. */
export const b2bQuickOrderUploadEn = {
};

export const b2bQuickOrderUploadDe: Record<keyof typeof b2bQuickOrderUploadEn, string> = {
};
