//! What a run sets apart of each file's facts while it links the graph
//! ([`crate::facts::FileFacts::set_apart`]: the reference sites, and the
//! functions' bindings and locals), encoded, in one unnamed temporary file
//! under `.plumb/`: written as the file is parsed (or its cached parts
//! read), read back when the file is resolved. Held in memory instead,
//! the Linux kernel's reference sites alone were over half a gigabyte for
//! the whole run.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::Mutex;

/// Where one file's encoded parts lie in a [`SetAside`] file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AsideAt {
    offset: u64,
    len: u64,
}

impl AsideAt {
    /// How many bytes the parts take, encoded.
    pub fn bytes(self) -> u64 {
        self.len
    }
}

/// The temporary file holding every file's encoded parts. It has no name
/// where the platform allows it (else `tempfile` removes it on drop), so a
/// run that stops leaves nothing behind.
#[derive(Debug)]
pub struct SetAside {
    /// The file, and where the next parts go.
    file: Mutex<(File, u64)>,
}

impl SetAside {
    /// An empty file in `dir`.
    pub fn create(dir: &Path) -> std::io::Result<SetAside> {
        Ok(SetAside {
            file: Mutex::new((tempfile::tempfile_in(dir)?, 0)),
        })
    }

    /// Writes `encoded` at the end of the file and says where it lies.
    pub fn put(&self, encoded: &[u8]) -> std::io::Result<AsideAt> {
        let mut guard = self.file.lock().unwrap_or_else(|e| e.into_inner());
        let (file, end) = &mut *guard;
        let at = AsideAt {
            offset: *end,
            len: encoded.len() as u64,
        };
        if at.len > 0 {
            file.seek(SeekFrom::Start(at.offset))?;
            file.write_all(encoded)?;
            *end += at.len;
        }
        Ok(at)
    }

    /// The bytes [`SetAside::put`] wrote at `at`.
    pub fn get(&self, at: AsideAt) -> std::io::Result<Vec<u8>> {
        let mut bytes = vec![0; at.len as usize];
        if at.len > 0 {
            let mut guard = self.file.lock().unwrap_or_else(|e| e.into_inner());
            let (file, _) = &mut *guard;
            file.seek(SeekFrom::Start(at.offset))?;
            file.read_exact(&mut bytes)?;
        }
        Ok(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_put_comes_back_whole_in_any_order() {
        let dir = tempfile::tempdir().unwrap();
        let aside = SetAside::create(dir.path()).unwrap();
        let first = aside.put(b"first sites").unwrap();
        let empty = aside.put(b"").unwrap();
        let second = aside.put(&[7; 10_000]).unwrap();
        assert_eq!(aside.get(second).unwrap(), vec![7; 10_000]);
        assert_eq!(aside.get(first).unwrap(), b"first sites");
        assert!(aside.get(empty).unwrap().is_empty());
    }

    #[cfg(unix)]
    #[test]
    fn the_file_leaves_no_entry_in_its_directory() {
        let dir = tempfile::tempdir().unwrap();
        let aside = SetAside::create(dir.path()).unwrap();
        aside.put(b"sites").unwrap();
        let entries = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(
            entries, 0,
            "an unnamed file has no directory entry on Linux"
        );
    }
}
