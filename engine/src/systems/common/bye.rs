//! The pairing-allocated bye given first, before the brackets are paired, as the 2026 texts of
//! the bracket systems assign it (Dubov 3.1, Burstein 3.1, Double-Swiss 3.4): to the first
//! player, among those who may receive it (C2), whose bye leaves the others pairable (C4; C3
//! of Double-Swiss), in the order of the lowest score, then the most games (matches) played,
//! then the system's last criterion (the largest TPN; Burstein: the lowest ranking of 1.8).
//! Dubov 1997 has its own order (4) and takes the first of it the same way: [`first_bye`].

use std::cmp::Ordering;

/// The first of `candidates` (in the system's bye order) whose bye leaves the other players of
/// `left` pairable (`rest_pairable`).
pub(crate) fn first_bye(
    left: &[usize],
    candidates: &[usize],
    mut rest_pairable: impl FnMut(&[usize]) -> bool,
) -> Option<usize> {
    candidates.iter().copied().find(|&c| {
        let rest: Vec<usize> = left.iter().copied().filter(|&i| i != c).collect();
        rest_pairable(&rest)
    })
}

/// The bye of 3.1 among the players `left`: of those `may` allows (C2), ordered by the lowest
/// `score_played` score, then the most `score_played` games played, then `last`, the first
/// whose bye leaves the others pairable (`rest_pairable`); `None` when there is none.
pub(crate) fn lowest_bye<S: Ord, P: Ord>(
    left: &[usize],
    may: impl Fn(usize) -> bool,
    score_played: impl Fn(usize) -> (S, P),
    last: impl Fn(usize, usize) -> Ordering,
    rest_pairable: impl FnMut(&[usize]) -> bool,
) -> Option<usize> {
    let mut candidates: Vec<usize> = left.iter().copied().filter(|&i| may(i)).collect();
    candidates.sort_by(|&a, &b| {
        let ((sa, pa), (sb, pb)) = (score_played(a), score_played(b));
        sa.cmp(&sb).then(pb.cmp(&pa)).then(last(a, b))
    });
    first_bye(left, &candidates, rest_pairable)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pairable when the rest does not hold both 0 and 1 (they met already, say).
    fn not_zero_and_one(rest: &[usize]) -> bool {
        !(rest.contains(&0) && rest.contains(&1))
    }

    #[test]
    fn the_first_candidate_whose_bye_leaves_the_rest_pairable() {
        // 2's bye leaves 0 and 1 together; 1's leaves 0 and 2.
        assert_eq!(first_bye(&[0, 1, 2], &[2, 1, 0], not_zero_and_one), Some(1));
        assert_eq!(first_bye(&[0, 1, 2], &[2], not_zero_and_one), None);
        let mut rests = Vec::new();
        let none = first_bye(&[0, 1, 2], &[2, 0], |r| {
            rests.push(r.to_vec());
            false
        });
        assert_eq!(none, None);
        assert_eq!(rests, [vec![0, 1], vec![1, 2]]);
    }

    /// 3.1: the lowest score first, then the most games played, then the last criterion (here
    /// the largest number first); C2 keeps player 0 out.
    #[test]
    fn the_bye_order_is_lowest_score_most_games_then_the_last_criterion() {
        // (score, games played) by player.
        let stats = [(0, 1), (1, 3), (1, 4), (1, 4), (2, 4), (0, 3)];
        let mut tried = Vec::new();
        let none = lowest_bye(
            &[0, 1, 2, 3, 4, 5],
            |i| i != 0,
            |i| stats[i],
            |a, b| b.cmp(&a),
            |rest| {
                let bye = (0..6).find(|i| !rest.contains(i)).unwrap();
                tried.push(bye);
                false
            },
        );
        assert_eq!(none, None);
        assert_eq!(tried, [5, 3, 2, 1, 4]);
        let first = lowest_bye(
            &[0, 1, 2, 3, 4, 5],
            |i| i != 0 && i != 5,
            |i| stats[i],
            |a, b| b.cmp(&a),
            |_| true,
        );
        assert_eq!(first, Some(3));
    }
}
