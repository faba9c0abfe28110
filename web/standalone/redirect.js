// dist/index.html: send the visitor to the page in their best language, keeping the
// query string and fragment (prefilled links). The page's links are the fallback.
//
// Each link says its page's language tag (hreflang="pt-BR") and leads to its directory
// ("pt/"). A preferred language matches a page of the same tag first ("pt-BR"), then one
// of the same language ("pt-PT" -> the Brazilian page, "de-AT" -> "de").
const pages = Array.from(
  /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll("a[hreflang]")),
  (link) => ({
    tag: link.hreflang.toLowerCase(),
    path: link.getAttribute("href"),
  }),
);

const primary = (tag) => tag.toLowerCase().split("-")[0];

function bestPage(preferred) {
  for (const wanted of preferred) {
    const page =
      pages.find((each) => each.tag === wanted.toLowerCase()) ??
      pages.find((each) => primary(each.tag) === primary(wanted));
    if (page) {
      return page;
    }
  }
  return pages.find((each) => each.tag === "en") ?? pages[0];
}

const page = bestPage(navigator.languages?.length ? navigator.languages : [navigator.language]);
if (page) {
  location.replace(`${page.path}${location.search}${location.hash}`);
}
