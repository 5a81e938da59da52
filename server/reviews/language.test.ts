import { describe, expect, it } from "vitest";
import { detectLanguage, languageName, UNDETERMINED_LANGUAGE } from "./language";

describe("detectLanguage", () => {
  it("tells English, German and French reviews apart as ISO 639-1 codes", () => {
    expect(detectLanguage("Arrived well packed and matches the photos and the description. The quality feels better than the price suggests.")).toBe("en");
    expect(detectLanguage("Kam gut verpackt an und entspricht den Fotos und der Beschreibung. Die Qualität ist besser, als der Preis vermuten lässt.")).toBe("de");
    expect(detectLanguage("Arrivé bien emballé et conforme aux photos et à la description. La qualité est meilleure que ce que le prix laisse penser.")).toBe("fr");
  });

  it("answers `und` for texts too short to tell", () => {
    expect(detectLanguage("Super")).toBe(UNDETERMINED_LANGUAGE);
    expect(detectLanguage("")).toBe(UNDETERMINED_LANGUAGE);
  });
});

describe("languageName", () => {
  it("names the source language in the reader's language", () => {
    expect(languageName("de", "en")).toBe("German");
    expect(languageName("en", "de")).toBe("Englisch");
    expect(languageName(UNDETERMINED_LANGUAGE, "en")).toBe("an unknown language");
  });
});
