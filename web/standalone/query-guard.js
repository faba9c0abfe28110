// A classic script in the page's head, so it runs before the page is first drawn. The page is
// written with the results of the default inputs; a link brings values of its own (a query),
// so those results stay hidden until Python has answered for the link (requests.js then removes
// the mark).
//
// The page parameters that change how the page looks are read here too, so that its first
// paint is already the one they ask for (share.js follows them afterwards): ?embed=1, the
// compact calculator of a frame, with the planning panels ?panels= names (embed.css), and
// ?theme=light|dark.
(() => {
  if (!location.search) {
    return;
  }
  const root = document.documentElement;
  const params = new URLSearchParams(location.search);
  root.dataset.linked = "";
  if (params.get("embed") === "1") {
    root.dataset.embed = "";
    // "compare,cost" as "compare cost", a list CSS matches a name of with ~=.
    const panels = (params.get("panels") ?? "").split(",").map((name) => name.trim());
    root.dataset.embedPanels = panels.filter(Boolean).join(" ");
  }
  const theme = params.get("theme");
  if (theme === "light" || theme === "dark") {
    root.dataset.theme = theme;
  }
})();
