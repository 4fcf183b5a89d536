//! The worked examples of the Swiss Team text and of its implementers (the reference's §9: the
//! official examples of 3.5.4 and 3.6.2, Gacrux's tests and MD's probe cases), and the fast
//! procedure against the literal one on random small rounds.

use super::history::{History, Match, MatchResult, PlayedRound, Scoring};
use super::input::{ColourType, Event, Primary, RoundInput, Team, TeamPairing};
use super::{pair_round, pair_round_literal};
use crate::model::Color::{self, Black as B, White as W};
use crate::score::Score;
use crate::systems::common::brackets::literal::identifier;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn event(round: usize, total: usize, kind: ColourType) -> Event {
    Event {
        colour_type: kind,
        primary: Primary::MatchPoints,
        secondary_for_colours: true,
        round,
        total_rounds: total,
        initial_colour: W,
        forbidden: Vec::new(),
    }
}

/// A present team with match points `mp` (in points) and played colours `colours` (`w`/`b`).
fn team(tpn: u32, mp: i32, colours: &str) -> Team {
    Team {
        tpn,
        match_points: Score::points(mp),
        colours: colours
            .chars()
            .map(|c| if c == 'w' { W } else { B })
            .collect(),
        matches_played: u32::try_from(colours.len()).unwrap_or(0),
        present: true,
        ..Team::default()
    }
}

fn round(e: Event, teams: Vec<Team>) -> RoundInput {
    RoundInput { event: e, teams }
}

/// The pairing, checked against the literal procedure.
fn pair(input: &RoundInput) -> TeamPairing {
    let fast = pair_round(input).expect("pairable");
    let slow = pair_round_literal(input).expect("pairable (literal)");
    assert_eq!(fast, slow, "fast and literal procedures differ");
    fast
}

/// The pairs as sorted unordered pairs.
fn unordered(p: &TeamPairing) -> Vec<(u32, u32)> {
    let mut v: Vec<(u32, u32)> = p.pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    v.sort_unstable();
    v
}

/// A round of `matches` (white, black, white's game points, black's, out of `boards`).
fn played(matches: &[(u32, u32, i32, i32)], pab: Option<u32>) -> PlayedRound {
    PlayedRound {
        matches: matches
            .iter()
            .map(|&(white, black, gw, gb)| Match {
                white,
                black,
                result: MatchResult::Played(Score(gw * 10), Score(gb * 10)),
            })
            .collect(),
        pab,
        ..PlayedRound::default()
    }
}

fn history(teams: u32, rounds: Vec<PlayedRound>) -> History {
    History {
        teams,
        boards: 4,
        scoring: Scoring::default(),
        rounds,
    }
}

#[test]
fn e1_the_sets_of_upfloaters_in_the_3_5_4_order() {
    // Teams 2, 6, 8 on 3 points and 1, 3, 5 on 2.5: three upfloaters, two of 3 points and one
    // of 2.5. Each set sorted by score then TPN (3.5.3), the sets lexicographically (3.5.4).
    let field = [2u32, 6, 8, 1, 3, 5]; // the 1.2 order
    let mut sets: Vec<Vec<usize>> = Vec::new();
    for a in 0..3 {
        for b in a + 1..3 {
            for c in 3..6 {
                sets.push(vec![a, b, c]);
            }
        }
    }
    sets.sort();
    let named: Vec<Vec<u32>> = sets
        .iter()
        .map(|s| s.iter().map(|&i| field[i]).collect())
        .collect();
    let expected: [[u32; 3]; 9] = [
        [2, 6, 1],
        [2, 6, 3],
        [2, 6, 5],
        [2, 8, 1],
        [2, 8, 3],
        [2, 8, 5],
        [6, 8, 1],
        [6, 8, 3],
        [6, 8, 5],
    ];
    assert_eq!(named, expected);
}

