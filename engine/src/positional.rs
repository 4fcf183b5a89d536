//! JaVaFo's `XXC rank` as bbpPairings reads it (trf-formats.md §C): the round is paired with
//! each player's **position among the `001` lines** as his pairing number (the order of the
//! ranking list the file was written in), and the pairing is reported with the pairing numbers
//! of the file. [`System::pair`](crate::system::System::pair) goes through [`Positional`] when
//! the file says `XXC rank`.
//!
//! JaVaFo is reported to pair such files differently again; swisslab follows bbpPairings,
//! the engine whose results on real files are recorded (docs/formats/real-files.md).

use crate::model::{PlayerId, RoundEntry, Tournament};
use crate::pairing::{Pairing, Request};
use std::collections::HashMap;

/// A tournament renumbered by the position of its `001` lines, and the way back.
pub struct Positional {
    /// The tournament with positions as pairing numbers.
    pub tournament: Tournament,
    /// Position → pairing number of the file.
    back: HashMap<PlayerId, PlayerId>,
    /// Pairing number of the file → position.
    to: HashMap<PlayerId, PlayerId>,
}

impl Positional {
    /// The renumbered tournament when `t` says `XXC rank` and its line order is known (a
    /// permutation of its players); `None` otherwise, or when the order is the pairing
    /// numbers' own (nothing to renumber).
    pub fn of(t: &Tournament) -> Option<Positional> {
        if !t.by_rank || t.rank_order.len() != t.players.len() {
            return None;
        }
        let to: HashMap<PlayerId, PlayerId> = t
            .rank_order
            .iter()
            .enumerate()
            .map(|(i, &id)| (id, PlayerId::try_from(i + 1).unwrap_or(PlayerId::MAX)))
            .collect();
        if to.len() != t.players.len() || t.players.iter().any(|p| !to.contains_key(&p.id)) {
            return None;
        }
        if to.iter().all(|(a, b)| a == b) {
            return None;
        }
        let map = |id: PlayerId| to.get(&id).copied().unwrap_or(id);
        let mut r = t.clone();
        r.by_rank = false;
        r.rank_order.clear();
        for p in &mut r.players {
            p.id = map(p.id);
            for e in &mut p.rounds {
                if let RoundEntry::Game { opponent, .. } = e {
                    *opponent = map(*opponent);
                }
            }
        }
        r.players.sort_by_key(|p| p.id);
        for list in &mut r.forbidden {
            list.iter_mut().for_each(|id| *id = map(*id));
        }
        for pr in &mut r.prohibited {
            pr.players.iter_mut().for_each(|id| *id = map(*id));
        }
        for (id, _) in &mut r.acceleration {
            *id = map(*id);
        }
        r.absent_next = r.absent_next.iter().map(|&id| map(id)).collect();
        let back = to.iter().map(|(&a, &b)| (b, a)).collect();
        Some(Positional {
            tournament: r,
            back,
            to,
        })
    }

    /// The request in positions.
    pub fn request(&self, req: &Request) -> Request {
        Request {
            round: req.round,
            present: req.present.iter().map(|&id| self.forward(id)).collect(),
        }
    }

    /// A pairing in the file's pairing numbers, as positions.
    pub fn to_positions(&self, p: &Pairing) -> Pairing {
        Pairing {
            games: p
                .games
                .iter()
                .map(|&(w, b)| (self.forward(w), self.forward(b)))
                .collect(),
            bye: p.bye.map(|id| self.forward(id)),
        }
    }

    /// A pairing in positions, in the file's pairing numbers (board order kept).
    pub fn to_file(&self, p: &Pairing) -> Pairing {
        let b = |id: PlayerId| self.back.get(&id).copied().unwrap_or(id);
        Pairing {
            games: p.games.iter().map(|&(w, x)| (b(w), b(x))).collect(),
            bye: p.bye.map(b),
        }
    }

    fn forward(&self, id: PlayerId) -> PlayerId {
        self.to.get(&id).copied().unwrap_or(id)
    }
}

#[cfg(test)]
mod tests {
    use crate::pairing::Request;
    use crate::system::System;
    use crate::trf;

    /// Four players written in the order 2 1 4 3: with `XXC rank` the positions pair (position
    /// 1 = player 2 White against position 3 = player 4, position 4 = player 3 White against
    /// position 2 = player 1); without it the pairing numbers do (1-3, 4-2).
    const FOUR: &str = "012 Rank order\nXXR 3\nXXC rank white1\n\
        001    2      Beta                              1800                             0.0\n\
        001    1      Alpha                             1700                             0.0\n\
        001    4      Delta                             1600                             0.0\n\
        001    3      Gamma                             1500                             0.0\n";

    fn games(text: &str, sys: System) -> Vec<(u32, u32)> {
        let t = trf::read_str(text).unwrap();
        let mut g = sys.pair(&t, &Request::next_round(&t)).unwrap().games;
        g.sort_unstable();
        g
    }

    #[test]
    fn rank_pairs_by_the_order_of_the_player_lines() {
        assert_eq!(trf::read_str(FOUR).unwrap().rank_order, vec![2, 1, 4, 3]);
        for sys in [System::Dutch2017, System::Dutch2026] {
            assert_eq!(games(FOUR, sys), vec![(2, 4), (3, 1)], "{sys}");
            let plain = FOUR.replace("XXC rank white1", "XXC white1");
            assert_eq!(games(&plain, sys), vec![(1, 3), (4, 2)], "{sys}");
        }
    }

    #[test]
    fn the_writer_keeps_the_order_that_rank_pairs_by() {
        let t = trf::read_str(FOUR).unwrap();
        let text = trf::write(&t);
        let ids: Vec<&str> = text
            .lines()
            .filter(|l| l.starts_with("001"))
            .map(|l| l[4..8].trim())
            .collect();
        assert_eq!(ids, ["2", "1", "4", "3"]);
        assert_eq!(trf::read_str(&text).unwrap(), t);
    }
}
