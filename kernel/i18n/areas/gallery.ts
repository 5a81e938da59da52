/** UI text of the product gallery, its magnifier and the zoom dialog (CONTRACT §4); the product slider shares "carousel" and "slide". `de` has the same keys. */
export const galleryEn = {
  "gallery.carousel": "carousel",
  "gallery.slide": "slide",
  "gallery.slideLabel": "{index} of {count}",
  "gallery.current": "Image {index} of {count}",
  "gallery.model": "3D model",
  "gallery.previous": "Previous image",
  "gallery.next": "Next image",
  "gallery.show": "Show image {index}",
  "gallery.zoom": "Zoom image",
  "gallery.zoomDialog": "Image zoom",
  "gallery.zoomIn": "Zoom in",
  "gallery.resetZoom": "Reset zoom",
  "gallery.zoomOut": "Zoom out",
  "gallery.zoomHint": "Pinch, double-tap or use the mouse wheel to zoom; drag to move the enlarged image.",
} as const;

export const galleryDe: Record<keyof typeof galleryEn, string> = {
  "gallery.carousel": "Karussell",
  "gallery.slide": "Folie",
  "gallery.slideLabel": "{index} von {count}",
  "gallery.current": "Bild {index} von {count}",
  "gallery.model": "3D-Modell",
  "gallery.previous": "Vorheriges Bild",
  "gallery.next": "Nächstes Bild",
  "gallery.show": "Bild {index} anzeigen",
  "gallery.zoom": "Bild vergrößern",
  "gallery.zoomDialog": "Bildzoom",
  "gallery.zoomIn": "Vergrößern",
  "gallery.resetZoom": "Zoom zurücksetzen",
  "gallery.zoomOut": "Verkleinern",
  "gallery.zoomHint": "Zum Zoomen die Finger spreizen, doppelt tippen oder das Mausrad benutzen; zum Verschieben ziehen.",
};
