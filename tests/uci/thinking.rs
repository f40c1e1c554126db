//! The thinking loop with an engine that has a clock, as the guest does: a scripted stand-in
//! that completes a pass every million T-states and decides only when told to move. It
//! shows that an allocation is spent in emulated time to the T-state, that `stop`,
//! `isready` and xboard's `?` and `ping` reach the engine while it thinks, and that `depth`
//! ends a thought after that pass.

use std::cell::Cell;
use std::rc::Rc;

use c7010::engine::{Decision, Engine, EngineError, Info, Limit, Said};
use c7010::machine::clock::SLICE_T_STATES;
use c7010::reference::game::Game;
use c7010::reference::{Board, Move, legal_moves};
use c7010::uci::{EngineFactory, Player, Uci, Xboard};

use crate::common::instant_engine::{InstantEngine, Reply};
use crate::common::transcript::run_script;

/// T-states per completed pass of the stand-in.
const PASS_T_STATES: u64 = 1_000_000;

/// What the stand-in saw, for the test to check afterwards.
#[derive(Default)]
struct Seen {
    /// T-states run in the last thought.
    thought: Cell<u64>,
    /// `go` limits asked for, as text.
    limits: std::cell::RefCell<Vec<String>>,
}

/// An engine with a 4.433619 MHz clock that thinks until `move_now`, then plays its first
/// legal move in the position of its `go` (b1c3 from the start, a7a6 after e2e4, in the reference's generation order).
struct Clocked {
    /// The position of the thought.
    board: Board,
    thinking: bool,
    told: bool,
    t: u64,
    t_go: u64,
    seen: Rc<Seen>,
    /// Never answers, even when told to move (a hung module).
    deaf: bool,
}

impl Engine for Clocked {
    fn name(&self) -> String {
        "stand-in".into()
    }
    fn set_position(&mut self, _board: &Board) -> Result<(), EngineError> {
        Ok(())
    }
    fn play(&mut self, _mv: Move) -> Result<(), EngineError> {
        Ok(())
    }
    fn take_back(&mut self) -> Result<(), EngineError> {
        Err(EngineError::NothingToUndo)
    }
    fn set_level(&mut self, _level: u8) -> Result<(), EngineError> {
        Ok(())
    }
    fn go(&mut self, game: &Game, limit: Limit) -> Result<(), EngineError> {
        self.board = game.board().clone();
        self.seen.limits.borrow_mut().push(format!("{limit:?}"));
        self.thinking = true;
        self.told = false;
        self.t_go = self.t;
        Ok(())
    }
    fn move_now(&mut self) -> Result<(), EngineError> {
        self.told = true;
        Ok(())
    }
    fn advance(&mut self, t_states: u64) -> Result<Vec<Said>, EngineError> {
        if !self.thinking {
            return Ok(Vec::new());
        }
        if self.told && !self.deaf {
            self.thinking = false;
            self.seen.thought.set(self.t - self.t_go);
            let best = legal_moves(&self.board).as_slice().first().copied();
            if let Some(m) = best {
                self.board.make(m);
            }
            return Ok(vec![Said::Decided(Decision {
                best,
                score: 8,
                positions: ((self.t - self.t_go) / 10_000) as u32,
                passes: ((self.t - self.t_go) / PASS_T_STATES) as u8,
                book: false,
            })]);
        }
        let before = (self.t - self.t_go) / PASS_T_STATES;
        self.t += t_states;
        let after = (self.t - self.t_go) / PASS_T_STATES;
        let pv = legal_moves(&self.board).as_slice()[..1].to_vec();
        Ok((before + 1..=after)
            .map(|pass| {
                Said::Info(Info {
                    pass: pass as u8,
                    score: 8 * pass as i16,
                    positions: (pass * 100) as u32,
                    pv: pv.clone(),
                    root: vec![],
                })
            })
            .collect())
    }
    fn thinking(&self) -> bool {
        self.thinking
    }
    fn t_states(&self) -> u64 {
        self.t
    }
    fn clock_hz(&self) -> Option<f64> {
        Some(4_433_619.0)
    }
}

fn stand_in(seen: &Rc<Seen>) -> EngineFactory {
    stand_in_with(seen, false)
}

fn stand_in_with(seen: &Rc<Seen>, deaf: bool) -> EngineFactory {
    let seen = seen.clone();
    // The factory must be 'static; an Rc is fine on this single test thread.
    let seen = std::sync::Mutex::new(Some(seen));
    Box::new(move |_| {
        let s = seen.lock().unwrap().clone().expect("one engine");
        Ok(Box::new(Clocked {
            board: Board::startpos(),
            thinking: false,
            told: false,
            t: 0,
            t_go: 0,
            seen: s,
            deaf,
        }) as Box<dyn Engine>)
    })
}

