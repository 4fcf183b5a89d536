//! The stages of the blossom algorithm: growing alternating trees from the free vertices,
//! shrinking odd cycles into blossoms and expanding them, changing the duals, augmenting.

use super::{EdgeWeights, Matcher, Weight, FREE, LABEL_S, LABEL_T, NONE, NO_EDGE};

impl<W: Weight> Matcher<W> {
    #[inline]
    fn slack<G: EdgeWeights<W>>(&self, g: &G, x: usize, y: usize) -> W {
        self.dual[x] + self.dual[y] - g.weight2(x, y)
    }

    /// Appends the vertices of blossom `b` to `out`.
    pub(super) fn push_leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &c in &self.children[b] {
                self.push_leaves(c, out);
            }
        }
    }

    pub(super) fn stage<G: EdgeWeights<W>>(&mut self, g: &G) -> bool {
        loop {
            while let Some(v) = self.queue.pop() {
                if self.scan_vertex(g, v) {
                    return true;
                }
            }
            // No tight edge left to use: compute the dual change.
            let (kind, delta, edge, blossom) = self.choose_delta();
            if kind == 0 {
                // Maximum cardinality reached and no dual change can help.
                return false;
            }
            debug_assert!(delta >= W::ZERO, "negative delta {delta:?} (kind {kind})");
            self.apply_delta(delta);
            match kind {
                1 => return false,
                2 => {
                    let (s, u) = edge;
                    if self.label[self.inb[u]] == FREE {
                        self.assign_label(u, LABEL_T, s);
                    }
                }
                3 => {
                    let (x, y) = edge;
                    if self.inb[x] != self.inb[y] {
                        let base = self.scan_blossom(x, y);
                        if base != NONE {
                            self.add_blossom(g, base, x, y);
                        } else {
                            self.augment(x, y);
                            return true;
                        }
                    }
                }
                _ => self.expand_blossom(blossom, false),
            }
        }
    }

    /// The dual change: `(kind, delta, edge, blossom)` with `kind` 1 to 4 as in the module
    /// docs, or 0 when no change is possible (only with `max_cardinality`).
    #[inline(never)]
    fn choose_delta(&self) -> (u8, W, (usize, usize), usize) {
        let n = self.n;
        let mut kind = 0u8;
        let mut delta = W::ZERO;
        let mut edge = NO_EDGE;
        let mut blossom = NONE;
        if !self.max_cardinality {
            kind = 1;
            delta = self.dual[..n].iter().copied().min().unwrap_or(W::ZERO);
        }
        for u in 0..n {
            let s = self.best_s[u];
            if s != NONE && self.label[self.inb[u]] == FREE {
                let sl = self.best_s_key[u] + self.dual[u];
                if kind == 0 || sl < delta {
                    kind = 2;
                    delta = sl;
                    edge = (s, u);
                }
            }
        }
        for b in 0..2 * n {
            let top = if b < n {
                self.inb[b] == b
            } else {
                self.base[b] != NONE && self.parent[b] == NONE
            };
            if !top {
                continue;
            }
            if self.label[b] == LABEL_S && self.best_e[b].0 != NONE {
                let sl = self.best_e_key[b];
                debug_assert!(sl.is_even(), "odd S-S slack");
                let d = sl.halve();
                if kind == 0 || d < delta {
                    kind = 3;
                    delta = d;
                    edge = self.best_e[b];
                }
            } else if b >= n && self.label[b] == LABEL_T {
                let d = self.dual[b];
                if kind == 0 || d < delta {
                    kind = 4;
                    delta = d;
                    blossom = b;
                }
            }
        }
        (kind, delta, edge, blossom)
    }

    #[inline(never)]
    fn apply_delta(&mut self, delta: W) {
        let n = self.n;
        let lim = W::MAX.halve().halve();
        let neg_lim = W::ZERO - lim;
        for v in 0..n {
            match self.label[self.inb[v]] {
                LABEL_S => self.dual[v] -= delta,
                LABEL_T => self.dual[v] += delta,
                _ => {}
            }
        }
        for b in n..2 * n {
            if self.base[b] != NONE && self.parent[b] == NONE {
                match self.label[b] {
                    LABEL_S => self.dual[b] += delta,
                    LABEL_T => self.dual[b] -= delta,
                    _ => {}
                }
            }
        }
        // Rebase the least-slack records: S-vertex duals dropped by delta, so S-to-other slacks
        // drop by delta and S-to-S slacks by 2 delta.
        for u in 0..n {
            if self.best_s[u] != NONE {
                self.best_s_key[u] -= delta;
            }
        }
        let delta2 = delta.double();
        for b in 0..2 * n {
            if self.best_e[b].0 != NONE && self.label[b] == LABEL_S {
                self.best_e_key[b] -= delta2;
            }
        }
        if self.max_cardinality {
            // With |Y|, z <= MAX / 4 and 2w <= MAX / 4 every slack, key and delta lies in
            // [-3 MAX / 4, 3 MAX / 4].
            let ok = self.dual.iter().all(|&y| y >= neg_lim && y <= lim);
            assert!(
                ok,
                "matching: dual variables left the safe range of the weight type \
                 (max_cardinality with weights too close to max_edge_weight); use a wider type"
            );
        }
    }

    /// Scans the edges of S-vertex `v`; returns whether an augmentation happened.
    fn scan_vertex<G: EdgeWeights<W>>(&mut self, g: &G, v: usize) -> bool {
        let mut buf = std::mem::take(&mut self.rowbuf);
        let row = g.row2(v, &mut buf);
        let augmented = self.scan_row(g, v, row);
        self.rowbuf = buf;
        augmented
    }

    /// [`Matcher::scan_vertex`] with the row of `v`.
    fn scan_row<G: EdgeWeights<W>>(&mut self, g: &G, v: usize, row: &[W]) -> bool {
        let n = self.n;
        let mut start = 0;
        while start < n {
            let u = self.scan_range(v, start, row);
            if u == NONE {
                return false;
            }
            start = u + 1;
            // The edge (v, u) is tight and needs structural work.
            if self.label[self.inb[u]] == LABEL_S {
                let base = self.scan_blossom(v, u);
                if base != NONE {
                    self.add_blossom(g, base, v, u);
                } else {
                    self.augment(v, u);
                    return true;
                }
            } else {
                self.assign_label(u, LABEL_T, v);
            }
        }
        false
    }

    /// The hot loop: scans row `v` from `start`, updating the least-slack records, until a tight
    /// edge to an S-vertex of another blossom or to an unlabelled vertex is found (returns its
    /// other end) or the row ends (returns `NONE`).
    #[inline(never)]
    fn scan_range(&mut self, v: usize, start: usize, row: &[W]) -> usize {
        let n = self.n;
        let bv = self.inb[v];
        let dv = self.dual[v];
        // best_s key of (v, u): Y_v - 2w; its slack is key + Y_u.
        let inb = &self.inb[..n];
        let dual = &self.dual[..n];
        let label = &self.label[..];
        let best_s = &mut self.best_s[..n];
        let best_s_key = &mut self.best_s_key[..n];
        let mut be = self.best_e[bv];
        // W::MAX when unset, so that one comparison updates the record.
        let mut be_key = if be.0 == NONE {
            W::MAX
        } else {
            self.best_e_key[bv]
        };
        let mut hit = NONE;
        for u in start..n {
            let w2 = row[u];
            if w2 < W::ZERO {
                continue;
            }
            let bu = inb[u];
            if label[bu] == LABEL_S {
                // (An edge inside v's own blossom is never scanned.)
                if bu == bv {
                    continue;
                }
                let sl = dv + dual[u] - w2;
                if sl == W::ZERO {
                    hit = u;
                    break;
                }
                if sl < be_key {
                    be = (v, u);
                    be_key = sl;
                }
            } else {
                // best_s_key is W::MAX when unset. A tight edge to an unlabelled vertex always
                // improves on a non-tight record; a tie with an earlier tight record (possible
                // only after a T-blossom expansion) is caught by a zero delta of kind 2.
                let key = dv - w2;
                if key < best_s_key[u] {
                    best_s[u] = v;
                    best_s_key[u] = key;
                    if label[bu] == FREE && key + dual[u] == W::ZERO {
                        hit = u;
                        break;
                    }
                }
            }
        }
        self.best_e[bv] = be;
        self.best_e_key[bv] = be_key;
        hit
    }

    /// Labels the top-level blossom containing `w` with `t`, reached from `from` (or a root when
    /// `from == NONE`). A T-label propagates an S-label to the mate of the base.
    pub(super) fn assign_label(&mut self, w: usize, t: u8, from: usize) {
        let b = self.inb[w];
        debug_assert_eq!(self.label[b], FREE);
        self.label[b] = t;
        self.lend[b] = (from, w);
        self.best_e[b] = NO_EDGE;
        self.has_list[b] = false;
        if t == LABEL_S {
            let mut q = std::mem::take(&mut self.queue);
            self.push_leaves(b, &mut q);
            self.queue = q;
        } else {
            let base = self.base[b];
            let m = self.mate[base];
            debug_assert_ne!(m, NONE);
            self.assign_label(m, LABEL_S, base);
        }
    }

    /// Traces the trees of S-vertices `v` and `w` upwards; returns the base of their nearest
    /// common blossom, or `NONE` when they are in different trees.
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = std::mem::take(&mut self.scratch);
        path.clear();
        let mut result = NONE;
        while v != NONE || w != NONE {
            if v != NONE {
                let b = self.inb[v];
                if self.mark[b] {
                    result = self.base[b];
                    break;
                }
                self.mark[b] = true;
                path.push(b);
                let t = self.lend[b].0;
                v = if t == NONE {
                    NONE
                } else {
                    self.lend[self.inb[t]].0
                };
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for &b in &path {
            self.mark[b] = false;
        }
        self.scratch = path;
        result
    }

    /// Shrinks the odd cycle closed by the tight edge `(v, w)` into a new S-blossom.
    fn add_blossom<G: EdgeWeights<W>>(&mut self, g: &G, base: usize, v: usize, w: usize) {
        let bb = self.inb[base];
        let mut bv = self.inb[v];
        let mut bw = self.inb[w];
        let b = self.free_ids.pop().expect("blossom ids exhausted");
        self.base[b] = base;
        self.parent[b] = NONE;
        self.parent[bb] = b;
        let mut ch = std::mem::take(&mut self.children[b]);
        let mut ed = std::mem::take(&mut self.cedges[b]);
        ch.clear();
        ed.clear();
        ch.push(bb);
        while bw != bb {
            self.parent[bw] = b;
            ch.push(bw);
            ed.push(self.lend[bw]);
            bw = self.inb[self.lend[bw].0];
        }
        ch[1..].reverse();
        ed.reverse();
        ed.push((w, v));
        while bv != bb {
            self.parent[bv] = b;
            ch.push(bv);
            let (o, i) = self.lend[bv];
            ed.push((i, o));
            bv = self.inb[o];
        }
        debug_assert!(ch.len() % 2 == 1 && ch.len() >= 3);
        self.label[b] = LABEL_S;
        self.lend[b] = self.lend[bb];
        self.dual[b] = W::ZERO;
        self.children[b] = ch;
        self.cedges[b] = ed;

        // Relabel the vertices; former T-vertices become S and must be scanned.
        let mut lv = std::mem::take(&mut self.scratch2);
        lv.clear();
        self.push_leaves(b, &mut lv);
        for &x in &lv {
            if self.label[self.inb[x]] == LABEL_T {
                self.queue.push(x);
            }
            self.inb[x] = b;
        }

        // Build the candidate list of least-slack edges to other S-blossoms.
        let mut touched = std::mem::take(&mut self.scratch);
        touched.clear();
        for ci in 0..self.children[b].len() {
            let c = self.children[b][ci];
            if self.has_list[c] {
                let list = std::mem::take(&mut self.lists[c]);
                for &(x, y) in &list {
                    self.consider(g, b, x, y, &mut touched);
                }
                self.lists[c] = list;
                self.lists[c].clear();
                self.has_list[c] = false;
            } else {
                lv.clear();
                self.push_leaves(c, &mut lv);
                let mut buf = std::mem::take(&mut self.rowbuf2);
                for &x in &lv {
                    let row = g.row2(x, &mut buf);
                    for (y, &w2) in row.iter().enumerate() {
                        if w2 >= W::ZERO {
                            self.consider(g, b, x, y, &mut touched);
                        }
                    }
                }
                self.rowbuf2 = buf;
            }
            self.best_e[c] = NO_EDGE;
        }
        let mut list = std::mem::take(&mut self.lists[b]);
        list.clear();
        let mut best = NO_EDGE;
        let mut best_sl = W::ZERO;
        for &t in &touched {
            let e = self.tmp_best[t];
            self.tmp_best[t] = NO_EDGE;
            list.push(e);
            let sl = self.slack(g, e.0, e.1);
            if best.0 == NONE || sl < best_sl {
                best = e;
                best_sl = sl;
            }
        }
        self.lists[b] = list;
        self.has_list[b] = true;
        self.best_e[b] = best;
        self.best_e_key[b] = best_sl;
        self.scratch = touched;
        self.scratch2 = lv;
    }

    #[inline]
    fn consider<G: EdgeWeights<W>>(
        &mut self,
        g: &G,
        b: usize,
        x: usize,
        y: usize,
        touched: &mut Vec<usize>,
    ) {
        let by = self.inb[y];
        if by == b || self.label[by] != LABEL_S {
            return;
        }
        let cur = self.tmp_best[by];
        if cur.0 == NONE {
            touched.push(by);
            self.tmp_best[by] = (x, y);
        } else if self.slack(g, x, y) < self.slack(g, cur.0, cur.1) {
            self.tmp_best[by] = (x, y);
        }
    }

    /// Expands blossom `b`. Mid-stage (`endstage == false`) `b` is a T-blossom whose dual
    /// reached zero and its children are relabelled; at the end of a stage children with zero
    /// dual are expanded recursively.
    pub(super) fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let n = self.n;
        let ch = std::mem::take(&mut self.children[b]);
        let ed = std::mem::take(&mut self.cedges[b]);
        let mut lv = std::mem::take(&mut self.scratch2);
        for &s in &ch {
            self.parent[s] = NONE;
            if s < n {
                self.inb[s] = s;
            } else if endstage && self.dual[s] == W::ZERO {
                self.scratch2 = lv;
                self.expand_blossom(s, endstage);
                lv = std::mem::take(&mut self.scratch2);
            } else {
                lv.clear();
                self.push_leaves(s, &mut lv);
                for &x in &lv {
                    self.inb[x] = s;
                }
            }
        }
        self.scratch2 = lv;
        if !endstage && self.label[b] == LABEL_T {
            for &s in &ch {
                self.label[s] = FREE;
                self.has_list[s] = false;
                self.best_e[s] = NO_EDGE;
            }
            let k = ch.len();
            let (mut x, mut y) = self.lend[b];
            let entry = self.inb[y];
            let mut j = ch.iter().position(|&c| c == entry).expect("entry child");
            let forward = j % 2 == 1;
            // Walk the even-length path from the entry child to the base child, labelling
            // T, S, T, ..., T.
            loop {
                if (forward && j == k) || (!forward && j == 0) {
                    break;
                }
                self.assign_label(y, LABEL_T, x);
                if forward {
                    let (a, c) = ed[j + 1];
                    x = a;
                    y = c;
                    j += 2;
                } else {
                    let (a, c) = ed[j - 2];
                    x = c;
                    y = a;
                    j -= 2;
                }
            }
            let c0 = ch[0];
            self.label[c0] = LABEL_T;
            self.lend[c0] = (x, y);
            self.best_e[c0] = NO_EDGE;
        }
        // Recycle the blossom id.
        let mut ch = ch;
        let mut ed = ed;
        ch.clear();
        ed.clear();
        self.children[b] = ch;
        self.cedges[b] = ed;
        self.lists[b].clear();
        self.has_list[b] = false;
        self.base[b] = NONE;
        self.parent[b] = NONE;
        self.label[b] = FREE;
        self.lend[b] = NO_EDGE;
        self.best_e[b] = NO_EDGE;
        self.dual[b] = W::ZERO;
        self.free_ids.push(b);
    }

    /// Makes vertex `v` the base of blossom `b`, rematching along the even path of its cycle.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let n = self.n;
        let mut t = v;
        while self.parent[t] != b {
            t = self.parent[t];
        }
        if t >= n {
            self.augment_blossom(t, v);
        }
        let k = self.children[b].len();
        let i = self.children[b]
            .iter()
            .position(|&c| c == t)
            .expect("child of blossom");
        if i != 0 {
            // New matched edges: e_{i+1}, e_{i+3}, ..., e_{k-1} (i odd, forward) or
            // e_{i-2}, e_{i-4}, ..., e_0 (i even, backward).
            let mut j = if i % 2 == 1 { i + 1 } else { i - 2 };
            loop {
                let (x, y) = self.cedges[b][j];
                let cx = self.children[b][j];
                let cy = self.children[b][(j + 1) % k];
                if cx >= n {
                    self.augment_blossom(cx, x);
                }
                if cy >= n {
                    self.augment_blossom(cy, y);
                }
                self.mate[x] = y;
                self.mate[y] = x;
                if i % 2 == 1 {
                    j += 2;
                    if j >= k {
                        break;
                    }
                } else {
                    if j == 0 {
                        break;
                    }
                    j -= 2;
                }
            }
            self.children[b].rotate_left(i);
            self.cedges[b].rotate_left(i);
        }
        self.base[b] = v;
    }

    /// Augments the matching along the path through the tight edge `(v, w)` between two
    /// S-blossoms of different trees.
    fn augment(&mut self, v: usize, w: usize) {
        let n = self.n;
        for (mut s, mut j) in [(v, w), (w, v)] {
            loop {
                let bs = self.inb[s];
                if bs >= n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = j;
                let t = self.lend[bs].0;
                if t == NONE {
                    break;
                }
                let bt = self.inb[t];
                let (s2, j2) = self.lend[bt];
                if bt >= n {
                    self.augment_blossom(bt, j2);
                }
                self.mate[j2] = s2;
                s = s2;
                j = j2;
            }
        }
    }
}
