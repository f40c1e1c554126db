//! Issue 17, point 7: every xboard `feature` is one of CECP v2 and says something: no feature
//! is declared at its default value, and none python-chess rejects (`sigterm=0`).

use c7010::uci::Xboard;

use crate::common::transcript::transcript;

/// CECP v2's features and their defaults (`None`: no default, always meaningful).
const CECP_V2: &[(&str, Option<&str>)] = &[
    ("ping", Some("0")),
    ("setboard", Some("0")),
    ("playother", Some("0")),
    ("san", Some("0")),
    ("usermove", Some("0")),
    ("time", Some("1")),
    ("draw", Some("1")),
    ("sigint", Some("1")),
    ("sigterm", Some("1")),
    ("reuse", Some("1")),
    ("analyze", Some("1")),
    ("myname", None),
    ("variants", None),
    ("colors", Some("1")),
    ("ics", Some("0")),
    ("name", None),
    ("pause", Some("0")),
    ("nps", None),
    ("debug", Some("0")),
    ("memory", Some("0")),
    ("smp", Some("0")),
    ("egt", None),
    ("option", None),
    ("exclude", Some("0")),
    ("setscore", Some("0")),
    ("highlight", Some("0")),
    ("done", None),
];

/// The `name=value` pairs of the `feature` lines, values unquoted.
fn declared(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for line in text.lines().filter_map(|l| l.strip_prefix("feature ")) {
        let mut rest = line.trim();
        while let Some((name, after)) = rest.split_once('=') {
            let (value, tail) = match after.strip_prefix('"') {
                Some(q) => {
                    let end = q.find('"').expect("a closing quote");
                    (&q[..end], &q[end + 1..])
                }
                None => after.split_once(' ').unwrap_or((after, "")),
            };
            out.push((name.trim().to_string(), value.to_string()));
            rest = tail.trim();
        }
    }
    out
}

#[test]
fn every_feature_is_cecp_v2_and_meaningful() {
    let text = transcript::<Xboard>(&["xboard", "protover 2"]);
    let features = declared(&text);
    assert!(features.len() > 5, "{text}");
    for (name, value) in &features {
        let known = CECP_V2.iter().find(|(n, _)| n == name);
        let Some((_, default)) = known else {
            panic!("feature {name} is not CECP v2: {text}")
        };
        assert_ne!(
            default.as_deref(),
            Some(value.as_str()),
            "{name}={value} is the default: {text}"
        );
    }
    let has = |n: &str, v: &str| features.iter().any(|(a, b)| a == n && b == v);
    // python-chess requires these, and rejects sigterm=0.
    assert!(has("ping", "1") && has("setboard", "1"), "{text}");
    assert!(!features.iter().any(|(n, _)| n == "sigterm"), "{text}");
    // Without sigint=0 xboard's SIGINT would end the engine.
    assert!(has("sigint", "0"), "{text}");
    assert!(
        text.starts_with("> xboard\n> protover 2\nfeature done=0\n"),
        "{text}"
    );
    assert!(text.ends_with("feature done=1\n"), "{text}");
}
