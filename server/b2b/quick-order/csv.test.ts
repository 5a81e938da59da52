import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { CsvRefused, QUICK_ORDER_MAX_PRODUCTS, readQuickOrderCsv } from "./csv";

/** The file as chunks of `size` bytes, as a network would cut it (a multi-byte letter may be split). */
const file = (text: string | Buffer, size = 7) => {
  const bytes = typeof text === "string" ? Buffer.from(text, "utf8") : text;
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return Readable.from(chunks);
};

const read = async (text: string | Buffer, size?: number) => {
  const { quantities, invalid } = await readQuickOrderCsv(file(text, size));
  return { rows: [...quantities.values()].map((e) => [e.productNumber, e.quantity]), invalid };
};

describe("the quick-order CSV file (spec §5)", () => {
  it("reads a header row with commas", async () => {
    expect(await read("productNumber,quantity\nLAP-1,2\nMUG-2,5\n")).toEqual({ rows: [["LAP-1", 2], ["MUG-2", 5]], invalid: [] });
  });

  it("finds semicolons and tabs, and columns in any order", async () => {
    expect(await read("quantity;productNumber\r\n3;LAP-1\r\n")).toEqual({ rows: [["LAP-1", 3]], invalid: [] });
    expect(await read("productNumber\tquantity\nLAP-1\t4\n")).toEqual({ rows: [["LAP-1", 4]], invalid: [] });
  });

  it("drops a BOM, even split across chunks, and reads UTF-8 letters split across chunks", async () => {
    expect(await read("\uFEFFproductNumber,quantity\nKÄSE-Ü,1\n", 2)).toEqual({ rows: [["KÄSE-Ü", 1]], invalid: [] });
  });

  it("takes quoted fields, skips empty lines and trims cells", async () => {
    expect(await read('productNumber,quantity\n\n"LAP,1"," 2 "\n   \n  MUG-2 ,3\n\n')).toEqual({ rows: [["LAP,1", 2], ["MUG-2", 3]], invalid: [] });
  });

  it("reads a file without a header row as number, then quantity", async () => {
    expect(await read("LAP-1,2\nMUG-2,1")).toEqual({ rows: [["LAP-1", 2], ["MUG-2", 1]], invalid: [] });
  });

  it("sums the rows of one number (case-insensitive), in the order of its first row", async () => {
    expect(await read("productNumber,quantity\nLAP-1,2\nMUG-2,1\nlap-1,3\n")).toEqual({ rows: [["LAP-1", 5], ["MUG-2", 1]], invalid: [] });
  });

  it("lists rows without a usable quantity or number", async () => {
    const { rows, invalid } = await read("productNumber,quantity\nLAP-1,two\nMUG-2,0\nCUP-3,-1\nPEN-4,1.5\n,4\nOK-5,1\n" + "X".repeat(65) + ",1\n");
    expect(rows).toEqual([["OK-5", 1]]);
    expect(invalid).toEqual(["LAP-1", "MUG-2", "CUP-3", "PEN-4", "line 6", "line 8"]);
  });

  it("refuses a binary file and one that is not UTF-8", async () => {
    await expect(readQuickOrderCsv(file(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08])))).rejects.toThrow(CsvRefused);
    await expect(readQuickOrderCsv(file(Buffer.from("productNumber,quantity\nK\xe4se,1\n", "latin1")))).rejects.toThrow(/UTF-8/);
  });

  it(`refuses more than ${QUICK_ORDER_MAX_PRODUCTS} different products`, async () => {
    const lines = Array.from({ length: QUICK_ORDER_MAX_PRODUCTS + 1 }, (_, i) => `N-${i},1`).join("\n");
    await expect(readQuickOrderCsv(file(`productNumber,quantity\n${lines}`, 64 * 1024))).rejects.toThrow(/more than 100,000 different products/);
  });
});