fn uci(lines: &[&str]) -> (String, Rc<Seen>) {
    let seen = Rc::new(Seen::default());
    let player = Player::new(stand_in(&seen)).unwrap();
    (run_script::<Uci>(player, lines), seen)
}

#[test]
fn movetime_is_spent_in_emulated_t_states() {
    let (out, seen) = uci(&["position startpos", "go movetime 1000"]);
    // One second at 4.433619 MHz, exactly (the last slice is cut to the budget), plus the
    // one slice in which the engine answers.
    assert_eq!(seen.thought.get(), 4_433_619);
    // The GUI's time governs the default level: no budget of the level's, the second ends it.
    assert_eq!(seen.limits.borrow().as_slice(), ["Infinite"]);
    // Passes every million T-states: 4 in the second; time in emulated milliseconds.
    insta::assert_snapshot!(out);
    assert!(out.ends_with("bestmove b1c3\n"), "{out}");
}

#[test]
fn a_faster_crystal_gets_more_t_states() {
    let (_, seen) = uci(&[
        "setoption name ClockMHz value 8.867238",
        "go wtime 30000 btime 30000 movestogo 15",
    ]);
    // 30 s / 15 = 2 s at 8.867238 MHz.
    assert_eq!(seen.thought.get(), 17_734_476);
}

#[test]
fn depth_ends_the_thought_after_that_pass() {
    let (out, seen) = uci(&["go depth 3"]);
    // The level's budget does not apply: the engine searches until that pass.
    assert_eq!(seen.limits.borrow().as_slice(), ["Infinite"]);
    assert_eq!(out.matches("info depth").count(), 3, "{out}");
    // Told to move in the slice that completed pass 3.
    assert!(seen.thought.get() >= 3_000_000 && seen.thought.get() < 3_000_000 + SLICE_T_STATES);
}

#[test]
fn stop_and_isready_reach_an_endless_thought() {
    let (out, seen) = uci(&["go infinite", "isready", "stop", "isready"]);
    assert_eq!(seen.limits.borrow().as_slice(), ["Infinite"]);
    // isready is answered while thinking, stop ends it after the first slice.
    // The stand-in completed no pass, so the one analysis line comes from its decision,
    // without a depth (never `depth 0`).
    assert_eq!(
        out,
        "readyok\ninfo score cp 50 nodes 8 time 20 pv b1c3\nbestmove b1c3\nreadyok\n"
    );
    assert_eq!(seen.thought.get(), SLICE_T_STATES);
}

#[test]
fn nodes_become_a_positions_limit() {
    let (_, seen) = uci(&["go nodes 1234 infinite", "stop"]);
    assert_eq!(seen.limits.borrow().as_slice(), ["Positions(1234)"]);
}

#[test]
fn the_end_of_input_ends_an_endless_thought() {
    let (out, _) = uci(&["go infinite"]);
    assert!(out.ends_with("\nbestmove b1c3\n"), "{out}");
}

#[test]
fn quit_while_thinking_ends_the_session() {
    let (out, _) = uci(&["go infinite", "quit", "isready"]);
    // The thought ends at once with its move (a script that ends in quit still gets
    // its last answer), and nothing after quit is read.
    assert!(out.ends_with("bestmove b1c3\n"), "{out}");
    assert!(!out.contains("readyok"), "{out}");
}

#[test]
fn wall_clock_stops_in_real_time() {
    let (out, seen) = uci(&["setoption name Clock value wall", "go movetime 30"]);
    assert!(out.ends_with("bestmove b1c3\n"), "{out}");
    assert!(seen.thought.get() > 0);
}

fn xboard(lines: &[&str]) -> (String, Rc<Seen>) {
    let seen = Rc::new(Seen::default());
    let player = Player::new(stand_in(&seen)).unwrap();
    (run_script::<Xboard>(player, lines), seen)
}

#[test]
fn xboard_move_now_and_ping_while_thinking() {
    let (out, seen) = xboard(&["new", "post", "usermove e2e4", "ping 3", "?"]);
    // No pass completed: no thinking line (its ply would be 0).
    assert_eq!(out, "pong 3\nmove a7a6\n");
    assert_eq!(seen.thought.get(), SLICE_T_STATES);
}

#[test]
fn xboard_time_control_and_thinking_lines() {
    // 40 moves in 5 minutes, the engine has 60 s left: 60 / 40 = 1.5 s of emulated time.
    let (out, seen) = xboard(&[
        "new",
        "post",
        "level 40 5 0",
        "time 6000",
        "otim 6000",
        "usermove e2e4",
    ]);
    assert_eq!(seen.thought.get(), 6_650_428);
    insta::assert_snapshot!(out);
}

