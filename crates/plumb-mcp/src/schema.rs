//! Input and output schemas, generated from the Rust types by schemars
//! through rmcp's helpers (JSON Schema 2020-12), then made compact so that
//! `tools/list` stays small (under 8 KB for the core profile).
//!
//! Input schemas keep every argument's description, type, bounds, enum and
//! default: they are how the agent learns the arguments. Output schemas are
//! cut to the answer's first level — each property's name, JSON type or
//! enum, and which are required — because the tool descriptions' **Returns**
//! part and README's JSON contract describe the items, and full item
//! schemas would triple the listing.

use std::any::Any;
use std::sync::Arc;

use rmcp::handler::server::tool::{schema_for_input, schema_for_output};
use rmcp::model::JsonObject;
use schemars::JsonSchema;
use serde_json::{Map, Value, json};

use crate::rows::Shape;

/// Keywords dropped from input schemas: the dialect is MCP's default, and
/// number formats (`uint32`) say nothing `minimum` does not.
const INPUT_DROPPED: &[&str] = &["$schema", "format"];

/// The input schema of `T` (an object schema, as MCP requires).
///
/// Panics when `T` has no object schema: that is a defect of plumb's own
/// input types, never of user input, and the registry's test builds every
/// tool's schema.
#[expect(
    clippy::panic,
    reason = "a static defect of plumb's own types, caught by the registry's test"
)]
pub fn input<T: JsonSchema + Any>() -> Arc<JsonObject> {
    let mut schema = match schema_for_input::<T>() {
        Ok(schema) => schema.as_ref().clone(),
        Err(err) => panic!("input schema of {}: {err}", std::any::type_name::<T>()),
    };
    schema.retain(|key, _| !INPUT_DROPPED.contains(&key.as_str()));
    if let Some(Value::Object(properties)) = schema.get_mut("properties") {
        for property in properties.values_mut() {
            if let Value::Object(property) = property {
                property.retain(|key, _| !INPUT_DROPPED.contains(&key.as_str()));
            }
        }
    }
    Arc::new(schema)
}

/// The `$defs` of a generated schema, empty when it has none.
fn definitions(full: &JsonObject) -> Map<String, Value> {
    full.get("$defs")
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default()
}

/// The first-level output schema of `T`.
pub fn output<T: JsonSchema + Any>() -> Arc<JsonObject> {
    let full = schema_for_output::<T>();
    let defs = definitions(&full);
    let mut schema = JsonObject::new();
    schema.insert("type".into(), json!("object"));
    if let Some(Value::Object(properties)) = full.get("properties") {
        let shallow: Map<String, Value> = properties
            .iter()
            .map(|(name, property)| (name.clone(), Value::Object(outline(property, &defs))))
            .collect();
        schema.insert("properties".into(), Value::Object(shallow));
    }
    if let Some(required) = full.get("required") {
        schema.insert("required".into(), required.clone());
    }
    Arc::new(schema)
}

/// The output schema of an envelope whose structured content is leaned
/// ([`crate::lean`]): `results`, required. For a listing whose results
/// are rows ([`crate::rows`]), the row tuples cell by cell; otherwise
/// the fields of a result
/// and their types (none required, as lean leaves defaults and repeated
/// files and names out; `target` an index). The envelope's other fields
/// (`freshness`, `targets`, `completeness`, `notes`,
/// `truncated`, `scope`) and the items' `"type": "object"` are left to
/// the descriptions and README: with them the core listing passes 8 KB
/// (8,279 bytes measured with `query` and `freshness` required).
pub fn lean_output<T: JsonSchema + Any>() -> Arc<JsonObject> {
    let full = schema_for_output::<T>();
    let defs = definitions(&full);
    let item = full
        .get("properties")
        .and_then(|properties| properties.get("results"))
        .and_then(|results| results.get("items"));
    let shape = item
        .and_then(|item| item.get("$ref"))
        .and_then(Value::as_str)
        .and_then(|reference| reference.rsplit('/').next())
        .and_then(Shape::of_item);
    if let Some(shape) = shape {
        let (results, row_defs) = shape.schema();
        let mut schema = json!({
            "type": "object",
            "properties": {"results": results},
            "required": ["results"],
        });
        if !row_defs.is_empty() {
            schema["$defs"] = Value::Object(row_defs);
        }
        return into_object(schema);
    }
    let mut results = json!({"type": "array"});
    if let Some(item) = item {
        results["items"] = Value::Object(item_shape(item, &defs));
    }
    let schema = json!({
        "type": "object",
        "properties": {"results": results},
        "required": ["results"],
    });
    into_object(schema)
}

/// `schema` as the object a tool's output schema is.
fn into_object(schema: Value) -> Arc<JsonObject> {
    match schema {
        Value::Object(schema) => Arc::new(schema),
        _ => Arc::new(JsonObject::new()),
    }
}

