/**
 * Word lists of the synthetic benchmark catalog: departments (top-level categories) with their
 * subcategories, the nouns products of each subcategory are named after (German compounds included,
 * so searches like "laufschuhe" or the part "schuhe" behave as in a German shop), and which property
 * groups vary the variants or describe the product.
 */

export interface PropertyGroupSpec {
  code: string;
  name: string;
  displayType: "text" | "color";
  options: string[];
}

export const PROPERTY_GROUPS: PropertyGroupSpec[] = [
  {
    code: "colour",
    name: "Colour",
    displayType: "color",
    options: [
      "Black", "White", "Off-white", "Grey", "Dark grey", "Silver", "Navy", "Blue", "Teal", "Green", "Mint",
      "Red", "Pink", "Purple", "Yellow", "Mustard", "Orange", "Brown", "Tan", "Beige", "Gold", "Peacock",
    ],
  },
  { code: "size", name: "Size", displayType: "text", options: ["XS", "S", "M", "L", "XL", "XXL", "3XL"] },
  {
    code: "shoe-size",
    name: "Shoe size",
    displayType: "text",
    options: ["36", "37", "38", "39", "40", "41", "42", "43", "44", "45", "46", "47"],
  },
  {
    code: "material",
    name: "Material",
    displayType: "text",
    options: [
      "Cotton", "Organic cotton", "Merino wool", "Polyester", "Recycled polyester", "Nylon", "Leather", "Suede",
      "Canvas", "Linen", "Bamboo", "Oak", "Walnut", "Beech", "Steel", "Stainless steel", "Aluminium", "Glass",
      "Ceramic", "Stoneware", "Silicone", "ABS plastic",
    ],
  },
  { code: "capacity", name: "Capacity", displayType: "text", options: ["0.5 l", "0.75 l", "1 l", "1.5 l", "1.7 l", "2 l", "20 l", "30 l", "40 l", "55 l"] },
  { code: "memory", name: "Memory", displayType: "text", options: ["4 GB", "8 GB", "16 GB", "32 GB", "64 GB"] },
  { code: "screen-size", name: "Screen size", displayType: "text", options: ["6.1 inch", "10 inch", "13 inch", "14 inch", "15 inch", "16 inch", "24 inch", "27 inch", "32 inch"] },
  { code: "fit", name: "Fit", displayType: "text", options: ["Slim", "Regular", "Relaxed", "Oversized"] },
  { code: "season", name: "Season", displayType: "text", options: ["Spring", "Summer", "Autumn", "Winter", "All season"] },
  { code: "power-source", name: "Power source", displayType: "text", options: ["Battery", "Mains", "USB-C", "Solar", "Manual"] },
  { code: "water-resistance", name: "Water resistance", displayType: "text", options: ["None", "Water-repellent", "Waterproof", "IPX4", "IPX7"] },
  { code: "pattern", name: "Pattern", displayType: "text", options: ["Plain", "Striped", "Checked", "Printed", "Melange"] },
];

export interface SubcategorySpec {
  name: string;
  nouns: string[];
}

export interface DepartmentSpec {
  name: string;
  /** Share of all products. */
  weight: number;
  /** Gross price range in EUR. */
  price: [min: number, max: number];
  delivery: [min: number, max: number];
  /** Groups whose options vary the variants (at most two are combined). */
  variantGroups: string[];
  /** Groups that describe the product as a whole. */
  propertyGroups: string[];
  /** The leaves under every subcategory. */
  leaves: string[];
  subcategories: SubcategorySpec[];
}

const PEOPLE = ["Men", "Women", "Kids"];
const RANGE = ["Basics", "Premium", "Professional"];

