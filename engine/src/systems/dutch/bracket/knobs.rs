//! The bracket solver's settings and what it counts.
//!
//! The settings bound how much one matching decides: production pairs with the defaults, and
//! the tests lower them so that small brackets take the paths of large ones (several D.1
//! matchings per bracket, D.3 decided field by field). The counters let a test hold the work
//! of the fast paths by a ratchet, counted rather than timed.

use std::cell::Cell;

/// How many moved-down players one D.3 field orders: a bit each, in 256-bit weights beside the
/// quality fields and the D.1 positions of the same matching. It bounds only the width of one
/// matching's field, never the order: a bracket with more MDPs decides them field by field
/// (`mdps::d3_in_s1`), each field a matching.
pub(crate) const D3_FIELD: usize = 120;

/// The smallest bracket whose first MDP matching is tried on the bipartite split
/// (`mdps::solve_split`): in a smaller one the whole bracket is solved at once, which costs less
/// than the split when the split's certificate fails (a second matching).
pub(crate) const SPLIT_MIN: usize = 1000;

/// The settings and counters of one bracket solver (see the module documentation).
#[derive(Debug)]
pub(crate) struct Knobs {
    /// Most positions of D.1 decided per matching (`usize::MAX`: as many as the weights hold).
    pub chunk_cap: usize,
    /// Most MDPs one D.3 field orders (at most [`D3_FIELD`]).
    pub d3_field: usize,
    /// The smallest bracket whose first MDP matching is tried on the bipartite split.
    pub split_min: usize,
    /// The weighted matchings of bracket graphs solved.
    pub matchings: Cell<usize>,
    /// The brackets whose D.3 was decided field by field.
    pub d3_fields: Cell<usize>,
    /// The MDP matchings decided on the bipartite split of the bracket (`mdps::solve_split`).
    pub mdp_splits: Cell<usize>,
    /// The D.1 tight subgraphs taken from the remainder's matching's duals
    /// (`order::tight_from_duals`) instead of a matching of their own.
    pub reused_duals: Cell<usize>,
    /// The matchings taken from another phase's matching and duals, checked by LP duality
    /// (`Graph::adopt_certified`) instead of solved.
    pub warm_starts: Cell<usize>,
}

impl Default for Knobs {
    fn default() -> Knobs {
        Knobs {
            chunk_cap: usize::MAX,
            d3_field: D3_FIELD,
            split_min: SPLIT_MIN,
            matchings: Cell::new(0),
            d3_fields: Cell::new(0),
            mdp_splits: Cell::new(0),
            reused_duals: Cell::new(0),
            warm_starts: Cell::new(0),
        }
    }
}

impl Knobs {
    /// Counts one weighted matching of a bracket graph.
    pub(crate) fn count_matching(&self) {
        self.matchings.set(self.matchings.get() + 1);
    }

    /// Counts one bracket whose D.3 is decided field by field.
    pub(crate) fn count_d3_fields(&self) {
        self.d3_fields.set(self.d3_fields.get() + 1);
    }

    /// Counts one MDP matching decided on the bipartite split.
    pub(crate) fn count_mdp_split(&self) {
        self.mdp_splits.set(self.mdp_splits.get() + 1);
    }

    /// Counts one D.1 tight subgraph taken from the remainder's duals.
    pub(crate) fn count_reused_duals(&self) {
        self.reused_duals.set(self.reused_duals.get() + 1);
    }

    /// Counts one matching taken from another phase's instead of solved.
    pub(crate) fn count_warm_start(&self) {
        self.warm_starts.set(self.warm_starts.get() + 1);
    }

    /// Most MDPs one D.3 field orders.
    pub(crate) fn d3_field(&self) -> usize {
        self.d3_field.min(D3_FIELD)
    }
}
