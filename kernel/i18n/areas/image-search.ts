/**
 * UI text of the image search page (issue 25, CONTRACT §7). The page's own keys are `form.imageSearch.*`,
 * so they travel with that page's data; only the header's link (`header.imageSearch`) is on every page.
 * `{limit}` is the configured largest photo ("10 MB"). `de` has the same keys.
 */
export const imageSearchEn = {
  "header.imageSearch": "Search by image",
  "form.imageSearch.title": "Search by image",
  "form.imageSearch.lead": "Choose a photo of a product: we show the products whose pictures look like it, and the product whose number is on a barcode in it. It finds our own pictures and close copies of them, not every product of a kind.",
  "form.imageSearch.label": "Product photo",
  "form.imageSearch.hint": "JPEG or PNG, at most {limit}",
  "form.imageSearch.submit": "Search by image",
  "form.imageSearch.remove": "Remove photo",
  "form.imageSearch.chooseFirst": "Choose a photo first.",
  "form.imageSearch.searching": "Searching…",
  "form.imageSearch.wrongFile": "Choose a JPEG or PNG photo of at most {limit}.",
  "form.imageSearch.error": "The image search did not work just now. Please try again in a moment.",
  "form.imageSearch.emptyTitle": "No matching products",
  "form.imageSearch.emptyText": "Nothing in the shop looks like this photo. A photo of the product alone, from the front and filling the picture, works best.",
  "form.imageSearch.termEmpty": "No products match this search.",
  "form.imageSearch.testDouble": "Answers by a test double",
  "form.imageSearch.noScript": "Image search needs JavaScript: the page sends your photo from your browser. Without it, describe the product in the AI search or use the search field.",
} as const;

export const imageSearchDe: Record<keyof typeof imageSearchEn, string> = {
  "header.imageSearch": "Bildersuche",
  "form.imageSearch.title": "Bildersuche",
  "form.imageSearch.lead": "Wählen Sie ein Foto eines Produkts: Wir zeigen die Produkte, deren Bilder ihm ähneln, und das Produkt, dessen Nummer auf einem Barcode darin steht. Sie findet unsere eigenen Bilder und nahe Kopien davon, nicht jedes Produkt einer Art.",
  "form.imageSearch.label": "Produktfoto",
  "form.imageSearch.hint": "JPEG oder PNG, höchstens {limit}",
  "form.imageSearch.submit": "Mit Bild suchen",
  "form.imageSearch.remove": "Foto entfernen",
  "form.imageSearch.chooseFirst": "Wählen Sie zuerst ein Foto.",
  "form.imageSearch.searching": "Suche läuft…",
  "form.imageSearch.wrongFile": "Wählen Sie ein JPEG- oder PNG-Foto mit höchstens {limit}.",
  "form.imageSearch.error": "Die Bildersuche hat gerade nicht funktioniert. Bitte versuchen Sie es gleich noch einmal.",
  "form.imageSearch.emptyTitle": "Keine passenden Produkte",
  "form.imageSearch.emptyText": "Nichts im Shop sieht diesem Foto ähnlich. Am besten geht ein Foto, auf dem nur das Produkt zu sehen ist, von vorn und bildfüllend.",
  "form.imageSearch.termEmpty": "Zu dieser Suche passen keine Produkte.",
  "form.imageSearch.testDouble": "Antworten von einem Test-Double",
  "form.imageSearch.noScript": "Die Bildersuche braucht JavaScript: Die Seite sendet Ihr Foto aus Ihrem Browser. Ohne JavaScript beschreiben Sie das Produkt in der KI-Suche oder nutzen das Suchfeld.",
};
