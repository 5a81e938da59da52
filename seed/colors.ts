/**
 * Swatch colours for the colour-like property groups (`colour`, `fabric`).
 * Keys are lowercase; multi-word keys are matched before single words so "pale pink" beats "pink".
 */
const SWATCHES: Record<string, string> = {
  black: "#1A1A1A",
  white: "#FFFFFF",
  "off-white": "#F4F1EA",
  silver: "#C0C0C0",
  chrome: "#D4D7DB",
  grey: "#8C8C8C",
  gray: "#8C8C8C",
  "dark grey": "#4A4A4A",
  "space grey": "#5B5D61",
  "pearl grey": "#C9C7C1",
  "blue-grey": "#6E7F8D",
  navy: "#1F2A44",
  blue: "#2F6DB5",
  red: "#C62828",
  green: "#2E7D32",
  mint: "#A8DCC5",
  teal: "#1F7A7A",
  pink: "#E991B0",
  "pale pink": "#F2C9D0",
  champagne: "#E8D6B5",
  gold: "#C9A44C",
  brown: "#6D4C41",
  tan: "#C8A27A",
  beige: "#E3D5B8",
  "natural wood": "#B8875B",
  yellow: "#F2C832",
  "optic yellow": "#D7E84A",
  mustard: "#D1A12B",
  orange: "#EF7D22",
  mango: "#F2A33A",
  peacock: "#1C6E7D",
  purple: "#6A4C9C",
};

/**
 * Hex swatch for a colour name such as "Navy", "Black/White", "Matte black" or "Off-white and grey":
 * the first colour named wins, so compound values show their dominant colour. Unknown → null.
 */
export function colorHexFor(value: string): string | null {
  const parts = value
    .toLowerCase()
    .split(/\s*(?:[/,&]|\band\b|\bwith\b)\s*/)
    .filter(Boolean);
  for (const part of parts) {
    const exact = SWATCHES[part];
    if (exact) return exact;
    const words = part.split(/\s+/);
    for (let i = 0; i < words.length; i++) {
      const pair = words[i + 1] ? SWATCHES[`${words[i]} ${words[i + 1]}`] : undefined;
      const single = SWATCHES[words[i]!];
      const match = pair ?? single;
      if (match) return match;
    }
  }
  return null;
}

/** Property groups whose options are shown as colour swatches. */
export const COLOR_GROUP_CODES: ReadonlySet<string> = new Set(["colour", "fabric"]);
