import { randomBytes } from "node:crypto";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeNames } from "../../kernel/route-names";
import { demoAssetsDir } from "../../seed/paths";
import type { createApp } from "../app";
import { createTestApp } from "../testing/test-app";
import { REQUEST_LIMITS } from "./rate-limit";
import { oneBackend, openCatalogDatabase, TEST_MEDIA_DIR, type TestDatabase } from "../testing/test-database";

/*
 * Image search's call through the app (issue 25, spec §7 search-image): a photo → terms; what it
 * refuses and with which status; and that no upload lands in the public media folder.
 */

const BASE = "http://shop.test";
const IMAGE = routeNames["frontend.ai-search.image"];
/** The small limit of the second app, so a photo over it is quick to make. */
const SMALL_LIMIT = 64 * 1024;

async function mediaFolderState(): Promise<string[]> {
  const names = await readdir(TEST_MEDIA_DIR);
  return Promise.all(names.sort().map(async (name) => `${name}:${(await stat(path.join(TEST_MEDIA_DIR, name))).mtimeMs}`));
}

describe.each(oneBackend())("the image search call on %s", (backend) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createApp>;
  let small: ReturnType<typeof createApp>;
  let mediaBefore: string[];
  let tent: Buffer;

  /** Posts a multipart form with one file part, as the page's script does. */
  const upload = (target: ReturnType<typeof createApp>, bytes: Buffer | null, { name = "photo.jpg", type = "image/jpeg", field = "file", headers = {} as Record<string, string> } = {}) => {
    const form = new FormData();
    if (bytes) form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
    else form.append("note", "no file here");
    return target.request(BASE + IMAGE, { method: "POST", body: form, headers: { "X-Requested-With": "XMLHttpRequest", Origin: BASE, ...headers } });
  };
  const message = async (response: Response) => ((await response.json()) as { errors: { message: string }[] }).errors[0]!.message;

  beforeAll(async () => {
    database = await openCatalogDatabase(backend);
    ({ app } = await createTestApp(database, { env: { APP_URL: BASE } }));
    ({ app: small } = await createTestApp(database, { env: { APP_URL: BASE, IMAGE_SEARCH_MAX_BYTES: String(SMALL_LIMIT) } }));
    mediaBefore = await mediaFolderState();
    tent = await sharp(path.join(demoAssetsDir, "images", "dome-tent-2-person.jpg")).resize(500).jpeg({ quality: 70 }).toBuffer();
  }, 180_000);
  afterAll(async () => database?.close());

  it("answers a product photo with terms naming the product, not to be cached", async () => {
    const response = await upload(app, tent);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const { terms } = (await response.json()) as { terms: { term: string; reason: string }[] };
    expect(terms[0]).toEqual({ term: expect.stringMatching(/tent/i), reason: "Looks like your photo" });
  });

  it("takes a PNG too, and answers in German for German visitors", async () => {
    const png = await sharp(tent).png().toBuffer();
    const response = await upload(app, png, { name: "zelt.png", type: "image/png", headers: { "Accept-Language": "de-DE,de;q=0.9" } });
    expect(response.status).toBe(200);
    const { terms } = (await response.json()) as { terms: { reason: string }[] };
    expect(terms[0]!.reason).toBe("Sieht aus wie Ihr Foto");
  });

  it("answers a photo of nothing in the shop with no terms", async () => {
    const plain = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#7a3fb0" } }).jpeg().toBuffer();
    const response = await upload(app, plain);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ terms: [], interpretedBy: "offline" });
  });

  it("with IMAGE_SEARCH_VISION=on and the model's double, adds the double's description's terms after the matches, labelled", async () => {
    const withDouble = await createTestApp(database, { env: { APP_URL: BASE, AI_SEARCH_PROVIDER: "double", IMAGE_SEARCH_VISION: "on" } });
    try {
      const offline = (await (await upload(app, tent)).json()) as { terms: { term: string }[] };
      const response = await upload(withDouble.app, tent);
      expect(response.status).toBe(200);
      const answer = (await response.json()) as { terms: { term: string; reason: string }[]; interpretedBy: string };
      expect(answer.interpretedBy).toBe("test-double");
      expect(answer.terms.slice(0, offline.terms.length)).toEqual(offline.terms);
      expect(answer.terms.length).toBeGreaterThan(offline.terms.length);
      // A red picture no catalog photo looks like: the double says "red", the AI search reads the colour.
      const red = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#d01818" } }).jpeg().toBuffer();
      const byColour = (await (await upload(withDouble.app, red)).json()) as { terms: { reason: string }[]; interpretedBy: string };
      expect(byColour.interpretedBy).toBe("test-double");
      expect(byColour.terms.map(({ reason }) => reason).join(" ")).toMatch(/red/i);
    } finally {
      await withDouble.close();
    }
  });

  it("refuses with 415 what is not what it claims or not a JPEG or PNG at all, naming the limit", async () => {
    const png = await sharp(tent).png().toBuffer();
    const pngAsJpeg = await upload(app, png, { name: "photo.jpg", type: "image/jpeg" });
    expect(pngAsJpeg.status).toBe(415);
    expect(await message(pngAsJpeg)).toBe("The file is named or sent as a JPEG but holds a PNG. Choose a JPEG or PNG photo of at most 10 MB.");
    const text = await upload(app, Buffer.from("These are words, not a picture.\n"), { name: "photo.jpg", type: "image/jpeg" });
    expect(text.status).toBe(415);
    expect(await message(text)).toBe("Choose a JPEG or PNG photo of at most 10 MB.");
    const gif = await upload(app, await sharp(tent).gif().toBuffer(), { name: "photo.gif", type: "image/gif" });
    expect(gif.status).toBe(415);
  });

  it("refuses with 400 a JPEG cut short and an empty file", async () => {
    const truncated = await upload(app, tent.subarray(0, Math.floor(tent.length / 2)));
    expect(truncated.status).toBe(400);
    expect(await message(truncated)).toBe("The photo could not be read: it may be cut short or damaged. Choose another JPEG or PNG photo.");
    const empty = await upload(app, Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(await message(empty)).toBe("The photo is empty: choose a photo.");
  });

  it("refuses with 413 a photo over the configured limit, declared or not, naming the limit", async () => {
    const noise = randomBytes(200 * 200 * 3);
    const large = await sharp(noise, { raw: { width: 200, height: 200, channels: 3 } }).png().toBuffer();
    expect(large.length).toBeGreaterThan(SMALL_LIMIT);
    const streamed = await upload(small, large, { name: "big.png", type: "image/png" });
    expect(streamed.status).toBe(413);
    expect(await message(streamed)).toBe("The photo is larger than 64 KB: choose a JPEG or PNG photo of at most 64 KB.");
    // A declared length over the limit is refused before the body is read.
    const declared = await small.request(BASE + IMAGE, {
      method: "POST",
      body: "x",
      headers: { "X-Requested-With": "XMLHttpRequest", Origin: BASE, "Content-Type": "multipart/form-data; boundary=abc", "Content-Length": String(SMALL_LIMIT * 4) },
    });
    expect(declared.status).toBe(413);
    // The same photo is fine under the default limit.
    expect((await upload(app, large, { name: "big.png", type: "image/png" })).status).toBe(200);
  });

  it("refuses with 400 a form without the file field", async () => {
    const missing = await upload(app, null);
    expect(missing.status).toBe(400);
    expect(await message(missing)).toBe("The photo is missing: send the photo in the field named file.");
    const otherField = await upload(app, tent, { field: "picture" });
    expect(otherField.status).toBe(400);
  });

  it("refuses with 415 a body that is not multipart", async () => {
    const json = await app.request(BASE + IMAGE, { method: "POST", body: JSON.stringify({ file: "x" }), headers: { "X-Requested-With": "XMLHttpRequest", Origin: BASE, "Content-Type": "application/json" } });
    expect(json.status).toBe(415);
    expect(await message(json)).toBe("Send the photo as multipart/form-data in the field named file.");
    const broken = await app.request(BASE + IMAGE, { method: "POST", body: "--abc\r\nnot a part", headers: { "X-Requested-With": "XMLHttpRequest", Origin: BASE, "Content-Type": "multipart/form-data" } });
    expect([400, 415]).toContain(broken.status);
  });

  it("refuses with 403 a call that does not come from the shop's script", async () => {
    const response = await upload(app, tent, { headers: { "X-Requested-With": "" } });
    expect(response.status).toBe(403);
  });

  it("answers 429 with Retry-After once an address has searched the limit's photos in a minute", async () => {
    const { app: proxied } = await createTestApp(database, { env: { APP_URL: BASE, TRUST_PROXY: "1" } });
    const from = { "X-Forwarded-For": "203.0.113.25" };
    const text = Buffer.from("not a photo");
    // Counted before the photo is judged: refused files count too (each one was read by the server).
    for (let i = 0; i < REQUEST_LIMITS.imageSearch.limit; i++) expect((await upload(proxied, text, { headers: from })).status).toBe(415);
    const refused = await upload(proxied, tent, { headers: from });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await message(refused)).toMatch(/^You asked for more than 20 image searches in a minute\. Please try again in \d+ seconds?\.$/);
    // Another address is not affected.
    expect((await upload(proxied, tent, { headers: { "X-Forwarded-For": "203.0.113.26" } })).status).toBe(200);
  });

  it("left the public media folder as it was after all these uploads", async () => {
    expect(await mediaFolderState()).toEqual(mediaBefore);
  });
});
