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

use super::input::{Primary, Team};
use super::readings;
use crate::model::Color;
use crate::score::Score;

/// The match points of a won, drawn and lost match (TRF-2026 `362`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Scoring {
    pub win: Score,
    pub draw: Score,
    pub loss: Score,
}

impl Default for Scoring {
    fn default() -> Scoring {
        Scoring {
            win: Score::points(2),
            draw: Score::points(1),
            loss: Score::ZERO,
        }
    }
}

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

/// One match of a round: White and Black are the board-1 scheduled colours (1.6.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Match {
    pub white: u32,
    pub black: u32,
    pub result: MatchResult,
}

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

/// A team event's rounds so far.
#[derive(Clone, Debug)]
pub(crate) struct History {
    pub teams: u32,
    pub boards: u32,
    pub scoring: Scoring,
    pub rounds: Vec<PlayedRound>,
}

impl History {
    /// Every team's facts before the next round, by TPN (index TPN-1); `absent` are the teams
    /// not paired in it; `primary` the primary score (for 1.5).
    pub fn teams_before(&self, primary: Primary, absent: &[u32]) -> Vec<Team> {
        let n = self.teams as usize;
        let mut teams: Vec<Team> = (1..=self.teams)
            .map(|tpn| Team {
                tpn,
                present: !absent.contains(&tpn),
                ..Team::default()
            })
            .collect();
        let all = Score(i32::try_from(self.boards).unwrap_or(0) * 10);
        let s = self.scoring;
        for (r, round) in self.rounds.iter().enumerate() {
            let before: Vec<Score> = teams.iter().map(|t| t.primary(primary)).collect();
            let last = r + 1 == self.rounds.len();
            for t in &mut teams {
                if last {
                    t.floated = false;
                }
            }
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
                    std::cmp::Ordering::Equal => s.loss,
                    std::cmp::Ordering::Less => s.loss,
                };
                for (me, opp, colour, own, theirs) in
                    [(w, b, Color::White, gw, gb), (b, w, Color::Black, gb, gw)]
                {
                    let t = &mut teams[me];
                    t.match_points += mp(own, theirs);
                    t.game_points += own;
                    if played {
                        t.colours.push(colour);
                        t.met.push(opp as u32 + 1);
                        t.matches_played += 1;
                        if last {
                            t.floated = readings::floater(true, before[me], before[opp]);
                        }
                    } else if own > theirs {
                        t.won_by_forfeit = true;
                    }
                }
            }
            if let Some(p) = round.pab.filter(|&p| p >= 1 && p <= self.teams) {
                let t = &mut teams[p as usize - 1];
                t.had_pab = true;
                t.match_points += s.draw;
                t.game_points += readings::pab_game_points(self.boards);
            }
            for &f in round
                .full_byes
                .iter()
                .filter(|&&f| f >= 1 && f <= self.teams)
            {
                let t = &mut teams[f as usize - 1];
                t.had_full_bye = true;
                t.match_points += s.win;
                t.game_points += all;
            }
            for &h in round
                .half_byes
                .iter()
                .filter(|&&h| h >= 1 && h <= self.teams)
            {
                let t = &mut teams[h as usize - 1];
                t.match_points += s.draw;
                t.game_points += readings::pab_game_points(self.boards);
            }
        }
        teams
    }
}