export const DEPARTMENTS: DepartmentSpec[] = [
  {
    name: "Footwear",
    weight: 12,
    price: [25, 260],
    delivery: [2, 4],
    variantGroups: ["shoe-size", "colour"],
    propertyGroups: ["material", "season", "water-resistance"],
    leaves: PEOPLE,
    subcategories: [
      { name: "Running shoes", nouns: ["Laufschuhe", "Running Shoes", "Trail Runner", "Laufschuh"] },
      { name: "Hiking shoes", nouns: ["Wanderschuhe", "Hiking Boots", "Bergschuhe", "Trekkingschuhe"] },
      { name: "Sneakers", nouns: ["Sneaker", "Turnschuhe", "Knit Trainer", "Canvas Sneaker"] },
      { name: "Boots", nouns: ["Stiefel", "Winterstiefel", "Chelsea Boots", "Gummistiefel"] },
      { name: "Sandals", nouns: ["Sandalen", "Badeschuhe", "Slides", "Hausschuhe"] },
    ],
  },
  {
    name: "Clothing",
    weight: 16,
    price: [9, 320],
    delivery: [2, 4],
    variantGroups: ["size", "colour"],
    propertyGroups: ["material", "fit", "season", "pattern"],
    leaves: PEOPLE,
    subcategories: [
      { name: "Jackets", nouns: ["Regenjacke", "Softshelljacke", "Daunenjacke", "Fleecejacke", "Rain Jacket", "Windbreaker"] },
      { name: "Shirts", nouns: ["T-Shirt", "Funktionsshirt", "Poloshirt", "Hemd", "Longsleeve"] },
      { name: "Sweaters", nouns: ["Pullover", "Hoodie", "Strickjacke", "Sweater", "Cardigan"] },
      { name: "Trousers", nouns: ["Jeans", "Chino", "Laufhose", "Regenhose", "Wanderhose", "Joggers"] },
      { name: "Underwear", nouns: ["Socken", "Wandersocken", "Boxershorts", "Thermounterwäsche"] },
    ],
  },
  {
    name: "Electronics",
    weight: 12,
    price: [15, 2400],
    delivery: [1, 2],
    variantGroups: ["memory", "colour"],
    propertyGroups: ["screen-size", "power-source", "water-resistance"],
    leaves: RANGE,
    subcategories: [
      { name: "Laptops", nouns: ["Laptop", "Notebook", "Ultrabook", "Chromebook"] },
      { name: "Phones & tablets", nouns: ["Smartphone", "Tablet", "E-Reader", "Handy"] },
      { name: "Audio", nouns: ["Kopfhörer", "Headphones", "Earbuds", "Lautsprecher", "Bluetooth Speaker", "Soundbar"] },
      { name: "Accessories", nouns: ["Ladegerät", "Powerbank", "USB-C Hub", "Tastatur", "Keyboard", "Maus"] },
      { name: "Monitors", nouns: ["Monitor", "Bildschirm", "Gaming Monitor", "Webcam"] },
      { name: "Wearables", nouns: ["Smartwatch", "Fitness Tracker", "Sportuhr", "GPS-Uhr"] },
    ],
  },
  {
    name: "Kitchen",
    weight: 10,
    price: [6, 650],
    delivery: [2, 4],
    variantGroups: ["colour", "capacity"],
    propertyGroups: ["material", "power-source"],
    leaves: RANGE,
    subcategories: [
      { name: "Coffee & tea", nouns: ["Kaffeemaschine", "Espressomaschine", "Wasserkocher", "Teekanne", "French Press", "Milchaufschäumer"] },
      { name: "Cookware", nouns: ["Bratpfanne", "Kochtopf", "Wok", "Schmortopf", "Frying Pan"] },
      { name: "Knives & boards", nouns: ["Messerset", "Kochmesser", "Schneidebrett", "Chef Knife"] },
      { name: "Small appliances", nouns: ["Toaster", "Standmixer", "Stabmixer", "Küchenmaschine", "Heißluftfritteuse"] },
    ],
  },
  {
    name: "Furniture",
    weight: 8,
    price: [35, 1900],
    delivery: [5, 8],
    variantGroups: ["colour"],
    propertyGroups: ["material"],
    leaves: ["Living room", "Bedroom", "Office"],
    subcategories: [
      { name: "Tables", nouns: ["Schreibtisch", "Esstisch", "Couchtisch", "Nachttisch", "Standing Desk"] },
      { name: "Seating", nouns: ["Bürostuhl", "Sofa", "Sessel", "Barhocker", "Office Chair"] },
      { name: "Storage", nouns: ["Bücherregal", "Kommode", "Kleiderschrank", "Sideboard", "Wandregal"] },
    ],
  },
  {
    name: "Lighting",
    weight: 6,
    price: [12, 480],
    delivery: [2, 3],
    variantGroups: ["colour"],
    propertyGroups: ["material", "power-source"],
    leaves: ["Indoor", "Outdoor"],
    subcategories: [
      { name: "Lamps", nouns: ["Stehlampe", "Tischlampe", "Leselampe", "Floor Lamp", "Desk Lamp"] },
      { name: "Ceiling lights", nouns: ["Deckenleuchte", "Pendelleuchte", "Ceiling Light"] },
      { name: "LED", nouns: ["LED-Streifen", "Lichterkette", "Nachtlicht", "Smart Bulb"] },
    ],
  },
  {
    name: "Garden",
    weight: 8,
    price: [5, 900],
    delivery: [2, 3],
    variantGroups: ["colour"],
    propertyGroups: ["material", "power-source", "water-resistance"],
    leaves: RANGE,
    subcategories: [
      { name: "Garden tools", nouns: ["Gartenschere", "Spaten", "Rechen", "Astschere", "Pruning Shears"] },
      { name: "Watering", nouns: ["Gartenschlauch", "Gießkanne", "Rasensprenger", "Schlauchwagen"] },
      { name: "Lawn", nouns: ["Rasenmäher", "Mähroboter", "Rasentrimmer", "Vertikutierer"] },
      { name: "Planters", nouns: ["Blumentopf", "Hochbeet", "Pflanzkübel", "Planter"] },
    ],
  },
  {
    name: "Outdoor",
    weight: 12,
    price: [8, 750],
    delivery: [2, 4],
    variantGroups: ["colour", "capacity"],
    propertyGroups: ["material", "water-resistance", "season"],
    leaves: RANGE,
    subcategories: [
      { name: "Backpacks", nouns: ["Rucksack", "Wanderrucksack", "Tagesrucksack", "Daypack", "Trekkingrucksack"] },
      { name: "Camping", nouns: ["Zelt", "Schlafsack", "Isomatte", "Campingstuhl", "Tent"] },
      { name: "Hiking gear", nouns: ["Trekkingstöcke", "Stirnlampe", "Trinkflasche", "Thermosflasche", "Headlamp"] },
      { name: "Cycling", nouns: ["Fahrradhelm", "Fahrradlicht", "Fahrradschloss", "Bike Helmet"] },
    ],
  },
  {
    name: "Sports",
    weight: 8,
    price: [5, 1200],
    delivery: [2, 4],
    variantGroups: ["size", "colour"],
    propertyGroups: ["material", "pattern"],
    leaves: RANGE,
    subcategories: [
      { name: "Fitness", nouns: ["Yogamatte", "Hantel", "Kettlebell", "Springseil", "Yoga Mat"] },
      { name: "Ball sports", nouns: ["Fußball", "Basketball", "Volleyball", "Torwarthandschuhe"] },
      { name: "Swimming", nouns: ["Badeanzug", "Badehose", "Schwimmbrille", "Swim Goggles"] },
    ],
  },
  {
    name: "Toys",
    weight: 8,
    price: [4, 300],
    delivery: [2, 4],
    variantGroups: ["colour"],
    propertyGroups: ["material", "power-source"],
    leaves: ["Toddlers", "Kids", "Teens"],
    subcategories: [
      { name: "Building", nouns: ["Bausteine", "Holzeisenbahn", "Building Blocks", "Konstruktionsset"] },
      { name: "Games", nouns: ["Brettspiel", "Puzzle", "Kartenspiel", "Board Game"] },
      { name: "Outdoor toys", nouns: ["Laufrad", "Tretroller", "Sandkasten", "Wasserpistole"] },
    ],
  },
];

