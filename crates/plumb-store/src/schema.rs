//! The SQLite schema and its version. Bump [`SCHEMA_VERSION`] whenever a
//! statement here changes; an index of another version is rebuilt, never
//! read with the wrong shape. Foreign keys are declared deferred, since a
//! graph's rows reference each other in any order; the writer checks them
//! itself at commit (see `integrity`).

/// Version of the schema below. Chosen: incremented by hand on every change.
pub const SCHEMA_VERSION: i64 = 9;

/// Statements creating every table, run on an empty database before the
/// [`INDEXES`].
pub const CREATE: &str = r#"
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE files (
    id            INTEGER PRIMARY KEY,
    path          TEXT NOT NULL UNIQUE,
    language      TEXT,
    hash          TEXT,
    size          INTEGER NOT NULL,
    mtime_ns      INTEGER,
    status        TEXT NOT NULL,
    reason        TEXT,
    syntax_errors INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE symbols (
    id          INTEGER PRIMARY KEY,
    file_id     INTEGER NOT NULL REFERENCES files(id) DEFERRABLE INITIALLY DEFERRED,
    name        TEXT NOT NULL,
    qualname    TEXT NOT NULL,
    kind        TEXT NOT NULL,
    start_line  INTEGER NOT NULL,
    end_line    INTEGER NOT NULL,
    start_byte  INTEGER NOT NULL,
    end_byte    INTEGER NOT NULL,
    name_line   INTEGER NOT NULL,
    name_col    INTEGER NOT NULL,
    signature   TEXT,
    doc         TEXT,
    parent_id   INTEGER REFERENCES symbols(id) DEFERRABLE INITIALLY DEFERRED,
    exported    INTEGER NOT NULL,
    impl_header TEXT,
    impl_start  INTEGER,
    impl_end    INTEGER
);

CREATE TABLE occurrences (
    id           INTEGER PRIMARY KEY,
    file_id      INTEGER NOT NULL REFERENCES files(id) DEFERRABLE INITIALLY DEFERRED,
    line         INTEGER NOT NULL,
    col          INTEGER NOT NULL,
    kind         TEXT NOT NULL,
    name         TEXT NOT NULL,
    receiver     TEXT,
    enclosing_id INTEGER REFERENCES symbols(id) DEFERRABLE INITIALLY DEFERRED
);

CREATE TABLE resolutions (
    occurrence_id INTEGER NOT NULL REFERENCES occurrences(id) DEFERRABLE INITIALLY DEFERRED,
    symbol_id     INTEGER NOT NULL REFERENCES symbols(id) DEFERRABLE INITIALLY DEFERRED,
    method        TEXT NOT NULL,
    confidence    REAL NOT NULL,
    PRIMARY KEY (occurrence_id, symbol_id)
) WITHOUT ROWID;

CREATE TABLE imports (
    id               INTEGER PRIMARY KEY,
    file_id          INTEGER NOT NULL REFERENCES files(id) DEFERRABLE INITIALLY DEFERRED,
    line             INTEGER NOT NULL,
    module           TEXT NOT NULL,
    name             TEXT,
    alias            TEXT,
    resolved_file_id INTEGER REFERENCES files(id) DEFERRABLE INITIALLY DEFERRED
);

CREATE TABLE file_facts (
    path  TEXT PRIMARY KEY,
    hash  TEXT NOT NULL,
    facts BLOB NOT NULL,
    refs  BLOB NOT NULL
);

CREATE TABLE file_rows (
    file_id              INTEGER PRIMARY KEY,
    hash                 BLOB NOT NULL,
    symbols              INTEGER NOT NULL,
    occurrences          INTEGER NOT NULL,
    resolved_occurrences INTEGER NOT NULL
);

CREATE VIRTUAL TABLE symbol_text USING fts5(tokens, content='', tokenize='unicode61');

CREATE VIRTUAL TABLE symbol_search USING fts5(names, head, body, content='',
    contentless_delete=1, tokenize='porter unicode61');

CREATE TABLE symbol_vectors (
    symbol_id INTEGER PRIMARY KEY,
    vector    BLOB NOT NULL
);

CREATE TABLE search_files (
    file_id INTEGER PRIMARY KEY,
    hash    BLOB NOT NULL
);
"#;

/// An index besides a table's primary key and unique constraints.
pub struct SecondaryIndex {
    /// Its name.
    pub name: &'static str,
    /// The statement creating it.
    pub create: &'static str,
}

/// Every secondary index, in the order they are created: after the tables
/// on an empty database, and again at the end of every full write, which
/// drops them first (see [`crate::GraphWriter`]).
pub const INDEXES: &[SecondaryIndex] = &[
    SecondaryIndex {
        name: "symbols_name",
        create: "CREATE INDEX symbols_name ON symbols(name)",
    },
    SecondaryIndex {
        name: "symbols_file",
        create: "CREATE INDEX symbols_file ON symbols(file_id, start_line)",
    },
    SecondaryIndex {
        name: "symbols_parent",
        create: "CREATE INDEX symbols_parent ON symbols(parent_id)",
    },
    SecondaryIndex {
        name: "occurrences_enclosing",
        create: "CREATE INDEX occurrences_enclosing ON occurrences(enclosing_id)",
    },
    SecondaryIndex {
        name: "occurrences_name",
        create: "CREATE INDEX occurrences_name ON occurrences(name)",
    },
    SecondaryIndex {
        name: "resolutions_symbol",
        create: "CREATE INDEX resolutions_symbol ON resolutions(symbol_id)",
    },
    SecondaryIndex {
        name: "imports_file",
        create: "CREATE INDEX imports_file ON imports(file_id)",
    },
    // Every answer says whether some file was not indexed: without it,
    // that question scans the files table (5 ms on the Linux kernel's).
    SecondaryIndex {
        name: "files_unindexed",
        create: "CREATE INDEX files_unindexed ON files(id) WHERE status NOT IN ('indexed', 'alias')",
    },
];

/// Tables dropped, in dependency order, before [`CREATE`] rebuilds them.
pub const TABLES: &[&str] = &[
    "search_files",
    "symbol_vectors",
    "symbol_search",
    "file_rows",
    "file_facts",
    "symbol_text",
    "imports",
    "resolutions",
    "occurrences",
    "symbols",
    "files",
    "meta",
];
