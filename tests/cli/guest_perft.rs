//! `c7010 perft --engine guest`: the command line over the emulated module prints the
//! published count, the emulated time and the rate; `--divide` prints one line per root
//! move (the reference's moves, in GEN order) that sum to the total.

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn perft(args: &[&str]) -> (bool, String, String) {
    crate::common::cli::run_c7010(&[&["perft", "--engine", "guest"], args].concat())
}

#[test]
fn guest_perft_prints_count_time_and_rate() {
    let (ok, out, err) = perft(&["--depth", "2", "--fen", KIWIPETE]);
    assert!(ok, "{err}");
    assert!(out.contains("perft 2 = 2039"), "{out}");
    assert!(out.contains("T-states") && out.contains("nodes per emulated second"));
    assert!(out.contains("at 4.433619 MHz"), "{out}");
}

#[test]
fn guest_divide_lines_sum_to_the_total() {
    let (ok, out, err) = perft(&["--depth", "2", "--divide"]);
    assert!(ok, "{err}");
    let counts: Vec<u64> = out
        .lines()
        .filter_map(|l| l.split_once(": "))
        .map(|(_, n)| n.trim().parse().unwrap())
        .collect();
    assert_eq!(counts.len(), 20);
    assert_eq!(counts.iter().sum::<u64>(), 400);
    assert!(out.contains("e2e4: 20"), "{out}");
    assert!(out.contains("perft 2 = 400"));
}

#[test]
fn too_deep_and_bad_fen_are_clear_errors() {
    let (ok, _, err) = perft(&["--depth", "7"]);
    assert!(!ok);
    assert!(
        err.contains("refused perft 7: too deep for its stack"),
        "{err}"
    );
    let (ok, _, err) = perft(&["--depth", "1", "--fen", "8/8/8 w - -"]);
    assert!(!ok);
    assert!(err.contains("ranks"), "{err}");
}
