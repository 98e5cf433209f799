#!/usr/bin/env python3
"""Offline replica of `plumb search`'s lexical and semantic rankers (issue 24), to tune the
fusion and the text a vector embeds without rebuilding plumb for every variant.

`prepare` indexes a corpus's stripped copy as bench/semantic/eval.py does and keeps it, with its
queries, under DIR/<corpus>/. `score` then reads that index: the lexical ranker queries its FTS5
table as plumb-store does (stop words out, BM25 weights 4/2/1); the semantic ranker embeds each
symbol's text, rebuilt from the symbols table as plumb-index builds it, with the model table
under crates/plumb-embed/model (a Python WordPiece over its vocabulary, mean of rows); lists of
30 are fused by reciprocal rank (K 60) with the given weights. The name ranker is left out.
Needs numpy and pysqlite3-binary (plumb's FTS5 table is newer than Python's sqlite3 reads).

Usage: bench/semantic/replica.py prepare DIR CORPUS...   (PLUMB=path/to/plumb)
       bench/semantic/replica.py score DIR CORPUS...
"""
import json
import os
import re
import shutil
import sys
from pathlib import Path

import numpy as np
import pysqlite3 as sqlite3

sys.path.insert(0, str(Path(__file__).resolve().parent))
import eval as ev  # noqa: E402

# The static model table; PLUMB_MODEL_DIR compares another (a distillation written elsewhere).
MODEL = Path(os.environ.get("PLUMB_MODEL_DIR", ev.REPO / "crates" / "plumb-embed" / "model"))
DATA = Path(".")


def root_of(name):
    return DATA / name / "stripped"


STOP = set("""about all an and any are as at be been by can could did do does for from has have how if in into is it
its me my of on or our should so some that the their them then there these this those to us was we were what when
where which who why will with would you your""".split())


def split_identifier(name):
    words = []
    for run in re.findall(r"[^\W_]+", name):
        for part in re.findall(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+|[^\W\d_]+", run):
            words.append(part.lower())
    return words


class Model:
    def __init__(self, directory):
        d = Path(directory)
        self.vocab = (d / "vocab.txt").read_text().splitlines()
        self.ids = {t: i for i, t in enumerate(self.vocab)}
        v = np.frombuffer((d / "vectors.i8").read_bytes(), dtype=np.int8).reshape(len(self.vocab), -1)
        s = np.frombuffer((d / "scales.f32").read_bytes(), dtype="<f4")
        self.table = v.astype(np.float32) * s[:, None]
        self.cache = {}

    def word(self, w):
        if w in self.cache:
            return self.cache[w]
        out, start = [], 0
        while start < len(w):
            end = len(w)
            found = None
            while start < end:
                piece = w[start:end] if start == 0 else "##" + w[start:end]
                if piece in self.ids:
                    found = self.ids[piece]
                    break
                end -= 1
            if found is None:
                out = []
                break
            out.append(found)
            start = end
        self.cache[w] = out
        return out

    def tokens(self, text):
        ids = []
        for w in re.findall(r"\w+|[^\w\s]", text.lower()):
            ids.extend(self.word(w))
        return ids[:512]

    def embed(self, text, weights=None):
        ids = self.tokens(text)
        if not ids:
            return None
        rows = self.table[ids]
        v = rows.mean(0) if weights is None else (rows * weights(ids)[:, None]).sum(0)
        n = np.linalg.norm(v)
        return v / n if n else None


def words(text, limit=None):
    out, seen = [], set()
    for run in re.split(r"[^\w]+", text):
        for w in split_identifier(run):
            if len(w) < 2 or w.isdigit():
                continue
            if limit is None:
                out.append(w)
            elif w not in seen:
                seen.add(w)
                out.append(w)
                if len(out) == limit:
                    return out
    return out


def load(name, body_limit=100):
    root = root_of(name)
    db = sqlite3.connect(root / ".plumb" / "index.db")
    rows = db.execute(
        "SELECT s.id, s.name, s.qualname, s.signature, s.doc, s.start_byte, s.end_byte, f.path, s.name_line, s.kind, p.name FROM symbols s JOIN files f ON f.id = s.file_id LEFT JOIN symbols p ON p.id = s.parent_id"
    ).fetchall()
    sources = {}
    entries = []
    for sid, nm, qn, sig, doc, sb, eb, path, line, kind, parent in rows:
        if path not in sources:
            sources[path] = (root / path).read_bytes()
        names = split_identifier(nm)
        for w in split_identifier(qn):
            if w not in names:
                names.append(w)
        head = words(doc or "") + words(sig or "")
        body = words(sources[path][sb:eb].decode("utf-8", "replace"), body_limit)
        entries.append((sid, " ".join(names), " ".join(head), " ".join(body), path, line, kind, parent or "", nm, qn))
    qs = json.loads((root_of(name).parent / "queries.json").read_text())
    where = {}
    for e in entries:
        where.setdefault((e[4], e[5]), []).append(e[0])
    targets = [set(where.get((p, l), [])) for _, p, l in qs]
    return db, entries, qs, targets


def fts(entries, text_of):
    db = sqlite3.connect(":memory:")
    db.execute("CREATE VIRTUAL TABLE symbol_search USING fts5(names, head, body, content='', tokenize='porter unicode61')")
    db.executemany("INSERT INTO symbol_search (rowid, names, head, body) VALUES (?,?,?,?)", [(e[0], *text_of(e)) for e in entries])
    return db


def query_words(q):
    words = [w for run in re.split(r"[^\w]+", q) for w in split_identifier(run)]
    m = [w for w in words if w not in STOP]
    return m or words


def lexical(db, q, fetch, weights=(4.0, 2.0, 1.0)):
    words = query_words(q)
    if not words:
        return []
    expr = " OR ".join('"%s"' % w.replace('"', "") for w in words)
    a, b, c = weights
    return [r[0] for r in db.execute(
        f"SELECT rowid FROM symbol_search WHERE symbol_search MATCH ? ORDER BY bm25(symbol_search,{a},{b},{c}) LIMIT ?",
        (expr, fetch))]


def semantic_lists(model, entries, qs, text_of, fetch, query_text=None):
    ids, vecs = [], []
    for e in entries:
        v = model.embed(text_of(e))
        if v is not None:
            ids.append(e[0])
            vecs.append(v)
    m = np.stack(vecs)
    out = []
    for q, _, _ in qs:
        qt = query_text(q) if query_text else " ".join(w for run in re.split(r"[^\w]+", q) for w in split_identifier(run))
        v = model.embed(qt)
        if v is None:
            out.append([])
            continue
        s = m @ v
        top = np.argsort(-s)[:fetch]
        out.append([ids[i] for i in top])
    return out


def recall(lists, targets, k=10):
    hits = [next((i + 1 for i, x in enumerate(l[:k]) if x in t), None) for l, t in zip(lists, targets)]
    return sum(1 for h in hits if h) / len(hits), sum(1 / h for h in hits if h) / len(hits)


def fuse(named_lists, weights, k=60.0):
    scores = {}
    for (lst, w) in zip(named_lists, weights):
        for i, x in enumerate(lst):
            scores[x] = scores.get(x, 0.0) + w / (k + i + 1)
    return [x for x, _ in sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))]


