//! File output helpers: atomic replacement of a file.
//!
//! [`write_atomic`] writes to a temporary file in the destination's directory, flushes it to
//! disk and renames it over the destination, so a reader never sees a half-written file and a
//! crash leaves either the old or the new content.

use std::io::{self, Write};
use std::path::Path;

/// Replaces `path` with `bytes` atomically (temporary file in the same directory, then rename).
pub fn write_atomic(path: impl AsRef<Path>, bytes: &[u8]) -> io::Result<()> {
    let path = path.as_ref();
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("out.trf");
        write_atomic(&p, b"one").unwrap();
        write_atomic(&p, b"two").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"two");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