#[test]
fn e2_e3_the_identifier_and_its_order() {
    // 3.6.2's example.
    assert_eq!(
        identifier(&[(11, 24), (16, 6), (10, 9), (8, 4)]),
        [4, 6, 9, 11, 8, 16, 10, 24]
    );
    // The 15 pairings of six teams in identifier order (the reference's table E3).
    let mut all: Vec<Vec<u32>> = Vec::new();
    for b1 in 2..=6u32 {
        let rest: Vec<u32> = (2..=6).filter(|&x| x != b1).collect();
        for j in 1..4 {
            let (c, d) = (rest[0], rest[j]);
            let mut e: Vec<u32> = rest.iter().copied().filter(|&x| x != c && x != d).collect();
            e.sort_unstable();
            all.push(identifier(&[(1, b1), (c, d), (e[0], e[1])]));
        }
    }
    all.sort();
    let firsts: Vec<&[u32]> = all.iter().take(3).map(Vec::as_slice).collect();
    assert_eq!(
        firsts,
        [[1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 6, 5], [1, 2, 3, 5, 4, 6]]
    );
    assert_eq!(all[12], [1, 3, 4, 2, 5, 6]);
    assert_eq!(all[14], [1, 3, 5, 2, 4, 6]);
}

#[test]
fn e4_a_heterogeneous_bracket_is_read_by_tpn() {
    // Round 1: 5-9 drawn; 1, 3, 4, 6 won against 7, 8, 10, 2.
    let h = history(
        10,
        vec![played(
            &[
                (1, 7, 3, 1),
                (3, 8, 3, 1),
                (4, 10, 3, 1),
                (6, 2, 3, 1),
                (5, 9, 2, 2),
            ],
            None,
        )],
    );
    let input = round(
        event(2, 9, ColourType::A),
        h.teams_before(Primary::MatchPoints, &[]),
    );
    let p = pair(&input);
    assert_eq!(unordered(&p), [(1, 4), (2, 9), (3, 6), (5, 7), (8, 10)]);
}

#[test]
fn e5_round_one_colours() {
    let teams: Vec<Team> = (1..=8).map(|t| team(t, 0, "")).collect();
    let p = pair(&round(event(1, 9, ColourType::A), teams.clone()));
    let mut v = p.pairs.clone();
    v.sort_by_key(|&(a, b)| a.min(b));
    assert_eq!(v, [(1, 5), (6, 2), (3, 7), (8, 4)]);
    let mut e = event(1, 9, ColourType::A);
    e.initial_colour = B;
    let mut v = pair(&round(e, teams)).pairs;
    v.sort_by_key(|&(a, b)| a.min(b));
    assert_eq!(v, [(5, 1), (2, 6), (7, 3), (4, 8)]);
}

#[test]
fn e6_an_absent_team_keeps_its_tpn() {
    let mut teams: Vec<Team> = (1..=5).map(|t| team(t, 0, "")).collect();
    teams[0].present = false;
    let mut v = pair(&round(event(1, 9, ColourType::A), teams)).pairs;
    v.sort_by_key(|&(a, b)| a.min(b));
    assert_eq!(v, [(4, 2), (3, 5)]);
}

/// E7 and E12's fields: ten or twelve teams, no colour preferences.
fn floats_field(total: usize, scores: &[i32], floated: &[u32]) -> RoundInput {
    let teams: Vec<Team> = scores
        .iter()
        .enumerate()
        .map(|(i, &s)| {
            let tpn = u32::try_from(i + 1).unwrap_or(0);
            let mut t = team(tpn, s, "wb");
            t.floated = floated.contains(&tpn);
            t
        })
        .collect();
    round(event(3, total, ColourType::NoPreferences), teams)
}

#[test]
fn e7_c10_the_upfloater_meets_no_floater() {
    // Residents 1-5 on 3 MP, 6 the upfloater; 3 floated in round 2.
    let input = floats_field(9, &[3, 3, 3, 3, 3, 2, 1, 1, 1, 1], &[3]);
    let p = pair(&input);
    let first: Vec<(u32, u32)> = unordered(&p).into_iter().filter(|&(a, _)| a <= 3).collect();
    assert_eq!(first, [(1, 4), (2, 6), (3, 5)]);
}

#[test]
fn e8_c8_colour_preferences_fulfilled() {
    let teams = vec![
        team(1, 2, "ww"),
        team(2, 2, "ww"),
        team(3, 2, "bb"),
        team(4, 2, "bb"),
    ];
    let mut v = pair(&round(event(3, 9, ColourType::A), teams)).pairs;
    v.sort_unstable();
    assert_eq!(v, [(3, 1), (4, 2)]);
}

