/** Shared bits of the `seed/main.ts` and `seed/reset.ts` scripts. */
import type { ImportSummary } from "./import";

export function printSummary(summary: ImportSummary): void {
  console.log(
    `\nImported ${summary.imageCount} pictures and these rows in ${(summary.durationMs / 1000).toFixed(1)} s:`,
  );
  console.table(summary.counts);
}

/** Runs a script body; failures print their message and set a non-zero exit code, without a stack dump. */
export function runScript(body: () => Promise<void>): void {
  body().catch((error: unknown) => {
    console.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
