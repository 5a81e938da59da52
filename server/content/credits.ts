import { readFile } from "node:fs/promises";
import path from "node:path";
import { marked } from "marked";
import { demoAssetsDir } from "../../seed/paths";

/**
 * The demo assets' ATTRIBUTION.md as HTML, for the credits page: the CC-BY and BSD licences ask for
 * visible credits. Our own file, not user input, so rendering it as HTML is safe.
 */
export async function loadCreditsHtml(): Promise<string> {
  const markdown = await readFile(path.join(demoAssetsDir, "ATTRIBUTION.md"), "utf8");
  return marked.parse(markdown.replace(/^# .*\n/, ""));
}
