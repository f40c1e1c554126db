//! The window's sound in the default build (Linux: ALSA's library loaded at run time):
//! with a device it opens and plays, without one it fails with a reason, never a panic or
//! a hang. Each case runs in a child process (this test binary again, one ignored
//! `child_*` test) whose `HOME` holds an `.asoundrc` that makes ALSA's `default` device a
//! `null` device (plays, nobody hears) or a sound card that does not exist.

#![cfg(all(target_os = "linux", feature = "sound"))]

use std::process::Command;

use c7010::console::audio::AudioOut;
use c7010::console::sounds::Effect;

use crate::common::outside::skip;

/// Runs `child` with ALSA's `default` device defined by `device` (`.asoundrc` text);
/// what it printed, or `None` when the child says ALSA's library is missing.
fn run_child(child: &str, device: &str) -> Option<String> {
    let home = tempfile::tempdir().unwrap();
    std::fs::write(home.path().join(".asoundrc"), device).unwrap();
    let out = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            &format!("sound::{child}"),
            "--ignored",
            "--nocapture",
        ])
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path())
        .env("C7010_SOUND_CHILD", "1")
        .output()
        .expect("run the child test");
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "child {child} failed: {said}");
    assert!(
        said.contains("1 passed"),
        "child {child} did not run: {said}"
    );
    (!said.contains("no ALSA library")).then_some(said)
}

#[test]
fn sound_plays_on_a_device_and_fails_with_a_reason_without_one() {
    let Some(said) = run_child("child_plays", "pcm.!default { type null }\n") else {
        return skip("ALSA's library libasound.so.2 is not installed");
    };
    assert!(said.contains("sound: opened"), "{said}");
    let said = run_child("child_no_device", "pcm.!default { type hw card 31 }\n")
        .expect("the library was there a moment ago");
    assert!(said.contains("sound: refused:"), "{said}");
}

/// True in the child process started by the test above.
fn in_child() -> bool {
    std::env::var_os("C7010_SOUND_CHILD").is_some()
}

/// Says whether the library is missing (the parent skips then).
fn library_missing(e: &str) -> bool {
    let missing = e.contains("libasound");
    if missing {
        println!("no ALSA library: {e}");
    }
    missing
}

#[test]
#[ignore = "a child of sound_plays_on_a_device_and_fails_with_a_reason_without_one"]
fn child_plays() {
    if !in_child() {
        return;
    }
    match AudioOut::open() {
        Ok(out) => {
            out.play(Effect::KeyClick);
            out.play(Effect::Moved);
            std::thread::sleep(std::time::Duration::from_millis(300));
            // Dropping stops the audio thread and closes the device.
            drop(out);
            println!("sound: opened and played");
        }
        Err(e) if library_missing(&e) => {}
        Err(e) => panic!("the null device did not open: {e}"),
    }
}

#[test]
#[ignore = "a child of sound_plays_on_a_device_and_fails_with_a_reason_without_one"]
fn child_no_device() {
    if !in_child() {
        return;
    }
    match AudioOut::open() {
        Ok(_) => panic!("a sound card that does not exist opened"),
        Err(e) if library_missing(&e) => {}
        Err(e) => {
            assert!(!e.is_empty());
            println!("sound: refused: {e}");
        }
    }
}