#[test]
fn e9_c9_strong_preferences_under_type_b() {
    let teams = || {
        vec![
            team(1, 2, "wbb"),
            team(2, 2, "bwb"),
            team(3, 2, "wbb"),
            team(4, 2, "bwb"),
        ]
    };
    let mut b = pair(&round(event(4, 9, ColourType::B), teams())).pairs;
    b.sort_unstable();
    assert_eq!(b, [(1, 4), (3, 2)]);
    let mut a = pair(&round(event(4, 9, ColourType::A), teams())).pairs;
    a.sort_unstable();
    assert_eq!(a, [(1, 4), (3, 2)]);
}

#[test]
fn e10_type_a_and_type_b_differ() {
    let teams = || {
        vec![
            team(1, 2, "bwb"),
            team(2, 2, "wbw"),
            team(3, 2, "bwb"),
            team(4, 2, "wbw"),
        ]
    };
    let a = pair(&round(event(4, 9, ColourType::A), teams()));
    assert_eq!(unordered(&a), [(1, 3), (2, 4)]);
    let b = pair(&round(event(4, 9, ColourType::B), teams()));
    assert_eq!(unordered(&b), [(1, 4), (2, 3)]);
}

#[test]
fn e11_the_pab() {
    let bye = |h: &History, absent: &[u32], forbidden: Vec<(u32, u32)>| {
        let mut e = event(h.rounds.len() + 1, 9, ColourType::A);
        e.forbidden = forbidden;
        pair(&round(e, h.teams_before(Primary::MatchPoints, absent)))
    };
    // 1 beat 2, 3 beat 4, 5 PAB: 2 and 4 on 0, 5 barred (C2): the largest TPN.
    let h = history(5, vec![played(&[(1, 2, 3, 1), (3, 4, 3, 1)], Some(5))]);
    assert_eq!(bye(&h, &[], vec![]).bye, Some(4));
    let h = history(5, vec![played(&[(1, 2, 3, 1), (4, 3, 3, 1)], Some(5))]);
    assert_eq!(bye(&h, &[], vec![]).bye, Some(3));
    // 3.4.1 first: prohibited 1-2, 2-4, 3-4; r1 1 beat 4, 2 beat 5, 3 PAB.
    let h = history(5, vec![played(&[(1, 4, 3, 1), (2, 5, 3, 1)], Some(3))]);
    let p = bye(&h, &[], vec![(1, 2), (2, 4), (3, 4)]);
    assert_eq!(p.bye, Some(4));
    assert_eq!(unordered(&p), [(1, 5), (2, 3)]);
    // Forfeits: 3 beat 4 by forfeit; 2 (one match played) rather than 4 (none).
    let mut r1 = played(&[(1, 2, 3, 1)], Some(5));
    r1.matches.push(Match {
        white: 3,
        black: 4,
        result: MatchResult::WhiteWinsByForfeit,
    });
    let h = history(5, vec![r1]);
    assert_eq!(bye(&h, &[], vec![]).bye, Some(2));
    // 3.4.3 before 3.4.4: 4 (two matches played, 0 MP) and 5 (one, absent in round 1).
    let mut teams: Vec<Team> = vec![
        team(1, 4, "wb"),
        team(2, 2, "bw"),
        team(3, 2, "wb"),
        team(4, 0, "bw"),
        team(5, 0, "w"),
    ];
    teams[0].met = vec![2, 3];
    let p = pair(&round(event(3, 9, ColourType::A), teams));
    assert_eq!(p.bye, Some(4));
}

#[test]
fn e12_c7_before_the_3_5_4_order_except_in_the_last_two_rounds() {
    let scores = [4, 3, 3, 3, 3, 3, 2, 2, 1, 1, 0, 0];
    let ups = |total: usize| {
        let p = pair(&floats_field(total, &scores, &[2]));
        p.pairs
            .iter()
            .find(|&&(a, b)| a == 1 || b == 1)
            .map(|&(a, b)| a + b - 1)
    };
    assert_eq!(ups(6), Some(3));
    assert_eq!(ups(4), Some(2));
}

