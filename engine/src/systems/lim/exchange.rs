//! Lim System (C.04.4.3) Art. 2.4 and 4.1-4.3: the proposed pairings of a scoregroup and the
//! order of the exchanges that find a compatible opponent.
//!
//! 2.4: the players, arranged in pairing-number order, are tentatively paired top half against
//! bottom half, 1 v (n/2+1), 2 v (n/2+2), … 4.1: pairing downward, scrutiny begins with the
//! highest numbered player (#1) and his proposed opponent, the lower numbered player, is
//! exchanged; pairing upward, it begins with the lowest numbered player and the higher numbered
//! one is exchanged. 4.2, the six players' table: #1 tries 4, then 5, 6, 3, 2, and with each
//! the rest is proposed afresh the same way (column 2: 1-5, 2-4, 3-6; column 5: 1-2, 3-5,
//! 4-6). Generalised: the proposed opponent, the rest of the other half in order, then the
//! player's own half from its far end back (upward, the mirror).

/// The opponents the first of `arranged` (players in the order of scrutiny of the direction,
/// an even number) tries, in the order of Art. 4.2: the proposed one first.
pub(super) fn order(arranged: &[usize]) -> Vec<usize> {
    let n = arranged.len();
    let half = n / 2;
    if n < 2 {
        return Vec::new();
    }
    let mut v: Vec<usize> = arranged[half..].to_vec();
    v.extend(arranged[1..half].iter().rev());
    v
}

#[cfg(test)]
/// 2.4: the proposed pairings of `arranged` (in the order of scrutiny of the direction).
pub(super) fn proposed(arranged: &[usize]) -> Vec<(usize, usize)> {
    let half = arranged.len() / 2;
    (0..half)
        .map(|k| (arranged[k], arranged[k + half]))
        .collect()
}
