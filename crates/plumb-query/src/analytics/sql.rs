//! `sql`: one read-only statement over the documented views, through the
//! store's locked-down connection ([`plumb_store::readonly`]).

use plumb_store::Store;
use plumb_store::readonly::{QueryError, ROW_LIMIT, Value};

use super::answers::SqlRow;
use crate::{Error, Result};

/// The columns and rows of `sql`, and a note when rows were left unread.
pub fn run(store: &Store, sql: &str) -> Result<(Vec<String>, Vec<SqlRow>, Vec<String>)> {
    let mut connection = store.query_connection()?;
    let rows = connection.run(sql).map_err(|err| match err {
        QueryError::Store(store) => Error::Store(store),
        refused => Error::Argument {
            argument: "query",
            message: format!(
                "{refused} (only one SELECT over the views symbols, edges and files is allowed)"
            ),
        },
    })?;
    let mut notes = Vec::new();
    if rows.truncated {
        notes.push(format!(
            "only the first {ROW_LIMIT} rows were read; add a LIMIT or narrow the query"
        ));
    }
    let values = rows
        .rows
        .into_iter()
        .map(|row| SqlRow(row.into_iter().map(json).collect()))
        .collect();
    Ok((rows.columns, values, notes))
}

fn json(value: Value) -> serde_json::Value {
    match value {
        Value::Null => serde_json::Value::Null,
        Value::Integer(n) => n.into(),
        Value::Real(x) => {
            serde_json::Number::from_f64(x).map_or(serde_json::Value::Null, Into::into)
        }
        Value::Text(text) => text.into(),
        Value::Blob(len) => format!("<blob of {len} bytes>").into(),
    }
}
