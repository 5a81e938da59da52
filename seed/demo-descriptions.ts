/**
 * Longer product texts for a few demo products, by slug: paragraphs added after the short description
 * of `catalog.json`, so the demo shows how the product page shortens a long text (the text expander).
 * Written for this project, like the catalog's own texts.
 */
export const DEMO_DESCRIPTION_PARAGRAPHS: Record<string, string[]> = {
  "ultrathin-laptop": [
    "The unibody case is milled from a single block of recycled aluminium, so it stays rigid without adding weight. The hinge opens with one hand and holds the screen still while you type on a train or on your knees.",
    "The keyboard has full-size keys with 1.3 mm of travel and a three-level backlight that dims itself in bright rooms. The glass touchpad is large enough for two-hand gestures and rejects the palm resting beside it.",
    "Two USB-C ports charge the laptop and drive an external display; a headphone jack and a card reader sit on the right. Wi-Fi 6E and Bluetooth 5.3 keep connections quick in busy offices and cafés.",
    "In the box: the laptop, a 65 W USB-C charger with a two-metre cable, and a short start guide. Clean the screen with a soft dry cloth; keep liquids away from the keyboard.",
  ],
  "velvet-lounge-chair": [
    "The seat and back are hand-tufted over high-resilience foam that keeps its shape for years, with a layer of feather-wrapped fibre on top for a softer first touch. The solid wood frame is joined with dowels and corner blocks rather than staples.",
    "The cotton velvet has a short, dense pile that catches the light differently from every side; small shading marks where it was pressed are part of the fabric's character and fade with use.",
    "Seat height 40 cm, seat depth 58 cm, overall width 86 cm. The chair arrives fully assembled; only the four legs screw into their plates.",
    "Care: vacuum the fabric with a soft brush attachment once a week and brush the pile in one direction. Dab spills at once with a damp cloth, never rub; have stains cleaned by a professional.",
  ],
  "glass-globe-table-lamp": [
    "Each globe is mouth-blown and coated with a thin iridescent layer, so no two lamps shimmer quite the same. Small bubbles in the glass are a sign of the hand-made process, not a flaw.",
    "The drum shade is lined in white to throw a warm, even light downwards and a soft glow through the fabric. The lamp takes one E27 bulb up to 40 W; a warm white LED of 2700 K suits it best.",
    "The in-line switch sits on the two-metre fabric cable, within easy reach on a bedside or side table. Wipe the glass with a dry microfibre cloth; the chrome foot with a slightly damp one.",
  ],
};
