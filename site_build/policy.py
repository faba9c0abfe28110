"""The site's Content-Security-Policy: one string for the pages (a meta tag, render.py) and
for the calculator's worker script (a header the service worker adds: the engine's
write_service_worker puts it in sw.js, site_build/pipeline.py hands it over)."""

# Only the site's own origin; 'wasm-unsafe-eval' lets Pyodide compile its wasm, and
# blob: lets the engine's runtime.js start the module worker from a bootstrap that the page's
# policy covers.  The pages carry it in a meta tag; sw.js sends it with the worker's
# script.
CSP = "; ".join(
    (
        "default-src 'none'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "worker-src 'self' blob:",
        "connect-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "base-uri 'none'",
        "form-action 'none'",
    )
)
