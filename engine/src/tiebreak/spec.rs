//! Tie-break specifiers as C.07 abbreviates them and FIDE's calculator writes them: a name
//! (`BH`, `SB`, `ARO`, …) and modifiers after `/` (`BH/C1`, `BH/M1`, `KS/L60`, `ARO/U1000`).
//!
//! Names are the acronyms of C.07's list of tie-breaks (2024 edition and its 2026
//! amendments); modifiers are C.07's cut modifiers (Cut-n `Cn`, Median-n `Mn`), the Koya
//! limit (`Ln`, a percentage of the maximum score), the rating given to unrated players (`Un`,
//! the "detailed rules on the handling of unrated players" C.07 asks the regulations to give
//! before rating tie-breaks may be used with unrated players) and Fore mode for the average of
//! opponents' Buchholz (`F`). Anything else is refused with an error naming the specifier.

use std::fmt;

/// Which tie-break (C.07's list for individual events).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Points (the primary score).
    Pts,
    /// Buchholz.
    Bh,
    /// Fore Buchholz.
    Fb,
    /// Average of Opponents' Buchholz.
    Aob,
    /// Sonneborn-Berger.
    Sb,
    /// Progressive Score.
    Ps,
    /// Koya System.
    Ks,
    /// Average Rating of Opponents.
    Aro,
    /// Tournament Performance Rating.
    Tpr,
    /// Perfect Tournament Performance.
    Ptp,
    /// Average Performance Rating of Opponents.
    Apro,
    /// Average Perfect [Tournament] Performance of Opponents.
    Appo,
    /// Direct Encounter.
    De,
    /// Number of wins, with or without playing.
    Win,
    /// Number of games won over the board.
    Won,
    /// Number of games played with Black.
    Bpg,
    /// Number of games won with Black.
    Bwg,
    /// Number of games one elected to play.
    Ge,
    /// Rounds one elected to play: the 2026 name of GE (same definition).
    Rep,
}

impl Kind {
    /// Every name accepted, with its kind.
    pub const NAMES: &'static [(&'static str, Kind)] = &[
        ("PTS", Kind::Pts),
        ("BH", Kind::Bh),
        ("FB", Kind::Fb),
        ("AOB", Kind::Aob),
        ("SB", Kind::Sb),
        ("PS", Kind::Ps),
        ("KS", Kind::Ks),
        ("ARO", Kind::Aro),
        ("TPR", Kind::Tpr),
        ("PTP", Kind::Ptp),
        ("APRO", Kind::Apro),
        ("APPO", Kind::Appo),
        ("DE", Kind::De),
        ("WIN", Kind::Win),
        ("WON", Kind::Won),
        ("BPG", Kind::Bpg),
        ("BWG", Kind::Bwg),
        ("GE", Kind::Ge),
        ("REP", Kind::Rep),
    ];

    /// The C.07 abbreviation.
    pub fn name(self) -> &'static str {
        Kind::NAMES
            .iter()
            .find(|(_, k)| *k == self)
            .map_or("?", |(n, _)| n)
    }

    /// True when a lower value ranks higher (only Direct Encounter, whose value is a rank).
    pub fn lower_is_better(self) -> bool {
        self == Kind::De
    }

    /// The modifiers this tie-break accepts, as their letters.
    fn modifiers(self) -> &'static str {
        match self {
            Kind::Bh | Kind::Fb | Kind::Sb => "CM",
            Kind::Aro => "CMU",
            Kind::Ps => "C",
            Kind::Ks => "L",
            Kind::Tpr | Kind::Ptp | Kind::Apro | Kind::Appo => "U",
            Kind::Aob => "F",
            _ => "",
        }
    }
}

/// One tie-break with its modifiers, and the text it was given as (printed in headers).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    pub kind: Kind,
    /// Least significant values cut (Cut-n; Median-n sets both cuts).
    pub cut_low: u32,
    /// Most significant values cut (Median-n).
    pub cut_high: u32,
    /// Koya limit, percent of the maximum score (default 50).
    pub koya_percent: u32,
    /// Rating given to unrated players (`/U1000`); without it rating tie-breaks are dropped
    /// (undefined) when a player is unrated.
    pub unrated: Option<u32>,
    /// Fore mode (`AOB/F`: the opponents' Fore Buchholz).
    pub fore: bool,
    /// The specifier as given (upper case), e.g. `BH/C1`.
    pub text: String,
}

