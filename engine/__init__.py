"""The start-up engine: Pyodide started fast in a page's worker, for a Python app that answers
one JSON request with one JSON answer; it imports neither the app nor the page.

Each folder holds what runs in one place:

    page/            in the page: runtime.js (startCalculator: ready, calculate, onProgress,
                     retry, and a channel per feature), offline.js (keepForOffline)
    worker/          in the app's worker: serve.js (serve: Python started, the app's answers,
                     the app's features by name), snapshot-image.js, app-zip.js
    service-worker/  sw.js: keeps a whole build, for offline visits
    python/          in Pyodide, in every visitor's browser: the modules the build adds to
                     its standard library (the lazy way to the rest of it, asyncio deferred)
    build/           in the build (CPython): its steps, and their interface for
                     site_build/pipeline.py (engine/build/__init__.py; the app names itself
                     to it with App)
    node/            in the build, under Node and in Pyodide: the stdlib compiled, the zips
                     cut, the memory snapshot made
    types/           the types of build-manifest.js and of the workers' global scopes
"""
