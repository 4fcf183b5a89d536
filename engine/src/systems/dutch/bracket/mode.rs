//! How a bracket sits in the round (A.9) and what its pairing gives back.

/// How the bracket sits in the round (A.9).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Mode<'a> {
    /// An ordinary bracket; C.7 looks at the following scoregroup (the flag: it is the last
    /// one, so its unpaired player must be able to take the bye).
    Lookahead(&'a [usize], bool),
    /// The PPB (2017), or a bracket paired for the completion of the round (2026 C4): the
    /// downfloaters must allow the lower players to complete the round (C.4). The number: how
    /// many of the lower players are the following scoregroup, for the lookahead (2026 C8; 0
    /// for none).
    Penultimate(&'a [usize], usize),
    /// The last bracket (or the CLB): everybody paired, the one left gets the bye.
    Last,
}

/// A bracket's pairing: pairs and downfloaters (round-player indices), and the bye in the last
/// bracket.
#[derive(Clone, Debug, Default)]
pub(crate) struct BracketResult {
    pub pairs: Vec<(usize, usize)>,
    pub floaters: Vec<usize>,
    pub bye: Option<usize>,
}
