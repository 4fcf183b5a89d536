//! The definitions of Article 1 applied to the matches of a team event: each team's facts
//! before the next round ([`Team`]) from the rounds played.
//!
//! - 1.2: match points from the comparison of the two teams' game points (the competition's
//!   values, TRF-2026 `362`: 2, 1, 0 by default); game points as the sum of the boards.
//! - 1.4: the PAB scores the match points and game points of a drawn match.
//! - 1.5: floaters of the previous round only (a played match against a different primary
//!   score).
//! - 1.6.1: a team's colour is board 1's scheduled colour, in played matches only.
//! - C1 with GHR 3.5: a forfeited match is no meeting; C2: PAB, forfeit win, full-point bye;
//!   3.4.3: matches played.
//!
//! Each source of rounds (the team model's derived rounds, `event`; a corpus's matches in
//! `History`, in the tests)
//! states what every team did in each round as a [`Fact`]; [`teams_before`] applies the
//! definitions to them, once for every source.

use super::input::{Primary, Team};
use super::readings;
use crate::model::Color;
use crate::score::Score;

#[cfg(test)]
/// The match points of a won, drawn and lost match (TRF-2026 `362`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Scoring {
    pub win: Score,
    pub draw: Score,
    pub loss: Score,
}

#[cfg(test)]
impl Default for Scoring {
    fn default() -> Scoring {
        Scoring {
            win: Score::points(2),
            draw: Score::points(1),
            loss: Score::ZERO,
        }
    }
}

#[cfg(test)]
/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MatchResult {
    /// Played (at least one board): the game points of the White and the Black team.
    Played(Score, Score),
    /// Won by forfeit by the White team, by the Black team, or lost by both.
    WhiteWinsByForfeit,
    BlackWinsByForfeit,
    DoubleForfeit,
}

#[cfg(test)]
/// One match of a round: White and Black are the board-1 scheduled colours (1.6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Match {
    pub white: u32,
    pub black: u32,
    pub result: MatchResult,
}

#[cfg(test)]
/// One round as played.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct PlayedRound {
    pub matches: Vec<Match>,
    /// The pairing-allocated bye (1.4).
    pub pab: Option<u32>,
    /// Full-point and half-point byes (requested); any other team not paired was absent.
    pub full_byes: Vec<u32>,
    pub half_byes: Vec<u32>,
}

#[cfg(test)]
/// A team event's rounds so far.
#[derive(Clone, Debug)]
pub(crate) struct History {
    pub teams: u32,
    pub boards: u32,
    pub scoring: Scoring,
    pub rounds: Vec<PlayedRound>,
}

#[cfg(test)]
impl History {
    /// Every team's facts before the next round, by TPN (index TPN-1); `absent` are the teams
    /// not paired in it; `primary` the primary score (for 1.5).
    pub fn teams_before(&self, primary: Primary, absent: &[u32]) -> Vec<Team> {
        let rounds: Vec<Vec<Fact>> = self.rounds.iter().map(|r| self.facts(r)).collect();
        teams_before(self.teams, &rounds, primary, absent)
    }

    /// Each team's fact of `round`, by TPN (index TPN-1): the match points from the comparison
    /// of the game points under [`Scoring`], a forfeit win scoring every board.
    fn facts(&self, round: &PlayedRound) -> Vec<Fact> {
        let n = self.teams as usize;
        let mut facts = vec![Fact::Absent; n];
        let all = Score(i32::try_from(self.boards).unwrap_or(0) * 10);
        let s = self.scoring;
        for m in &round.matches {
            let (w, b) = (m.white as usize - 1, m.black as usize - 1);
            if w >= n || b >= n {
                continue;
            }
            let forfeited = !matches!(m.result, MatchResult::Played(..));
            let played = readings::match_was_played(forfeited);
            let (gw, gb) = match m.result {
                MatchResult::Played(gw, gb) => (gw, gb),
                MatchResult::WhiteWinsByForfeit => (all, Score::ZERO),
                MatchResult::BlackWinsByForfeit => (Score::ZERO, all),
                MatchResult::DoubleForfeit => (Score::ZERO, Score::ZERO),
            };
            let mp = |own: Score, opp: Score| match own.cmp(&opp) {
                std::cmp::Ordering::Greater => s.win,
                std::cmp::Ordering::Equal if played => s.draw,
                std::cmp::Ordering::Equal | std::cmp::Ordering::Less => s.loss,
            };
            for (me, opp, colour, own, theirs) in [
                (w, m.black, Color::White, gw, gb),
                (b, m.white, Color::Black, gb, gw),
            ] {
                facts[me] = Fact::Match {
                    opponent: opp,
                    colour: Some(colour),
                    played,
                    won: own > theirs,
                    match_points: mp(own, theirs),
                    game_points: own,
                };
            }
        }
        let half = readings::pab_game_points(self.boards);
        let valid = |t: &u32| *t >= 1 && *t <= self.teams;
        if let Some(p) = round.pab.filter(valid) {
            facts[p as usize - 1] = Fact::Pab {
                match_points: s.draw,
                game_points: half,
            };
        }
        for &f in round.full_byes.iter().filter(|t| valid(t)) {
            facts[f as usize - 1] = Fact::Bye {
                full: true,
                match_points: s.win,
                game_points: all,
            };
        }
        for &h in round.half_byes.iter().filter(|t| valid(t)) {
            facts[h as usize - 1] = Fact::Bye {
                full: false,
                match_points: s.draw,
                game_points: half,
            };
        }
        facts
    }
}

