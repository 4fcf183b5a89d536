//! D.2's exchanges between S1 and S2 of a homogeneous bracket or remainder, listed in the
//! order of the rule's exact procedure (the smallest difference of numbers first, then the S1
//! list top down, then the S2 list top down), lazily: the first `limit` of them are produced
//! without listing the others, so that no exchange is ever skipped or put out of order.
//!
//! The exact procedure of D.2 walks DELTA from DIFFMIN up and, for each, the S1 list (subsets of
//! S1 in decreasing lexicographic order, each written high to low) and the S2 list (subsets of
//! S2 in increasing lexicographic order), taking the pairs whose difference is DELTA. Here each
//! DELTA visits only the S1 subsets whose sum leaves an S2 subset of the needed sum, and only
//! those S2 subsets: the sums of `r` numbers chosen among consecutive numbers `lo..=hi` fill the
//! whole range between the least and the greatest, so a branch whose range holds the needed sum
//! always ends in an exchange. The cost is therefore at most about `k * n` steps per exchange
//! produced, plus `n` steps for each DELTA (at most `k * n` of them), whatever the number of
//! subsets.

/// The least and the greatest sum of `r` distinct numbers among `lo..=hi` (every sum between
/// them is the sum of some such choice), or `None` when there are fewer than `r` numbers.
fn sum_range(lo: usize, hi: usize, r: usize) -> Option<(usize, usize)> {
    if r == 0 {
        return Some((0, 0));
    }
    if hi < lo || hi - lo + 1 < r {
        return None;
    }
    let tri = r * (r - 1) / 2;
    Some((r * lo + tri, r * hi - tri))
}

/// Calls `f` on every `r`-subset of `1..=hi` (written high to low, appended to `cur`) whose sum
/// plus `base` lies in `want`, in decreasing lexicographic order; stops when `f` returns false
/// (and returns false then).
fn s1_subsets(
    hi: usize,
    r: usize,
    base: usize,
    want: (usize, usize),
    cur: &mut Vec<usize>,
    f: &mut dyn FnMut(&[usize], usize) -> bool,
) -> bool {
    if r == 0 {
        return f(cur, base);
    }
    for v in (r..=hi).rev() {
        let Some((lo_s, hi_s)) = sum_range(1, v - 1, r - 1) else {
            continue;
        };
        if base + v + hi_s < want.0 || base + v + lo_s > want.1 {
            continue;
        }
        cur.push(v);
        let go = s1_subsets(v - 1, r - 1, base + v, want, cur, f);
        cur.pop();
        if !go {
            return false;
        }
    }
    true
}

/// Calls `f` on every `r`-subset of `lo..=hi` (increasing, appended to `cur`) whose sum plus
/// `base` is `want`, in increasing lexicographic order; stops when `f` returns false.
fn s2_subsets(
    lo: usize,
    hi: usize,
    r: usize,
    base: usize,
    want: usize,
    cur: &mut Vec<usize>,
    f: &mut dyn FnMut(&[usize]) -> bool,
) -> bool {
    if r == 0 {
        return base != want || f(cur);
    }
    for v in lo..=hi {
        let Some((lo_s, hi_s)) = sum_range(v + 1, hi, r - 1) else {
            break;
        };
        if base + v + lo_s > want {
            break;
        }
        if base + v + hi_s < want {
            continue;
        }
        cur.push(v);
        let go = s2_subsets(v + 1, hi, r - 1, base + v, want, cur, f);
        cur.pop();
        if !go {
            return false;
        }
    }
    true
}

