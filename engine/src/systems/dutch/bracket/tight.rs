//! D.1's transposition order (C.04.3 2017 D.1; 2026 Art. 4) among the best candidates of a
//! bipartite bracket, decided on the tight subgraph of one optimal dual solution.
//!
//! When S1 players may only be paired with S2 players, one maximum-weight matching by the
//! quality criteria (C.4-C.19) and its optimal vertex duals describe every best candidate at
//! once: by complementary slackness, the best candidates are exactly the matchings that use only
//! tight edges and cover every vertex with a positive dual. D.1 then gives each S1 player in
//! turn the earliest S2 player that still allows a best candidate with the pairs decided before
//! him; whether one does is a question of alternating paths in the tight subgraph, with no
//! further weighted matching.

const NONE: usize = usize::MAX;

/// One side of the bipartite tight subgraph (S1 or S2).
struct Side {
    /// Tight partners on the other side, earliest first.
    adj: Vec<Vec<usize>>,
    /// Players every best candidate pairs (a positive dual).
    cover: Vec<bool>,
    /// Partner in the current best candidate, or `NONE`.
    mate: Vec<usize>,
    /// Decided (with their partner, or unpaired): out of every alternating path.
    fixed: Vec<bool>,
    /// Search marks (a stamp per search) and the player of the other side each was reached
    /// from.
    seen: Vec<u32>,
    from: Vec<usize>,
}

impl Side {
    fn new(adj: Vec<Vec<usize>>, cover: Vec<bool>) -> Side {
        let n = cover.len();
        Side {
            adj,
            cover,
            mate: vec![NONE; n],
            fixed: vec![false; n],
            seen: vec![0; n],
            from: vec![NONE; n],
        }
    }
}

/// The tight subgraph of a bipartite bracket between S1 (side 0, indices `0..p`) and S2 (side
/// 1, `0..q`, in S2 order), with a best candidate and the players every best candidate pairs.
pub(crate) struct Tight {
    sides: [Side; 2],
    stamp: u32,
    /// Changes of the mates since the last decision `(side, player, old mate)`, to undo a
    /// failed trial.
    log: Vec<(usize, usize, usize)>,
    queue: Vec<usize>,
}

impl Tight {
    /// `adj1`: the tight partners `j` in S2 of each S1 player `i`, in S2 order; `cover1`,
    /// `cover2`: the players with a positive dual; `mate1`: a best candidate (the S2 partner of
    /// each S1 player), which uses only tight edges and covers those players.
    pub(crate) fn new(
        adj1: Vec<Vec<usize>>,
        cover1: Vec<bool>,
        cover2: Vec<bool>,
        mate1: &[Option<usize>],
    ) -> Tight {
        let mut adj2 = vec![Vec::new(); cover2.len()];
        for (i, a) in adj1.iter().enumerate() {
            debug_assert!(a.is_sorted());
            for &j in a {
                adj2[j].push(i);
            }
        }
        let mut t = Tight {
            sides: [Side::new(adj1, cover1), Side::new(adj2, cover2)],
            stamp: 0,
            log: Vec::new(),
            queue: Vec::new(),
        };
        for (i, m) in mate1.iter().enumerate() {
            if let Some(j) = *m {
                t.pair(0, i, j);
            }
        }
        t.log.clear();
        t
    }

    /// D.1: each S1 player in order with the earliest S2 player that still allows a best
    /// candidate (unpaired only when none does). Returns the S2 partner of each S1 player.
    pub(crate) fn earliest(mut self) -> Vec<Option<usize>> {
        for i in 0..self.sides[0].mate.len() {
            let current = self.sides[0].mate[i];
            for k in 0..self.sides[0].adj[i].len() {
                let j = self.sides[0].adj[i][k];
                if j >= current {
                    break;
                }
                if !self.sides[1].fixed[j] && self.force(i, j) {
                    break;
                }
            }
            self.sides[0].fixed[i] = true;
            let j = self.sides[0].mate[i];
            if j != NONE {
                self.sides[1].fixed[j] = true;
            }
        }
        self.sides[0]
            .mate
            .iter()
            .map(|&j| (j != NONE).then_some(j))
            .collect()
    }

    /// Sets the mate of player `x` of side `s` (logged).
    fn set(&mut self, s: usize, x: usize, y: usize) {
        self.log.push((s, x, self.sides[s].mate[x]));
        self.sides[s].mate[x] = y;
    }

    /// Pairs `x` of side `s` with `y` of the other side.
    fn pair(&mut self, s: usize, x: usize, y: usize) {
        self.set(s, x, y);
        self.set(1 - s, y, x);
    }

    /// Pairs `i` with `j` when a best candidate keeps the decided pairs and this one: the two
    /// players left by their old partners are then covered again (when they must be) along
    /// alternating paths of tight edges. Undoes the trial otherwise.
    fn force(&mut self, i: usize, j: usize) -> bool {
        self.log.clear();
        let a = self.sides[1].mate[j];
        let b = self.sides[0].mate[i];
        if a != NONE {
            self.set(0, a, NONE);
        }
        if b != NONE {
            self.set(1, b, NONE);
        }
        self.pair(0, i, j);
        self.sides[0].fixed[i] = true;
        self.sides[1].fixed[j] = true;
        let ok = self.recover(0, a) && self.recover(1, b);
        self.sides[0].fixed[i] = false;
        self.sides[1].fixed[j] = false;
        if !ok {
            while let Some((s, x, old)) = self.log.pop() {
                self.sides[s].mate[x] = old;
            }
        }
        ok
    }

