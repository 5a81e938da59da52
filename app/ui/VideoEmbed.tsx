import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from "react";
import type { ProductVideo } from "../../server/catalog/types";
import { useI18n } from "../i18n/i18n";
import { allowVideos, subscribeVideoConsent, videosAllowed } from "../lib/video-consent";
import { Icon } from "./Icon";
import { ResponsiveImage } from "./ResponsiveImage";
import "./VideoEmbed.css";

/** The server cannot know the cookie without making every product page personal: it renders placeholders. */
/** Without JavaScript the button cannot load anything: the link to the host's page takes its place. */
const NO_SCRIPT_STYLE = ".video__load,.video__remember{display:none!important}";

const useVideosAllowed = () => useSyncExternalStore(subscribeVideoConsent, () => videosAllowed(), () => false);

/**
 * True once the element has come near the viewport. A hidden tab or a panel's source pane is
 * `display: none`, where Chrome would load a frame at once despite `loading="lazy"`.
 */
function useNearViewport(ref: RefObject<HTMLElement | null>, watch: boolean): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!watch || near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: "200px" });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, watch, near]);
  return near;
}

/**
 * A video from YouTube or Vimeo (spec §4 "Video element", reference §8.1). Until the shopper allows
 * `youtube-video`, a placeholder with our own preview picture stands in and nothing is asked of the
 * host; confirming one placeholder, or saving the cookie settings with the cookie ticked, swaps every
 * placeholder on the page for its frame. Without JavaScript the placeholder links to the video's page.
 */
export function VideoEmbed({ video }: { video: ProductVideo }) {
  const { t } = useI18n();
  const allowed = useVideosAllowed();
  const embedded = allowed || !video.needsConfirmation;
  const stage = useRef<HTMLDivElement>(null);
  const near = useNearViewport(stage, embedded);
  const host = video.hostName;
  const watchLink = (
    <noscript>
      <a className="button button--primary video__action" href={video.watchUrl} aria-label={t("video.watchOnNamed", { host, title: video.title })}>
        {t("video.watchOn", { host })}
      </a>
    </noscript>
  );

  return (
    <figure className="video">
      <div className="video__stage" ref={stage}>
        {embedded ? (
          near ? (
            <iframe
              className="video__frame"
              src={video.embedUrl}
              title={video.title}
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          ) : (
            watchLink
          )
        ) : (
          <>
            {video.preview && (
              <ResponsiveImage image={{ ...video.preview, alt: "" }} sizes="(min-width: 768px) 50vw, 100vw" className="video__preview" />
            )}
            <div className="video__consent">
              <Icon name="play" size={28} className="video__play" />
              <p className="video__title">{video.title}</p>
              <p className="video__notice">
                {t("video.notice", { host })}{" "}
                <a href={video.privacyUrl} target="_blank" rel="noopener noreferrer">
                  {t("video.privacy", { host })}
                </a>
              </p>
              {/* Named with the title: a page may hold several videos. The visible words start the name. */}
              <button
                type="button"
                className="button button--primary video__action video__load"
                aria-label={t("video.loadNamed", { title: video.title })}
                onClick={() => allowVideos()}
              >
                {t("video.load")}
              </button>
              {watchLink}
              <p className="video__remember">{t("video.remember")}</p>
            </div>
          </>
        )}
      </div>
      <noscript>
        <style>{NO_SCRIPT_STYLE}</style>
      </noscript>
      {video.caption && <figcaption className="video__caption">{video.caption}</figcaption>}
    </figure>
  );
}