def prepare(names):
    plumb = ev.plumb_binary()
    for name in names:
        directory, language, _, _ = ev.CORPORA[name]
        source = ev.REPO / "bench" / "corpora" / directory
        dest = DATA / name
        shutil.rmtree(dest, ignore_errors=True)
        original, stripped = dest / "original", dest / "stripped"
        ignore = shutil.ignore_patterns(".plumb", "dist", "node_modules", "*.d.ts")
        shutil.copytree(source, original, ignore=ignore)
        shutil.copytree(source, stripped, ignore=ignore)
        qs = ev.queries(ev.index(plumb, original), ev.strip_docs(stripped, language))
        ev.index(plumb, stripped)
        (dest / "queries.json").write_text(json.dumps(qs))
        shutil.rmtree(original)
        print(name, len(qs), "queries", flush=True)


def score(names):
    model = Model(MODEL)
    texts = {
        "all": lambda e: f"{e[1]} {e[2]} {e[3]}",
        "names+head": lambda e: f"{e[1]} {e[2]}",
    }
    for name in names:
        _, entries, qs, targets = load(name)
        db = sqlite3.connect(root_of(name) / ".plumb" / "index.db")
        lex = [lexical(db, q, 30) for q, _, _ in qs]
        row = {"lexical": recall(lex, targets)}
        for label, text in texts.items():
            sem = semantic_lists(model, entries, qs, text, 30)
            row[f"semantic[{label}]"] = recall(sem, targets)
            for weight in (0.5, 1.0):
                fused = [fuse([a, b], [1, weight]) for a, b in zip(lex, sem)]
                row[f"fused[{label}, semantic x{weight}]"] = recall(fused, targets)
        print(name, len(qs), json.dumps({k: [round(x, 3) for x in v] for k, v in row.items()}), flush=True)


if __name__ == "__main__":
    if len(sys.argv) < 4 or sys.argv[1] not in ("prepare", "score"):
        sys.exit(__doc__)
    DATA = Path(sys.argv[2])
    DATA.mkdir(parents=True, exist_ok=True)
    (prepare if sys.argv[1] == "prepare" else score)(sys.argv[3:])
