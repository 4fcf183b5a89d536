//! The `k`-subsets of a list, in lexicographic order of positions: the order in which the
//! exchanges of D.2 (Dutch 2012, rating-based 1998), the choices of moved-down players of D.3
//! and the transpositions of the Dubov system are tried.

/// The `k`-subsets of `0..n`, each ascending, in lexicographic order (none when `k > n`; the
/// empty set once when `k == 0`). Lazy: callers that stop early pay only for what they take.
pub(crate) fn k_subsets(n: usize, k: usize) -> impl Iterator<Item = Vec<usize>> {
    let mut cur: Option<Vec<usize>> = (k <= n).then(|| (0..k).collect());
    std::iter::from_fn(move || {
        let out = cur.clone()?;
        let mut next = out.clone();
        let mut i = k;
        cur = loop {
            if i == 0 {
                break None;
            }
            i -= 1;
            if next[i] < n - k + i {
                next[i] += 1;
                for j in i + 1..k {
                    next[j] = next[j - 1] + 1;
                }
                break Some(next);
            }
        };
        Some(out)
    })
}

/// The `k`-subsets of `items`, in lexicographic order of positions, each in the order of
/// `items`. (For the literal oracles.)
#[cfg(any(test, feature = "oracle"))]
pub(crate) fn k_subsets_of(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    k_subsets(items.len(), k)
        .map(|s| s.into_iter().map(|i| items[i]).collect())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexicographic_and_complete() {
        let all: Vec<_> = k_subsets(4, 2).collect();
        assert_eq!(
            all,
            vec![
                vec![0, 1],
                vec![0, 2],
                vec![0, 3],
                vec![1, 2],
                vec![1, 3],
                vec![2, 3]
            ]
        );
        assert_eq!(
            k_subsets(3, 0).collect::<Vec<_>>(),
            vec![Vec::<usize>::new()]
        );
        assert_eq!(k_subsets(2, 3).count(), 0);
        assert_eq!(k_subsets(10, 4).count(), 210);
        assert_eq!(
            k_subsets_of(&[7, 5, 9], 2),
            vec![vec![7, 5], vec![7, 9], vec![5, 9]]
        );
    }
}
