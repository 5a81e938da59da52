import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import Papa from "papaparse";

/*
 * Quick order's CSV file (spec §5, reference §15.1's proposal): UTF-8 (a BOM is dropped), `,` `;` or tab
 * guessed from the first line, columns `productNumber` and `quantity` in a header row (without one: number, then
 * quantity), empty lines skipped. Read as a stream: the file is never in memory whole, only one entry per
 * different product number.
 */

/** More different products than a list can sensibly hold: the file is refused. */
export const QUICK_ORDER_MAX_PRODUCTS = 100_000;
/** The longest product number kept; longer cells are no product number of ours. */
const MAX_NUMBER_LENGTH = 64;

export class CsvRefused extends Error {}

export interface CsvQuantities {
  /** Per product number (lower case): the number as first written and the summed quantity, in file order. */
  quantities: Map<string, { productNumber: string; quantity: number }>;
  /** Numbers (or "line N") whose rows had no usable quantity or number. */
  invalid: string[];
}

/** Decodes UTF-8 strictly (a binary file is refused, not read as garbage); a leading BOM is dropped. */
async function* utf8Text(input: Readable): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const notUtf8 = () => new CsvRefused("This file is not a CSV text file in UTF-8.");
  for await (const chunk of input as AsyncIterable<Buffer>) {
    if (chunk.includes(0)) throw new CsvRefused("This file is not a CSV text file (it contains binary data).");
    try {
      yield decoder.decode(chunk, { stream: true });
    } catch {
      throw notUtf8();
    }
  }
  try {
    yield decoder.decode();
  } catch {
    throw notUtf8();
  }
}

const DELIMITERS = [",", ";", "\t"];
/** How much of the file the delimiter is guessed from (its first line, or this much of it). */
const HEAD_CHARS = 64 * 1024;

/** The delimiter of the first line: the candidate found most often outside quotes (`,` when none). */
export function guessDelimiter(firstLine: string): string {
  const counts = new Map(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of firstLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  return [...counts].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
}

/** The text with its head read ahead: the delimiter is guessed from the whole first line, however the file was cut. */
async function withDelimiter(text: AsyncGenerator<string>): Promise<{ delimiter: string; text: AsyncGenerator<string> }> {
  let head = "";
  let done = false;
  while (!/[\r\n]/.test(head) && head.length < HEAD_CHARS) {
    const next = await text.next();
    if (next.done) {
      done = true;
      break;
    }
    head += next.value;
  }
  async function* all() {
    yield head;
    if (!done) yield* text;
  }
  return { delimiter: guessDelimiter(head.split(/\r?\n/, 1)[0] ?? ""), text: all() };
}

/** A cell as a whole positive number of units, or null. */
function quantityOf(cell: string | undefined): number | null {
  const text = (cell ?? "").trim();
  if (!/^\d{1,7}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 ? value : null;
}

/** Reads the file's product numbers and quantities (rows of one number summed). */
export async function readQuickOrderCsv(input: Readable): Promise<CsvQuantities> {
  const quantities: CsvQuantities["quantities"] = new Map();
  const invalid: string[] = [];
  let columns: { number: number; quantity: number } | null = null;
  let line = 0;

  const rows = new Transform({
    writableObjectMode: true,
    transform(row: string[], _encoding, done) {
      line++;
      if (!columns) {
        const names = row.map((cell) => cell.trim().toLowerCase());
        const number = names.indexOf("productnumber");
        if (number >= 0) {
          columns = { number, quantity: names.indexOf("quantity") };
          return done();
        }
        // No header row: number, then quantity.
        columns = { number: 0, quantity: 1 };
      }
      const productNumber = (row[columns.number] ?? "").trim();
      const quantity = columns.quantity >= 0 ? quantityOf(row[columns.quantity]) : null;
      if (!productNumber || productNumber.length > MAX_NUMBER_LENGTH || quantity === null) {
        invalid.push(productNumber && productNumber.length <= MAX_NUMBER_LENGTH ? productNumber : `line ${line}`);
        return done();
      }
      const key = productNumber.toLowerCase();
      const entry = quantities.get(key);
      if (entry) entry.quantity += quantity;
      else {
        if (quantities.size >= QUICK_ORDER_MAX_PRODUCTS) {
          return done(new CsvRefused(`This file names more than ${QUICK_ORDER_MAX_PRODUCTS.toLocaleString("en")} different products.`));
        }
        quantities.set(key, { productNumber, quantity });
      }
      done();
    },
  });
  rows.resume();

  const { delimiter, text } = await withDelimiter(utf8Text(input));
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: "greedy", delimiter });
  await pipeline(Readable.from(text), parser, rows);
  return { quantities, invalid };
}
