//! RetroArch itself (Debian's 1.14) runs the core under Xvfb: with no content it shows the
//! board, the very picture our own front end gets; keys sent with xdotool to its window,
//! through its default keyboard-to-pad map, play a move. RetroArch 1.14 aborts without a
//! D-Bus session, so it runs under `dbus-run-session`; its screenshots are taken of the
//! core's own frame (`video_gpu_screenshot = "false"`), 360 x 243, so their pixels can be
//! read square by square.

use std::path::Path;
use std::process::Command;

use c7010::console::layout::square_at;
use c7010::vdc::palette::rgb;

use crate::common::outside::{on_path, skip};
use crate::common::png::decode_rgb;
use crate::frontend::{Session, core_path, exclusive};

/// The settings the runs need, beside RetroArch's defaults: the core installed in a cores
/// folder of the test's own with its info file (from which RetroArch learns that the core's
/// states are deterministic); with `states`, run-ahead of 2 frames (a state written and
/// restored every frame) and rewind on.
fn config(dir: &Path, states: bool) -> String {
    format!(
        r#"libretro_directory = "{cores}"
libretro_info_path = "{cores}"
run_ahead_enabled = "{states}"
run_ahead_frames = "2"
run_ahead_secondary_instance = "false"
rewind_enable = "{states}"
savestate_directory = "{dir}"
gamemode_enable = "false"
audio_driver = "null"
video_driver = "gl"
menu_driver = "rgui"
pause_nonactive = "false"
video_fullscreen = "false"
config_save_on_exit = "false"
vrr_runloop_enable = "true"
video_gpu_screenshot = "false"
screenshot_directory = "{dir}"
auto_screenshot_filename = "false"
savestate_thumbnail_enable = "false"
"#,
        cores = dir.join("cores").display(),
        dir = dir.display()
    )
}

/// RetroArch and what runs it under Xvfb, or the reason to skip.
fn programs() -> Result<(), String> {
    for program in ["retroarch", "xvfb-run", "dbus-run-session", "xdotool"] {
        if !on_path(program) {
            return Err(format!("{program} is not installed"));
        }
    }
    Ok(())
}

