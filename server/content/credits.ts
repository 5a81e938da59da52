import { readFile } from "node:fs/promises";
import path from "node:path";
import { marked } from "marked";
import { DEMO_VIDEO_CREDITS } from "../../seed/demo-videos";
import { demoAssetsDir } from "../../seed/paths";

/**
 * The demo assets' ATTRIBUTION.md and the demo videos' credits as HTML, for the credits page: the CC-BY
 * and BSD licences ask for visible credits. Our own texts, not user input, so rendering them as HTML is safe.
 */
export async function loadCreditsHtml(): Promise<string> {
  const markdown = await readFile(path.join(demoAssetsDir, "ATTRIBUTION.md"), "utf8");
  return marked.parse(`${markdown.replace(/^# .*\n/, "")}\n${DEMO_VIDEO_CREDITS}`);
}