#[test]
fn xboard_force_during_a_thought_forgets_the_move() {
    let (out, _) = xboard(&["new", "usermove e2e4", "force", "usermove e7e5"]);
    // The thought is dropped and Black's move comes from the interface instead.
    assert_eq!(out, "");
}

fn recorded_uci(lines: &[&str]) -> Vec<String> {
    let log = Rc::new(std::cell::RefCell::new(Vec::new()));
    let shared = std::sync::Mutex::new(Some(log.clone()));
    let factory: EngineFactory = Box::new(move |_| {
        let log = shared.lock().unwrap().clone().expect("one engine");
        Ok(Box::new(InstantEngine::new(Reply::FirstLegal, log)) as Box<dyn Engine>)
    });
    run_script::<Uci>(Player::new(factory).unwrap(), lines);
    log.take()
}

/// What the engine hears when a GUI repeats its whole game from `start` (a `position`
/// argument: `startpos` or `fen ...`) before each `go`, then starts other games.
fn recorded_gui_game(start: &str) -> Vec<String> {
    let position = |moves: &str| format!("position {start} moves {moves}");
    let go = || "go nodes 1".to_string();
    let script = [
        position("e2e4"),
        go(),
        position("e2e4 a7a6 d2d4"),
        go(),
        // Two moves taken back by the GUI and another played.
        position("e2e4 a7a6 g1f3"),
        go(),
        // The GUI's game differs from the engine's answer (h7h6 instead of it).
        position("e2e4 a7a6 g1f3 h7h6 b1c3"),
        go(),
        // Another start position: set up afresh.
        "position fen 7k/8/6K1/8/8/8/8/6Q1 w - - 0 1".to_string(),
        go(),
        "ucinewgame".to_string(),
        "position startpos".to_string(),
        go(),
    ];
    recorded_uci(&script.each_ref().map(String::as_str))
}

#[test]
fn the_engine_gets_only_the_new_moves() {
    // The GUI repeats the whole game each time; the engine hears each move once. The
    // recorder answers its first legal move: a7a6 after e2e4. From a set-up position the
    // engine takes back its own move and the user's, then hears the new one.
    let log = recorded_gui_game("fen rnbqkbnr/pppppppp/8/8/8/7P/PPPPPPP1/RNBQKBNR w KQkq - 0 1");
    let expected = [
        "setup",
        "play e2e4",
        "go", //
        "play d2d4",
        "go", //
        "takeback",
        "takeback",
        "play g1f3",
        "go", //
        "takeback",
        "play h7h6",
        "play b1c3",
        "go", //
        "setup",
        "go", //
        "setup",
        "go",
    ];
    assert_eq!(log, expected);
}

#[test]
fn a_game_from_the_initial_position_is_replayed_instead_of_taken_back() {
    // A take-back leaves the opening book, so from the initial position the engine is set
    // up afresh and hears the whole game again: the book follows it.
    let log = recorded_gui_game("startpos");
    let expected = [
        "setup",
        "play e2e4",
        "go", //
        "play d2d4",
        "go", //
        "setup",
        "play e2e4",
        "play a7a6",
        "play g1f3",
        "go", //
        "setup",
        "play e2e4",
        "play a7a6",
        "play g1f3",
        "play h7h6",
        "play b1c3",
        "go", //
        "setup",
        "go", //
        "setup",
        "go",
    ];
    assert_eq!(log, expected);
}

#[test]
fn commands_for_later_wait_in_order_but_stop_does_not() {
    let (out, _) = uci(&[
        "go infinite",
        "position startpos moves e2e4",
        "isready",
        "stop",
        "go movetime 100",
    ]);
    // The position waits for the first answer; stop is for the thought under way, and
    // isready is answered at once even while the engine thinks (UCI).
    let first = out.find("bestmove b1c3").expect("first answer");
    let ready = out.find("readyok").expect("isready answered");
    let second = out
        .find("bestmove a7a6")
        .expect("second answer, after e2e4");
    assert!(ready < first && first < second, "{out}");
}

#[test]
fn a_module_that_never_answers_is_reported_and_the_session_goes_on() {
    let seen = Rc::new(Seen::default());
    let player = Player::new(stand_in_with(&seen, true)).unwrap();
    let script = ["go movetime 100", "position startpos", "isready"];
    let out = run_script::<Uci>(player, &script);
    // 100 ms of thought, then 500 slices of grace: the GUI gets an explanation and the
    // reference twin's move; isready is answered at once, and the position sent
    // meanwhile waits for the move.
    let tail: Vec<&str> = out.lines().rev().take(5).collect();
    let ready = out.find("readyok").expect("isready answered");
    assert!(ready < out.find("bestmove").unwrap(), "{out}");
    assert!(
        tail[0].starts_with("bestmove ") && tail[0] != "bestmove 0000",
        "{out}"
    );
    assert!(
        out.contains(
            "info string the module failed: no move after being told to move\n\
             info string this move is the reference twin's\n"
        ),
        "{out}"
    );
}

