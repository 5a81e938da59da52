import { Readable } from "node:stream";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import busboy from "busboy";
import { FILE_TYPE_HEAD_BYTES } from "../../kernel/file-types";

/*
 * One streaming reader for multipart uploads of a single file (the form's `file` part): busboy reads the
 * body as it arrives, the file's first bytes are handed to `check` (its type by its bytes, not its name),
 * and the bytes go on to a sink with a byte limit. A refusal stops reading and aborts the sink, so a
 * refused upload leaves nothing behind. Small text fields of the same form are collected too.
 */

export type UploadRefusal = { status: 400 | 413 | 415; message: string };

/** Where the file's bytes go: memory, a file on disk… `write` may wait (back-pressure); `abort` throws nothing away twice. */
export interface UploadSink<T> {
  write(chunk: Buffer): Promise<void> | void;
  /** All bytes written: the sink's result. */
  end(): Promise<T> | T;
  /** The upload was refused or cut short: undo what was written. */
  abort(): Promise<void> | void;
}

export interface UploadedFile<T> {
  ok: true;
  result: T;
  /** The name the browser sent (only for showing it back; never used to store the file). */
  fileName: string;
  bytes: number;
  /** The first bytes' verdict from `check`. */
  fields: Record<string, string>;
}

export interface MultipartFileOptions<Type> {
  maxBytes: number;
  /** The file's first bytes (at least FILE_TYPE_HEAD_BYTES, or all of a shorter file), its name and declared type → its type, or a refusal. */
  check(head: Buffer, fileName: string, mimeType: string): { type: Type } | UploadRefusal;
  refusals: { tooLarge: UploadRefusal; missing: UploadRefusal; empty: UploadRefusal; incomplete: UploadRefusal; notMultipart: UploadRefusal };
}

export type MultipartFileOutcome<T, Type> = (UploadedFile<T> & { type: Type }) | ({ ok: false } & UploadRefusal);

/** Reads the request's multipart body: its `file` part streamed to the sink `open` makes once the type is known. */
export function readMultipartFile<T, Type>(request: Request, options: MultipartFileOptions<Type>, open: (type: Type) => UploadSink<T>): Promise<MultipartFileOutcome<T, Type>> {
  const { maxBytes, check, refusals } = options;
  const contentType = request.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) return Promise.resolve({ ok: false, ...refusals.notMultipart });
  const body = request.body;
  if (!body) return Promise.resolve({ ok: false, ...refusals.missing });
  const source = Readable.fromWeb(body as NodeWebStream);

  return new Promise((resolve) => {
    let settled = false;
    let sink: UploadSink<T> | null = null;
    const fields: Record<string, string> = {};
    const refuse = (refusal: UploadRefusal) => {
      if (settled) return;
      settled = true;
      source.unpipe();
      source.destroy();
      void Promise.resolve(sink?.abort()).finally(() => resolve({ ok: false, ...refusal }));
    };

    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { "content-type": contentType }, limits: { fileSize: maxBytes, files: 1, fields: 8, fieldSize: 2048, parts: 10 } });
    } catch {
      refuse(refusals.notMultipart);
      return;
    }

    let reading: Promise<{ fileName: string; bytes: number; type: Type } | null> | null = null;
    parser.on("field", (name, value) => {
      fields[name] = value;
    });
    parser.on("file", (field, file, info) => {
      if (field !== "file" || reading) {
        file.resume();
        return;
      }
      reading = new Promise((done) => {
        let head: Buffer[] = [];
        let headSize = 0;
        let size = 0;
        let type: Type | null = null;
        let chain: Promise<void> = Promise.resolve();
        const start = (bytes: Buffer) => {
          const verdict = check(bytes, info.filename ?? "", info.mimeType);
          if (!("type" in verdict)) {
            file.resume();
            refuse(verdict);
            return false;
          }
          type = verdict.type;
          sink = open(verdict.type);
          return true;
        };
        const pass = (chunk: Buffer) => {
          // Back-pressure: the file waits while the sink writes.
          file.pause();
          chain = chain.then(() => sink!.write(chunk)).then(
            () => void file.resume(),
            () => refuse(refusals.incomplete),
          );
        };
        file.on("data", (chunk: Buffer) => {
          if (settled) return;
          size += chunk.length;
          if (type === null) {
            head.push(chunk);
            headSize += chunk.length;
            if (headSize < FILE_TYPE_HEAD_BYTES) return;
            const bytes = Buffer.concat(head, headSize);
            head = [];
            if (start(bytes)) pass(bytes);
            return;
          }
          pass(chunk);
        });
        file.on("limit", () => refuse(refusals.tooLarge));
        file.on("end", () => {
          if (settled) return done(null);
          if (type === null && headSize > 0) {
            const bytes = Buffer.concat(head, headSize);
            if (!start(bytes)) return done(null);
            pass(bytes);
          }
          void chain.then(() => done(type === null ? null : { fileName: info.filename ?? "", bytes: size, type }));
        });
      });
    });
    parser.on("error", () => refuse(refusals.incomplete));
    parser.on("close", () => {
      void (reading ?? Promise.resolve(null)).then(async (file) => {
        if (settled) return;
        if (!reading) return refuse(refusals.missing);
        if (!file || file.bytes === 0) return refuse(refusals.empty);
        try {
          const result = await sink!.end();
          settled = true;
          resolve({ ok: true, result, fileName: file.fileName, bytes: file.bytes, type: file.type, fields });
        } catch {
          refuse(refusals.incomplete);
        }
      });
    });
    source.on("error", () => refuse(refusals.incomplete));
    source.pipe(parser);
  });
}