/// Runs `script` (bash) under a D-Bus session and Xvfb, with `RA` set to the RetroArch
/// command that loads the core with the test's settings; RetroArch's log (`ra.log`).
fn under_xvfb(dir: &Path, states: bool, script: &str) -> String {
    std::fs::write(dir.join("append.cfg"), config(dir, states)).unwrap();
    let cores = dir.join("cores");
    std::fs::create_dir_all(&cores).unwrap();
    let core = cores.join(core_path().file_name().unwrap());
    std::fs::copy(core_path(), &core).unwrap();
    let info = core_path().with_extension("info");
    std::fs::copy(&info, cores.join(info.file_name().unwrap())).unwrap();
    let ra = format!(
        "retroarch -L {} --appendconfig={}",
        core.display(),
        dir.join("append.cfg").display()
    );
    let out = Command::new("timeout")
        .args([
            "120",
            "dbus-run-session",
            "--",
            "xvfb-run",
            "-a",
            "-s",
            "-screen 0 1024x768x24",
        ])
        .args(["bash", "-c", script])
        .env("RA", ra)
        .env("HOME", dir)
        .current_dir(dir)
        .output()
        .expect("run RetroArch under Xvfb");
    assert!(
        out.status.success(),
        "RetroArch's run failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::read_to_string(dir.join("ra.log")).unwrap_or_default()
}

/// The screenshot RetroArch wrote into `dir`, as 0x00RRGGBB pixels, with its size.
fn screenshot(dir: &Path) -> (u32, u32, Vec<u32>) {
    let shot = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        // Named after the content, which there is none of: `.png`.
        .find(|p| p.to_string_lossy().ends_with(".png"))
        .expect("RetroArch wrote a screenshot");
    let (width, height, rgb) = decode_rgb(&std::fs::read(shot).unwrap());
    let pixels = rgb
        .chunks_exact(3)
        .map(|p| u32::from(p[0]) << 16 | u32::from(p[1]) << 8 | u32::from(p[2]))
        .collect();
    (width, height, pixels)
}

/// Pixels of palette colour `index` on each square.
fn on_squares(picture: &[u32], index: u8) -> [usize; 64] {
    let mut counts = [0; 64];
    for (i, &p) in picture.iter().enumerate() {
        if p == rgb(index)
            && let Some(square) = square_at(i % 360, i / 360, false)
        {
            counts[square] += 1;
        }
    }
    counts
}

#[test]
fn retroarch_shows_the_board_as_our_front_end_does() {
    if let Err(why) = programs() {
        return skip(&why);
    }
    let _one = exclusive();
    let ours = {
        let core = Session::start(&[], None).unwrap();
        core.run(60);
        core.picture()
    };
    let dir = tempfile::tempdir().unwrap();
    let shot = dir.path().join("board.png");
    let script = format!(
        "$RA --max-frames=60 --max-frames-ss --max-frames-ss-path={} >ra.log 2>&1",
        shot.display()
    );
    // No run-ahead: the screenshot is of the 60th frame itself.
    under_xvfb(dir.path(), false, &script);
    let (width, height, pixels) = screenshot(dir.path());
    assert_eq!((width, height), (360, 243), "the core's frame");
    assert!(
        pixels == ours,
        "RetroArch shows the picture our front end gets"
    );
    assert!(on_squares(&pixels, 15)[4] > 50, "the white king on E1");
}

#[test]
fn keys_sent_to_retroarchs_window_play_and_its_states_take_the_game_back() {
    if let Err(why) = programs() {
        return skip(&why);
    }
    let _one = exclusive();
    let dir = tempfile::tempdir().unwrap();
    // RetroArch's default keys: A = the pad's Y (YES: White), Enter = START (ENTER: level
    // 2), X = A (chooses the piece under the cursor, E2), Up twice, X (its target, E4);
    // once the module has answered, F2 saves a state; then G1-F3 (Right Right Down Down
    // Down X, Left Up Up X), the module answers, F4 loads the state and F8 takes a
    // screenshot. Each key is held a few frames, as a player holds it; the script goes on
    // when RetroArch's log says a state was saved or loaded and when the screenshot is
    // written, not after a fixed wait, so a loaded machine whose frames come late is
    // waited for (a version with fixed waits saw the knight on F3 in the screenshot
    // under a full CI run beside other work). Run-ahead and rewind write and restore
    // states all the while.
    let script = r#"
$RA --verbose >ra.log 2>&1 &
ra=$!
window=$(xdotool search --sync --onlyvisible --class retroarch | head -n 1)
xdotool windowfocus --sync "$window"
# Waits up to a minute for RetroArch's log to say $1.
logged() { for _ in $(seq 1 600); do grep -q "$1" ra.log && return 0; sleep 0.1; done; return 1; }
# The core says in RetroArch's log that it has started; then its frames run.
logged "c7010: the module runs"
sleep 2
hold() { xdotool keydown "$1"; sleep 0.3; xdotool keyup "$1"; sleep 0.5; }
for key in a Return x Up Up x; do hold "$key"; done
sleep 3
hold F2
logged "Saving state"
sleep 1
for key in Right Right Down Down Down x Left Up Up x; do hold "$key"; done
sleep 3
hold F4
logged "Loading state"
# The state is in place from the frame after it is loaded.
sleep 2
hold F8
for _ in $(seq 1 600); do ls ./*.png >/dev/null 2>&1 && break; sleep 0.1; done
sleep 1
kill "$ra"
wait "$ra" || true
"#;
    let log = under_xvfb(dir.path(), true, script);
    for said in [
        "Saving state",
        "Loading state",
        "Initializing rewind buffer",
    ] {
        assert!(log.contains(said), "RetroArch's log says {said:?}:\n{log}");
    }
    for refusal in ["state not restored", "Run-Ahead", "lacks"] {
        assert!(
            !log.contains(refusal),
            "RetroArch's log says {refusal:?}:\n{log}"
        );
    }
    let (_, _, pixels) = screenshot(dir.path());
    let white = on_squares(&pixels, 15);
    let (e2, e4, g1, f3) = (12, 28, 6, 21);
    assert!(
        white[e2] < 20 && white[e4] > 50,
        "1. e4 was played: {} {}",
        white[e2],
        white[e4]
    );
    // The module answered from its book: one of its pieces has left ranks 7 and 8.
    let black = on_squares(&pixels, 11);
    let at_home = (48..64).filter(|&s| black[s] > 50).count();
    assert_eq!(at_home, 15, "the module answered, once");
    // The state took the game back to before 2. Nf3.
    assert!(white[g1] > 50 && white[f3] < 20, "the knight is home again");
}