#[test]
fn e13_the_colour_steps() {
    let e = |kind| event(4, 9, kind);
    let white = |kind, a: Team, b: Team| {
        let p = pair(&round(e(kind), vec![a, b]));
        p.pairs[0].0
    };
    // 4.3.5: b,w,b (CD -1) against w,b,w (CD +1), no Type A preference: 1 White.
    assert_eq!(
        white(ColourType::A, team(1, 2, "bwb"), team(2, 2, "wbw")),
        1
    );
    // 4.3.6: w,b against b,w: alternate from round 2: 1 White.
    assert_eq!(white(ColourType::A, team(1, 2, "wb"), team(2, 2, "bw")), 1);
    // 4.3.7: both w,w: first-team 1 gets its Black.
    assert_eq!(white(ColourType::A, team(1, 2, "ww"), team(2, 2, "ww")), 2);
    // 4.3.8: each once with White, no preference: first-team 1 alternates to Black.
    assert_eq!(white(ColourType::A, team(1, 2, "w"), team(2, 2, "w")), 2);
    // 4.3.9: team 1 never played (2 MP from byes); 3 played b,w: 3 alternates to Black.
    let mut one = team(1, 2, "");
    one.had_pab = true;
    let p = pair(&round(
        e(ColourType::A),
        vec![one, team(2, 0, ""), team(3, 2, "bw")],
    ));
    assert!(p.pairs.contains(&(1, 3)), "{p:?}");
    // 4.2.2: equal MP, 3 has more GP: 3 is the first-team (and alternates to Black here).
    let mut two = team(2, 2, "w");
    two.game_points = Score::points(4);
    let mut three = team(3, 2, "w");
    three.game_points = Score::points(5);
    let pick = |secondary: bool| {
        let mut ev = e(ColourType::A);
        ev.secondary_for_colours = secondary;
        let mut one = team(1, 0, "");
        one.present = false;
        pair(&round(ev, vec![one, two.clone(), three.clone()])).pairs[0]
    };
    assert_eq!(pick(true), (2, 3));
    assert_eq!(pick(false), (3, 2));
}

#[test]
fn e14_the_probe_cases() {
    // G1: r1 1-5 (1 wins), 2-6 (2 wins), 3-7 drawn, 4-8 (4 wins): bracket {1, 2, 4} with
    // upfloater 3 pairs 1-3, 2-4 (3.6.1 by TPN).
    let h = history(
        8,
        vec![played(
            &[(1, 5, 3, 1), (6, 2, 1, 3), (3, 7, 2, 2), (8, 4, 1, 3)],
            None,
        )],
    );
    let p = pair(&round(
        event(2, 9, ColourType::A),
        h.teams_before(Primary::MatchPoints, &[]),
    ));
    let u = unordered(&p);
    assert!(u.contains(&(1, 3)) && u.contains(&(2, 4)), "{u:?}");
    // A3: a double-forfeited pair meets again, with 4.3.1's colours.
    let mut r1 = played(&[], None);
    r1.matches.push(Match {
        white: 1,
        black: 2,
        result: MatchResult::DoubleForfeit,
    });
    let h = history(2, vec![r1]);
    let p = pair(&round(
        event(2, 9, ColourType::A),
        h.teams_before(Primary::MatchPoints, &[]),
    ));
    assert_eq!(p.pairs, [(1, 2)]);
    // A1: Type B last round, 1 B,B,W,W (strong Black) against 2 mild Black: 2-1.
    let two = team(2, 2, "wbw");
    let p = pair(&round(
        event(9, 9, ColourType::B),
        vec![team(1, 2, "bbww"), two],
    ));
    assert_eq!(p.pairs, [(2, 1)]);
    // A12: played histories B,W,B and B,W,B aligned at their ends are equal: 4.3.8, first-team
    // 1 alternates from Black.
    let p = pair(&round(
        event(5, 9, ColourType::A),
        vec![team(1, 2, "bwb"), team(2, 2, "bwb")],
    ));
    assert_eq!(p.pairs, [(1, 2)]);
}

