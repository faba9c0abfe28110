// dist/index.html: send the visitor to the page in their best language, keeping the
// query string and fragment (prefilled links). The page's links are the fallback.
const available = Array.from(document.querySelectorAll("a[hreflang]"), (link) => link.hreflang);

function bestLanguage(preferred) {
  for (const tag of preferred) {
    const language = tag.toLowerCase().split("-")[0];
    if (available.includes(language)) {
      return language;
    }
  }
  return available.includes("en") ? "en" : available[0];
}

const language = bestLanguage(navigator.languages ?? [navigator.language]);
if (language) {
  location.replace(`${language}/${location.search}${location.hash}`);
}
