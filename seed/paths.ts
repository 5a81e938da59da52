import { fileURLToPath } from "node:url";

/** Absolute path of `seed/demo-assets`, independent of the working directory. */
export const demoAssetsDir = fileURLToPath(new URL("./demo-assets", import.meta.url));
