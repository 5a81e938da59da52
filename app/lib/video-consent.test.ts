// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { COOKIE_CONFIGURATION_UPDATE_EVENT } from "../../kernel/constants";
import { removeCookie, setCookie } from "./cookies";
import { allowVideos, subscribeVideoConsent, videosAllowed } from "./video-consent";

const publish = (detail: Record<string, boolean>) =>
  document.dispatchEvent(new CustomEvent(COOKIE_CONFIGURATION_UPDATE_EVENT, { detail }));

describe("video consent", () => {
  afterEach(() => removeCookie("youtube-video"));

  it("is given by the youtube-video cookie with the value 1", () => {
    expect(videosAllowed()).toBe(false);
    setCookie("youtube-video", "1", 30);
    expect(videosAllowed()).toBe(true);
  });

  it("confirming writes the cookie and tells every subscriber", () => {
    const first = vi.fn();
    const second = vi.fn();
    const stop = [subscribeVideoConsent(first), subscribeVideoConsent(second)];
    allowVideos();
    expect(document.cookie).toContain("youtube-video=1");
    expect(first).toHaveBeenCalledOnce();
    expect(second).toHaveBeenCalledOnce();
    stop.forEach((unsubscribe) => unsubscribe());
  });

  it("reacts to saved cookie settings that change youtube-video, not to other cookies", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeVideoConsent(listener);
    publish({ "wishlist-enabled": true });
    expect(listener).not.toHaveBeenCalled();
    publish({ "youtube-video": true });
    publish({ "youtube-video": false });
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    publish({ "youtube-video": true });
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
