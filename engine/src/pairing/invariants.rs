//! The absolute rules a system's pairings meet, declared by the system
//! ([`crate::System::invariants`]) and checked by code written apart from the engine: the
//! simulator's invariants and the fuzz oracle each implement every rule below in their own
//! way, so that a new system that declares known rules needs no change there.

/// The absolute rules of one system, each naming its article.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Invariants {
    /// Who may not receive the pairing-allocated bye.
    pub bye: ByeRule,
    /// How colours are limited absolutely.
    pub colours: ColourRule,
    /// The pairing-allocated bye goes to the lowest score it can go to in a pairing meeting
    /// the absolute criteria (Dutch 2026 C5; Dubov and Burstein 2026 3.1.2-3.1.3).
    pub lowest_bye_score: bool,
}

/// Who an earlier round bars from the pairing-allocated bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ByeRule {
    /// C.04.1.d (2017): a player who "already received a pairing-allocated bye, or has already
    /// scored a (forfeit) win due to an opponent not appearing in time".
    ByeOrForfeitWin,
    /// C.04.1 Art. 4 (2026): a player who received a pairing-allocated bye (of any value), or
    /// "scored in one single round, without playing, as many points as rewarded for a win"
    /// (also Dubov 1997 2.2 and rating-based 1998 B.1.b, read the same way).
    ByeOrWinWithoutPlaying,
    /// B.1.b (Istanbul 2012): a player who "received a point or half point without playing,
    /// either through a bye or due to an opponent not appearing in time"; it yields when nobody
    /// to pair may take the bye.
    PointWithoutPlaying,
}

/// How a system limits colours absolutely.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourRule {
    /// Dutch C.3 (2026 C3, 2012 B.2): two non-topscorers with the same absolute colour
    /// preference never meet; the topscorers of the last round (over 50% of the maximum
    /// possible score, 2017 A.7) are exempt, and so is a pair with one of them.
    DutchTopscorers,
    /// Per player, after the round: colour difference within ±2 and never a third equal colour
    /// in a row (C.04.1 f and g; Dubov 1997 2.3-2.4, Dubov 2026 C3, Lim 2.1, Burstein C3,
    /// rating-based 1998 B.2). `topscorer_exempt`: the player over 50% in the last round is
    /// exempt himself, his opponent is not (1998, Note to B.6). `last_round_exempt`: nobody
    /// has limits in the last round (Lim Art. 6: same-score pairing goes first).
    PerPlayer {
        topscorer_exempt: bool,
        last_round_exempt: bool,
    },
    /// No colour criterion (Double-Swiss: a match's colours alternate, 4.2-4.4).
    Unlimited,
}