/** Words before the noun ("Ultralight Laufschuhe Aero 3"). */
export const ADJECTIVES = [
  "Classic", "Ultralight", "Pro", "Compact", "Premium", "Essential", "Urban", "Alpine", "Eco", "Smart",
  "Vintage", "Sport", "Comfort", "Travel", "Trail", "Wasserdichte", "Leichte", "Robuste", "Nordic", "Studio",
];

/** Model names after the noun. */
export const MODELS = [
  "Aero", "Storm", "Summit", "Nova", "Vento", "Alpin", "Terra", "Flux", "Pulse", "Orbit", "Drift", "Fjord",
  "Ridge", "Cascade", "Breeze", "Ember", "Granite", "Harbor", "Lumen", "Motion", "Polar", "Quartz", "Sierra", "Tundra",
];

/** Manufacturer names are a prefix and a suffix: 20 × 20 = 400 possible, the catalog uses the first ones. */
export const BRAND_PREFIXES = [
  "Nord", "Berg", "Wald", "Stein", "Fels", "Sonnen", "Wind", "Eis", "Fluss", "Licht",
  "Blue", "Red", "Silver", "Urban", "Peak", "Fox", "Bear", "Oak", "River", "Star",
];
export const BRAND_SUFFIXES = [
  "wind", "haus", "werk", "stern", "land", "line", "craft", "gear", "works", "form",
  "field", "stone", "wood", "light", "peak", "trail", "labs", "mark", "bay", "point",
];

export const DESCRIPTION_USES = [
  "für den Alltag", "for everyday use", "für lange Touren", "for travel", "für Profis", "for the whole family",
  "für jedes Wetter", "for small spaces", "für Einsteiger", "built to last",
];
