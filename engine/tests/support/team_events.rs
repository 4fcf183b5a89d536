//! Seeded random team events for the tests that compare team standings with FIDE's calculator:
//! valid events (every team's games agree with its matches), not Swiss pairings. Each event
//! draws 6-30 teams of 4-6 boards (plus up to two reserves), 5-11 rounds (at most one fewer
//! than the teams, so that no two teams meet twice), and in its rounds: absent teams (a team
//! missing a round, a team withdrawn for the rest of the event), the pairing-allocated bye
//! (`320`, with the points of a drawn match written out), whole-match forfeits (`330`: `+-`,
//! `-+`, now and then `--`), and board by board draws, upsets (results drawn from the rating
//! difference) and forfeits, a double forfeit now and then. The match points are `362`'s
//! 2 / 1 / 0 (written or left to the default) or 3 / 1 / 0; the primary score is MP or GP
//! (`192` `FIDE_TEAM_TYPEA_MP_GP` or `FIDE_TEAM_TYPEA_GP_MP`); the start date (`042`) picks
//! the tie-break edition, 2024 or 2026; one event in three declares its teams in TRF-16 `013`
//! records, the others in TRF-2026 `310`.
//!
//! A match whose boards leave both teams without a game point and which is not a forfeited
//! match (`330 --`) is not drawn: C.04.6 leaves the result of such a match to the competition,
//! and the calculator scores it as lost by both.

#![allow(dead_code)]

use crate::support::Rng;
use swisslab_engine::model::{
    Color, GameKind, GameResult, Player, PlayerId, RoundEntry, Tournament, Unplayed,
};
use swisslab_engine::score::Score;
use swisslab_engine::team::{
    ForfeitKind, MatchForfeit, MatchScoring, Team, TeamEvent, TeamId, TeamPab, TeamRecords,
};

/// A team's players in board order: (pairing number, rating).
type Members = [(PlayerId, u16)];

/// What one board of a match gave: (White player's entry, Black player's entry).
fn board(
    rng: &mut Rng,
    white: (PlayerId, u16),
    black: (PlayerId, u16),
) -> (RoundEntry, RoundEntry) {
    let (w, b) = (white.0, black.0);
    let roll = rng.below(1000);
    let (rw, kind) = if roll < 25 {
        (GameResult::Win, GameKind::Forfeit)
    } else if roll < 50 {
        (GameResult::Loss, GameKind::Forfeit)
    } else if roll < 55 {
        // A double forfeit: both lose.
        return (
            game(b, Color::White, GameResult::Loss, GameKind::Forfeit),
            game(w, Color::Black, GameResult::Loss, GameKind::Forfeit),
        );
    } else {
        // Elo expectation of White, a third of the games drawn, the rest split by it.
        let diff = f64::from(white.1) - f64::from(black.1);
        let expected = 1.0 / (1.0 + 10f64.powf(-diff / 400.0));
        let x = rng.below(10_000) as f64 / 10_000.0;
        let draw = 0.3;
        let win = (expected - draw / 2.0).max(0.02);
        let result = if x < win {
            GameResult::Win
        } else if x < win + draw {
            GameResult::Draw
        } else {
            GameResult::Loss
        };
        let kind = if rng.below(50) == 0 {
            GameKind::Unrated
        } else {
            GameKind::Rated
        };
        (result, kind)
    };
    (
        game(b, Color::White, rw, kind),
        game(w, Color::Black, rw.complement(), kind),
    )
}

