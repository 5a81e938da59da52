import { describe, expect, it } from "vitest";
import { videoEmbedUrl, videoWatchUrl, type VideoSource } from "./video";

const youtube: VideoSource = { platform: "youtube", videoId: "aqz-KE-bpKQ", startSeconds: null, endSeconds: null };
const vimeo: VideoSource = { platform: "vimeo", videoId: "76979871", startSeconds: null, endSeconds: null };

describe("videoEmbedUrl", () => {
  it("embeds YouTube from the privacy-enhanced host without related videos and keyboard shortcuts", () => {
    expect(videoEmbedUrl(youtube)).toBe("https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?rel=0&disablekb=1");
  });

  it("adds start and end in seconds when the video has them", () => {
    const url = new URL(videoEmbedUrl({ ...youtube, startSeconds: 30, endSeconds: 95 }));
    expect(url.searchParams.get("start")).toBe("30");
    expect(url.searchParams.get("end")).toBe("95");
  });

  it("leaves out a start of 0", () => {
    expect(new URL(videoEmbedUrl({ ...youtube, startSeconds: 0 })).searchParams.has("start")).toBe(false);
  });

  it("embeds Vimeo with do-not-track and the start as a fragment", () => {
    expect(videoEmbedUrl(vimeo)).toBe("https://player.vimeo.com/video/76979871?dnt=1");
    expect(videoEmbedUrl({ ...vimeo, startSeconds: 12 })).toBe("https://player.vimeo.com/video/76979871?dnt=1#t=12s");
  });

  it("keeps an id from breaking out of the path", () => {
    expect(videoEmbedUrl({ ...youtube, videoId: "../x?y" })).toBe("https://www.youtube-nocookie.com/embed/..%2Fx%3Fy?rel=0&disablekb=1");
  });
});

describe("videoWatchUrl", () => {
  it("links the video's page on its host", () => {
    expect(videoWatchUrl(youtube)).toBe("https://www.youtube.com/watch?v=aqz-KE-bpKQ");
    expect(videoWatchUrl({ ...youtube, startSeconds: 30 })).toBe("https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=30s");
    expect(videoWatchUrl(vimeo)).toBe("https://vimeo.com/76979871");
  });
});
