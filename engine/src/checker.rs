//! Re-pairing every round of a tournament from the history before it, and comparing with what
//! the file says (the conformance check of `swisslab check`).
//!
//! For round k the engine sees rounds 1 .. k-1 and the players who were paired in round k
//! (those with a game, a forfeit or the pairing-allocated bye; `H`/`Z`/`F` entries are
//! absences). The comparison is on the set of games with their colours and on the bye; board
//! order is not compared (see the conformance corpus README). A file that declares no total
//! of rounds is taken to have as many as it records ([`assumed_total`]).

use crate::model::{PlayerId, Tournament};
use crate::pairing::{Diagnostics, Pairing, PairingError, Request};
use crate::system::System;
use std::cell::Cell;
use std::fmt;

/// One round whose re-pairing differs from the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Discrepancy {
    pub round: usize,
    /// The pairing in the file.
    pub expected: Pairing,
    /// What the engine produced, or why it could not pair.
    pub produced: Result<Pairing, PairingError>,
    /// The first criterion, by article, on which the two differ (`check` with a system).
    pub why: Option<String>,
}

impl fmt::Display for Discrepancy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "round {}:", self.round)?;
        match &self.produced {
            Ok(p) => {
                let exp = self.expected.game_set();
                let got = p.game_set();
                let only_exp: Vec<_> = exp.difference(&got).collect();
                let only_got: Vec<_> = got.difference(&exp).collect();
                writeln!(f, "  expected only: {}", fmt_games(&only_exp))?;
                writeln!(f, "  produced only: {}", fmt_games(&only_got))?;
                if self.expected.bye != p.bye {
                    writeln!(
                        f,
                        "  bye: expected {}, produced {}",
                        fmt_bye(self.expected.bye),
                        fmt_bye(p.bye)
                    )?;
                }
            }
            Err(e) => writeln!(f, "  engine error: {e}")?,
        }
        if let Some(w) = &self.why {
            writeln!(f, "  first difference: {w}")?;
        }
        Ok(())
    }
}