/// Plays round `r`'s match of `teams` (the team scheduled White on board 1 first) into the
/// players' rounds; the kind of a whole-match forfeit (`330`), if it is one.
fn play_match(
    rng: &mut Rng,
    players: &mut [Player],
    r: usize,
    (white, black): (&Members, &Members),
    pattern: &[Color],
) -> Option<ForfeitKind> {
    let forfeit = match rng.below(100) {
        0..=2 => Some(ForfeitKind::WhiteWins),
        3..=5 => Some(ForfeitKind::BlackWins),
        6 if rng.below(3) == 0 => Some(ForfeitKind::Double),
        _ => None,
    };
    let mut entries = Vec::with_capacity(pattern.len());
    for (k, colour) in pattern.iter().enumerate() {
        let (pw, pb) = (white[k], black[k]);
        // The team scheduled White on board 1 has the pattern's colour on board k.
        let (wp, bp) = if *colour == Color::White {
            (pw, pb)
        } else {
            (pb, pw)
        };
        let (ew, eb) = match forfeit {
            None => board(rng, wp, bp),
            Some(kind) => {
                let white_team_wins = kind == ForfeitKind::WhiteWins;
                let wp_wins = (wp == pw) == white_team_wins && kind != ForfeitKind::Double;
                let bp_wins = !wp_wins && kind != ForfeitKind::Double;
                (
                    game(bp.0, Color::White, win_or_loss(wp_wins), GameKind::Forfeit),
                    game(wp.0, Color::Black, win_or_loss(bp_wins), GameKind::Forfeit),
                )
            }
        };
        entries.push((wp.0, ew, bp.0, eb));
    }
    // No match without a game point on either side unless it is a forfeited match.
    let lost = |e: &RoundEntry| {
        matches!(
            e,
            RoundEntry::Game {
                result: GameResult::Loss,
                ..
            }
        )
    };
    if forfeit.is_none() && entries.iter().all(|(_, ew, _, eb)| lost(ew) && lost(eb)) {
        let (wp, _, bp, _) = entries[0];
        entries[0] = (
            wp,
            game(bp, Color::White, GameResult::Draw, GameKind::Rated),
            bp,
            game(wp, Color::Black, GameResult::Draw, GameKind::Rated),
        );
    }
    for (wp, ew, bp, eb) in entries {
        players[wp as usize - 1].rounds[r] = ew;
        players[bp as usize - 1].rounds[r] = eb;
    }
    forfeit
}

fn game(opponent: PlayerId, color: Color, result: GameResult, kind: GameKind) -> RoundEntry {
    RoundEntry::Game {
        opponent,
        color,
        result,
        kind,
    }
}

fn win_or_loss(win: bool) -> GameResult {
    if win {
        GameResult::Win
    } else {
        GameResult::Loss
    }
}

/// The teams' players, team by team in board order (up to two reserves after the boards),
/// rated around the team's strength; every round a zero-point bye until played.
fn teams_and_players(
    rng: &mut Rng,
    teams: usize,
    boards: usize,
    rounds: usize,
) -> (Vec<Player>, Vec<Vec<(PlayerId, u16)>>) {
    let mut players: Vec<Player> = Vec::new();
    let mut members: Vec<Vec<(PlayerId, u16)>> = Vec::new();
    for _ in 0..teams {
        let base = 1400 + rng.below(1000) as u16;
        let size = boards + rng.below(3);
        let mut ratings: Vec<u16> = (0..size).map(|_| base + rng.below(300) as u16).collect();
        ratings.sort_unstable_by(|a, b| b.cmp(a));
        let mut team = Vec::new();
        for rating in ratings {
            let id = players.len() as PlayerId + 1;
            players.push(Player {
                id,
                name: format!("Player {id:03}"),
                rating,
                rounds: vec![RoundEntry::Unplayed(Unplayed::ZeroBye); rounds],
                ..Player::default()
            });
            team.push((id, rating));
        }
        members.push(team);
    }

    (players, members)
}

/// Absences, `[team][round]`: now and then a team misses a round; one event in four has a
/// team withdrawn from some round on.
fn absences(rng: &mut Rng, teams: usize, rounds: usize) -> Vec<Vec<bool>> {
    let mut absent = vec![vec![false; rounds]; teams];
    for row in &mut absent {
        for a in row.iter_mut() {
            *a = rng.below(25) == 0;
        }
    }
    if rng.below(4) == 0 {
        let t = rng.below(teams);
        let from = 1 + rng.below(rounds);
        for a in absent[t].iter_mut().skip(from) {
            *a = true;
        }
    }

    absent
}

/// An absent team's players: a zero-point bye, or (one team in two) nothing written.
fn write_absences(
    rng: &mut Rng,
    players: &mut [Player],
    members: &[Vec<(PlayerId, u16)>],
    absent: &[Vec<bool>],
) {
    for (t, row) in absent.iter().enumerate() {
        if rng.below(2) == 0 {
            continue;
        }
        for (r, _) in row.iter().enumerate().filter(|(_, &a)| a) {
            for &(id, _) in &members[t] {
                let e = &mut players[id as usize - 1].rounds[r];
                if *e == RoundEntry::Unplayed(Unplayed::ZeroBye) {
                    *e = RoundEntry::Unplayed(Unplayed::Absent);
                }
            }
        }
    }
}

