//! The registry's names and codes: every system reads back what it writes, the command line
//! wins over the file, and a `092` text naming several systems is read as the decision list
//! below says.

use super::*;

#[test]
fn names_round_trip() {
    for &s in System::ALL {
        assert_eq!(s.name().parse::<System>(), Ok(s));
        assert_eq!(s.to_string(), s.name());
    }
    let e = "dutch-1900".parse::<System>().unwrap_err();
    assert!(e.to_string().contains("dutch-2017"), "{e}");
}

#[test]
fn codes_name_systems() {
    assert_eq!(
        System::from_code("FIDE_DUTCH_2017"),
        Some(System::Dutch2017)
    );
    assert_eq!(
        System::from_code(" fide_dutch_2017_baku"),
        Some(System::Dutch2017)
    );
    assert_eq!(
        System::from_code("Individual  Swiss Dutch 2017 rules"),
        Some(System::Dutch2017)
    );
    assert_eq!(System::from_code("FIDE_DUTCH"), Some(System::Dutch2026));
    for code in [
        "FIDE_DUTCH_2025",
        "FIDE_DUTCH_2026",
        "FIDE_DUTCH_2025_BAKU",
        "FIDE_DUTCH_2026_BAKU",
        "FIDE_DUTCH_BAKU",
    ] {
        assert_eq!(System::from_code(code), Some(System::Dutch2026), "{code}");
    }
    assert_eq!(System::DEFAULT, System::Dutch2026);
    for code in [
        "FIDE_BURSTEIN",
        "FIDE_BURSTEIN_2025",
        "FIDE_BURSTEIN_2026_BAKU",
        "fide_burstein_baku",
    ] {
        assert_eq!(
            System::from_code(code),
            Some(System::Burstein2026),
            "{code}"
        );
    }
    assert_eq!("burstein".parse::<System>(), Ok(System::Burstein2026));
    for code in ["FIDE_LIM_BAKU", "FIDE_DUTCH_2017X"] {
        let e = System::from_192(code).unwrap_err().to_string();
        assert!(e.contains(code) && e.contains("FIDE_DUTCH_2025"), "{e}");
    }
    // Lim is paired, but named by a 092 line or --system: the message says so, and no
    // "not implemented".
    let e = System::from_192("FIDE_LIM").unwrap_err().to_string();
    assert!(
        e.contains("ETT26 defines no code for the Lim System")
            && e.contains("'Individual  Swiss Lim rules' or --system lim")
            && !e.contains("not implemented"),
        "{e}"
    );
}

#[test]
fn every_system_is_written_as_a_code_it_reads_back() {
    for &s in System::ALL {
        assert_eq!(System::from_code(s.trf_text()), Some(s), "{s}");
        for baku in [false, true] {
            if let Some(code) = s.trf_code(baku) {
                assert_eq!(System::from_192(&code), Ok(s), "{code}");
                assert_eq!(code.ends_with("_BAKU"), baku);
            }
        }
    }
}

#[test]
fn the_command_line_wins_over_the_file() {
    let text = "012 T\n192 FIDE_DUTCH_2017\n001    1      A                                 1000                             0.0        \n";
    let t = crate::trf::read_str(text).expect("valid TRF");
    assert_eq!(System::from_trf(&t), Ok(Some(System::Dutch2017)));
    assert_eq!(System::resolve(None, &t), Ok(System::Dutch2017));
    assert_eq!(
        System::resolve(Some(System::Dutch2012), &t),
        Ok(System::Dutch2012)
    );
    // 192 first, then 092; a 192 of another system is not overruled by a 092.
    let with = |header: &str| {
        let text = format!("{header}001    1      A\n");
        System::from_trf(&crate::trf::read_str(&text).expect("valid TRF")).ok()?
    };
    assert_eq!(with("092 FIDE_DUTCH_2025\n"), Some(System::Dutch2026));
    assert_eq!(
        with("092 Individual  Swiss Dutch 2017 rules\n"),
        Some(System::Dutch2017)
    );
    assert_eq!(
        with("092 Individual  Swiss Dutch (Istanbul 2012 rules)\n"),
        Some(System::Dutch2012)
    );
    assert_eq!(
        with("192 FIDE_DUTCH_2017\n092 FIDE_DUTCH_2025\n"),
        Some(System::Dutch2017)
    );
    assert_eq!(
        with("192 FIDE_DUBOV\n092 FIDE_DUTCH_2025\n"),
        Some(System::Dubov2026)
    );
    assert_eq!(
        with("192 FIDE_BURSTEIN\n092 FIDE_DUTCH_2025\n"),
        Some(System::Burstein2026)
    );
    assert_eq!(with("192 FIDE_LIM\n092 FIDE_DUTCH_2025\n"), None);
    let lim = crate::trf::read_str("192 FIDE_LIM\n001    1      A\n").expect("TRF");
    assert!(System::resolve(None, &lim).is_err());
    assert_eq!(
        System::resolve(Some(System::Dutch2026), &lim),
        Ok(System::Dutch2026)
    );
    assert_eq!(with("192 FIDE_DUBOV_BAKU\n"), Some(System::Dubov2026));
    assert_eq!(
        with("092 Individual  Swiss Dubov 1997\n"),
        Some(System::Dubov1997)
    );
    assert_eq!(with("012 T\n"), None);
}

