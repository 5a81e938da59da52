import { describe, expect, it } from "vitest";
import { pageMessages } from "../../kernel/i18n/messages.server";
import { pageMessagesFile, pageMessagesFileAt } from "./page-messages";

describe("page messages file", () => {
  it("holds a language's page texts under a name with their hash", () => {
    const file = pageMessagesFile("de");
    expect(file.path).toMatch(/^\/i18n\/messages\.de\.[0-9a-f]{10}\.json$/);
    expect(JSON.parse(file.body)).toEqual(pageMessages("de"));
    expect(pageMessagesFile("en").path).not.toBe(file.path);
  });

  it("finds a file by its exact name only", () => {
    const { path } = pageMessagesFile("en");
    expect(pageMessagesFileAt(path)).toBe(pageMessagesFile("en"));
    expect(pageMessagesFileAt(path.replace(/\.[0-9a-f]{10}\./, ".0123456789."))).toBeNull();
    expect(pageMessagesFileAt("/i18n/messages.fr.0123456789.json")).toBeNull();
    expect(pageMessagesFileAt("/i18n/messages.en.json")).toBeNull();
  });
});
