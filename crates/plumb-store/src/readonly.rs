//! Ad-hoc SQL over the index, read-only by SQLite's own means: `plumb sql`
//! and the MCP `query` tool. Nothing here parses or inspects the SQL text
//! (so a literal or a comment can never trip or slip past a check); the
//! connection itself refuses anything but reading:
//!
//! - it is opened read-only (`SQLITE_OPEN_READ_ONLY`, no symbolic link
//!   followed), then `PRAGMA query_only` is set and SQLite's defensive mode
//!   is on;
//! - an authorizer allows only `SELECT`, reads of the documented views
//!   ([`VIEWS`]: the raw tables are read only through them; a read of no
//!   column, which `count(*)` makes, reveals no value and is allowed), recursive
//!   common table expressions and the functions of [`FUNCTIONS`]; every
//!   other action (`ATTACH`, `PRAGMA`, `CREATE`, `INSERT`, `DELETE`,
//!   `load_extension()`, …) is refused while the statement is prepared;
//! - extension loading stays off (it is never enabled on this connection);
//! - a progress handler interrupts a statement running longer than
//!   [`QUERY_TIMEOUT`];
//! - at most [`ROW_LIMIT`] rows are read, whatever the query's own `LIMIT`.
//!
//! The views are temporary (`temp` schema, shadowing the tables of the same
//! name) and created before the authorizer and `query_only` are installed.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rusqlite::hooks::{AuthAction, AuthContext, Authorization};
use rusqlite::types::ValueRef;
use rusqlite::{Connection, OpenFlags};

use crate::nofollow::{self, Access};
use crate::{Error, Result, Store};

/// Longest one query may run. Chosen: an interactive answer; a join over
/// every edge of the Linux subset's index takes a few seconds.
pub const QUERY_TIMEOUT: Duration = Duration::from_secs(5);

/// Most rows one query returns. Chosen: far beyond what an agent or a
/// person reads, small enough to bound the answer's memory.
pub const ROW_LIMIT: usize = 1_000;

/// Virtual-machine steps between two checks of the clock. Chosen: a few
/// microseconds of work, so the timeout is kept to within a millisecond.
const PROGRESS_STEPS: i32 = 10_000;

/// A documented view: its name and its definition over the raw tables.
pub struct View {
    /// The name queries use.
    pub name: &'static str,
    /// Its columns, as documented.
    pub columns: &'static str,
    /// The `SELECT` behind it.
    select: &'static str,
}

/// The views a query may read, with stable columns (README documents them).
pub const VIEWS: &[View] = &[
    View {
        name: "symbols",
        columns: "id, name, qualname, kind, file, line, end_line, start_line, parent, exported, signature",
        select: "SELECT s.id, s.name, s.qualname, s.kind, f.path AS file, s.name_line AS line,
                 s.end_line, s.start_line, s.parent_id AS parent, s.exported, s.signature
                 FROM main.symbols s JOIN main.files f ON f.id = s.file_id",
    },
    View {
        name: "edges",
        columns: "source, target, kind, resolution, confidence, file, line, source_id, target_id",
        select: "SELECT coalesce(src.qualname, f.path) AS source, dst.qualname AS target, o.kind,
                 r.method AS resolution, r.confidence, f.path AS file, o.line,
                 o.enclosing_id AS source_id, r.symbol_id AS target_id
                 FROM main.resolutions r
                 JOIN main.occurrences o ON o.id = r.occurrence_id
                 JOIN main.files f ON f.id = o.file_id
                 JOIN main.symbols dst ON dst.id = r.symbol_id
                 LEFT JOIN main.symbols src ON src.id = o.enclosing_id",
    },
    View {
        name: "files",
        columns: "path, language, status, reason, size",
        select: "SELECT path, language, status, reason, size FROM main.files",
    },
];

/// The SQL functions a query may call: aggregates, window ranks, text,
/// numbers and null handling; nothing that reaches outside the statement.
pub const FUNCTIONS: &[&str] = &[
    "abs",
    "avg",
    "coalesce",
    "count",
    "dense_rank",
    "glob",
    "group_concat",
    "ifnull",
    "iif",
    "instr",
    "length",
    "like",
    "lower",
    "ltrim",
    "max",
    "min",
    "nullif",
    "printf",
    "rank",
    "replace",
    "round",
    "row_number",
    "rtrim",
    "substr",
    "substring",
    "sum",
    "total",
    "trim",
    "typeof",
    "upper",
];

