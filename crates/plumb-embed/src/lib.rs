//! plumb's sentence embeddings, offline: a static model compiled into the
//! binary. A text is tokenized by BERT's uncased WordPiece
//! ([`wordpiece`]), each token looked up in a table of int8 vectors (one
//! per vocabulary token, with a scale), and the vectors averaged and
//! normalised ([`StaticModel::embed`]). No transformer runs and nothing is
//! downloaded: the table is made from all-MiniLM-L6-v2's weights
//! model2vec-style by `tools/distill_static_model.py` (see
//! `model/model.json` for its provenance: each vocabulary token run through
//! the transformer, as model2vec distils), so embedding costs a lookup and
//! an add per token.
//!
//! This crate knows no other plumb crate: it turns text into vectors and
//! compares them, nothing else.

pub mod wordpiece;

use std::sync::OnceLock;

use wordpiece::WordPiece;

/// The model's name, as `status` reports it and the index records it.
pub const MODEL_NAME: &str = "plumb-static-minilm-l6-256";

/// Dimensions of a vector. From the table's shape (`model/model.json`).
pub const DIMENSIONS: usize = 256;

/// The vocabulary, one token a line, ids from 0.
const VOCAB: &str = include_str!("../model/vocab.txt");
/// Each token's vector, int8, [`DIMENSIONS`] a token, in id order.
const VECTORS: &[u8] = include_bytes!("../model/vectors.i8");
/// Each token's scale (little-endian `f32`): its vector is the int8 row
/// times the scale.
const SCALES: &[u8] = include_bytes!("../model/scales.f32");

/// Most tokens of a text embedded; the rest are ignored. Chosen: a static
/// model's mean drifts towards the common words of a long text, and a
/// symbol's text puts its name, signature and doc first.
pub const MAX_TOKENS: usize = 512;

/// Why the embedded model could not be loaded (a build that shipped
/// mismatched model files).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelError(String);

impl std::fmt::Display for ModelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the embedded model is malformed: {}", self.0)
    }
}

impl std::error::Error for ModelError {}

/// A static embedding model: a tokenizer and a table of token vectors.
pub struct StaticModel {
    tokenizer: WordPiece,
    vectors: &'static [u8],
    scales: Vec<f32>,
}

/// A normalised embedding, quantised to int8 (each component times 127).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vector(Vec<i8>);

impl StaticModel {
    /// The model compiled into this binary, loaded once.
    pub fn embedded() -> Result<&'static StaticModel, ModelError> {
        static MODEL: OnceLock<Result<StaticModel, ModelError>> = OnceLock::new();
        MODEL
            .get_or_init(|| StaticModel::new(VOCAB, VECTORS, SCALES))
            .as_ref()
            .map_err(Clone::clone)
    }

    fn new(
        vocab: &'static str,
        vectors: &'static [u8],
        scales: &[u8],
    ) -> Result<StaticModel, ModelError> {
        let tokenizer = WordPiece::new(vocab).ok_or_else(|| ModelError("no [UNK] token".into()))?;
        let tokens = vocab.lines().count();
        if vectors.len() != tokens * DIMENSIONS || scales.len() != tokens * 4 {
            return Err(ModelError(format!(
                "{tokens} tokens, {} vector bytes, {} scale bytes",
                vectors.len(),
                scales.len()
            )));
        }
        let scales = scales
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        Ok(StaticModel {
            tokenizer,
            vectors,
            scales,
        })
    }

    /// The text's embedding, unit length: the mean of its first
    /// [`MAX_TOKENS`] known tokens' vectors; `None` when it has none.
    pub fn embed(&self, text: &str) -> Option<Vec<f32>> {
        let mut ids = Vec::new();
        self.tokenizer.tokenize(text, &mut ids);
        let unknown = self.tokenizer.unknown();
        let mut sum = [0f32; DIMENSIONS];
        let mut count = 0;
        for &id in ids.iter().filter(|&&id| id != unknown).take(MAX_TOKENS) {
            let id = id as usize;
            let scale = self.scales[id];
            let row = &self.vectors[id * DIMENSIONS..(id + 1) * DIMENSIONS];
            for (total, &value) in sum.iter_mut().zip(row) {
                *total += f32::from(value as i8) * scale;
            }
            count += 1;
        }
        let norm = sum.iter().map(|v| v * v).sum::<f32>().sqrt();
        if count == 0 || norm == 0.0 {
            return None;
        }
        Some(sum.iter().map(|v| v / norm).collect())
    }

    /// The token ids of `text` (without `[CLS]`/`[SEP]`).
    pub fn tokens(&self, text: &str) -> Vec<u32> {
        let mut ids = Vec::new();
        self.tokenizer.tokenize(text, &mut ids);
        ids
    }
}

