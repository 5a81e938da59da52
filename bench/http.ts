import http from "node:http";

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent on the wire (not decompressed). */
  body: Buffer;
}

/** A GET that keeps the body as transferred, so compressed sizes can be measured. */
export function get(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.setTimeout(30_000, () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on("error", reject);
  });
}

/** GET that must answer 200; returns the body as text. */
export async function getText(url: string): Promise<string> {
  const response = await get(url, { Accept: "text/html" });
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return response.body.toString("utf8");
}