impl Spec {
    /// A tie-break without modifiers.
    pub fn plain(kind: Kind) -> Spec {
        Spec {
            kind,
            cut_low: 0,
            cut_high: 0,
            koya_percent: 50,
            unrated: None,
            fore: false,
            text: kind.name().to_string(),
        }
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// A specifier that is not a C.07 tie-break this crate computes, or a modifier it does not
/// take.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("tie-break '{spec}': {reason}")]
pub struct SpecError {
    /// The specifier as written.
    pub spec: String,
    /// What is wrong and what was expected.
    pub reason: String,
}

impl std::str::FromStr for Spec {
    type Err = SpecError;

    /// Parses `BH`, `bh/c1`, `BH/M1`, `KS/L60`, `ARO/C1/U1000`, `AOB/F`.
    fn from_str(s: &str) -> Result<Spec, SpecError> {
        let text = s.trim().to_ascii_uppercase();
        let err = |reason: String| SpecError {
            spec: s.trim().to_string(),
            reason,
        };
        let mut parts = text.split('/');
        let name = parts.next().unwrap_or("");
        let kind = Kind::NAMES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, k)| *k)
            .ok_or_else(|| {
                let names: Vec<&str> = Kind::NAMES.iter().map(|(n, _)| *n).collect();
                err(format!(
                    "unknown tie-break '{name}' (expected one of {})",
                    names.join(" ")
                ))
            })?;
        let mut spec = Spec::plain(kind);
        spec.text = text.clone();
        for m in parts {
            let letter = m.chars().next().unwrap_or(' ');
            let allowed = kind.modifiers();
            if !allowed.contains(letter) || m.is_empty() {
                let list: Vec<String> = allowed.chars().map(|c| format!("/{c}")).collect();
                return Err(err(format!(
                    "modifier '/{m}' does not apply to {} (it takes {})",
                    kind.name(),
                    if list.is_empty() {
                        "none".to_string()
                    } else {
                        list.join(" ")
                    }
                )));
            }
            let digits = &m[1..];
            let number = |max: u32| -> Result<u32, SpecError> {
                digits
                    .parse::<u32>()
                    .ok()
                    .filter(|n| *n <= max)
                    .ok_or_else(|| {
                        err(format!(
                            "modifier '/{m}': expected '{letter}' and a number from 0 to {max}"
                        ))
                    })
            };
            match letter {
                'C' => spec.cut_low = number(99)?,
                'M' => {
                    let n = number(99)?;
                    spec.cut_low = n;
                    spec.cut_high = n;
                }
                'L' => spec.koya_percent = number(100)?,
                'U' => spec.unrated = Some(number(4000)?),
                'F' if digits.is_empty() => spec.fore = true,
                _ => return Err(err(format!("modifier '/{m}': expected '/F'"))),
            }
        }
        Ok(spec)
    }
}

/// Parses a list of specifiers separated by commas and/or blanks (`"BH/C1, BH SB"`).
pub fn parse_list(list: &str) -> Result<Vec<Spec>, SpecError> {
    list.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(str::parse)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_calculator_spelling() {
        let l = parse_list("PTS BH/C1,bh/m1 , KS/L60 ARO/C1/U1000 AOB/F").unwrap();
        let t: Vec<&str> = l.iter().map(|s| s.text.as_str()).collect();
        assert_eq!(
            t,
            ["PTS", "BH/C1", "BH/M1", "KS/L60", "ARO/C1/U1000", "AOB/F"]
        );
        assert_eq!((l[2].cut_low, l[2].cut_high), (1, 1));
        assert_eq!(l[3].koya_percent, 60);
        assert_eq!(l[4].unrated, Some(1000));
        assert!(l[5].fore);
    }

    #[test]
    fn refuses_unknown_names_and_modifiers() {
        let e = parse_list("BH XYZ").unwrap_err();
        assert_eq!(e.spec, "XYZ");
        assert!(e.to_string().contains("unknown tie-break 'XYZ'"), "{e}");
        let e = parse_list("WIN/C1").unwrap_err();
        assert!(e.to_string().contains("does not apply to WIN"), "{e}");
        let e = parse_list("BH/Cx").unwrap_err();
        assert!(e.to_string().contains("a number"), "{e}");
    }
}
