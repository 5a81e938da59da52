/*
 * The interpreter's own words (issue 25): what is not shop data. Filler words to drop, the phrases of
 * price, sorting, availability and negation in English and German, and German words for what the
 * shop's (English) names say, so "rote Laufschuhe" finds the red running shoes. All keys are in the
 * normal form of ./text.ts (umlauts spelled out).
 */

/** Words that carry no wish of their own. */
export const FILLER_WORDS = new Set([
  // English
  "a", "an", "the", "some", "any", "i", "im", "i'm", "me", "my", "we", "our", "you", "want", "need", "would", "like", "looking",
  "look", "search", "searching", "find", "show", "give", "get", "buy", "please", "for", "of", "to", "that", "which", "is", "are",
  "be", "made", "first", "something", "thing", "things", "one", "ones", "with", "in", "on", "at", "from", "by", "good", "nice", "great", "best",
  // German
  "ich", "wir", "mir", "mich", "uns", "suche", "suchen", "brauche", "brauchen", "moechte", "moechten", "will", "haette", "gern",
  "gerne", "zeig", "zeige", "zeigen", "finde", "finden", "kaufen", "bitte", "ein", "eine", "einen", "einem", "einer", "eines",
  "der", "die", "das", "den", "dem", "des", "fuer", "mit", "aus", "von", "im", "am", "zum", "zur", "etwas", "was", "fur", "gute", "guten",
  "gutes", "guter", "zuerst", "schoene", "schoenen", "schoenes",
]);

/** Words that join two wishes ("a tent and a sleeping bag"). */
export const JOINING_WORDS = new Set(["and", "or", "plus", "und", "oder", "sowie"]);

/** Words that exclude what follows ("without leather", "ohne Leder", "keine Kabel"). */
export const NEGATION_WORDS = new Set(["without", "no", "not", "except", "ohne", "kein", "keine", "keinen", "keiner", "nicht", "ausser"]);

/** Currency words and signs that may follow or precede an amount. */
export const CURRENCY_WORDS = new Set(["eur", "euro", "euros", "€", "$", "usd", "dollar", "dollars", "£", "gbp", "pounds"]);

export type PriceBound = "max" | "min";

/** Phrases before an amount: "under 50", "unter 50 €", "ab 100". Longest first when matching. */
export const PRICE_PHRASES: { words: string[]; bound: PriceBound }[] = [
  { words: ["less", "than"], bound: "max" },
  { words: ["cheaper", "than"], bound: "max" },
  { words: ["no", "more", "than"], bound: "max" },
  { words: ["not", "more", "than"], bound: "max" },
  { words: ["at", "most"], bound: "max" },
  { words: ["up", "to"], bound: "max" },
  { words: ["under"], bound: "max" },
  { words: ["below"], bound: "max" },
  { words: ["max"], bound: "max" },
  { words: ["maximum"], bound: "max" },
  { words: ["within"], bound: "max" },
  { words: ["more", "than"], bound: "min" },
  { words: ["from"], bound: "min" },
  { words: ["at", "least"], bound: "min" },
  { words: ["over"], bound: "min" },
  { words: ["above"], bound: "min" },
  { words: ["min"], bound: "min" },
  { words: ["minimum"], bound: "min" },
  { words: ["weniger", "als"], bound: "max" },
  { words: ["guenstiger", "als"], bound: "max" },
  { words: ["billiger", "als"], bound: "max" },
  { words: ["nicht", "mehr", "als"], bound: "max" },
  { words: ["unter"], bound: "max" },
  { words: ["unterhalb"], bound: "max" },
  { words: ["bis"], bound: "max" },
  { words: ["hoechstens"], bound: "max" },
  { words: ["maximal"], bound: "max" },
  { words: ["mehr", "als"], bound: "min" },
  { words: ["teurer", "als"], bound: "min" },
  { words: ["ueber"], bound: "min" },
  { words: ["oberhalb"], bound: "min" },
  { words: ["ab"], bound: "min" },
  { words: ["mindestens"], bound: "min" },
];

/** "between 20 and 40", "zwischen 20 und 40", "from 20 to 40", "von 20 bis 40". */
export const RANGE_OPENERS = new Set(["between", "zwischen", "from", "von"]);
export const RANGE_JOINERS = new Set(["and", "to", "und", "bis", "-"]);

export type SortIntent = "price-asc" | "price-desc" | "newest" | "topseller";

