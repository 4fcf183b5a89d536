//! What the Swiss Team pairing reads: one round to pair, as facts per team and per event, in the
//! terms of the definitions (Article 1), with no tournament file behind it. `history` derives
//! these facts from a team event's matches; the team model fills them for `pair` and `check`.

use crate::model::Color;
use crate::pairing::PairingError;
use crate::score::Score;

/// 1.7: which colour preferences the competition uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ColourType {
    /// 1.7.1, the default.
    A,
    /// 1.7.2: strong and mild preferences.
    B,
    /// No colour preferences at all.
    NoPreferences,
}

/// 1.2: which score is the primary one (the other one is the secondary score).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Primary {
    /// Match points (1.2.2, the default).
    MatchPoints,
    /// Game points.
    GamePoints,
}

/// The event's rules for the round to pair.
#[derive(Clone, Debug)]
pub(crate) struct Event {
    pub colour_type: ColourType,
    /// 1.2: the primary score.
    pub primary: Primary,
    /// 1.2.1, 4.2.2: the secondary score is used for colour allocation.
    pub secondary_for_colours: bool,
    /// The round to pair, 1-based.
    pub round: usize,
    /// The number of rounds (Basic Rules 1; C7 and C10 are off in the last two, 1.7.2's
    /// mild CD-0 clause in the last).
    pub total_rounds: usize,
    /// 4.1: the initial-colour.
    pub initial_colour: Color,
    /// Pairs the competition's rules forbid (treated like C1), by TPN.
    pub forbidden: Vec<(u32, u32)>,
}

/// One team before the round to pair.
#[derive(Clone, Debug, Default)]
pub(crate) struct Team {
    /// 1.1: the TPN, kept when the team is absent (1.1.3).
    pub tpn: u32,
    /// 1.2: match points (the PAB as a drawn match, 1.4).
    pub match_points: Score,
    /// 1.2: game points (the PAB as a drawn match, 1.4).
    pub game_points: Score,
    /// 1.6.1: the board-1 scheduled colour of each played match, oldest first.
    pub colours: Vec<Color>,
    /// C1: the teams met (matches played; a forfeited match is no meeting, GHR 3.5).
    pub met: Vec<u32>,
    /// 3.4.3: matches played.
    pub matches_played: u32,
    /// 1.5: played the previous round against a team with a different score.
    pub floated: bool,
    /// C2: has received a PAB.
    pub had_pab: bool,
    /// C2: has won a match by forfeit.
    pub won_by_forfeit: bool,
    /// C2: has received a full-point bye.
    pub had_full_bye: bool,
    /// Paired this round (GHR 3.2, 3.3: withdrawn and absent teams are not).
    pub present: bool,
}

impl Team {
    /// 1.2: the primary score under `primary`.
    pub fn primary(&self, primary: Primary) -> Score {
        match primary {
            Primary::MatchPoints => self.match_points,
            Primary::GamePoints => self.game_points,
        }
    }

    /// 1.2: the secondary score under `primary`.
    pub fn secondary(&self, primary: Primary) -> Score {
        match primary {
            Primary::MatchPoints => self.game_points,
            Primary::GamePoints => self.match_points,
        }
    }
}

/// One round to pair.
#[derive(Clone, Debug)]
pub(crate) struct RoundInput {
    pub event: Event,
    /// Every team of the event, present or not.
    pub teams: Vec<Team>,
}

/// A round's pairing: (White team, Black team) by board-1 colour, in board order, and the PAB.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct TeamPairing {
    pub pairs: Vec<(u32, u32)>,
    pub bye: Option<u32>,
}

impl RoundInput {
    /// The input's inconsistencies, as a clear error: TPNs 1..=n, each once (1.1.1); opponents
    /// that exist; a round within the event.
    pub fn validate(&self) -> Result<(), PairingError> {
        let n = self.teams.len();
        let bad = |why: String| Err(PairingError::InvalidRequest(format!("Swiss Team: {why}")));
        let mut seen = vec![false; n + 1];
        for t in &self.teams {
            let i = t.tpn as usize;
            if i == 0 || i > n {
                return bad(format!("TPN {} is outside 1..={n} (1.1.1)", t.tpn));
            }
            if seen[i] {
                return bad(format!("TPN {} is given to two teams (1.1.1)", t.tpn));
            }
            seen[i] = true;
        }
        for t in &self.teams {
            if let Some(o) = t
                .met
                .iter()
                .find(|&&o| o == 0 || o as usize > n || o == t.tpn)
            {
                return bad(format!(
                    "team {} met team {o}, which is not another team",
                    t.tpn
                ));
            }
        }
        let e = &self.event;
        if e.round == 0 || e.round > e.total_rounds {
            return bad(format!(
                "round {} is not a round of an event of {} rounds",
                e.round, e.total_rounds
            ));
        }
        Ok(())
    }
}