/// The first `limit` exchanges of `k` players of D.2 for S1 = the first `p` of `n` players, in
/// D.2's order. Each is given as S1 then S2, positions among the `n` players (A.2 order), each
/// sorted, one after the other in one list (`n` positions each, S1 the first `p`).
pub(crate) fn exchanges(n: usize, p: usize, k: usize, limit: usize) -> Vec<usize> {
    let mut out = Vec::new();
    if limit == 0 || k > p || k > n - p {
        return out;
    }
    // Numbers 1..=p in S1, p+1..=n in S2.
    let (Some((a_min, a_max)), Some((b_min, b_max))) = (sum_range(1, p, k), sum_range(p + 1, n, k))
    else {
        return out;
    };
    let (mut a_cur, mut b_cur) = (Vec::with_capacity(k), Vec::with_capacity(k));
    let mut count = 0;
    // DIFFMIN = DIFFERENZ(1, 1), DIFFMAX = DIFFERENZ(S1NLIST, S2NLIST).
    for delta in b_min - a_max..=b_max - a_min {
        // S1 subsets whose sum `sa` leaves `sa + delta` within the S2 sums.
        let want = (b_min.saturating_sub(delta), b_max - delta);
        let go = s1_subsets(p, k, 0, want, &mut a_cur, &mut |a, sa| {
            s2_subsets(p + 1, n, k, 0, sa + delta, &mut b_cur, &mut |b| {
                // S1 keeps its players but `a` and takes `b`; S2 the other way round.
                let s1 = (1..=p).filter(|x| !a.contains(x)).chain(b.iter().copied());
                let mut s1: Vec<usize> = s1.map(|x| x - 1).collect();
                s1.sort_unstable();
                let s2 = (p + 1..=n)
                    .filter(|x| !b.contains(x))
                    .chain(a.iter().copied());
                let mut s2: Vec<usize> = s2.map(|x| x - 1).collect();
                s2.sort_unstable();
                out.extend(s1.iter().chain(&s2));
                count += 1;
                count < limit
            })
        });
        if !go {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::exchanges;

    /// The literal procedure of D.2 (every pair of the two lists, DELTA by DELTA) as positions.
    fn literal(n: usize, p: usize, k: usize) -> Vec<usize> {
        let players: Vec<usize> = (0..n).collect();
        crate::systems::dutch2012::literal::exchanges(&players, p, k)
            .into_iter()
            .flat_map(|(s1, s2)| s1.into_iter().chain(s2))
            .collect()
    }

    #[test]
    fn every_exchange_in_the_order_of_the_literal_procedure() {
        for n in 0..=12 {
            for p in 0..=n / 2 {
                for k in 0..=p {
                    assert_eq!(
                        exchanges(n, p, k, usize::MAX),
                        literal(n, p, k),
                        "n {n}, p {p}, k {k}"
                    );
                }
            }
        }
    }

    /// At the bound: a list cut at `limit` is the first `limit` exchanges of the whole list in
    /// D.2's order (not the first ones met before sorting), at every limit.
    #[test]
    fn a_list_cut_at_its_limit_is_the_head_of_the_whole_list() {
        let (n, p, k) = (12, 6, 3);
        let whole = literal(n, p, k);
        assert_eq!(whole.len() / n, 400);
        for limit in [1, 2, 7, 19, 20, 21, 100, 399, 400, 401] {
            let cut = exchanges(n, p, k, limit);
            assert_eq!(cut.len() / n, limit.min(400), "limit {limit}");
            assert_eq!(cut[..], whole[..cut.len()], "limit {limit}");
        }
    }

    /// A bracket far beyond what could be listed (100 players, exchanges of 20: about 10^40 of
    /// them) gives its first exchanges at once, in order: one player of S1 each time, the
    /// smallest difference first.
    #[test]
    fn the_first_exchanges_of_a_huge_bracket_come_at_once() {
        let (n, p) = (100, 50);
        let list = exchanges(n, p, 20, 3);
        assert_eq!(list.len(), 3 * n);
        let first = &list[..n];
        // S1 gives 50..31 (numbers) and takes 51..70: the least difference, 400.
        let s1: Vec<usize> = (0..30).chain(50..70).collect();
        assert_eq!(first[..p], s1[..]);
        let one = exchanges(n, p, 1, 2);
        // 50 <-> 51 (difference 1), then 50 <-> 52 (2) before 49 <-> 51 (2).
        let s1_second: Vec<usize> = (0..49).chain([51]).collect();
        assert_eq!(one[n..n + p], s1_second[..]);
    }
}
