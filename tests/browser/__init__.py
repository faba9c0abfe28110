"""Browser tests: the built site in Debian's Chromium and Firefox ESR, driven by Playwright."""