/// What one team did in one round, with the points it scored: the facts Article 1 reads, from
/// any source (a team event's derived rounds, a corpus's matches).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fact {
    /// A match against `opponent`: `colour` is board 1's scheduled colour (1.6.1); `played`
    /// when it was not forfeited as a whole (GHR 3.5); `won` when the team won it.
    Match {
        opponent: u32,
        colour: Option<Color>,
        played: bool,
        won: bool,
        match_points: Score,
        game_points: Score,
    },
    /// The pairing-allocated bye (1.4).
    Pab {
        match_points: Score,
        game_points: Score,
    },
    /// A requested bye: full-point (C2 bars the PAB after it) or half-point (the corpus's;
    /// a team file's byes, `240`, are not read).
    #[cfg(test)]
    Bye {
        full: bool,
        match_points: Score,
        game_points: Score,
    },
    /// Not paired, no points (GHR 3.3).
    Absent,
}

/// Every team's facts before the next round, by TPN (index TPN-1), from the `n` teams' facts of
/// each round played (`rounds[r][tpn - 1]`); `absent` are the teams not paired in the next
/// round; `primary` the primary score (for 1.5). The one place Article 1 is applied to rounds
/// played.
pub(crate) fn teams_before(
    n: u32,
    rounds: &[Vec<Fact>],
    primary: Primary,
    absent: &[u32],
) -> Vec<Team> {
    let mut teams: Vec<Team> = (1..=n)
        .map(|tpn| Team {
            tpn,
            present: !absent.contains(&tpn),
            ..Team::default()
        })
        .collect();
    for (r, round) in rounds.iter().enumerate() {
        let before: Vec<Score> = teams.iter().map(|t| t.primary(primary)).collect();
        // 1.5: floaters of the previous round only.
        let last = r + 1 == rounds.len();
        for (i, fact) in round.iter().enumerate().take(teams.len()) {
            let t = &mut teams[i];
            if last {
                t.floated = false;
            }
            match *fact {
                Fact::Match {
                    opponent,
                    colour,
                    played,
                    won,
                    match_points,
                    game_points,
                } => {
                    t.match_points += match_points;
                    t.game_points += game_points;
                    if played {
                        // 1.6.1: the colour of a played match; C1: a meeting; 3.4.3.
                        t.colours.extend(colour);
                        t.met.push(opponent);
                        t.matches_played += 1;
                        if last {
                            let opp = before
                                .get((opponent as usize).wrapping_sub(1))
                                .copied()
                                .unwrap_or_default();
                            t.floated = readings::floater(true, before[i], opp);
                        }
                    } else if won {
                        // C2: a match won by forfeit.
                        t.won_by_forfeit = true;
                    }
                }
                Fact::Pab {
                    match_points,
                    game_points,
                } => {
                    t.had_pab = true;
                    t.match_points += match_points;
                    t.game_points += game_points;
                }
                #[cfg(test)]
                Fact::Bye {
                    full,
                    match_points,
                    game_points,
                } => {
                    t.had_full_bye |= full;
                    t.match_points += match_points;
                    t.game_points += game_points;
                }
                Fact::Absent => {}
            }
        }
    }
    teams
}
