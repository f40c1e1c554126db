//! Issue 17, point 6: `UCI_LimitStrength` and `UCI_Elo`. The Elo range offered is the one
//! measured (`c7010::uci::strength::MEASURED`); a strength plays at the level measured
//! nearest to it, and without the limit the `Level` option plays again.

use c7010::reference::levels::LEVEL_BUDGETS;
use c7010::uci::Uci;
use c7010::uci::strength::{ELO_MAX, ELO_MIN, MEASURED, level_for};

use crate::common::transcript::transcript;

/// The positions of each `info depth` line, in order.
fn nodes(text: &str) -> Vec<u32> {
    text.lines()
        .filter(|l| l.starts_with("info depth"))
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            w[w.iter().position(|x| *x == "nodes").unwrap() + 1]
                .parse()
                .unwrap()
        })
        .collect()
}

#[test]
fn a_strength_plays_at_the_nearest_measured_level() {
    let (weak, strong) = (MEASURED[0], MEASURED[MEASURED.len() - 1]);
    assert_ne!(weak.0, strong.0, "two levels measured");
    let text = transcript::<Uci>(&[
        "uci",
        &format!("setoption name UCI_Elo value {}", strong.1),
        "setoption name UCI_LimitStrength value true",
        "position startpos moves h2h4",
        "go",
        "setoption name UCI_LimitStrength value false",
        "go",
        &format!("setoption name UCI_Elo value {}", ELO_MAX + 1),
        &format!("setoption name UCI_Elo value {}", ELO_MIN - 1),
    ]);
    let range =
        format!("option name UCI_Elo type spin default {ELO_MIN} min {ELO_MIN} max {ELO_MAX}");
    assert!(text.contains(&range), "{text}");
    assert!(text.contains("option name UCI_LimitStrength type check default false"));
    assert_eq!(level_for(strong.1), strong.0);
    // The reference spends its level's budget (and at most a pass more): the strong level's
    // with the limit, the default Level 2's without.
    let n = nodes(&text);
    let budget = |level: u8| LEVEL_BUDGETS[usize::from(level) - 1];
    assert!(n[0] >= budget(strong.0), "{text}");
    assert!(n[1] >= budget(2) && n[1] < budget(strong.0), "{text}");
    // Outside the measured range: refused, with the range.
    assert_eq!(
        text.matches("UCI_Elo is measured from").count(),
        2,
        "{text}"
    );
}

/// Issue 25, point 5: the ladder is monotone. A higher rating is a larger budget, so a
/// GUI that asks for more Elo never gets fewer positions a move; and the ratings are the
/// ones docs/uci.md shows `tools/ladder.py` printing.
#[test]
fn the_ladder_climbs_with_the_budget_and_is_the_one_docs_show() {
    let budget = |level: u8| LEVEL_BUDGETS[usize::from(level) - 1];
    for w in MEASURED.windows(2) {
        assert!(w[0].1 < w[1].1, "{MEASURED:?}");
        assert!(budget(w[0].0) < budget(w[1].0), "{MEASURED:?}");
    }
    let mut levels: Vec<u8> = MEASURED.iter().map(|m| m.0).collect();
    levels.sort_unstable();
    assert_eq!(
        levels,
        [1, 2, 3, 4, 5],
        "every level that plays to a budget is rated"
    );
    let mut last = 0;
    for elo in ELO_MIN..=ELO_MAX {
        let b = budget(level_for(elo));
        assert!(
            b >= last,
            "UCI_Elo {elo} buys fewer positions than a lower one"
        );
        last = b;
    }
    let doc = include_str!("../../docs/uci.md");
    for (level, elo) in MEASURED {
        let row = format!("c7010 level {level} ");
        // The rating rows (`c7010 level 2   1450  +/- 105`), not the pairs' rows.
        let shown = doc
            .lines()
            .filter(|l| l.starts_with(&row))
            .find_map(|l| l.split_whitespace().nth(3)?.parse::<u16>().ok())
            .unwrap_or_else(|| panic!("docs/uci.md's ladder has no row for level {level}"));
        assert_eq!(shown, elo, "level {level}");
    }
}