/// The `092` free texts as they are read: the first line of this list whose words the text
/// holds names the system.
fn decision_list(text: &str) -> Option<System> {
    let c = text.to_ascii_uppercase();
    let has = |w: &str| c.contains(w);
    let list: [(bool, System); 10] = [
        (has("DUBOV") && has("1997"), System::Dubov1997),
        (has("DUBOV"), System::Dubov2026),
        (
            has("DUTCH") && (has("2012") || has("ISTANBUL")),
            System::Dutch2012,
        ),
        (has("DUTCH") && has("2017"), System::Dutch2017),
        (
            has("DUTCH") && (has("2025") || has("2026")),
            System::Dutch2026,
        ),
        (has("DOUBLE-SWISS"), System::DoubleSwiss),
        (has("RATING") && has("1998"), System::Rating1998),
        (has("SWISS LIM"), System::Lim),
        (has("BURSTEIN"), System::Burstein2026),
        (has("SWISS TEAM"), System::SwissTeam),
    ];
    list.iter().find(|(yes, _)| *yes).map(|&(_, s)| s)
}

#[test]
fn a_092_text_naming_several_systems_follows_the_decision_list() {
    let words = [
        "DUBOV",
        "1997",
        "DUTCH",
        "2012",
        "ISTANBUL",
        "2017",
        "2025",
        "2026",
        "DOUBLE-SWISS",
        "RATING",
        "1998",
        "SWISS LIM",
        "BURSTEIN",
        "SWISS TEAM",
    ];
    // Every set of up to three of the words, in order.
    let mut texts = vec![String::new()];
    for a in 0..words.len() {
        texts.push(words[a].to_string());
        for b in a + 1..words.len() {
            texts.push(format!("{} {}", words[a], words[b]));
            for c in b + 1..words.len() {
                texts.push(format!(
                    "Individual {} {} {} rules",
                    words[a], words[b], words[c]
                ));
            }
        }
    }
    for text in texts {
        if System::from_192(&text).is_ok() {
            continue;
        }
        assert_eq!(System::from_code(&text), decision_list(&text), "{text:?}");
    }
}

#[test]
fn the_team_codes_name_the_swiss_team_system() {
    use crate::team::{ColourType, ScoreKind, ScoreUse};
    for kind in ["", "_TYPEA", "_TYPEB"] {
        for scores in ["", "_MP", "_GP", "_MP_GP", "_GP_MP"] {
            let code = format!("FIDE_TEAM{kind}{scores}");
            assert_eq!(System::from_192(&code), Ok(System::SwissTeam), "{code}");
            assert_eq!(
                System::from_code(&code.to_lowercase()),
                Some(System::SwissTeam)
            );
            // The Baku Acceleration of team events is refused, with the reason.
            let e = System::from_192(&format!("{code}_BAKU"))
                .unwrap_err()
                .to_string();
            assert!(
                e.contains("_BAKU suffix is not read here") && e.contains("A8"),
                "{e}"
            );
            let colours = ColourType::from_code(&code);
            let want = match (kind, scores) {
                ("_TYPEA", _) | ("", "") => ColourType::TypeA,
                ("_TYPEB", _) => ColourType::TypeB,
                _ => ColourType::NoPreferences,
            };
            assert_eq!(colours, Some(want), "{code}");
            assert!(ScoreUse::from_code(&code).is_some());
        }
    }
    assert_eq!(
        ScoreUse::from_code("FIDE_TEAM_TYPEB_GP_MP").map(|u| u.primary),
        Some(ScoreKind::GamePoints)
    );
    assert_eq!(
        System::SwissTeam.trf_code(false).as_deref(),
        Some("FIDE_TEAM")
    );
    assert_eq!(System::SwissTeam.trf_code(true), None);
    // CUSTOM_TEAM_SWISS names no rules: --system chooses.
    let e = System::from_192("CUSTOM_TEAM_SWISS_GP")
        .unwrap_err()
        .to_string();
    assert!(e.contains("--system chooses"), "{e}");
    // An individual system's Baku code is still read.
    assert_eq!(
        System::from_192("FIDE_DUTCH_2025_BAKU"),
        Ok(System::Dutch2026)
    );
    assert_eq!("team".parse::<System>(), Ok(System::SwissTeam));
    assert_eq!("fide-team".parse::<System>(), Ok(System::SwissTeam));
    assert!(System::SwissTeam.pairs_teams());
    assert!(System::ALL.iter().filter(|s| s.pairs_teams()).count() == 1);
}

#[test]
fn a_players_system_refuses_a_team_event_and_the_team_system_a_players_tournament() {
    use crate::pairing::{PairingError, Request};
    use crate::team::{TeamEvent, TeamRequest};
    let t = crate::trf::read_str(
        "012 T\nXXR 3\n001    1      A                                 1000\n001    2      B                                 1000\n",
    )
    .expect("valid TRF");
    let e = System::SwissTeam
        .pair(&t, &Request::next_round(&t))
        .unwrap_err();
    assert!(
        matches!(&e, PairingError::InvalidRequest(w) if w.contains("pairs teams, not players")),
        "{e}"
    );
    let ev = TeamEvent::default();
    let req = TeamRequest::next_round(&ev);
    for &s in System::ALL.iter().filter(|s| !s.pairs_teams()) {
        let e = s.pair_team(&ev, &req).unwrap_err();
        assert!(
            matches!(&e, PairingError::InvalidRequest(w) if w.contains("pairs players, not teams")),
            "{s}: {e}"
        );
        assert!(s.explain_team(&ev, &req, &Default::default()).is_err());
    }
}