/// A result's fields and their types, read through a `$ref` (a result
/// that is not an object: its type).
fn item_shape(item: &Value, defs: &Map<String, Value>) -> JsonObject {
    let mut item = item;
    if let Some(Value::String(reference)) = item.get("$ref") {
        let name = reference.rsplit('/').next().unwrap_or_default();
        if let Some(def) = defs.get(name) {
            item = def;
        }
    }
    let Some(Value::Object(properties)) = item.get("properties") else {
        return outline(item, defs);
    };
    let fields: Map<String, Value> = properties
        .iter()
        .map(|(name, property)| {
            let field = if name == "target" {
                json!({"type": "integer"})
            } else {
                lean_type(&outline(property, defs)).map_or(json!({}), |ty| json!({"type": ty}))
            };
            (name.clone(), field)
        })
        .collect();
    let mut shape = JsonObject::new();
    shape.insert("properties".into(), Value::Object(fields));
    shape
}

/// A leaned field's JSON type: an enum's values are strings (the
/// description names them), and never null (lean leaves nulls out); `None`
/// when any type goes.
fn lean_type(field: &JsonObject) -> Option<Value> {
    match field.get("type") {
        Some(Value::Array(types)) => {
            let types: Vec<&Value> = types.iter().filter(|ty| *ty != "null").collect();
            match types.as_slice() {
                [one] => Some((*one).clone()),
                _ => Some(json!(types)),
            }
        }
        Some(ty) => Some(ty.clone()),
        None => field.contains_key("enum").then(|| json!("string")),
    }
}

/// A property's schema reduced to its JSON type(s) or enum.
fn outline(property: &Value, defs: &Map<String, Value>) -> JsonObject {
    let mut out = JsonObject::new();
    let Some(object) = property.as_object() else {
        return out;
    };
    if let Some(Value::String(reference)) = object.get("$ref") {
        let name = reference.rsplit('/').next().unwrap_or_default();
        return defs.get(name).map_or(out, |def| outline(def, defs));
    }
    if let Some(values) = constants(object) {
        out.insert("enum".into(), Value::Array(values));
        return out;
    }
    if let Some(ty) = object.get("type") {
        out.insert("type".into(), ty.clone());
        return out;
    }
    // `anyOf: [X, {"type": "null"}]`, as schemars writes an optional struct.
    if let Some(Value::Array(options)) = object.get("anyOf") {
        let mut types = Vec::new();
        for option in options {
            match outline(option, defs).get("type") {
                Some(Value::String(ty)) => types.push(json!(ty)),
                Some(Value::Array(tys)) => types.extend(tys.iter().cloned()),
                _ => return out,
            }
        }
        out.insert("type".into(), Value::Array(types));
    }
    out
}

/// The values of an enum written as `enum` or as `oneOf` of `const`s.
fn constants(object: &JsonObject) -> Option<Vec<Value>> {
    if let Some(Value::Array(values)) = object.get("enum") {
        return Some(values.clone());
    }
    let Some(Value::Array(options)) = object.get("oneOf") else {
        return None;
    };
    options.iter().map(|o| o.get("const").cloned()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

    /// An optional part.
    #[derive(Serialize, JsonSchema)]
    struct Part {
        n: u32,
    }

    /// A mode.
    #[derive(Serialize, JsonSchema)]
    #[serde(rename_all = "snake_case")]
    enum Mode {
        /// First.
        Fast,
        /// Second.
        Slow,
    }

    #[derive(Serialize, JsonSchema)]
    struct Whole {
        /// Items.
        items: Vec<Part>,
        mode: Mode,
        part: Option<Part>,
        label: Option<String>,
        anything: serde_json::Value,
    }

    #[test]
    fn output_schemas_keep_types_enums_and_required_at_the_first_level() {
        let _ = [Mode::Fast, Mode::Slow];
        let schema = Value::Object(output::<Whole>().as_ref().clone());
        assert_eq!(
            schema,
            json!({
                "type": "object",
                "properties": {
                    "items": {"type": "array"},
                    "mode": {"enum": ["fast", "slow"]},
                    "part": {"type": ["object", "null"]},
                    "label": {"type": ["string", "null"]},
                    "anything": {}
                },
                "required": ["items", "mode", "part", "label", "anything"]
            })
        );
    }

    /// A result, as a listing gives it.
    #[derive(Serialize, JsonSchema)]
    struct Row {
        file: String,
        line: u32,
        mode: Mode,
        target: Option<String>,
        part: Option<Part>,
    }

    #[derive(Serialize, JsonSchema)]
    struct Listing {
        query: Part,
        results: Vec<Row>,
        notes: Vec<String>,
        freshness: Part,
    }

    #[test]
    fn lean_output_schemas_give_each_result_field_a_type_and_require_none() {
        let schema = Value::Object(lean_output::<Listing>().as_ref().clone());
        assert_eq!(schema["required"], json!(["results"]));
        assert_eq!(
            schema["properties"]["results"]["items"],
            json!({
                "properties": {
                    "file": {"type": "string"},
                    "line": {"type": "integer"},
                    "mode": {"type": "string"},
                    "target": {"type": "integer"},
                    "part": {"type": "object"}
                }
            })
        );
    }
}