    /// Whether player `a` of side `s` (if any) is paired again when he must be: already, or
    /// along an alternating path from him (applied when found): tight edges to the other side,
    /// pairs back, ending at an unpaired player of the other side or at a player of side `s`
    /// who need not be paired (and gives up his partner).
    fn recover(&mut self, s: usize, a: usize) -> bool {
        if a == NONE || !self.sides[s].cover[a] || self.sides[s].mate[a] != NONE {
            return true;
        }
        let o = 1 - s;
        self.stamp += 1;
        let stamp = self.stamp;
        self.queue.clear();
        self.queue.push(a);
        self.sides[s].seen[a] = stamp;
        let mut head = 0;
        while head < self.queue.len() {
            let x = self.queue[head];
            head += 1;
            for k in 0..self.sides[s].adj[x].len() {
                let c = self.sides[s].adj[x][k];
                let other = &mut self.sides[o];
                if other.fixed[c] || other.seen[c] == stamp {
                    continue;
                }
                other.seen[c] = stamp;
                other.from[c] = x;
                let y = other.mate[c];
                if y == NONE {
                    self.flip(s, c);
                    return true;
                }
                let this = &mut self.sides[s];
                if this.seen[y] == stamp || this.fixed[y] {
                    continue;
                }
                this.seen[y] = stamp;
                if !this.cover[y] {
                    self.set(s, y, NONE);
                    self.flip(s, c);
                    return true;
                }
                self.queue.push(y);
            }
        }
        false
    }

    /// Pairs along the path of a search from side `s` that reached `c` (of the other side),
    /// back to its start.
    fn flip(&mut self, s: usize, mut c: usize) {
        loop {
            let x = self.sides[1 - s].from[c];
            let old = self.sides[s].mate[x];
            self.pair(s, x, c);
            if old == NONE {
                return;
            }
            c = old;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Tight;
    use crate::matching::Matcher;
    use crate::test_rng::Rng;

    /// Every matching of the bipartite graph (`w[i][j]`, `None` for no edge) as the S2 partner
    /// of each S1 player.
    fn all_matchings(
        w: &[Vec<Option<i64>>],
        i: usize,
        used: &mut Vec<bool>,
        cur: &mut Vec<Option<usize>>,
        out: &mut Vec<Vec<Option<usize>>>,
    ) {
        if i == w.len() {
            out.push(cur.clone());
            return;
        }
        cur[i] = None;
        all_matchings(w, i + 1, used, cur, out);
        for j in 0..used.len() {
            if w[i][j].is_some() && !used[j] {
                used[j] = true;
                cur[i] = Some(j);
                all_matchings(w, i + 1, used, cur, out);
                used[j] = false;
            }
        }
        cur[i] = None;
    }

    /// D.1 by brute force: among the maximum-weight matchings, the one whose partners, S1 in
    /// order, come earliest (unpaired after every partner).
    fn brute(w: &[Vec<Option<i64>>], q: usize) -> Vec<Option<usize>> {
        let mut all = Vec::new();
        all_matchings(
            w,
            0,
            &mut vec![false; q],
            &mut vec![None; w.len()],
            &mut all,
        );
        let weight = |m: &Vec<Option<usize>>| -> i64 {
            m.iter()
                .enumerate()
                .filter_map(|(i, j)| j.and_then(|j| w[i][j]))
                .sum()
        };
        let best = all.iter().map(weight).max().unwrap_or(0);
        let key = |m: &Vec<Option<usize>>| -> Vec<usize> {
            m.iter().map(|j| j.unwrap_or(usize::MAX)).collect()
        };
        all.into_iter()
            .filter(|m| weight(m) == best)
            .min_by_key(key)
            .unwrap_or_default()
    }

    #[test]
    fn earliest_best_candidate_matches_brute_force() {
        let mut rng = Rng::new(0x7167_6874);
        for case in 0..3000 {
            let p = rng.range(1, 5);
            let q = rng.range(1, 6);
            // Few distinct weights, so that many matchings tie.
            let w: Vec<Vec<Option<i64>>> = (0..p)
                .map(|_| {
                    (0..q)
                        .map(|_| rng.chance(3, 4).then(|| 1 + rng.below(3) as i64))
                        .collect()
                })
                .collect();
            let mut edges = Vec::new();
            for (i, row) in w.iter().enumerate() {
                for (j, x) in row.iter().enumerate() {
                    if let Some(x) = *x {
                        edges.push((i, p + j, x));
                    }
                }
            }
            let mut m = Matcher::<i64>::new();
            let mate = m.solve(p + q, &edges, false).to_vec();
            assert!(m.duals_are_vertex_only());
            let mut tight = vec![Vec::new(); p];
            for &(a, b, _) in &edges {
                if m.is_tight(a, b) {
                    tight[a].push(b - p);
                }
            }
            let mate1: Vec<Option<usize>> = mate[..p].iter().map(|x| x.map(|j| j - p)).collect();
            let t = Tight::new(
                tight,
                (0..p).map(|v| m.must_cover(v)).collect(),
                (p..p + q).map(|v| m.must_cover(v)).collect(),
                &mate1,
            );
            assert_eq!(t.earliest(), brute(&w, q), "case {case}: {w:?}");
        }
    }
}
