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
