#!/usr/bin/env python3
"""Search-by-meaning evaluation (issue 24): recall@10 and MRR of `plumb search` on real corpora
whose doc comments were stripped, against a BM25-over-code-chunks baseline.

For each corpus (a directory of bench/corpora/, from the registries via bench/fetch-corpora.sh):
  1. index the corpus as fetched; every definition plumb found a doc comment for is a candidate
     target, and the first sentence of its doc is the query;
  2. copy the corpus and strip every doc comment from the copy, keeping line numbers (Python
     docstrings become `pass`, Rust `///`/`//!` lines and `/** */` blocks become blank), and
     index the copy;
  3. leave out queries containing the target's own identifier (case-insensitive: that is name
     search), of fewer than MIN_QUERY_WORDS words, or shared by several definitions;
     sample at most MAX_QUERIES (seeded);
  4. ask each query of the stripped copy: `plumb search --json --limit 10` in modes auto,
     lexical and semantic; a hit is the target's file and line among the results;
  5. the baseline an agent could script itself: every indexed file of the copy cut into
     CHUNK_LINES-line chunks, BM25 (k1 1.2, b 0.75) over their words (identifiers split as plumb
     splits them); a hit is a chunk holding the target's line.
Corpora are `dev` (tuned on) or `held-out` (scored only); the table totals each role.
Writes bench/out/semantic.md. Usage: bench/semantic/eval.py [CORPUS...] (default: all below);
PLUMB=path/to/plumb (default target/release/plumb, else target/debug/plumb).
"""

import json
import math
import os
import random
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
CORPORA = {
    # name: (directory under bench/corpora, language, fetch name, role)
    "click": ("pypi/click-8.1.7", "python", "click", "dev"),
    "requests": ("pypi/requests-2.32.3", "python", "requests", "held-out"),
    "rxjs": ("npm/rxjs-7.8.1", "typescript", "rxjs", "dev"),
    "mobx": ("npm/mobx-6.13.5", "typescript", "mobx", "held-out"),
    "regex-automata": ("crates/regex-automata-0.4.9", "rust", "regex-automata", "dev"),
    "serde_json": ("crates/serde_json-1.0.133", "rust", "serde_json", "held-out"),
}
# Roles: search is tuned on the `dev` corpora only (one per language); the `held-out` ones are
# scored to check that what was tuned carries over, never to choose anything.
ROLES = ("dev", "held-out")
MODES = ("auto", "lexical", "semantic")
# Chosen: enough queries for recall to be read to a few points, few enough for minutes per corpus.
MAX_QUERIES = int(os.environ.get("MAX_QUERIES", "200"))
# Chosen: a query of one or two words is a name more than a question.
MIN_QUERY_WORDS = 3
# Chosen: about one function of the corpora; the baseline's chunk.
CHUNK_LINES = 20
TOP = 10
SEED = 24


def plumb_binary() -> str:
    if os.environ.get("PLUMB"):
        return os.environ["PLUMB"]
    for build in ("release", "debug"):
        path = REPO / "target" / build / "plumb"
        if path.exists():
            return str(path)
    sys.exit("no plumb binary: build it or set PLUMB")


def index(plumb: str, root: Path) -> sqlite3.Connection:
    subprocess.run([plumb, "index", "--full", "--root", str(root)], check=True, capture_output=True)
    return sqlite3.connect(root / ".plumb" / "index.db")