/// A query's answer: column names and at most [`ROW_LIMIT`] rows.
#[derive(Clone, Debug, PartialEq)]
pub struct Rows {
    /// Column names, in order.
    pub columns: Vec<String>,
    /// The rows, each value in column order.
    pub rows: Vec<Vec<Value>>,
    /// Whether rows beyond [`ROW_LIMIT`] were left unread.
    pub truncated: bool,
}

/// One value of a row.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// SQL `NULL`.
    Null,
    /// An integer.
    Integer(i64),
    /// A floating-point number.
    Real(f64),
    /// Text.
    Text(String),
    /// A blob, by its length only.
    Blob(usize),
}

/// Why a query was not answered.
#[derive(Debug, thiserror::Error)]
pub enum QueryError {
    /// SQLite refused or failed the statement (a syntax error, an action
    /// the authorizer denied, a write on the read-only connection).
    #[error("{0}")]
    Refused(String),
    /// The statement ran past [`QUERY_TIMEOUT`] and was interrupted.
    #[error("the query ran longer than {} s and was stopped", QUERY_TIMEOUT.as_secs())]
    TimedOut,
    /// The index could not be opened.
    #[error(transparent)]
    Store(#[from] Error),
}

/// Decides one action of a statement being prepared.
fn authorize(context: AuthContext<'_>) -> Authorization {
    let is_view = |name: &str| VIEWS.iter().any(|view| view.name == name);
    let allowed = match context.action {
        AuthAction::Select | AuthAction::Recursive => true,
        // A table has a schema (`main`, `temp`); a common table
        // expression or subquery has none. A read of no column (the
        // empty name: `count(*)` counting rows through a table the view
        // joins) reveals no value.
        AuthAction::Read {
            table_name,
            column_name,
        } => match (context.database_name, context.accessor) {
            (None, _) => true,
            _ if column_name.is_empty() => true,
            (Some(_), Some(view)) => is_view(view),
            (Some(schema), None) => schema == "temp" && is_view(table_name),
        },
        AuthAction::Function { function_name } => FUNCTIONS
            .iter()
            .any(|allowed| allowed.eq_ignore_ascii_case(function_name)),
        _ => false,
    };
    if allowed {
        Authorization::Allow
    } else {
        Authorization::Deny
    }
}

/// A read-only connection for ad-hoc queries over an index.
pub struct QueryConnection {
    conn: Connection,
    path: PathBuf,
}

impl QueryConnection {
    /// Opens the index database at `path` for ad-hoc queries.
    pub fn open(path: &Path) -> Result<QueryConnection> {
        if !path.is_file() {
            return Err(Error::Missing(path.to_owned()));
        }
        let (sqlite_path, flags) = nofollow::database(
            path,
            Access::Read,
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
        )?;
        let mut conn = Connection::open_with_flags(sqlite_path, flags)
            .map_err(|source| crate::sqlite(path, source))?;
        let fail = |source| crate::sqlite(path, source);
        let mut script = String::new();
        for view in VIEWS {
            script.push_str(&format!(
                "CREATE TEMP VIEW {} AS {};\n",
                view.name, view.select
            ));
        }
        conn.execute_batch(&script).map_err(fail)?;
        conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_DEFENSIVE, true)
            .map_err(fail)?;
        conn.pragma_update(None, "query_only", true).map_err(fail)?;
        conn.authorizer(Some(authorize)).map_err(fail)?;
        Ok(QueryConnection {
            conn,
            path: path.to_owned(),
        })
    }

    /// Runs one statement and reads at most [`ROW_LIMIT`] rows of it.
    pub fn run(&mut self, sql: &str) -> std::result::Result<Rows, QueryError> {
        let started = Instant::now();
        self.conn
            .progress_handler(
                PROGRESS_STEPS,
                Some(move || started.elapsed() > QUERY_TIMEOUT),
            )
            .map_err(|source| crate::sqlite(&self.path, source))?;
        let answer = read_rows(&self.conn, sql);
        self.conn
            .progress_handler(PROGRESS_STEPS, None::<fn() -> bool>)
            .map_err(|source| crate::sqlite(&self.path, source))?;
        answer.map_err(|err| match err.sqlite_error_code() {
            Some(rusqlite::ErrorCode::OperationInterrupted) => QueryError::TimedOut,
            _ => QueryError::Refused(err.to_string()),
        })
    }
}