/// The event of `seed`.
pub fn generate(seed: u64) -> TeamEvent {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    for _ in 0..4 {
        rng.next();
    }
    let teams = 6 + rng.below(25);
    let boards = 4 + rng.below(3);
    let rounds = (5 + rng.below(7)).min(teams - 1);
    let pattern: Vec<Color> = (0..boards)
        .map(|k| {
            let white = if rng.below(3) == 0 {
                // WBBW...
                matches!(k % 4, 0 | 3)
            } else {
                k % 2 == 0
            };
            if white {
                Color::White
            } else {
                Color::Black
            }
        })
        .collect();
    let mut pattern = pattern;
    pattern[0] = Color::White;

    let (mut players, members) = teams_and_players(&mut rng, teams, boards, rounds);

    let absent = absences(&mut rng, teams, rounds);
    let mut met = vec![vec![false; teams]; teams];
    let mut had_pab = vec![false; teams];
    let mut pab_teams: Vec<Option<TeamId>> = vec![None; rounds];
    let mut forfeits = Vec::new();
    for r in 0..rounds {
        let mut present: Vec<usize> = (0..teams).filter(|&t| !absent[t][r]).collect();
        if present.len() % 2 == 1 {
            let candidates: Vec<usize> = present.iter().copied().filter(|&t| !had_pab[t]).collect();
            let pool = if candidates.is_empty() {
                &present
            } else {
                &candidates
            };
            let pab = pool[rng.below(pool.len())];
            had_pab[pab] = true;
            pab_teams[r] = Some(pab as TeamId + 1);
            present.retain(|&t| t != pab);
            // The PAB team's players have nothing written for the round.
            for &(id, _) in &members[pab] {
                players[id as usize - 1].rounds[r] = RoundEntry::Unplayed(Unplayed::Absent);
            }
        }
        // Random pairs without a rematch; the teams left unpaired after the tries miss the
        // round (absent).
        let mut best: Vec<(usize, usize)> = Vec::new();
        for _ in 0..200 {
            let mut pool = present.clone();
            for i in (1..pool.len()).rev() {
                pool.swap(i, rng.below(i + 1));
            }
            let mut pairs = Vec::new();
            while let Some(a) = pool.pop() {
                if let Some(j) = pool.iter().rposition(|&b| !met[a][b]) {
                    let b = pool.remove(j);
                    pairs.push((a, b));
                }
            }
            if pairs.len() > best.len() {
                best = pairs;
            }
            if best.len() * 2 == present.len() {
                break;
            }
        }
        for (a, b) in best {
            met[a][b] = true;
            met[b][a] = true;
            let (white, black) = if rng.below(2) == 0 { (a, b) } else { (b, a) };
            let teams = (&members[white][..], &members[black][..]);
            if let Some(kind) = play_match(&mut rng, &mut players, r, teams, &pattern) {
                forfeits.push(MatchForfeit {
                    kind,
                    round: r as u32 + 1,
                    white: white as TeamId + 1,
                    black: black as TeamId + 1,
                });
            }
        }
    }
    write_absences(&mut rng, &mut players, &members, &absent);

    let mut tournament = Tournament {
        players,
        total_rounds: Some(rounds as u32),
        ..Tournament::default()
    };
    let primary = if rng.below(2) == 0 { "MP_GP" } else { "GP_MP" };
    let date = if rng.below(4) == 0 {
        "2025-06-01"
    } else {
        "2026-06-01"
    };
    tournament.records = vec![
        ("012".into(), format!(" Generated team event {seed}")),
        ("042".into(), format!(" {date}")),
        ("192".into(), format!(" FIDE_TEAM_TYPEA_{primary}")),
    ];
    let points = tournament.points;
    for p in &mut tournament.players {
        p.points = Some(p.rounds.iter().map(|e| points.points(e)).sum());
    }
    let match_scoring = match rng.below(3) {
        0 => None,
        1 => Some(MatchScoring::default()),
        _ => Some(MatchScoring {
            win: Score::points(3),
            draw: Score::points(1),
            loss: Score::ZERO,
        }),
    };
    let draw_mp = match_scoring.unwrap_or_default().draw;
    let boards_i32 = i32::try_from(boards).unwrap_or(i32::MAX);
    let pab = TeamPab {
        match_points: Some(draw_mp),
        game_points: Some(Score(points.draw.0 * boards_i32)),
        teams: pab_teams,
        declared: true,
    };
    TeamEvent {
        tournament,
        teams: members
            .iter()
            .enumerate()
            .map(|(t, m)| Team {
                tpn: t as TeamId + 1,
                name: format!("Team {:02}", t + 1),
                members: m.iter().map(|&(id, _)| id).collect(),
                ..Team::default()
            })
            .collect(),
        // One event in three declares its teams in TRF-16 `013` records (numbered in file
        // order), the others in TRF-2026 `310`: the calculator reads both.
        source: if seed.is_multiple_of(3) {
            TeamRecords::Trf16
        } else {
            TeamRecords::Trf2026
        },
        board_colors: Some(pattern),
        match_scoring,
        pab,
        forfeits,
        lineups: Vec::new(),
        byes: Vec::new(),
        cross_tables: Vec::new(),
    }
}
