// A classic script in the page's head, so it runs before the page is first drawn. The page is
// written with the results of the default inputs; a link brings values of its own (a query),
// so those results stay hidden until Python has answered for the link (requests.js then removes
// the mark).
if (location.search) {
  document.documentElement.dataset.linked = "";
}
