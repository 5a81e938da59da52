export const videoPlatforms = ["youtube", "vimeo"] as const;
export type VideoPlatform = (typeof videoPlatforms)[number];

/** What an embed needs from a `product_video` row. */
export interface VideoSource {
  platform: VideoPlatform;
  videoId: string;
  startSeconds: number | null;
  endSeconds: number | null;
}

/**
 * The hosts an embedded video is loaded from, and nothing else: the Content-Security-Policy's
 * `frame-src` allows exactly these. YouTube's privacy-enhanced host sets no cookies until playback.
 */
export const VIDEO_FRAME_ORIGINS: Record<VideoPlatform, string> = {
  youtube: "https://www.youtube-nocookie.com",
  vimeo: "https://player.vimeo.com",
};

/** The host's name as the consent notice shows it. */
export const VIDEO_HOST_NAMES: Record<VideoPlatform, string> = { youtube: "YouTube", vimeo: "Vimeo" };

/** The host's privacy policy, linked from the consent notice. */
export const VIDEO_PRIVACY_URLS: Record<VideoPlatform, string> = {
  youtube: "https://policies.google.com/privacy",
  vimeo: "https://vimeo.com/privacy",
};

/**
 * The iframe's `src` (reference §8.1): YouTube in privacy mode without related videos of other channels
 * (`rel=0`) and without keyboard shortcuts that would clash with the page's (`disablekb=1`), with the
 * optional start and end; Vimeo with "do not track" (`dnt=1`) and the start as its `#t=` fragment
 * (Vimeo's player has no end parameter).
 */
export function videoEmbedUrl(video: VideoSource): string {
  const id = encodeURIComponent(video.videoId);
  if (video.platform === "vimeo") {
    const start = video.startSeconds ? `#t=${video.startSeconds}s` : "";
    return `${VIDEO_FRAME_ORIGINS.vimeo}/video/${id}?dnt=1${start}`;
  }
  const params = new URLSearchParams({ rel: "0", disablekb: "1" });
  if (video.startSeconds) params.set("start", String(video.startSeconds));
  if (video.endSeconds) params.set("end", String(video.endSeconds));
  return `${VIDEO_FRAME_ORIGINS.youtube}/embed/${id}?${params}`;
}

/** The video's page on its host: the placeholder's plain link when JavaScript is off. */
export function videoWatchUrl(video: VideoSource): string {
  const id = encodeURIComponent(video.videoId);
  if (video.platform === "vimeo") return `https://vimeo.com/${id}${video.startSeconds ? `#t=${video.startSeconds}s` : ""}`;
  return `https://www.youtube.com/watch?v=${id}${video.startSeconds ? `&t=${video.startSeconds}s` : ""}`;
}
