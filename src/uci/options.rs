//! The engine's options, one list for both protocols: UCI declares them with `option name
//! ...` and sets them with `setoption`, xboard declares them with `feature option="..."` and
//! sets them with `option NAME=VALUE`. Each option is described once here (its name, kind
//! and current value, read from the [`Player`]) and set through [`set`].

use std::path::PathBuf;

use super::clock::ClockMode;
use super::player::Player;
use super::strength;
use crate::engine::Level;

/// Value of the `Rom` option that means the built-in ROM.
pub const BUILTIN_ROM: &str = "<builtin>";

/// What values an option takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A whole number from `min` to `max`.
    Spin { min: i64, max: i64 },
    /// One of these words.
    Combo(&'static [&'static str]),
    /// Any text.
    Text,
    /// On or off (UCI `true`/`false`, xboard `1`/`0`).
    Check,
}

/// One option as the GUI sees it: name, kind, current value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub name: &'static str,
    pub kind: Kind,
    pub value: String,
}

/// The options and their current values (the GUI's defaults are the values now: a session
/// started with `--rom` declares that ROM).
pub fn specs(player: &Player) -> Vec<Spec> {
    let rom = player
        .rom()
        .map(|p| p.display().to_string())
        .unwrap_or_else(|| BUILTIN_ROM.to_string());
    vec![
        Spec {
            name: "Level",
            kind: Kind::Spin { min: 1, max: 6 },
            value: player.level().to_string(),
        },
        Spec {
            name: "Clock",
            kind: Kind::Combo(&["emulated", "wall"]),
            value: player.clock().to_string(),
        },
        Spec {
            name: "ClockMHz",
            kind: Kind::Text,
            value: format!("{:.6}", player.clock_mhz()),
        },
        Spec {
            name: "Rom",
            kind: Kind::Text,
            value: rom,
        },
        Spec {
            name: "Ponder",
            kind: Kind::Check,
            value: player.ponder().to_string(),
        },
        Spec {
            name: "UCI_LimitStrength",
            kind: Kind::Check,
            value: player.strength().is_some().to_string(),
        },
        Spec {
            name: "UCI_Elo",
            kind: Kind::Spin {
                min: i64::from(strength::ELO_MIN),
                max: i64::from(strength::ELO_MAX),
            },
            value: player.elo().to_string(),
        },
        Spec {
            name: "MultiPV",
            kind: Kind::Spin {
                min: 1,
                max: i64::from(super::multipv::MAX_LINES),
            },
            value: player.multipv().to_string(),
        },
    ]
}

/// Set option `name` (case-insensitive) to `value`; the error says why it was not set.
pub fn set(player: &mut Player, name: &str, value: &str) -> Result<(), String> {
    let value = value.trim();
    match name.trim().to_ascii_lowercase().as_str() {
        "level" => {
            let level = value.parse::<Level>().map_err(|e| e.to_string())?;
            player.set_level(level.get()).map_err(|e| e.to_string())
        }
        "clock" => value
            .parse::<ClockMode>()
            .map(|c| player.set_clock(c))
            .map_err(|e| e.to_string()),
        "clockmhz" => {
            let mhz = if value.is_empty() || value.eq_ignore_ascii_case("default") {
                None
            } else {
                let v = value
                    .parse::<f64>()
                    .map_err(|_| format!("ClockMHz needs a number, not {value:?}"))?;
                Some(v)
            };
            player.set_clock_mhz(mhz).map_err(|e| e.to_string())
        }
        "rom" => {
            let rom = (!value.is_empty() && value != BUILTIN_ROM).then(|| PathBuf::from(value));
            player.set_rom(rom).map_err(|e| e.to_string())
        }
        "ponder" => {
            player.set_ponder(check(name, value)?);
            Ok(())
        }
        // Limiting plays the `UCI_Elo` given (the lowest measured until one is).
        "uci_limitstrength" => {
            let limit = check(name, value)?.then_some(player.elo());
            player.set_strength(limit).map_err(|e| e.to_string())
        }
        "uci_elo" => {
            let elo = value
                .parse::<u16>()
                .ok()
                .filter(|e| (strength::ELO_MIN..=strength::ELO_MAX).contains(e))
                .ok_or_else(|| {
                    format!(
                        "UCI_Elo is measured from {} to {}, not {value:?}",
                        strength::ELO_MIN,
                        strength::ELO_MAX
                    )
                })?;
            // Remembered when not limiting; it plays once UCI_LimitStrength is on.
            match player.strength() {
                Some(_) => player.set_strength(Some(elo)).map_err(|e| e.to_string()),
                None => {
                    player.remember_elo(elo);
                    Ok(())
                }
            }
        }
        "multipv" => {
            let lines = value.parse::<u8>().map_err(|_| {
                let max = super::multipv::MAX_LINES;
                format!("MultiPV needs a number 1-{max}, not {value:?}")
            })?;
            player.set_multipv(lines).map_err(|e| e.0)
        }
        _ => Err(format!("unknown option {name:?}")),
    }
}

/// A check option's value: `true`/`1` or `false`/`0`.
fn check(name: &str, value: &str) -> Result<bool, String> {
    match value.to_ascii_lowercase().as_str() {
        "true" | "1" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err(format!("{name} is true or false, not {value:?}")),
    }
}

/// The UCI declaration: `option name Level type spin default 2 min 1 max 6`.
pub fn uci_line(spec: &Spec) -> String {
    let Spec { name, kind, value } = spec;
    match kind {
        Kind::Spin { min, max } => {
            format!("option name {name} type spin default {value} min {min} max {max}")
        }
        Kind::Combo(words) => {
            let vars: String = words.iter().map(|w| format!(" var {w}")).collect();
            format!("option name {name} type combo default {value}{vars}")
        }
        Kind::Text => format!("option name {name} type string default {value}"),
        Kind::Check => format!("option name {name} type check default {value}"),
    }
}

/// The xboard declaration, the `feature` argument: `option="Level -spin 2 1 6"`; a combo's
/// current value is marked with `*`.
pub fn xboard_feature(spec: &Spec) -> String {
    let Spec { name, kind, value } = spec;
    let body = match kind {
        Kind::Spin { min, max } => format!("{name} -spin {value} {min} {max}"),
        Kind::Combo(words) => {
            let marked: Vec<String> = words
                .iter()
                .map(|w| match *w == value {
                    true => format!("*{w}"),
                    false => w.to_string(),
                })
                .collect();
            format!("{name} -combo {}", marked.join(" /// "))
        }
        Kind::Text => format!("{name} -string {value}"),
        Kind::Check => format!("{name} -check {}", u8::from(value == "true")),
    };
    format!("option=\"{body}\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_in_both_protocols() {
        let level = Spec {
            name: "Level",
            kind: Kind::Spin { min: 1, max: 6 },
            value: "2".into(),
        };
        assert_eq!(
            uci_line(&level),
            "option name Level type spin default 2 min 1 max 6"
        );
        assert_eq!(xboard_feature(&level), "option=\"Level -spin 2 1 6\"");
        let clock = Spec {
            name: "Clock",
            kind: Kind::Combo(&["emulated", "wall"]),
            value: "wall".into(),
        };
        assert_eq!(
            uci_line(&clock),
            "option name Clock type combo default wall var emulated var wall"
        );
        assert_eq!(
            xboard_feature(&clock),
            "option=\"Clock -combo emulated /// *wall\""
        );
    }
}
