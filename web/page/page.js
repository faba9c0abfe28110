// The page's module script, which build.py bundles with everything it imports (site_build/
// bundle.py): the modules run in this order, each concern in its own module.  boot.js, the
// head's script, has started the calculator already.
import "./app.js";
import "./share/share.js";
import "./panels/panels.js";
import "./progress.js";
