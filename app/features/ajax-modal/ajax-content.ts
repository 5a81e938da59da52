/** A page's content as an ajax modal shows it: its title (the first heading) and the rest of its main region. */
export interface AjaxContent {
  title: string;
  html: string;
}

/**
 * The content of a page's HTML: the `main` region without its first `h1`, which becomes the dialog's
 * name. Scripts and head-only elements are dropped (React may leave a page's `<title>` in the body).
 */
export function extractContent(pageHtml: string): AjaxContent {
  const doc = new DOMParser().parseFromString(pageHtml, "text/html");
  const main = doc.querySelector("main") ?? doc.body;
  const heading = main.querySelector("h1");
  const title = heading?.textContent?.trim() || doc.title;
  heading?.remove();
  main.querySelectorAll("script, style, link, meta, title, noscript").forEach((element) => element.remove());
  return { title, html: main.innerHTML.trim() };
}

const cache = new Map<string, Promise<AjaxContent>>();

/** The content of a same-origin page, fetched once per page view; a failed fetch is tried again next time. */
export function loadContent(url: string): Promise<AjaxContent> {
  let content = cache.get(url);
  if (!content) {
    content = fetch(url, { headers: { Accept: "text/html" } }).then(async (response) => {
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return extractContent(await response.text());
    });
    content.catch(() => cache.delete(url));
    cache.set(url, content);
  }
  return content;
}
