//! The one line a failed command prints: an error and its causes, each said once.
//!
//! `anyhow`'s `{:#}` joins every message of the cause chain with `: `. Many errors already
//! put their cause in their own message (`cannot write x.png: No such file` whose source is
//! the `No such file`), and a context often says what the error below it says again, so
//! the plain chain reads `cannot write x.png: cannot write x.png: No such file: No such
//! file`. Here a message that another message of the chain already contains is left out.

/// `error` and its causes joined with `: `, leaving out every message contained in another
/// one of the chain (of equal messages, the first is kept).
pub fn error_text(error: &anyhow::Error) -> String {
    let messages: Vec<String> = error.chain().map(ToString::to_string).collect();
    let said_elsewhere = |k: usize| {
        messages.iter().enumerate().any(|(j, other)| {
            j != k
                && other.contains(messages[k].as_str())
                && (other.len() > messages[k].len() || j < k)
        })
    };
    let kept: Vec<&str> = (0..messages.len())
        .filter(|&k| !said_elsewhere(k))
        .map(|k| messages[k].as_str())
        .collect();
    kept.join(": ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use anyhow::Context;

    /// An error that says its cause in its message and also gives it as its source.
    #[derive(Debug, thiserror::Error)]
    #[error("cannot write {path}: {source}")]
    struct WriteError {
        path: String,
        source: std::io::Error,
    }

    fn not_found() -> std::io::Error {
        std::io::Error::new(std::io::ErrorKind::NotFound, "no such file")
    }

    #[test]
    fn a_cause_already_in_the_message_is_said_once() {
        let e: anyhow::Result<()> = Err(WriteError {
            path: "x.png".into(),
            source: not_found(),
        })
        .context("cannot write x.png");
        let e = e.unwrap_err();
        assert_eq!(
            format!("{e:#}"),
            "cannot write x.png: cannot write x.png: no such file: no such file"
        );
        assert_eq!(error_text(&e), "cannot write x.png: no such file");
    }

    #[test]
    fn a_wrapper_that_only_repeats_its_cause_is_said_once() {
        #[derive(Debug, thiserror::Error)]
        #[error("{0}")]
        struct Wrapper(#[from] std::io::Error);
        let e = anyhow::Error::new(Wrapper(not_found()));
        assert_eq!(format!("{e:#}"), "no such file: no such file");
        assert_eq!(error_text(&e), "no such file");
    }

    #[test]
    fn distinct_causes_are_all_said() {
        let e: anyhow::Result<()> = Err(not_found()).context("cannot read ROM r.bin");
        let e = e.context("the guest engine cannot start").unwrap_err();
        assert_eq!(
            error_text(&e),
            "the guest engine cannot start: cannot read ROM r.bin: no such file"
        );
    }
}