impl Vector {
    /// `unit` (a unit vector, such as [`StaticModel::embed`] gives)
    /// quantised.
    pub fn quantize(unit: &[f32]) -> Vector {
        Vector(
            unit.iter()
                .map(|v| (v * 127.0).round().clamp(-127.0, 127.0) as i8)
                .collect(),
        )
    }

    /// The vector as stored: one byte a component.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.0.iter().map(|&v| v as u8).collect()
    }

    /// A vector read back from [`Vector::to_bytes`].
    pub fn from_bytes(bytes: &[u8]) -> Vector {
        Vector(bytes.iter().map(|&b| b as i8).collect())
    }
}

/// Cosine similarity of a unit `query` and a stored vector, as bytes
/// ([`Vector::to_bytes`]); 0 when their dimensions differ or `stored` is zero.
pub fn cosine(query: &[f32], stored: &[u8]) -> f32 {
    if query.len() != stored.len() {
        return 0.0;
    }
    let (mut dot, mut norm) = (0f32, 0f32);
    for (&q, &s) in query.iter().zip(stored) {
        let s = f32::from(s as i8);
        dot += q * s;
        norm += s * s;
    }
    if norm == 0.0 { 0.0 } else { dot / norm.sqrt() }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn similarity(model: &StaticModel, a: &str, b: &str) -> f32 {
        let a = model.embed(a).unwrap();
        let b = Vector::quantize(&model.embed(b).unwrap()).to_bytes();
        cosine(&a, &b)
    }

    #[test]
    fn the_embedded_model_loads_and_gives_unit_vectors() {
        let model = StaticModel::embedded().unwrap();
        let vector = model.embed("retry failed requests").unwrap();
        assert_eq!(vector.len(), DIMENSIONS);
        let norm: f32 = vector.iter().map(|v| v * v).sum();
        assert!((norm - 1.0).abs() < 1e-4, "{norm}");
        assert_eq!(model.embed("   "), None);
    }

    #[test]
    fn related_texts_are_closer_than_unrelated_ones() {
        let model = StaticModel::embedded().unwrap();
        let query = "retry a failed http request";
        let related = similarity(
            model,
            query,
            "send request again after connection error backoff",
        );
        let unrelated = similarity(model, query, "parse colour from hex string");
        assert!(related > unrelated + 0.1, "{related} vs {unrelated}");
    }

    #[test]
    fn quantized_vectors_round_trip_through_bytes() {
        let vector = Vector::quantize(&[1.0, -1.0, 0.5, 0.0]);
        assert_eq!(Vector::from_bytes(&vector.to_bytes()), vector);
        assert!((cosine(&[1.0, 0.0, 0.0, 0.0], &vector.to_bytes()) - 0.6663).abs() < 1e-3);
        assert_eq!(cosine(&[1.0], &vector.to_bytes()), 0.0);
    }

    #[test]
    fn the_model_name_is_the_shipped_table_s() {
        let manifest = include_str!("../model/model.json");
        assert!(
            manifest.contains(&format!("\"name\": \"{MODEL_NAME}\"")),
            "{manifest}"
        );
        assert!(
            manifest.contains(&format!("\"dimensions\": {DIMENSIONS}")),
            "{manifest}"
        );
    }

    #[test]
    fn a_mismatched_table_is_an_error() {
        assert!(StaticModel::new("[UNK]\n", &[0; 3], &[0; 4]).is_err());
        assert!(StaticModel::new("a\n", &[], &[]).is_err());
    }
}