def split_identifier(name: str) -> list:
    """plumb-store's split_identifier: lowercase words on case humps, digits and separators."""
    words = []
    for run in re.findall(r"[^\W_]+", name):
        for part in re.findall(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+|[^\W\d_]+", run):
            words.append(part.lower())
    return words


def first_sentence(doc: str) -> str:
    paragraph = re.split(r"\n\s*\n", doc.strip(), maxsplit=1)[0]
    paragraph = " ".join(paragraph.split())
    match = re.search(r"(?<=[.!?])\s", paragraph)
    return (paragraph[: match.start()] if match else paragraph).strip()


def strip_python(text: str):
    import ast

    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return None
    lines = text.split("\n")
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(getattr(body[0], "value", None), ast.Constant) and isinstance(body[0].value.value, str):
            doc = body[0]
            start, end = doc.lineno - 1, doc.end_lineno - 1
            indent = re.match(r"\s*", lines[start]).group(0)
            lines[start] = indent + "pass"
            for i in range(start + 1, end + 1):
                lines[i] = ""
    return "\n".join(lines)


def blank(match: re.Match) -> str:
    return re.sub(r"[^\n]", " ", match.group(0))


def strip_c_style(text: str, rust: bool) -> str:
    text = re.sub(r"/\*\*(?!/)[\s\S]*?\*/", blank, text)
    if rust:
        text = re.sub(r"/\*![\s\S]*?\*/", blank, text)
        text = re.sub(r"(?m)^[ \t]*//[/!].*$", "", text)
        text = re.sub(r"(?m)^[ \t]*#!?\[doc\s*=.*\]\s*$", "", text)
    return text


def strip_docs(root: Path, language: str) -> set:
    """Strips doc comments under root in place; returns the files that could not be stripped."""
    failed = set()
    suffixes = {"python": (".py",), "typescript": (".ts", ".tsx", ".js"), "rust": (".rs",)}[language]
    for path in root.rglob("*"):
        if not path.is_file() or path.suffix not in suffixes or ".plumb" in path.parts:
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            continue
        if language == "python":
            stripped = strip_python(text)
        else:
            stripped = strip_c_style(text, rust=language == "rust")
        if stripped is None:
            failed.add(str(path.relative_to(root)))
            continue
        assert stripped.count("\n") == text.count("\n"), path
        path.write_text(stripped, encoding="utf-8")
    return failed


def queries(db: sqlite3.Connection, unstrippable: set) -> list:
    rows = db.execute(
        "SELECT s.name, s.doc, f.path, s.name_line FROM symbols s JOIN files f ON f.id = s.file_id "
        "WHERE s.doc IS NOT NULL AND s.doc != ''"
    ).fetchall()
    candidates = []
    for name, doc, path, line in rows:
        if path in unstrippable:
            continue
        query = first_sentence(doc)
        if len(query.split()) < MIN_QUERY_WORDS or name.lower() in query.lower():
            continue
        candidates.append((query, path, line))
    counts = Counter(q for q, _, _ in candidates)
    unique = sorted({c for c in candidates if counts[c[0]] == 1})
    random.Random(SEED).shuffle(unique)
    return unique[:MAX_QUERIES]


def plumb_ranks(plumb: str, root: Path, qs: list, mode: str) -> tuple:
    ranks, elapsed = [], []
    for query, path, line in qs:
        started = time.perf_counter()
        out = subprocess.run(
            [plumb, "search", "--json", "--limit", str(TOP), "--mode", mode, "--", query],
            cwd=root, capture_output=True, text=True,
        )
        elapsed.append(time.perf_counter() - started)
        results = json.loads(out.stdout)["results"] if out.stdout.strip() else []
        rank = next((i + 1 for i, r in enumerate(results) if r["file"] == path and r["line"] == line), None)
        ranks.append(rank)
    return ranks, elapsed


class Bm25:
    def __init__(self, docs: list):
        self.docs = [Counter(d) for d in docs]
        self.lengths = [len(d) for d in docs]
        self.average = sum(self.lengths) / max(1, len(docs))
        frequency = Counter(w for d in self.docs for w in d)
        n = len(docs)
        self.idf = {w: math.log(1 + (n - f + 0.5) / (f + 0.5)) for w, f in frequency.items()}

    def top(self, words: list, k: int) -> list:
        scores = []
        for i, doc in enumerate(self.docs):
            score = 0.0
            for w in words:
                tf = doc.get(w)
                if tf:
                    norm = tf + 1.2 * (1 - 0.75 + 0.75 * self.lengths[i] / self.average)
                    score += self.idf[w] * tf * 2.2 / norm
            if score > 0:
                scores.append((score, i))
        scores.sort(reverse=True)
        return [i for _, i in scores[:k]]


def baseline_ranks(db: sqlite3.Connection, root: Path, qs: list) -> list:
    chunks, docs = [], []
    for (path,) in db.execute("SELECT path FROM files WHERE status = 'indexed'"):
        lines = (root / path).read_text(encoding="utf-8", errors="replace").split("\n")
        for start in range(0, len(lines), CHUNK_LINES):
            chunks.append((path, start + 1, start + CHUNK_LINES))
            docs.append(split_identifier(" ".join(lines[start : start + CHUNK_LINES])))
    bm25 = Bm25(docs)
    ranks = []
    for query, path, line in qs:
        found = bm25.top(split_identifier(query), TOP)
        ranks.append(next((i + 1 for i, c in enumerate(found) if chunks[c][0] == path and chunks[c][1] <= line <= chunks[c][2]), None))
    return ranks


def metrics(ranks: list) -> tuple:
    n = len(ranks)
    recall = sum(1 for r in ranks if r) / n
    mrr = sum(1 / r for r in ranks if r) / n
    return recall, mrr


def main() -> None:
    names = sys.argv[1:] or list(CORPORA)
    plumb = plumb_binary()
    out_dir = REPO / "bench" / "out"
    out_dir.mkdir(parents=True, exist_ok=True)
    rows, per_query = [], {}
    for name in names:
        directory, language, fetch, role = CORPORA[name]
        source = REPO / "bench" / "corpora" / directory
        if not source.exists():
            subprocess.run([str(REPO / "bench" / "fetch-corpora.sh"), fetch], check=True)
        with tempfile.TemporaryDirectory(prefix=f"plumb-semantic-{name}-") as tmp:
            original, stripped = Path(tmp) / "original", Path(tmp) / "stripped"
            ignore = shutil.ignore_patterns(".plumb", "dist", "node_modules", "*.d.ts")
            shutil.copytree(source, original, ignore=ignore)
            shutil.copytree(source, stripped, ignore=ignore)
            qs = queries(index(plumb, original), strip_docs(stripped, language))
            db = index(plumb, stripped)
            symbols = db.execute("SELECT count(*) FROM symbols").fetchone()[0]
            leaked = db.execute("SELECT count(*) FROM symbols WHERE doc IS NOT NULL AND doc != ''").fetchone()[0]
            result = {"baseline": metrics(baseline_ranks(db, stripped, qs))}
            for mode in MODES:
                ranks, elapsed = plumb_ranks(plumb, stripped, qs, mode)
                result[mode] = metrics(ranks)
                per_query[(name, mode)] = sorted(elapsed)[len(elapsed) // 2]
            rows.append((name, role, language, symbols, leaked, len(qs), result))
            print(name, language, symbols, len(qs), json.dumps(result), flush=True)
    lines = [
        f"# plumb search evaluation — {time.strftime('%Y-%m-%d', time.gmtime())}, {Path(plumb).parent.name} build",
        "",
        "recall@10 / MRR@10; queries: first sentences of doc comments, asked of a copy with every doc comment stripped.",
        "",
        "| corpus | role | language | symbols | docs left after stripping | queries | BM25 chunks (baseline) | plumb auto | plumb lexical | plumb semantic | median s per `plumb search` (auto) |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for name, role, language, symbols, leaked, n, result in rows:
        cells = " | ".join(f"{result[k][0]:.2f} / {result[k][1]:.2f}" for k in ("baseline", *MODES))
        lines.append(f"| {name} | {role} | {language} | {symbols} | {leaked} | {n} | {cells} | {per_query[(name, 'auto')]:.3f} |")
    for label, roles in [*((r, (r,)) for r in ROLES), ("all", ROLES)]:
        chosen = [row for row in rows if row[1] in roles]
        count = sum(row[5] for row in chosen)
        if not count:
            continue
        totals = {k: [sum(row[6][k][i] * row[5] for row in chosen) / count for i in (0, 1)] for k in ("baseline", *MODES)}
        cells = " | ".join(f"{totals[k][0]:.2f} / {totals[k][1]:.2f}" for k in ("baseline", *MODES))
        lines.append(f"| {label} (query-weighted) | | | | | {count} | {cells} | |")
    (out_dir / "semantic.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