#[test]
fn history_applies_the_definitions() {
    let mut r2 = played(&[(2, 1, 2, 2)], Some(3));
    r2.matches.push(Match {
        white: 4,
        black: 5,
        result: MatchResult::BlackWinsByForfeit,
    });
    let h = history(5, vec![played(&[(1, 2, 3, 1), (3, 4, 2, 2)], Some(5)), r2]);
    let t = h.teams_before(Primary::MatchPoints, &[4]);
    // 1.2: MP from the game points; 1.4: the PAB as a draw (1 MP, 2 GP of 4 boards).
    let mp: Vec<i32> = t.iter().map(|t| t.match_points.0 / 10).collect();
    assert_eq!(mp, [3, 1, 2, 1, 3]);
    assert_eq!(t[4].game_points, Score::points(6));
    // 1.5: 1 (2 MP) drew 2 (0 MP) in round 2: both floated; a PAB and a forfeit make none.
    let floated: Vec<bool> = t.iter().map(|t| t.floated).collect();
    assert_eq!(floated, [true, true, false, false, false]);
    // 1.6.1: board 1's colours of played matches; C1: a forfeit is no meeting; C2.
    assert_eq!(t[0].colours, [W, B]);
    assert_eq!(t[3].colours, [B]);
    assert!(t[3].met == [3] && t[4].met.is_empty());
    assert!(t[4].won_by_forfeit && t[4].had_pab && t[2].had_pab && !t[0].had_pab);
    assert!(!t[3].present);
}

/// A random round of `n` teams after `rounds` random rounds, for the oracle.
fn random_round(rng: &mut ChaCha8Rng, n: u32, rounds: usize) -> Option<RoundInput> {
    let kind = [ColourType::A, ColourType::B, ColourType::NoPreferences][rng.gen_range(0..3)];
    let total = rounds + 1 + rng.gen_range(0..3);
    let mut h = history(n, Vec::new());
    for r in 0..rounds {
        let absent: Vec<u32> = (1..=n).filter(|_| rng.gen_bool(0.1)).collect();
        let mut e = event(r + 1, total, kind);
        e.primary = Primary::MatchPoints;
        let input = round(e, h.teams_before(Primary::MatchPoints, &absent));
        let p = pair_round(&input).ok()?;
        let matches = p
            .pairs
            .iter()
            .map(|&(white, black)| {
                let result = match rng.gen_range(0..20) {
                    0 => MatchResult::WhiteWinsByForfeit,
                    1 => MatchResult::BlackWinsByForfeit,
                    2 => MatchResult::DoubleForfeit,
                    _ => {
                        let gw = rng.gen_range(0..=8);
                        MatchResult::Played(Score(gw * 5), Score((8 - gw) * 5))
                    }
                };
                Match {
                    white,
                    black,
                    result,
                }
            })
            .collect();
        h.rounds.push(PlayedRound {
            matches,
            pab: p.bye,
            ..PlayedRound::default()
        });
    }
    let absent: Vec<u32> = (1..=n).filter(|_| rng.gen_bool(0.1)).collect();
    let primary = if rng.gen_bool(0.5) {
        Primary::MatchPoints
    } else {
        Primary::GamePoints
    };
    let mut e = event(rounds + 1, total, kind);
    e.primary = primary;
    e.initial_colour = if rng.gen_bool(0.5) { W } else { B };
    Some(round(e, h.teams_before(primary, &absent)))
}

#[test]
fn the_fast_procedure_agrees_with_the_literal_one() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x7ea4);
    let (mut compared, mut pab, mut ups) = (0, 0, 0);
    for _ in 0..400 {
        let n = rng.gen_range(4..=13);
        let rounds = rng.gen_range(1..=6);
        let Some(input) = random_round(&mut rng, n, rounds) else {
            continue;
        };
        let fast = pair_round(&input);
        let slow = pair_round_literal(&input);
        match (&fast, &slow) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a, b, "{input:?}");
                compared += 1;
                pab += usize::from(a.bye.is_some());
                ups += usize::from(a.pairs.iter().any(|&(x, y)| {
                    let s = |t: u32| input.teams[t as usize - 1].primary(input.event.primary);
                    s(x) != s(y)
                }));
            }
            (Err(_), Err(_)) => {}
            _ => panic!("one procedure pairs, the other not: {fast:?} {slow:?} {input:?}"),
        }
    }
    // The sample reaches the cases it is for.
    assert!(
        compared > 300 && pab > 50 && ups > 100,
        "{compared} {pab} {ups}"
    );
}

#[test]
fn bad_input_gets_a_clear_error() {
    let input = round(
        event(1, 9, ColourType::A),
        vec![team(1, 0, ""), team(1, 0, "")],
    );
    let e = pair_round(&input).unwrap_err().to_string();
    assert!(e.contains("TPN 1 is given to two teams"), "{e}");
    let _ = Color::White;
}
