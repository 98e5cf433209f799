//! `file:` URIs and paths. plumb sends absolute paths percent-encoded
//! (everything but RFC 3986's unreserved characters and `/`), and reads
//! back whatever encoding a server chose by decoding.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, percent_decode_str, utf8_percent_encode};

/// Characters encoded in a path: all but RFC 3986's unreserved ones and `/`.
const PATH_ENCODED: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'/')
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~');

/// The `file:` URI of an absolute path.
pub fn uri_of_path(path: &Path) -> String {
    let text = path.to_string_lossy();
    format!("file://{}", utf8_percent_encode(&text, PATH_ENCODED))
}

/// The path of a `file:` URI (`file:///a` or `file://localhost/a`); `None`
/// for any other scheme.
pub fn path_of_uri(uri: &str) -> Option<PathBuf> {
    let rest = uri.strip_prefix("file://")?;
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    if !rest.starts_with('/') {
        return None;
    }
    let bytes: Vec<u8> = percent_decode_str(rest).collect();
    Some(PathBuf::from(OsStr::from_bytes(&bytes)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_round_trip_through_uris() {
        for path in ["/tmp/a b/c#d.py", "/x/ü/%.ts", "/plain/file.go"] {
            let uri = uri_of_path(Path::new(path));
            assert!(!uri[7..].contains(' ') && !uri[7..].contains('#'), "{uri}");
            assert_eq!(path_of_uri(&uri).unwrap(), Path::new(path));
        }
        assert_eq!(
            path_of_uri("file://localhost/a/b%3A.c").unwrap(),
            Path::new("/a/b:.c")
        );
        assert_eq!(path_of_uri("untitled:1"), None);
    }
}