/** Sorting wishes, as whole phrases. */
export const SORT_PHRASES: { words: string[]; sort: SortIntent }[] = [
  { words: ["lowest", "price"], sort: "price-asc" },
  { words: ["highest", "price"], sort: "price-desc" },
  { words: ["most", "expensive"], sort: "price-desc" },
  { words: ["best", "selling"], sort: "topseller" },
  { words: ["cheapest"], sort: "price-asc" },
  { words: ["cheap"], sort: "price-asc" },
  { words: ["inexpensive"], sort: "price-asc" },
  { words: ["affordable"], sort: "price-asc" },
  { words: ["newest"], sort: "newest" },
  { words: ["latest"], sort: "newest" },
  { words: ["bestseller"], sort: "topseller" },
  { words: ["bestsellers"], sort: "topseller" },
  { words: ["popular"], sort: "topseller" },
  { words: ["guenstigste"], sort: "price-asc" },
  { words: ["guenstigsten"], sort: "price-asc" },
  { words: ["guenstig"], sort: "price-asc" },
  { words: ["guenstige"], sort: "price-asc" },
  { words: ["billigste"], sort: "price-asc" },
  { words: ["billigsten"], sort: "price-asc" },
  { words: ["billig"], sort: "price-asc" },
  { words: ["billige"], sort: "price-asc" },
  { words: ["teuerste"], sort: "price-desc" },
  { words: ["teuersten"], sort: "price-desc" },
  { words: ["neueste"], sort: "newest" },
  { words: ["neuesten"], sort: "newest" },
  { words: ["beliebteste"], sort: "topseller" },
  { words: ["beliebtesten"], sort: "topseller" },
];

/** Availability wishes: only what can ship now. */
export const IN_STOCK_PHRASES: string[][] = [
  ["in", "stock"],
  ["available", "now"],
  ["ready", "to", "ship"],
  ["ships", "today"],
  ["available"],
  ["sofort", "lieferbar"],
  ["auf", "lager"],
  ["lieferbar"],
  ["verfuegbar"],
  ["vorraetig"],
];

/**
 * German words for the words of the shop's names (English), in their base form: inflected forms ("rote",
 * "roten", "Laufschuhe") are found by `germanBase`. A value may be several words ("running shoe").
 */
export const GERMAN_WORDS: Record<string, string> = {
  // colours
  schwarz: "black", weiss: "white", rot: "red", blau: "blue", gruen: "green", grau: "grey", gelb: "yellow", orange: "orange",
  rosa: "pink", pink: "pink", braun: "brown", silber: "silver", silbern: "silver", gold: "gold", golden: "gold", beige: "beige",
  marineblau: "navy", dunkelblau: "navy", bunt: "multicolour", mehrfarbig: "multicolour", tuerkis: "turquoise", lila: "purple",
  // materials
  leder: "leather", holz: "wood", hoelzern: "wooden", baumwolle: "cotton", stahl: "steel", edelstahl: "stainless steel",
  glas: "glass", samt: "velvet", metall: "metal", aluminium: "aluminium", alu: "aluminium", eiche: "oak", kiefer: "pine",
  stoff: "fabric", kunstleder: "synthetic leather", keramik: "ceramic", stein: "stone", carbon: "carbon", kunststoff: "plastic",
  // things
  laptop: "laptop", notebook: "laptop", rechner: "computer", computer: "computer", pc: "pc", tablet: "tablet", maus: "mouse",
  tastatur: "keyboard", bildschirm: "monitor", monitor: "monitor", kabel: "cable", ladekabel: "charging cable", festplatte: "hard drive",
  speicher: "memory", arbeitsspeicher: "memory", kamera: "camera", fotoapparat: "camera", sofortbildkamera: "instant camera",
  objektiv: "lens", stativ: "tripod", film: "film", fahrrad: "bike", rennrad: "road bike", zelt: "tent", ball: "ball", fussball: "football",
  tennisball: "tennis ball", basketball: "basketball", handschuh: "glove", boxhandschuh: "boxing glove", springseil: "skipping rope",
  trinkflasche: "water bottle", flasche: "bottle", skateboard: "skateboard", schuh: "shoe", laufschuh: "running shoe",
  turnschuh: "sneaker", sneaker: "sneaker", hemd: "shirt", shirt: "shirt", "t-shirt": "t-shirt", sonnenbrille: "sunglasses",
  schal: "neck warmer", pflanze: "plant", kaktus: "cactus", tulpe: "tulip", orchidee: "orchid", farn: "fern", sukkulente: "succulent",
  bonsai: "bonsai", baum: "tree", schaufel: "trowel", stuhl: "chair", sessel: "armchair", sofa: "sofa", couch: "sofa",
  schreibtisch: "desk", tisch: "table", nachttisch: "bedside table", hocker: "stool", barhocker: "bar stool", lampe: "lamp",
  tischlampe: "table lamp", leuchte: "lamp", kissen: "cushion", statue: "statue", figur: "statue", moebel: "furniture",
  kleidung: "clothing", schuhe: "footwear", garten: "garden", sport: "sports",
  // sizes and measures
  zoll: "inch",
};

/** The German base form of an inflected word: "roten" → "rot", "laufschuhe" → "laufschuh", "kissen" stays. */
export function germanBase(word: string): string | null {
  if (GERMAN_WORDS[word]) return word;
  for (const suffix of ["en", "er", "es", "em", "e", "n", "s"]) {
    if (word.length > suffix.length + 2 && word.endsWith(suffix)) {
      const base = word.slice(0, -suffix.length);
      if (GERMAN_WORDS[base]) return base;
    }
  }
  return null;
}

/** An English word's singular, for matching ("shoes" → "shoe", "batteries" → "battery", "glasses" stays "glass"). */
export function singular(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us")) return word.slice(0, -1);
  return word;
}
