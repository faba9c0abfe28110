"""Browser tests: the built site in Debian's Chromium, driven by Playwright."""
