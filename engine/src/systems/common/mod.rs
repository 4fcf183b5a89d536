//! What several pairing systems share, written once: the procedure of the Swiss Team and
//! Double-Swiss texts (`brackets`: Articles 3.3-3.6 and their criteria), the bye given before the brackets
//! (`bye`: the 3.1 order of the 2026 bracket systems), whether a set of players can be paired completely (`completion`), the parts of the round driver of the
//! 2012-style engines (`round`: scores before each round, score groups, the pairing from its
//! pairs) and the `k`-subsets in lexicographic order (`subsets`).

pub(crate) mod brackets;
pub(crate) mod bye;
pub(crate) mod completion;
pub(crate) mod round;
pub(crate) mod subsets;
