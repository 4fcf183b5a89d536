//! File output helpers: atomic replacement of a file.
//!
//! [`write_atomic`] writes to a temporary file in the destination's directory, flushes it to
//! disk and renames it over the destination, so a reader never sees a half-written file and a
//! crash leaves either the old or the new content. A destination that exists and is not a
//! regular file (`/dev/null`, `/dev/stdout`, a named pipe) is written in place instead: renaming
//! over it would replace the device or pipe with a file (as root, `/dev/null` itself).

use std::io::{self, Write};
use std::path::Path;

/// Replaces `path` with `bytes` atomically (temporary file in the same directory, then rename);
/// writes into `path` directly when it exists and is neither a regular file nor a directory.
pub fn write_atomic(path: impl AsRef<Path>, bytes: &[u8]) -> io::Result<()> {
    let path = path.as_ref();
    if let Ok(meta) = std::fs::metadata(path) {
        if !meta.is_file() && !meta.is_dir() {
            let mut out = std::fs::OpenOptions::new().write(true).open(path)?;
            return out.write_all(bytes);
        }
    }
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

    /// A named pipe stays a pipe and receives the bytes (as `/dev/null` must stay a device).
    #[cfg(unix)]
    #[test]
    fn writes_into_a_pipe_instead_of_replacing_it() {
        use std::os::unix::fs::FileTypeExt;
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("pipe");
        match std::process::Command::new("mkfifo").arg(&p).status() {
            Ok(s) if s.success() => {}
            _ => {
                eprintln!("skipped: mkfifo is not available");
                return;
            }
        }
        let reader = {
            let p = p.clone();
            std::thread::spawn(move || std::fs::read(p).unwrap())
        };
        write_atomic(&p, b"pairing").unwrap();
        // Checked before joining: a replaced pipe would leave the reader waiting forever.
        assert!(std::fs::metadata(&p).unwrap().file_type().is_fifo());
        assert_eq!(reader.join().unwrap(), b"pairing");
    }
}
