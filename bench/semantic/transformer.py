#!/usr/bin/env python3
"""How far a real transformer would take search by meaning (issue 24): the replica's lexical
ranker fused with all-MiniLM-L6-v2 itself (run with numpy, as tools/distill_static_model.py runs
it) in place of the static model, on corpora prepared by `replica.py prepare`.

Each symbol's text is the replica's names+head text, cut to MAX_TOKENS WordPiece tokens between
[CLS] and [SEP], mean-pooled as sentence-transformers pools; each query is its sentence as asked.
Prints recall@10 per corpus for lexical alone, the transformer alone and their fusion at three
weights of the transformer. Slow (tens of symbols a second on one core): a probe of the ceiling
of a heavier optional model, not a path plumb takes at index time.

Usage: bench/semantic/transformer.py DIR CORPUS...   (DIR as given to `replica.py prepare`)
"""
import importlib.util
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import replica  # noqa: E402

TOOLS = Path(__file__).resolve().parent.parent.parent / "tools"
# Tokens of a symbol's text run through the transformer. Chosen: names and signature fit in it,
# and the cost grows with the square of the length.
MAX_TOKENS = 48
BATCH = 256


def load_distiller():
    spec = importlib.util.spec_from_file_location("distill", TOOLS / "distill_static_model.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def embed_all(distill, weights, model, texts):
    """Unit vectors of `texts`, batched by token count so no padding is needed."""
    cls, sep = model.ids["[CLS]"], model.ids["[SEP]"]
    tokens = [[cls] + model.tokens(t)[:MAX_TOKENS] + [sep] for t in texts]
    out = np.zeros((len(texts), 384), dtype=np.float32)
    by_length = {}
    for i, t in enumerate(tokens):
        by_length.setdefault(len(t), []).append(i)
    for rows in by_length.values():
        for start in range(0, len(rows), BATCH):
            batch = rows[start : start + BATCH]
            hidden = distill.encode(weights, np.array([tokens[i] for i in batch])).mean(1)
            out[batch] = hidden / np.linalg.norm(hidden, axis=1, keepdims=True)
    return out


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    replica.DATA = Path(sys.argv[1])
    distill = load_distiller()
    model = replica.Model(replica.MODEL)
    with tempfile.TemporaryDirectory() as tmp:
        weights = distill.load_safetensors(distill.fetch_model(Path(tmp)) / "model.safetensors")
    for name in sys.argv[2:]:
        started = time.time()
        _, entries, queries, targets = replica.load(name)
        db = replica.sqlite3.connect(replica.root_of(name) / ".plumb" / "index.db")
        lexical = [replica.lexical(db, q, 30) for q, _, _ in queries]
        ids = [e[0] for e in entries]
        symbols = embed_all(distill, weights, model, [f"{e[1]} {e[2]}" for e in entries])
        asked = embed_all(distill, weights, model, [q for q, _, _ in queries])
        semantic = [[ids[i] for i in np.argsort(-(symbols @ v))[:30]] for v in asked]
        row = {"lexical": replica.recall(lexical, targets), "transformer": replica.recall(semantic, targets)}
        for weight in (0.5, 1.0, 2.0):
            fused = [replica.fuse([a, b], [1, weight]) for a, b in zip(lexical, semantic)]
            row[f"fused, transformer x{weight}"] = replica.recall(fused, targets)
        print(name, len(queries), f"{time.time() - started:.0f} s",
              {k: round(v[0], 3) for k, v in row.items()}, flush=True)


if __name__ == "__main__":
    main()