fn read_rows(conn: &Connection, sql: &str) -> rusqlite::Result<Rows> {
    let mut statement = conn.prepare(sql)?;
    if !statement.readonly() {
        return Err(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_AUTH),
            Some("only reading statements are allowed".into()),
        ));
    }
    let columns: Vec<String> = statement.column_names().map(str::to_owned).collect();
    let width = columns.len();
    let mut rows = Vec::new();
    let mut truncated = false;
    let mut cursor = statement.query([])?;
    while let Some(row) = cursor.next()? {
        if rows.len() == ROW_LIMIT {
            truncated = true;
            break;
        }
        let mut values = Vec::with_capacity(width);
        for index in 0..width {
            values.push(match row.get_ref(index)? {
                ValueRef::Null => Value::Null,
                ValueRef::Integer(n) => Value::Integer(n),
                ValueRef::Real(x) => Value::Real(x),
                ValueRef::Text(text) => Value::Text(String::from_utf8_lossy(text).into_owned()),
                ValueRef::Blob(blob) => Value::Blob(blob.len()),
            });
        }
        rows.push(values);
    }
    Ok(Rows {
        columns,
        rows,
        truncated,
    })
}

impl Store {
    /// A read-only connection for ad-hoc queries over this index.
    pub fn query_connection(&self) -> Result<QueryConnection> {
        QueryConnection::open(&self.path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::FileRecord;

    fn index() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("index.db");
        let mut store = Store::open_for_write(&path).unwrap();
        let writer = store.replace_all().unwrap();
        writer.file(&FileRecord::indexed(1, "a.py")).unwrap();
        writer.commit().unwrap();
        (dir, path)
    }

    fn digest(path: &Path) -> Vec<u8> {
        std::fs::read(path).unwrap()
    }

    #[test]
    fn reads_the_views_even_with_keywords_in_literals_and_comments() {
        let (_dir, path) = index();
        let mut conn = QueryConnection::open(&path).unwrap();
        let rows = conn
            .run("SELECT path, 'DELETE FROM files; ATTACH' AS x FROM files -- DROP TABLE files")
            .unwrap();
        assert_eq!(rows.columns, ["path", "x"]);
        assert_eq!(rows.rows[0][0], Value::Text("a.py".into()));
        assert!(!rows.truncated);
        let count = conn.run("SELECT count(*) FROM files").unwrap();
        assert_eq!(count.rows, [[Value::Integer(1)]]);
    }

    #[test]
    fn refuses_everything_but_reading_and_leaves_the_index_unchanged() {
        let (dir, path) = index();
        let before = digest(&path);
        let mut conn = QueryConnection::open(&path).unwrap();
        let other = dir.path().join("other.db");
        for sql in [
            format!("ATTACH DATABASE '{}' AS other", other.display()),
            "CREATE TABLE t(x)".into(),
            "CREATE TEMP TABLE t(x)".into(),
            "INSERT INTO files(path) VALUES ('x')".into(),
            "DELETE FROM files".into(),
            "DELETE FROM main.files".into(),
            "UPDATE files SET path = 'x'".into(),
            "DROP VIEW symbols".into(),
            "PRAGMA writable_schema = ON".into(),
            "PRAGMA query_only = OFF".into(),
            "SELECT load_extension('/tmp/x.so')".into(),
            "SELECT * FROM main.files".into(),
            "SELECT * FROM sqlite_master".into(),
            "VACUUM INTO '/tmp/plumb-copy.db'".into(),
            "SELECT readfile('/etc/passwd')".into(),
        ] {
            assert!(
                matches!(conn.run(&sql), Err(QueryError::Refused(_))),
                "{sql}"
            );
        }
        assert!(!other.exists());
        drop(conn);
        assert_eq!(digest(&path), before);
    }

    #[test]
    fn a_query_that_never_ends_is_stopped_by_the_timeout() {
        let (_dir, path) = index();
        let mut conn = QueryConnection::open(&path).unwrap();
        let started = Instant::now();
        let endless = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) \
                       SELECT count(*) FROM n";
        let result = conn.run(endless);
        assert!(matches!(result, Err(QueryError::TimedOut)), "{result:?}");
        assert!(started.elapsed() < QUERY_TIMEOUT * 2);
        // The connection still answers afterwards.
        assert_eq!(conn.run("SELECT 1").unwrap().rows, [[Value::Integer(1)]]);
    }

    #[test]
    fn rows_beyond_the_limit_are_left_unread() {
        let (_dir, path) = index();
        let mut conn = QueryConnection::open(&path).unwrap();
        let many = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n LIMIT 5000) \
                    SELECT i FROM n";
        let rows = conn.run(many).unwrap();
        assert_eq!(rows.rows.len(), ROW_LIMIT);
        assert!(rows.truncated);
    }
}