fn fmt_games(g: &[&(PlayerId, PlayerId)]) -> String {
    if g.is_empty() {
        return "-".into();
    }
    g.iter()
        .map(|(w, b)| format!("{w}-{b}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn fmt_bye(b: Option<PlayerId>) -> String {
    b.map_or("none".into(), |b| b.to_string())
}

/// The outcome of checking one tournament.
#[derive(Clone, Debug, Default)]
pub struct CheckReport {
    pub rounds: usize,
    pub discrepancies: Vec<Discrepancy>,
    /// What the engine reported besides its pairings, summed over the rounds (`check` with a
    /// system).
    pub diagnostics: Diagnostics,
}

/// Re-pairs every round of `t` with `system` and compares.
///
/// ```
/// use swisslab_engine::{checker, trf, System};
///
/// // Round 1 paired 1-2, 3-4; the Dutch rules pair the top half against the bottom half.
/// let text = "012 Example\nXXR 1\n\
///     001    1      Alpha                             2000                             1.0          2 w 1\n\
///     001    2      Beta                              1900                             0.0          1 b 0\n\
///     001    3      Gamma                             1800                             1.0          4 w 1\n\
///     001    4      Delta                             1700                             0.0          3 b 0\n";
/// let t = trf::read_str(text)?;
/// let report = checker::check(&t, System::Dutch2026);
/// assert_eq!(report.rounds, 1);
/// assert_eq!(report.discrepancies.len(), 1);
/// let d = &report.discrepancies[0];
/// assert_eq!(d.round, 1);
/// assert_eq!(d.expected.games, [(1, 2), (3, 4)]);
/// assert_eq!(d.produced.as_ref().unwrap().games, [(1, 3), (4, 2)]);
/// // The first criterion on which the two differ, by article.
/// assert!(d.why.as_deref().unwrap().contains("generation order (Art. 4)"));
/// # Ok::<(), trf::TrfError>(())
/// ```
pub fn check(t: &Tournament, system: System) -> CheckReport {
    let diagnostics = Cell::new(Diagnostics::default());
    let mut report = check_tournament_by(t, system, &|h, r| {
        system.pair_diagnosed(h, r).map(|d| {
            let mut sum = diagnostics.get();
            sum.add(d.diagnostics);
            diagnostics.set(sum);
            d.pairing
        })
    });
    report.diagnostics = diagnostics.get();
    for d in &mut report.discrepancies {
        if let Ok(ours) = &d.produced {
            let (history, req) = round_state(t, system, d.round);
            d.why = system.first_difference(&history, &req, &d.expected, ours);
        }
    }
    report
}

/// The tournament as it stood before round `round` (the initial colour kept, as `system`
/// reads it), and the request for that round with the players the file pairs in it (also
/// `pair --round`, `bench`).
pub fn round_state(t: &Tournament, system: System, round: usize) -> (Tournament, Request) {
    let req = Request::replay(t, round);
    let mut history = t.truncated(round - 1);
    // The initial colour is part of the tournament, not of the rounds: infer it from the
    // whole file when it is not declared.
    history.initial_color = Some(system.initial_colour(t));
    // A file without `XXR` / `142` (a complete TRF-16 as sent to FIDE): the rounds it records
    // are the total, as bbpPairings takes them, so that the last round is paired with the
    // topscorer rules (2017 A.7, 2026 1.8) and an external engine is told the total.
    if history.total_rounds.is_none() {
        history.total_rounds = Some(assumed_total(t));
    }
    (history, req)
}

/// A forfeit the file wrote without colour (`Tournament::uncoloured_forfeits`) matches the
/// produced game of the same two players whichever colours it gives.
fn uncoloured_as_produced(t: &Tournament, round: usize, expected: &mut Pairing, ours: &Pairing) {
    if t.uncoloured_forfeits.is_empty() {
        return;
    }
    let r = u32::try_from(round).unwrap_or(u32::MAX);
    for g in &mut expected.games {
        let (w, b) = *g;
        if t.uncoloured_forfeits.contains(&(w, r)) && ours.games.contains(&(b, w)) {
            *g = (b, w);
        }
    }
}

/// The total of rounds `check` assumes for a file that declares none: the rounds it records.
pub fn assumed_total(t: &Tournament) -> u32 {
    u32::try_from(t.rounds_recorded()).unwrap_or(u32::MAX)
}

/// Re-pairs every round of `t` with `pair` (any engine) and compares, the rounds read as the
/// system the file names does (else the edition in force): a file naming the Double-Swiss
/// System (`192 FIDE_DOUBLESWISS`) is checked match by match.
pub fn check_tournament(
    t: &Tournament,
    pair: &dyn Fn(&Tournament, &Request) -> Result<Pairing, PairingError>,
) -> CheckReport {
    let system = System::from_trf(t)
        .ok()
        .flatten()
        .unwrap_or(System::DEFAULT);
    check_tournament_by(t, system, pair)
}

/// [`check_tournament`] with the rounds read as `system` does: its initial colour, and the
/// round columns one pairing round takes; of two (Double-Swiss), the first is re-paired and
/// the second must hold the same pairs with the colours reversed (C.04.5 4.4).
pub fn check_tournament_by(
    t: &Tournament,
    system: System,
    pair: &dyn Fn(&Tournament, &Request) -> Result<Pairing, PairingError>,
) -> CheckReport {
    let per = system.columns_per_round();
    let rounds = t.rounds_paired();
    let mut report = CheckReport {
        rounds,
        discrepancies: Vec::new(),
        diagnostics: Diagnostics::default(),
    };
    for round in (1..=rounds).step_by(per.max(1)) {
        // Game 2's discrepancy, reported after game 1's: the report is in round order.
        let mut game_two = None;
        if per == 2 && round < rounds {
            let first = Pairing::from_round(t, round);
            let second = Pairing::from_round(t, round + 1);
            let reversed: std::collections::BTreeSet<_> =
                first.games.iter().map(|&(w, b)| (b, w)).collect();
            if second.game_set() != reversed || second.bye.is_some() {
                game_two = Some(Discrepancy {
                    round: round + 1,
                    expected: second,
                    produced: Ok(Pairing {
                        games: reversed.into_iter().collect(),
                        bye: None,
                    }),
                    why: Some(
                        "game 2 of a match is game 1 with the colours reversed (C.04.5 4.4)".into(),
                    ),
                });
            }
        }
        let (history, req) = round_state(t, system, round);
        let mut expected = Pairing::from_round(t, round);
        let produced = pair(&history, &req);
        if let Ok(p) = &produced {
            uncoloured_as_produced(t, round, &mut expected, p);
        }
        let same = match &produced {
            Ok(p) => p.game_set() == expected.game_set() && p.bye == expected.bye,
            Err(_) => false,
        };
        if !same {
            report.discrepancies.push(Discrepancy {
                round,
                expected,
                produced,
                why: None,
            });
        }
        report.discrepancies.extend(game_two);
    }
    report
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::trf;

    /// Two rounds of four players, with and without `XXR 2`.
    const TWO_ROUNDS: &str = "012 Total\n\
        001    1      Alpha                             1800                             2.0          3 w 1     2 b 1\n\
        001    2      Beta                              1700                             1.0          4 b 1     1 w 0\n\
        001    3      Gamma                             1600                             0.0          1 b 0     4 w 0\n\
        001    4      Delta                             1500                             1.0          2 w 0     3 b 1\n";

    #[test]
    fn a_file_without_a_total_is_taken_to_end_with_its_last_round() {
        let t = trf::read_str(TWO_ROUNDS).unwrap();
        assert_eq!(t.total_rounds, None);
        assert_eq!(assumed_total(&t), 2);
        let (history, _) = round_state(&t, System::Dutch2017, 2);
        assert_eq!(history.total_rounds, Some(2));
        let declared =
            trf::read_str(&TWO_ROUNDS.replace("012 Total\n", "012 Total\nXXR 5\n")).unwrap();
        assert_eq!(
            round_state(&declared, System::Dutch2017, 2).0.total_rounds,
            Some(5)
        );
        for sys in [System::Dutch2017, System::Dutch2026] {
            let a = check(&t, sys);
            let b = check(
                &trf::read_str(&TWO_ROUNDS.replace("012 Total\n", "012 Total\nXXR 2\n")).unwrap(),
                sys,
            );
            assert_eq!(a.discrepancies, b.discrepancies, "{sys}");
        }
    }

    /// A forfeit win written without its opponent (`0000 - +` in a TRF-16 file: a `Z` makes it
    /// one) was part of its round's pairing, as the pairing-allocated bye is (bbpPairings reads
    /// it so too); a forfeit loss without opponent (`0000 - -`) was not.
    #[test]
    fn a_forfeit_win_without_opponent_was_paired() {
        let text = [
            line(1, "2.0", "   3 w 1     2 w 1"),
            line(2, "1.0", "   4 w 1     1 b 0"),
            line(3, "1.0", "   1 b 0  0000 - +"),
            line(4, "0.0", "   2 b 0  0000 - -"),
            line(5, "0.0", "0000 - Z  0000 - Z"),
        ]
        .join("\n");
        let t = trf::read_str(&text).unwrap();
        assert_eq!(
            t.players[2].rounds[1],
            crate::model::RoundEntry::Unplayed(crate::model::Unplayed::ForfeitWin)
        );
        assert_eq!(Request::replay(&t, 2).present, [1, 2, 3].into());
        let (_, req) = round_state(&t, System::Dutch2017, 2);
        let p = System::Dutch2017.pair(&t.truncated(1), &req).unwrap();
        assert_eq!(p.games.len() + usize::from(p.bye.is_some()), 2);
        assert!(p.bye.is_some_and(|b| b != 4 && b != 5), "{p:?}");
    }

    /// A player line of a TRF-16 file: pairing number, points, round columns (the other
    /// fields made up: name `P<id>`, rating 1900 - id).
    pub(crate) fn line(id: u32, points: &str, rounds: &str) -> String {
        let head = format!("001 {id:>4}      {:<33} {:>4}", format!("P{id}"), 1900 - id);
        format!("{:<80}{points:>4}       {rounds}", head)
    }

    /// An engine that pairs each round as the file does, and says which history it was given.
    fn as_the_file<'a>(
        t: &'a Tournament,
        seen: &'a std::cell::RefCell<Vec<(usize, usize)>>,
    ) -> impl Fn(&Tournament, &Request) -> Result<Pairing, PairingError> + 'a {
        move |h, r| {
            seen.borrow_mut().push((r.round, h.rounds_recorded()));
            Ok(Pairing::from_round(t, r.round))
        }
    }

    #[test]
    fn an_engine_that_pairs_as_the_file_sees_only_the_rounds_before() {
        let t = trf::read_str(TWO_ROUNDS).unwrap();
        let seen = std::cell::RefCell::new(Vec::new());
        let report = check_tournament_by(&t, System::Dutch2017, &as_the_file(&t, &seen));
        assert_eq!(report.rounds, 2);
        assert!(
            report.discrepancies.is_empty(),
            "{:?}",
            report.discrepancies
        );
        assert_eq!(*seen.borrow(), [(1, 0), (2, 1)]);
        let seen = std::cell::RefCell::new(Vec::new());
        let report = check_tournament(&t, &as_the_file(&t, &seen));
        assert_eq!(report.rounds, 2);
        assert!(report.discrepancies.is_empty());
        assert_eq!(*seen.borrow(), [(1, 0), (2, 1)]);
    }

    #[test]
    fn each_round_an_engine_gets_wrong_is_reported_with_both_pairings() {
        // Round 1: 1-3, 4-2 and the bye to 5; round 2: 2-1, 3-4, 5 absent.
        let text = [
            line(1, "2.0", "   3 w 1     2 b 1"),
            line(2, "1.0", "   4 b 1     1 w 0"),
            line(3, "0.0", "   1 b 0     4 w 0"),
            line(4, "1.0", "   2 w 0     3 b 1"),
            line(5, "1.0", "0000 - U  0000 - Z"),
        ]
        .join("\n");
        let t = trf::read_str(&text).unwrap();
        let file = |r| Pairing::from_round(&t, r);
        assert_eq!(file(1).bye, Some(5));
        // Round 1 without the bye, round 2 with one colour reversed.
        let engine = |_: &Tournament, r: &Request| {
            let mut p = file(r.round);
            if r.round == 1 {
                p.bye = None;
            } else {
                p.games[0] = (p.games[0].1, p.games[0].0);
            }
            Ok(p)
        };
        let report = check_tournament_by(&t, System::Dutch2017, &engine);
        let rounds: Vec<usize> = report.discrepancies.iter().map(|d| d.round).collect();
        assert_eq!(rounds, [1, 2]);
        assert_eq!(report.discrepancies[0].expected, file(1));
        assert_eq!(report.discrepancies[1].expected, file(2));
        assert_eq!(report.discrepancies[0].why, None);
        let failing = |_: &Tournament, _: &Request| Err(PairingError::Engine("down".into()));
        let report = check_tournament_by(&t, System::Dutch2017, &failing);
        assert_eq!(report.discrepancies.len(), 2);
        assert_eq!(
            report.discrepancies[1].produced,
            Err(PairingError::Engine("down".into()))
        );
    }

    #[test]
    fn a_discrepancy_prints_what_only_each_side_has() {
        let d = Discrepancy {
            round: 3,
            expected: Pairing {
                games: vec![(1, 2), (3, 4)],
                bye: Some(5),
            },
            produced: Ok(Pairing {
                games: vec![(1, 2), (4, 3)],
                bye: None,
            }),
            why: Some("colour (Art. 5)".into()),
        };
        assert_eq!(
            d.to_string(),
            "round 3:\n  expected only: 3-4\n  produced only: 4-3\n  \
             bye: expected 5, produced none\n  first difference: colour (Art. 5)\n"
        );
        let same_bye = Discrepancy {
            round: 1,
            expected: Pairing {
                games: vec![(1, 2)],
                bye: Some(3),
            },
            produced: Ok(Pairing {
                games: vec![(1, 2), (5, 4)],
                bye: Some(3),
            }),
            why: None,
        };
        assert_eq!(
            same_bye.to_string(),
            "round 1:\n  expected only: -\n  produced only: 5-4\n"
        );
        let failed = Discrepancy {
            produced: Err(PairingError::NoValidPairing("odd".into())),
            ..same_bye
        };
        assert_eq!(
            failed.to_string(),
            "round 1:\n  engine error: no valid pairing exists: odd\n"
        );
    }

    /// C.04.5 4.4: the second game of a Double-Swiss match is the first with the colours
    /// reversed; only the first is re-paired, and a match's last column may stand alone.
    #[test]
    fn a_double_swiss_match_is_one_pairing_and_its_reverse() {
        let rev = [
            line(1, "2.0", "   3 w 1     3 b 0     2 w 1"),
            line(2, "1.0", "   4 b 1     4 w 0     1 b 0"),
            line(3, "2.0", "   1 b 0     1 w 1     4 w 1"),
            line(4, "1.0", "   2 w 0     2 b 1     3 b 0"),
        ]
        .join("\n");
        let t = trf::read_str(&rev).unwrap();
        let seen = std::cell::RefCell::new(Vec::new());
        let report = check_tournament_by(&t, System::DoubleSwiss, &as_the_file(&t, &seen));
        assert_eq!(report.rounds, 3);
        assert!(
            report.discrepancies.is_empty(),
            "{:?}",
            report.discrepancies
        );
        assert_eq!(*seen.borrow(), [(1, 0), (3, 2)]);
        // Game 2 with the same colours as game 1.
        let same = rev
            .replace("3 b 0     2 w 1", "3 w 0     2 w 1")
            .replace("1 w 1     4 w 1", "1 b 1     4 w 1")
            .replace("4 w 0     1 b 0", "4 b 0     1 b 0")
            .replace("2 b 1     3 b 0", "2 w 1     3 b 0");
        let t = trf::read_str(&same).unwrap();
        let seen = std::cell::RefCell::new(Vec::new());
        let report = check_tournament_by(&t, System::DoubleSwiss, &as_the_file(&t, &seen));
        assert_eq!(report.discrepancies.len(), 1, "{:?}", report.discrepancies);
        let d = &report.discrepancies[0];
        assert_eq!(d.round, 2);
        assert_eq!(d.expected.game_set(), [(1, 3), (4, 2)].into());
        assert_eq!(
            d.produced.as_ref().unwrap().game_set(),
            [(3, 1), (2, 4)].into()
        );
        assert!(d.why.as_deref().unwrap().contains("C.04.5 4.4"));
        // Game 1 wrong too: its discrepancy comes first.
        let wrong = |_: &Tournament, _: &Request| {
            Ok(Pairing {
                games: vec![(1, 4), (2, 3)],
                bye: None,
            })
        };
        let report = check_tournament_by(&t, System::DoubleSwiss, &wrong);
        let rounds: Vec<usize> = report.discrepancies.iter().map(|d| d.round).collect();
        assert_eq!(rounds, [1, 2, 3]);
    }

    /// A game 2 that gives a bye is no reverse of game 1 either.
    #[test]
    fn a_double_swiss_game_two_with_a_bye_is_reported() {
        let text = [
            line(1, "1.0", "   2 w 1     2 b 0"),
            line(2, "1.0", "   1 b 0     1 w 1"),
            line(3, "2.0", "0000 - U  0000 - U"),
        ]
        .join("\n");
        let t = trf::read_str(&text).unwrap();
        let seen = std::cell::RefCell::new(Vec::new());
        let report = check_tournament_by(&t, System::DoubleSwiss, &as_the_file(&t, &seen));
        let rounds: Vec<usize> = report.discrepancies.iter().map(|d| d.round).collect();
        assert_eq!(rounds, [2]);
    }

    /// A forfeit written without colour matches the engine's game of the same two players in
    /// either colour; one written with colours does not.
    #[test]
    fn an_uncoloured_forfeit_matches_either_colour() {
        let uncoloured = [
            line(1, "2.0", "   2 - +     3 w 1"),
            line(2, "0.0", "   1 - -     4 b 0"),
            line(3, "1.0", "   4 w 1     1 b 0"),
            line(4, "1.0", "   3 b 0     2 w 1"),
        ]
        .join("\n");
        let engine = |_: &Tournament, r: &Request| {
            Ok(Pairing {
                games: if r.round == 1 {
                    vec![(2, 1), (3, 4)]
                } else {
                    vec![(1, 3), (4, 2)]
                },
                bye: None,
            })
        };
        let t = trf::read_str(&uncoloured).unwrap();
        assert_eq!(t.uncoloured_forfeits, [(1, 1), (2, 1)]);
        let report = check_tournament_by(&t, System::Dutch2017, &engine);
        assert!(
            report.discrepancies.is_empty(),
            "{:?}",
            report.discrepancies
        );
        let coloured = uncoloured
            .replace("2 - +", "2 w +")
            .replace("1 - -", "1 b -");
        let t = trf::read_str(&coloured).unwrap();
        let report = check_tournament_by(&t, System::Dutch2017, &engine);
        assert_eq!(report.discrepancies.len(), 1);
        assert_eq!(
            report.discrepancies[0].expected.game_set(),
            [(1, 2), (3, 4)].into()
        );
        // The engine pairs other players: the forfeit stays as the file wrote it.
        let other = |_: &Tournament, _: &Request| {
            Ok(Pairing {
                games: vec![(1, 3), (4, 2)],
                bye: None,
            })
        };
        let t = trf::read_str(&uncoloured).unwrap();
        let report = check_tournament_by(&t, System::Dutch2017, &other);
        assert_eq!(
            report.discrepancies[0].expected.game_set(),
            [(1, 2), (3, 4)].into()
        );
    }

    /// `check` names the first criterion on which a discrepancy differs.
    #[test]
    fn check_says_where_the_engine_and_the_file_part() {
        let text = "012 Example\nXXR 1\n\
            001    1      Alpha                             2000                             1.0          2 w 1\n\
            001    2      Beta                              1900                             0.0          1 b 0\n\
            001    3      Gamma                             1800                             1.0          4 w 1\n\
            001    4      Delta                             1700                             0.0          3 b 0\n";
        let t = trf::read_str(text).unwrap();
        let report = check(&t, System::Dutch2026);
        assert_eq!(report.rounds, 1);
        assert_eq!(report.discrepancies.len(), 1);
        let why = report.discrepancies[0].why.as_deref().unwrap();
        assert!(why.contains("Art. 4"), "{why}");
        assert!(report.diagnostics.is_empty());
    }
}
