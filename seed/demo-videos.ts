import type { InferInsertModel } from "drizzle-orm";
import type { productVideo } from "../server/catalog/tables";

type VideoInsert = Omit<InferInsertModel<typeof productVideo>, "productId" | "position">;

/**
 * Demo videos by product slug. `catalog.json` has no videos, so they are kept here. The clips are open
 * movies of the Blender Foundation (CC BY 3.0), shown as example 4K footage: they were not filmed
 * with the product. `DEMO_VIDEO_CREDITS` credits them on the credits page.
 */
export const DEMO_VIDEOS: Record<string, VideoInsert[]> = {
  "compact-digital-camera": [
    {
      platform: "youtube",
      videoId: "aqz-KE-bpKQ",
      title: "Big Buck Bunny (example 4K footage)",
      caption: "“Big Buck Bunny” (2008) by the Blender Foundation, CC BY 3.0. Example 4K footage, not filmed with this camera.",
    },
    {
      platform: "youtube",
      videoId: "eRsGyueVLvQ",
      title: "Sintel (example 4K footage)",
      caption: "“Sintel” (2010) by the Blender Foundation, CC BY 3.0. Example 4K footage, not filmed with this camera.",
    },
  ],
};

/** Markdown for the credits page: CC BY asks for the title, the author, the source and the licence. */
export const DEMO_VIDEO_CREDITS = `## Demo videos (embedded from YouTube)

The product page of the Compact Digital Camera embeds two open movies of the Blender Foundation as example
4K footage. They are not part of this repository: they are played from YouTube once a shopper allows it.
Neither was filmed with the product it is shown with.

| video | made by | source | licence |
| --- | --- | --- | --- |
| Big Buck Bunny (2008) | © Blender Foundation, [peach.blender.org](https://peach.blender.org/) | [YouTube aqz-KE-bpKQ](https://www.youtube.com/watch?v=aqz-KE-bpKQ) | [CC BY 3.0](https://creativecommons.org/licenses/by/3.0/) |
| Sintel (2010) | © Blender Foundation, [durian.blender.org](https://durian.blender.org/) | [YouTube eRsGyueVLvQ](https://www.youtube.com/watch?v=eRsGyueVLvQ) | [CC BY 3.0](https://creativecommons.org/licenses/by/3.0/) |
`;