#[test]
fn xboard_a_move_sent_while_thinking_waits_for_the_answer() {
    // A piped script does not wait for the engine's move: its next move is played after
    // it. The ping behind it waits too, then is answered while the engine thinks again.
    let (out, _) = xboard(&[
        "new",
        "st 1",
        "usermove e2e4",
        "usermove d2d4",
        "ping 4",
        "quit",
        "ping 5",
    ]);
    assert_eq!(out, "move a7a6\npong 4\nmove a6a5\n");
}

/// A GUI analysing: `go infinite`, an option changed and `isready` while it runs, `stop`,
/// and again. `readyok` comes at once (UCI: even while calculating), and every round
/// searches the position the GUI set up (Black's move after 1. e4), not the one after
/// the engine's own answer, which used to drift one ply a round.
#[test]
fn analysis_rounds_stay_on_the_position_set_up_and_isready_is_answered_at_once() {
    let (out, _) = uci(&[
        "position startpos moves e2e4",
        "go infinite",
        "setoption name MultiPV value 2",
        "isready",
        "stop",
        "go infinite",
        "stop",
        "go infinite",
        "isready",
        "stop",
    ]);
    let best: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect();
    assert_eq!(best, ["a7a6"; 3], "{out}");
    let ready: Vec<usize> = out.match_indices("readyok").map(|(i, _)| i).collect();
    let answers: Vec<usize> = out.match_indices("bestmove").map(|(i, _)| i).collect();
    assert_eq!(ready.len(), 2, "{out}");
    assert!(
        ready[0] < answers[0] && answers[1] < ready[1] && ready[1] < answers[2],
        "{out}"
    );
}

/// xboard: `remove` with fewer than two plies, or `edit`, stops the engine's thought (a
/// command that changes the game does) and is then refused; the engine, still on move and
/// not in force mode, thinks again and moves (it used to wait for ever).
#[test]
fn xboard_a_refused_command_that_stopped_the_thought_does_not_leave_the_engine_idle() {
    for refused in ["remove", "edit"] {
        let (out, _) = xboard(&["new", "st 1", "usermove e2e4", refused]);
        assert!(out.contains(&format!("): {refused}\n")), "{out}");
        assert!(out.ends_with("move a7a6\n"), "{refused}: {out}");
    }
}

/// A GUI that sets up its next position and says `go` while the engine ponders, without
/// the `stop` UCI asks for (python-chess did in a soak of games with pondering and
/// MultiPV): the ponder is dropped without a `bestmove`, the options and the position sent
/// meanwhile are taken in order, and the new `go` is answered (it waited for ever).
#[test]
fn a_gui_moving_on_without_stop_drops_the_ponder_and_gets_its_answer() {
    let (out, _) = uci(&[
        "position startpos moves e2e4 a7a6",
        "go ponder movetime 100",
        "setoption name MultiPV value 3",
        "position startpos moves e2e4",
        "go movetime 100",
    ]);
    let best: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect();
    assert_eq!(
        best,
        ["a7a6"],
        "one answer, Black's, for the second go: {out}"
    );
    assert!(!out.contains("no legal move"), "{out}");
}

/// `go ponder nodes N`, then `ponderhit`: the positions limit holds for the thought that
/// is now the engine's own, its ponder's positions counted in (after the hit the engine
/// thought on until its deepest pass, minutes of the module's time for `nodes 3000`, seen
/// in a soak of games with pondering).
#[test]
fn a_ponder_hit_keeps_the_nodes_limit() {
    let (out, _) = uci(&[
        "position startpos moves e2e4 a7a6",
        "go ponder nodes 300",
        "ponderhit",
    ]);
    let nodes: Vec<u32> = out
        .lines()
        .filter(|l| l.starts_with("info") && l.contains(" nodes "))
        .map(|l| {
            l.split(" nodes ")
                .nth(1)
                .unwrap()
                .split(' ')
                .next()
                .unwrap()
                .parse()
                .unwrap()
        })
        .collect();
    assert!(out.contains("bestmove "), "{out}");
    assert!(
        nodes.last().is_some_and(|&n| (300..=400).contains(&n)),
        "{nodes:?}: {out}"
    );
}
