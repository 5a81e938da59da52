/** UI text of the product page's tabs and of video elements; `de` has the same keys. */
export const productInfoEn = {
  "product.tabs": "Product information",
  "product.videos": "Videos",
  "video.notice": "This video is provided by {host}. Loading it sends data such as your IP address to {host}.",
  "video.privacy": "Privacy policy of {host}",
  "video.load": "Load video",
  "video.loadNamed": "Load video: {title}",
  "video.remember": "Your choice applies to every video on this site for 30 days; you can change it in the cookie settings.",
  "video.watchOn": "Watch on {host}",
  "video.watchOnNamed": "Watch on {host}: {title}",
} as const;

export const productInfoDe: Record<keyof typeof productInfoEn, string> = {
  "product.tabs": "Produktinformationen",
  "product.videos": "Videos",
  "video.notice": "Dieses Video wird von {host} bereitgestellt. Beim Laden werden Daten wie Ihre IP-Adresse an {host} übertragen.",
  "video.privacy": "Datenschutzerklärung von {host}",
  "video.load": "Video laden",
  "video.loadNamed": "Video laden: {title}",
  "video.remember": "Ihre Wahl gilt 30 Tage für alle Videos dieser Seite; Sie können sie in den Cookie-Einstellungen ändern.",
  "video.watchOn": "Auf {host} ansehen",
  "video.watchOnNamed": "Auf {host} ansehen: {title}",
};
