//! A toy pairing system, compiled for the engine's own tests only: it proves that adding a
//! system takes its folder and one line of the registry (`system/mod.rs`), nothing else. Its
//! rule: the players present in pairing-number order, the first against the second, the third
//! against the fourth, and so on; an odd one out (the last) takes the bye; in each pair the
//! smaller number has White in odd rounds, Black in even ones. It is no FIDE system and claims
//! none of their rules.

use crate::model::{PlayerId, Tournament};
use crate::pairing::{
    ByeRule, ColourRule, Diagnosed, Info, Invariants, Pairing, PairingError, PairingSystem, Request,
};
use crate::systems::common::round::present;
use std::fmt::Write as _;

/// The toy system.
pub(crate) struct Toy;

impl PairingSystem for Toy {
    /// The players present, in pairing-number order.
    type Round = Vec<PlayerId>;

    fn info(&self) -> Info {
        Info {
            name: "toy",
            label: "the toy system",
            aliases: &["toy-system"],
            title:
                "A toy system of the engine's tests: pairing-number order, one pair after another",
            codes_192: &["SWISSLAB_TOY"],
            text_092: "Individual  Swiss Toy rules",
            names_in_092: |c| c.contains("SWISS TOY"),
            invariants: Invariants {
                bye: ByeRule::ByeOrForfeitWin,
                colours: ColourRule::Unlimited,
                lowest_bye_score: false,
            },
        }
    }

    fn prepare(&self, t: &Tournament, req: &Request) -> Result<Vec<PlayerId>, PairingError> {
        Ok(present(t, req)?.into_iter().map(|(id, _)| id).collect())
    }

    fn pair(
        &self,
        _t: &Tournament,
        req: &Request,
        ids: &Vec<PlayerId>,
    ) -> Result<Diagnosed, PairingError> {
        let games = ids
            .chunks_exact(2)
            .map(|p| {
                if req.round % 2 == 1 {
                    (p[0], p[1])
                } else {
                    (p[1], p[0])
                }
            })
            .collect();
        let bye = (ids.len() % 2 == 1).then(|| ids[ids.len() - 1]);
        Ok(Pairing { games, bye }.into())
    }

    fn explain(&self, _t: &Tournament, req: &Request, pairing: &Pairing) -> String {
        let mut s = format!("Toy, round {}: pairing-number order\n", req.round);
        for (w, b) in &pairing.games {
            let _ = writeln!(s, "  {w} - {b}");
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use crate::model::{Color, GameKind, GameResult, RoundEntry, Unplayed};
    use crate::pairing::Request;
    use crate::{checker, trf, System};

    /// Five players, no rounds yet.
    fn five() -> crate::Tournament {
        let mut text = String::from("012 Toy\nXXR 3\n");
        for id in 1..=5 {
            text.push_str(&format!(
                "001 {id:>4}      P{id:<32}{:>4}\n",
                2000 - id * 10
            ));
        }
        trf::read_str(&text).expect("valid TRF")
    }

    #[test]
    fn the_registry_line_is_all_it_takes() {
        assert!(System::ALL.contains(&System::Toy));
        assert_eq!("toy".parse::<System>(), Ok(System::Toy));
        assert_eq!("Toy-System".parse::<System>(), Ok(System::Toy));
        assert_eq!(System::from_code("SWISSLAB_TOY_BAKU"), Some(System::Toy));
        assert_eq!(System::from_code(System::Toy.trf_text()), Some(System::Toy));
        assert_eq!(System::Toy.columns_per_round(), 1);
        assert_eq!(System::Toy.initial_colour(&five()), Color::White);
        assert!(System::Toy.title().starts_with("A toy system"));
    }

    /// Three rounds paired by the toy system and written into the file, white winning every
    /// game: the checker re-pairs them all through the registry and finds no difference; a
    /// round changed in the file is found.
    #[test]
    fn a_tournament_it_paired_checks_clean() {
        let mut t = five();
        for round in 1..=3 {
            let req = Request::next_round(&t);
            assert_eq!(req.round, round);
            let p = System::Toy.pair(&t, &req).expect("paired");
            assert_eq!(p.games.len(), 2);
            assert_eq!(p.bye, Some(5));
            for pl in &mut t.players {
                let entry = if let Some(&(w, b)) =
                    p.games.iter().find(|&&(w, b)| w == pl.id || b == pl.id)
                {
                    let white = w == pl.id;
                    RoundEntry::Game {
                        opponent: if white { b } else { w },
                        color: if white { Color::White } else { Color::Black },
                        result: if white {
                            GameResult::Win
                        } else {
                            GameResult::Loss
                        },
                        kind: GameKind::Rated,
                    }
                } else {
                    RoundEntry::Unplayed(Unplayed::Pab)
                };
                pl.rounds.push(entry);
            }
        }
        let report = checker::check(&t, System::Toy);
        assert_eq!((report.rounds, report.discrepancies.len()), (3, 0));
        let explained = System::Toy.explain(
            &t.truncated(1),
            &Request::replay(&t, 2),
            &Default::default(),
        );
        assert!(explained.starts_with("Toy, round 2"), "{explained}");
        // Round 2 as the file writes it, with the colours of pair 1-2 swapped: a discrepancy,
        // and no criterion to name (the toy weighs none).
        for pl in &mut t.players[..2] {
            if let RoundEntry::Game { color, .. } = &mut pl.rounds[1] {
                *color = color.opposite();
            }
        }
        let report = checker::check(&t, System::Toy);
        assert_eq!(report.discrepancies.len(), 1);
        assert_eq!(report.discrepancies[0].round, 2);
        assert_eq!(report.discrepancies[0].why, None);
    }
}
