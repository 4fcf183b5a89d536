//! Tests of the 1998 engine: the examples of the text, one hand-made case per criterion and per
//! step of C (the expected pairing worked out in the comment), and the literal oracle on random
//! small tournaments.

use super::bracket::Level;
use super::literal::exchanges;
use super::*;
use crate::colour::high_gets_white;
use crate::model::{GameResult, Player};
use crate::test_rng::Rng;
use std::collections::BTreeSet;

const W: Color = Color::White;
const B: Color = Color::Black;

/// A player: pairing number, rating, title, name.
fn player(id: PlayerId, rating: u16, title: &str, name: &str) -> Player {
    Player {
        id,
        rating,
        title: title.into(),
        name: name.into(),
        ..Player::default()
    }
}

/// `n` players whose pairing numbers follow the ratings (1 the highest).
fn field(n: u32) -> Tournament {
    Tournament {
        players: (1..=n)
            .map(|i| player(i, 2600 - 10 * i as u16, "", &format!("P{i:02}")))
            .collect(),
        ..Tournament::default()
    }
}

/// Adds one round: games (white, black, result for white: 1, 0 or 5 for a draw), the byes, and
/// absences for everybody else.
fn play(t: &mut Tournament, games: &[(PlayerId, PlayerId, u8)], bye: &[PlayerId]) {
    let r = t.rounds_recorded();
    for p in &mut t.players {
        p.rounds.resize(r, RoundEntry::Unplayed(Unplayed::Absent));
        p.rounds.push(RoundEntry::Unplayed(Unplayed::Absent));
    }
    let res = |x: u8| match x {
        1 => GameResult::Win,
        0 => GameResult::Loss,
        _ => GameResult::Draw,
    };
    for &(w, b, x) in games {
        let (iw, ib) = (t.index_of(w).unwrap(), t.index_of(b).unwrap());
        t.players[iw].rounds[r] = RoundEntry::Game {
            opponent: b,
            color: W,
            result: res(x),
            kind: crate::model::GameKind::Rated,
        };
        t.players[ib].rounds[r] = RoundEntry::Game {
            opponent: w,
            color: B,
            result: res(x).complement(),
            kind: crate::model::GameKind::Rated,
        };
    }
    for &y in bye {
        let i = t.index_of(y).unwrap();
        t.players[i].rounds[r] = RoundEntry::Unplayed(Unplayed::Pab);
    }
}

fn all(t: &Tournament) -> Request {
    Request {
        round: t.rounds_recorded() + 1,
        present: t.players.iter().map(|p| p.id).collect(),
    }
}

/// The games of the next round as an order-free set of (white, black), and the bye.
fn next(t: &Tournament) -> (BTreeSet<(PlayerId, PlayerId)>, Option<PlayerId>) {
    let p = pair(t, &all(t)).expect("pairable");
    let oracle = pair_with_literal_oracle(t, &all(t)).expect("pairable by the oracle");
    assert_eq!(p, oracle, "engine and literal procedure differ");
    (p.game_set(), p.bye)
}

fn set(games: &[(PlayerId, PlayerId)]) -> BTreeSet<(PlayerId, PlayerId)> {
    games.iter().copied().collect()
}

// ---- The examples of the text ----

#[test]
fn d1_transpositions_in_the_order_of_the_example() {
    // D.1: S2 = 5, 6, 7, 8: 5-6-7-8, then 5-6-8-7, 5-7-6-8, 5-7-8-6, 5-8-6-7, 5-8-7-6, 6-5-7-8,
    // 6-5-8-7 ("all numbers constructable with the digits 5, 6, 7 and 8 in ascending order").
    let mut seen = Vec::new();
    let s1 = [1, 2, 3, 4];
    let s2 = [5, 6, 7, 8];
    super::literal::tests_orderings(&s1, &s2, &mut |pairs| {
        seen.push(pairs.iter().map(|p| p.1).collect::<Vec<_>>());
        seen.len() == 8
    });
    let want: Vec<Vec<usize>> = vec![
        vec![5, 6, 7, 8],
        vec![5, 6, 8, 7],
        vec![5, 7, 6, 8],
        vec![5, 7, 8, 6],
        vec![5, 8, 6, 7],
        vec![5, 8, 7, 6],
        vec![6, 5, 7, 8],
        vec![6, 5, 8, 7],
    ];
    assert_eq!(seen, want);
}

/// The players exchanged by each exchange (numbers 1-based): (from S1, from S2).
fn exchanged(n: usize, p: usize, k: usize) -> Vec<(Vec<usize>, Vec<usize>)> {
    exchanges(n, p, k)
        .expect("small")
        .into_iter()
        .map(|(s1, s2)| {
            let out: Vec<usize> = s2.iter().filter(|&&x| x < p).map(|x| x + 1).collect();
            let inn: Vec<usize> = s1.iter().filter(|&&x| x >= p).map(|x| x + 1).collect();
            (out, inn)
        })
        .collect()
}

#[test]
fn d2_exchanges_of_one_player_follow_the_matrix() {
    // D.2, first matrix: a) 4-5, b) 4-6, c) 3-5, d) 4-7, e) 3-6, f) 2-5, g) 3-7, h) 2-6, i) 2-7.
    // The matrix shows S1's players 2-4 and S2's 5-7 only (reading: an example, not a ban on
    // exchanging 1 or 8 -- after the remark's "deduct one" for 7 players, player 1 is in it);
    // exchanges with 1 or 8 come where their difference puts them (4-8 right after f).
    let full = exchanged(8, 4, 1);
    assert_eq!(full[6], (vec![4], vec![8]));
    let got: Vec<(Vec<usize>, Vec<usize>)> = full
        .into_iter()
        .filter(|(a, b)| a[0] >= 2 && b[0] <= 7)
        .collect();
    let want = [
        (4, 5),
        (4, 6),
        (3, 5),
        (4, 7),
        (3, 6),
        (2, 5),
        (3, 7),
        (2, 6),
        (2, 7),
    ];
    for (k, (a, b)) in want.iter().enumerate() {
        assert_eq!(got[k], (vec![*a], vec![*b]), "exchange {k}");
    }
}

#[test]
fn d2_exchanges_of_two_players_follow_the_matrix() {
    // D.2, second matrix: j) 3+4/5+6, k) 3+4/5+7, l) 2+4/5+6, m) 3+4/6+7, n) 2+4/5+7,
    // o) 2+3/5+6, p) 2+4/6+7, q) 2+3/5+7, r) 2+3/6+7 (exchanges with player 8 are not in the
    // matrix; they come where their difference puts them).
    let got: Vec<(Vec<usize>, Vec<usize>)> = exchanged(8, 4, 2)
        .into_iter()
        .filter(|(a, b)| a.iter().all(|&x| x >= 2) && b.iter().all(|&x| x <= 7))
        .collect();
    let want = [
        ([3, 4], [5, 6]),
        ([3, 4], [5, 7]),
        ([2, 4], [5, 6]),
        ([3, 4], [6, 7]),
        ([2, 4], [5, 7]),
        ([2, 3], [5, 6]),
        ([2, 4], [6, 7]),
        ([2, 3], [5, 7]),
        ([2, 3], [6, 7]),
    ];
    for (k, (a, b)) in want.iter().enumerate() {
        assert_eq!(got[k], (a.to_vec(), b.to_vec()), "exchange {k}");
    }
}

#[test]
fn d2_remark_seven_players_deduct_one() {
    // D.2 remark: with 7 players S1 = 1, 2, 3 and S2 = 4, 5, 6, 7; the one-player exchanges are
    // the matrix minus one: 3-4, 3-5, 2-4, 3-6, 2-5, 1-4, 2-6, 1-5, 1-6.
    let got: Vec<(Vec<usize>, Vec<usize>)> = exchanged(7, 3, 1)
        .into_iter()
        .filter(|(_, b)| b[0] <= 6)
        .collect();
    let want = [
        (3, 4),
        (3, 5),
        (2, 4),
        (3, 6),
        (2, 5),
        (1, 4),
        (2, 6),
        (1, 5),
        (1, 6),
    ];
    for (k, (a, b)) in want.iter().enumerate() {
        assert_eq!(got[k], (vec![*a], vec![*b]), "exchange {k}");
    }
}

#[test]
fn f4_first_round_top_half_against_bottom_half_and_bye_to_the_lowest() {
    // F.4: 7 players, one homogeneous bracket ordered by A.2: 1-4, 2-5, 3-6, and 7 (the lowest
    // ranked) has the bye. E.5 with white for the first: 1 White, 2 Black, 3 White.
    let t = field(7);
    let (games, bye) = next(&t);
    assert_eq!(games, set(&[(1, 4), (5, 2), (3, 6)]));
    assert_eq!(bye, Some(7));
}

#[test]
fn f3_colour_history_with_a_gap_counts_from_the_latest_game() {
    // F.3: BWW-B is treated as -BWWB for E.3. Player A: B W W - B (diff -1+... = B,W,W,B: 0,
    // mild white); player B: W B W B (diff 0, mild white). E.1/E.2 undecided (both mild white);
    // E.3 from the latest game backwards: B/B, W/W, W/B differ: A had White, B had Black -> A
    // gets Black, B White.
    // Both: colour difference 0 after a Black game: a mild preference for White (A.7.c).
    let facts = |colors: &[Color]| ColourFacts {
        tpn: 1,
        colors: colors.to_vec(),
        preference: Some(crate::history::Preference {
            color: W,
            strength: PreferenceStrength::Mild,
        }),
        difference: 0,
    };
    let a = facts(&[B, W, W, B]);
    let b = facts(&[W, B, W, B]);
    assert!(!high_gets_white(&a, &b, W));
}

// ---- A.2: the order ----

#[test]
fn a2_rating_then_title_then_name_not_pairing_number() {
    // Pairing numbers do not follow the ratings: 1 (2400), 2 (2500, no title), 3 (2500, IM,
    // "Zed"), 4 (2500, IM, "Abe"). A.2: 4 (IM, Abe) > 3 (IM, Zed) > 2 (no title) > 1. S1 = 4, 3;
    // S2 = 2, 1: 4-2 and 3-1, the first of S1 with White (E.5).
    let t = Tournament {
        players: vec![
            player(1, 2400, "", "Bob"),
            player(2, 2500, "", "Al"),
            player(3, 2500, "m", "Zed"),
            player(4, 2500, "m", "Abe"),
        ],
        ..Tournament::default()
    };
    let (games, _) = next(&t);
    assert_eq!(games, set(&[(4, 2), (1, 3)]));
}

#[test]
fn a2_titles_rank_gm_wgm_im_wim_fm_wfm_none() {
    let order: Vec<u8> = ["g", "wg", "m", "wm", "f", "wf", ""]
        .iter()
        .map(|t| title_rank(t))
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(title_rank("GM"), 0);
    assert_eq!(title_rank("c"), title_rank(""));
}

// ---- B: the criteria ----

#[test]
fn b1a_no_rematch_c7_transposition() {
    // Round 1 (4 players): 1-3 and 2-4 drawn, 1 and 2 White. All on 0.5; preferences 1, 2
    // Black, 3, 4 White: w = b = 2, q = 2, x = 0. Round 2: S1 = 1, 2; S2 = 3, 4. C.6: 1-3 is a
    // rematch (B.1.a). C.7, transposition 4-3: 1-4 and 2-3, both granting the preferences:
    // 4-1, 3-2.
    let mut t = field(4);
    play(&mut t, &[(1, 3, 5), (2, 4, 5)], &[]);
    let (games, _) = next(&t);
    assert_eq!(games, set(&[(4, 1), (3, 2)]));
}

#[test]
fn b1b_no_second_bye_c13() {
    // 3 players; round 1: 1-2 (1 wins), 3 bye (1 point). Round 2: scores 1: 1, 3: 1, 2: 0.
    // Bracket 1.0 = {1, 3}: 1-3 legal (never met). Lowest bracket {2}: 2 takes the bye (never
    // had one). Round 2 pairing: 1-3, bye 2. Round 3 then: 2 and 3 already had a point
    // without playing; scores 1: 1.5 or 2 ... let 1-3 be a draw: 1: 1.5, 3: 1.5, 2: 1.
    // Everybody has met everybody but 2-3 (2 had the bye in round 2) -- 2 met 1, 3 met 1:
    // 2-3 is the only game, so 1 takes the bye.
    let mut t = field(3);
    play(&mut t, &[(1, 2, 1)], &[3]);
    let (games, bye) = next(&t);
    assert_eq!(bye, Some(2));
    assert_eq!(games.len(), 1);
    let g = *games.iter().next().unwrap();
    assert!(g == (1, 3) || g == (3, 1));
    play(&mut t, &[(g.0, g.1, 5)], &[2]);
    let (games, bye) = next(&t);
    assert_eq!(bye, Some(1));
    assert_eq!(games.len(), 1);
}

#[test]
fn b2_no_third_colour_in_a_row() {
    // 4 players, two rounds in which 1 and 2 had White twice, 3 and 4 Black twice, all draws.
    // Round 3: S1 = 1, 2; S2 = 3, 4. 1 and 2 may not get White (B.2.b), 3 and 4 not Black. 1-3
    // and 2-4 have met? Round 1: 1-3, 2-4; round 2: 1-4, 2-3. Everybody met the other half:
    // 1-2 and 3-4 would both give a third colour to one player: no legal pairing (B.2).
    let mut t = field(4);
    play(&mut t, &[(1, 3, 5), (2, 4, 5)], &[]);
    play(&mut t, &[(1, 4, 5), (2, 3, 5)], &[]);
    assert!(matches!(
        pair(&t, &all(&t)),
        Err(PairingError::NoValidPairing(_))
    ));
    // In the last round the players over 50% are exempt -- nobody is over 50% here (all 1/2).
    t.total_rounds = Some(3);
    assert!(pair(&t, &all(&t)).is_err());
}

#[test]
fn b2_exempt_over_50_percent_in_the_last_round() {
    // 4 players, 3 rounds. Round 1: 1-3 (1 wins), 2-4 (2 wins); round 2: 1-4 (1 wins), 2-3
    // (draw). Scores: 1: 2, 2: 1.5, 3: 0.5, 4: 0. 1 and 2 have had White twice, 3 and 4 Black
    // twice. Round 3 (the last): 1-2 is the only pair both not yet met ... 1 met 3, 4; 2 met 4,
    // 3: the pairs left are 1-2 and 3-4. 1 (2 of 2) and 2 (1.5 of 2) are over 50%: B.2 does not
    // apply to them, so 1-2 may be played; 3-4 (0.5 and 0) are not exempt: one of them gets a
    // third Black -- illegal. Without exemption for both no pairing; so the round cannot be
    // paired even in the last round.
    let mut t = field(4);
    t.total_rounds = Some(3);
    play(&mut t, &[(1, 3, 1), (2, 4, 1)], &[]);
    play(&mut t, &[(1, 4, 1), (2, 3, 5)], &[]);
    assert!(pair(&t, &all(&t)).is_err());
    // With 3 and 4 swapped in round 2's colours (4 White vs 1), 4 has B W, 3 has B W? 3 had
    // Black in round 1 and White vs 2: fine, so 3-4 is legal and 1-2 is legal for the
    // topscorers: 1-2 and 3-4.
    let mut t = field(4);
    t.total_rounds = Some(3);
    play(&mut t, &[(1, 3, 1), (2, 4, 1)], &[]);
    play(&mut t, &[(1, 4, 1), (3, 2, 5)], &[]);
    let (games, _) = next(&t);
    assert_eq!(games.len(), 2);
    assert!(games.contains(&(1, 2)) || games.contains(&(2, 1)));
}

#[test]
fn b4_colour_preferences_choose_the_exchange() {
    // 6 players; round 1: 1-4, 5-2, 3-6 all draws. Everybody 0.5, one bracket of 6, S1 = 1, 2,
    // 3; S2 = 4, 5, 6. Preferences: 1 B, 2 W, 3 B, 4 W, 5 B, 6 W. w = 3, b = 3, q = 3: x = 0.
    // Transpositions (C.6-C.7): 4-5-6 and 4-6-5 (1-4 rematch), 5-4-6 and 5-6-4 (1-5 both
    // Black, x = 0 refuses it), 6-4-5 (2-4 both White), 6-5-4 (2-5 rematch): none. C.8, first
    // exchange (a): 3 and 4: S1 = 1, 2, 4; S2 = 3, 5, 6. Transpositions: 3-.. (1-3 both Black),
    // 5-.. (1-5 both Black), 6-3-5: 1-6 (B/W), 2-3 (W/B), 4-5 (W/B): 6-1, 2-3, 4-5.
    let mut t = field(6);
    play(&mut t, &[(1, 4, 5), (5, 2, 5), (3, 6, 5)], &[]);
    let (games, _) = next(&t);
    assert_eq!(games, set(&[(6, 1), (2, 3), (4, 5)]));
}

#[test]
fn b5_no_second_downfloat_in_a_row() {
    // 5 players. Round 1: 1-3 (1 wins), 4-2 (2 wins), 5 bye. Scores: 1, 2, 5: 1 point; 3, 4: 0.
    // 5's bye was a downfloat (A.5). Round 2: bracket 1.0 = {1, 2, 5}, S1 = 1, S2 = 2, 5: the
    // leftover is moved down. C.6: 1-2, 5 moved down: 5 would float down twice in a row (B.5);
    // C.7: 1-5, 2 moved down (2 has no float). Bracket 0 = {2 (moved), 3, 4}: 2 against 3 or 4
    // (S1 = 2, S2 = 3, 4): 2-3; 4 is left for the bye (4 has none yet).
    let mut t = field(5);
    play(&mut t, &[(1, 3, 1), (4, 2, 0)], &[5]);
    let (games, bye) = next(&t);
    assert_eq!(bye, Some(4));
    let met: BTreeSet<(PlayerId, PlayerId)> =
        games.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    assert_eq!(met, [(1, 5), (2, 3)].into_iter().collect());
}

#[test]
fn c1_player_without_opponent_moves_down() {
    // 3 players: round 1: 1-2 (1 wins), 3 bye. Round 2: bracket 1.0 = {1, 3}: 1-3, 2 bye.
    // Round 3 with 1-3 a win for 1: scores 1: 2, 3: 1, 2: 1 (bye). Brackets {1}, {2, 3}.
    // 1 must move down (one player), but 1 had no downfloat in round 2 (equal scores). 1 has
    // met 2 and 3 -- no opponent at all: C.1 moves him down, the lowest bracket is {1, 2, 3}
    // and 2-3 (never met) plays, 1 takes the bye (never had one).
    let mut t = field(3);
    play(&mut t, &[(1, 2, 1)], &[3]);
    play(&mut t, &[(3, 1, 0)], &[2]);
    let (games, bye) = next(&t);
    assert_eq!(bye, Some(1));
    assert_eq!(games.len(), 1);
}

#[test]
fn c9_and_c10_drop_the_float_criteria_in_order() {
    // Round 1: 1-4, 5-2, 3-6, the higher players win (no floats: all on 0). Round 2: 5-1, 2-6,
    // 4-3, again won by 1, 2, 3, who float down (1 against 0), 4, 5, 6 float up. Scores: 1, 2,
    // 3: 2; 4, 5, 6: 0. Colours: 1 W B (mild W), 2 B W (mild B), 3 W B (mild W); 4 B W (mild B),
    // 5 B W (mild B), 6 B B (absolute W).
    // Bracket 2.0 = {1, 2, 3}: x = 2 - 2 = 0, p = 1, one player must move down, and all three
    // floated down in round 2 (B.5). Levels (x 0, all criteria), (B.6 down dropped): nothing.
    // C.9 drops B.5 for downfloats: C.6, 1-2 (W/B) and 3 moves down.
    // Bracket 0 = {3 moved; 4, 5, 6}: S1 = 3, S2 = 4, 5, 6: 3-4 and 3-6 met, 3-5 repeats 5's
    // upfloat (B.5). C.9 changes nothing, C.10 drops B.6 then B.5 for upfloats: 3-5 (W/B);
    // remainder 4-6 (6 absolute White). Pairing: 1-2, 3-5, 6-4.
    let mut t = field(6);
    play(&mut t, &[(1, 4, 1), (5, 2, 0), (3, 6, 1)], &[]);
    play(&mut t, &[(5, 1, 0), (2, 6, 1), (4, 3, 0)], &[]);
    let (games, _) = next(&t);
    assert_eq!(games, set(&[(1, 2), (3, 5), (6, 4)]));
}

#[test]
fn c8_exchange_when_no_transposition_meets_x() {
    // Round 1: 1-3 and 4-2 drawn (1 and 4 White). All on 0.5; preferences 1 B, 4 B, 2 W, 3 W:
    // x = 0. Round 2: S1 = 1, 2; S2 = 3, 4. C.6: 1-3 rematch; C.7: 1-4 (both Black) and 2-3
    // (both White) exceed x = 0. C.8, exchange (a) 2 and 3: S1 = 1, 3; S2 = 2, 4: 1-2 (B/W) and
    // 3-4 (W/B): 2-1, 3-4 (before C.11 would raise x for 1-4, 2-3).
    let mut t = field(4);
    play(&mut t, &[(1, 3, 5), (4, 2, 5)], &[]);
    let (games, _) = next(&t);
    assert_eq!(games, set(&[(2, 1), (3, 4)]));
}

#[test]
fn c11_x_is_raised_when_colours_cannot_all_be_granted() {
    // 4 players; round 1: 1-3, 2-4 draws (1, 2 White). Preferences: 1, 2 Black; 3, 4 White.
    // w = 2, b = 2, q = 2: x = 0. Round 2: 1-3, 2-4 rematches; 1-4, 2-3: both B/W: fine. Then
    // round 2 draws 4-1, 3-2; round 3: 1: W B (mild W), 2: W B (mild W), 3: B W (mild B), 4:
    // B W (mild B). x = 0. The only pairs not yet played are 1-2 and 3-4: both W/W, B/B
    // conflicts: x raised to 2 (C.11) and the pairing is 1-2, 3-4.
    let mut t = field(4);
    play(&mut t, &[(1, 3, 5), (2, 4, 5)], &[]);
    play(&mut t, &[(4, 1, 5), (3, 2, 5)], &[]);
    let (games, _) = next(&t);
    let met: BTreeSet<(PlayerId, PlayerId)> =
        games.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    assert_eq!(met, [(1, 2), (3, 4)].into_iter().collect());
}

#[test]
fn heterogeneous_bracket_pairs_the_moved_down_player_first() {
    // 6 players. Round 1: 1-4 (1 wins), 5-2 (2 wins), 3-6 (draw). Scores: 1, 2: 1; 3, 6: 0.5;
    // 4, 5: 0. Round 2: bracket 1.0 = {1, 2}: 1-2 (never met). Bracket 0.5 = {3, 6}: 3-6 met:
    // C.1 -- 3 has no opponent there: 3 moved down; 6 then alone: moved down too. Bracket 0 =
    // {3, 6 (moved), 4, 5}: 2 of 4 moved: treated as homogeneous (A.3): S1 = 3, 6; S2 = 4, 5.
    // C.6: 3-4, 6-5.
    let mut t = field(6);
    play(&mut t, &[(1, 4, 1), (5, 2, 0), (3, 6, 5)], &[]);
    let (games, _) = next(&t);
    let met: BTreeSet<(PlayerId, PlayerId)> =
        games.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    assert_eq!(met, [(1, 2), (3, 4), (5, 6)].into_iter().collect());
}

#[test]
fn levels_follow_c9_c10_c11() {
    let lv = bracket::levels(1, 6, 3);
    let drops: Vec<(usize, u8)> = lv.iter().map(|l| (l.x, l.drops)).collect();
    assert_eq!(
        drops,
        vec![(1, 0), (1, 1), (1, 2), (1, 3), (1, 4), (2, 4), (3, 4)]
    );
    // C.14: one pair fewer lowers x by one.
    assert_eq!(bracket::levels(1, 6, 2)[0], Level { x: 0, drops: 0 });
}

// ---- The literal oracle on random small tournaments ----

/// Adds pairing `p` as the next round with random results.
fn play_randomly(t: &mut Tournament, p: &Pairing, rng: &mut Rng) {
    let games: Vec<(PlayerId, PlayerId, u8)> = p
        .games
        .iter()
        .map(|&(w, b)| (w, b, [0, 1, 5][rng.below(3) as usize]))
        .collect();
    let bye: Vec<PlayerId> = p.bye.into_iter().collect();
    play(t, &games, &bye);
}

/// Plays a random tournament of `n` players over `rounds` rounds with the engine, comparing it
/// with the literal procedure before every round; one pair in `forbid` (if not 0) may not meet.
/// Returns the rounds compared.
fn random_tournament(seed: u64, n: u32, rounds: usize, forbid: u64) -> usize {
    let mut rng = Rng::new(seed);
    let mut t = Tournament {
        players: (1..=n)
            .map(|i| {
                let rating = 1500 + rng.below(8) as u16 * 100;
                let title = ["", "", "f", "m", "g"][rng.below(5) as usize];
                player(i, rating, title, &format!("N{}", rng.below(4)))
            })
            .collect(),
        total_rounds: Some(rounds as u32),
        ..Tournament::default()
    };
    if forbid > 0 {
        // A few of the top half may meet nobody of the bottom half (exchanges of several
        // players, D.2), and any pair may be forbidden.
        let shut: Vec<u32> = (1..=n / 2).filter(|_| rng.chance(1, 2)).collect();
        for a in 1..=n {
            for b in a + 1..=n {
                let across = shut.contains(&a) && 2 * b > n;
                if across || rng.chance(1, forbid) {
                    t.forbidden.push(vec![a, b]);
                }
            }
        }
    }
    let mut compared = 0;
    for _ in 0..rounds {
        let mut req = all(&t);
        // Now and then a player sits a round out.
        if rng.chance(1, 4) {
            let id = 1 + rng.below(u64::from(n)) as u32;
            req.present.remove(&id);
        }
        let ours = pair(&t, &req);
        let lit = pair_with_literal_oracle(&t, &req);
        assert_eq!(ours, lit, "seed {seed}, round {}", req.round);
        compared += 1;
        let Ok(p) = ours else { break };
        play_randomly(&mut t, &p, &mut rng);
    }
    compared
}

/// Compares the engine with the literal procedure on random tournaments (`default` of them,
/// or `R98_SEEDS` to raise it locally): seed s has `players.0 + s % players.1` players and
/// `rounds.0 + s % rounds.1` rounds, `forbid` as in [`random_tournament`]. Returns the rounds
/// compared.
fn compare_random(default: u64, players: (u32, u64), rounds: (usize, u64), forbid: u64) -> usize {
    let seeds = std::env::var("R98_SEEDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default);
    (0..seeds)
        .map(|seed| {
            let n = players.0 + (seed % players.1) as u32;
            random_tournament(seed, n, rounds.0 + (seed % rounds.1) as usize, forbid)
        })
        .sum()
}

#[test]
fn engine_agrees_with_the_literal_procedure_on_random_small_tournaments() {
    let rounds = compare_random(4500, (4, 9), (3, 6), 0);
    eprintln!("rating-1998: {rounds} rounds compared with the literal procedure");
    assert!(rounds > 20_000);
}

#[test]
fn engine_agrees_with_the_literal_procedure_with_many_forbidden_pairs() {
    // Top-half players who may meet nobody of the bottom half, and one pair in six forbidden,
    // force exchanges of several players (D.2), the re-pairings of C.12-C.13 and joined
    // brackets: the choices the matchings decide.
    let rounds = compare_random(400, (6, 7), (2, 5), 6);
    eprintln!(
        "rating-1998: {rounds} rounds with forbidden pairs compared with the literal procedure"
    );
    assert!(rounds > 1_000);
}

/// The situations the 1998 and 2012 texts treat alike: everybody present with an even field
/// (no bye: the bye rules and the floats of unplayed rounds differ), not the last round (the
/// exceptions for players over 50% differ), and nobody carrying a float from the last two
/// rounds (1998 drops B.6 and B.5 for downfloats first, C.9, and keeps them dropped while x
/// rises; 2012 drops them for upfloaters first, C.10.a-d, and restores them).
fn alike(r: &Round98, t: &Tournament, req: &Request) -> bool {
    r.players.len().is_multiple_of(2)
        && t.total_rounds.is_none_or(|n| n as usize != req.round)
        && r.players
            .iter()
            .all(|p| p.float1 == Float::None && p.float2 == Float::None)
}

/// Rounds of [`agrees_with_dutch_2012_where_the_texts_agree`] where the two engines still pair
/// differently, a ratchet: lower it as the dutch-2012 engine (not yet exact against JaVaFo 1.4)
/// converges. The one round, seed 1825 round 4 (8 players; 5 and 7 on 2.5 have met, 2 and 3 on
/// 2, 1, 6 and 8 on 1, 4 on 0; 7 has met 2, 3 and 5; 4 has met 1, 6 and 8): both move 7 and 3
/// down to the 1-point bracket and pair 3-4 below it. With both moved-down players paired
/// (7 with 1 or 6, 3-8) the player left cannot meet 4, so the bracket pairs one of them (M1 = 1,
/// 2012 C.14 / 1998 C.14): 7 takes the first of S2 = {1, 6, 8}, the remainder gives 6-8, and 3
/// floats on to 4. Both texts give 7-1, 6-8, 3-4, as rating-1998 pairs; dutch-2012 pairs 7-8,
/// 6-1 (the same colours and score differences), a 2012 engine error: the penultimate bracket
/// still had a pairing that lets the lowest one pair (2012 C.13), so nothing should be joined.
const MAX_DISAGREEMENTS_WITH_2012: usize = 1;

#[test]
fn agrees_with_dutch_2012_where_the_texts_agree() {
    let (mut compared, mut skipped) = (0, 0);
    let mut disagreements = Vec::new();
    for seed in 0..2000u64 {
        let mut rng = Rng::new(seed);
        let n = 6 + 2 * (seed % 6) as u32;
        let mut t = field(n);
        t.total_rounds = Some(7);
        for _ in 0..7 {
            let req = all(&t);
            let Ok(r) = prepare(&t, &req) else { break };
            let ours = pair(&t, &req);
            if alike(&r, &t, &req) {
                let theirs = crate::systems::dutch2012::pair(&t, &req);
                let agree = match (&ours, &theirs) {
                    (Ok(a), Ok(b)) => a == b,
                    (a, b) => a.is_err() && b.is_err(),
                };
                if !agree {
                    disagreements.push(format!(
                        "seed {seed}, round {}: rating-1998 {ours:?}, dutch-2012 {theirs:?}",
                        req.round
                    ));
                }
                compared += 1;
            } else {
                skipped += 1;
            }
            let Ok(p) = ours else { break };
            play_randomly(&mut t, &p, &mut rng);
        }
    }
    eprintln!(
        "rating-1998 vs dutch-2012: {compared} rounds compared, {skipped} not alike, {} differ",
        disagreements.len()
    );
    for d in disagreements.iter().take(5) {
        eprintln!("  {d}");
    }
    assert!(compared > 4000);
    assert!(
        disagreements.len() <= MAX_DISAGREEMENTS_WITH_2012,
        "{} rounds differ (ratchet {MAX_DISAGREEMENTS_WITH_2012}); first: {}",
        disagreements.len(),
        disagreements[0]
    );
}

// ---- Deep exchanges: a bracket whose first candidate needs many exchanges (D.2) ----

/// Round 1 of `4m` players (one homogeneous bracket, S1 = 1..2m, S2 = 2m+1..4m, no colour
/// preferences: x = 0) where the `2k` lowest players of S1, T = 2m-2k+1..2m, may meet nobody
/// of S2, and 2m+1 may meet nobody of S2 but himself.
fn deep_exchange_field(m: u32, k: u32) -> Tournament {
    let mut t = field(4 * m);
    for a in 2 * m - 2 * k + 1..=2 * m {
        for b in 2 * m + 1..=4 * m {
            t.forbidden.push(vec![a, b]);
        }
    }
    for b in 2 * m + 2..=4 * m {
        t.forbidden.push(vec![2 * m + 1, b]);
    }
    t
}

/// The first candidate of [`deep_exchange_field`], worked out from the text. T must pair
/// inside S1, so k pairs lie inside S1 and k players are exchanged at least (D.2, fewest
/// players first). The smallest difference of the numbers exchanged takes the k lowest of S1
/// out, O = 2m-k+1..2m, and the k highest of S2 that may pair inside S2 in, I = 2m+2..2m+k+1
/// (2m+1 may not). S1' = 1..2m-k, I; S2' = O, 2m+1, 2m+k+2..4m. D.1, S1' top down with the
/// lowest S2' player that still lets the rest be paired: 1 cannot take a player of O (the k
/// players of T left in S1' need all of O), so 1-(2m+1), then i-(2m+k+i) for i = 2..2m-2k, the
/// T players of S1' take O in order, and I takes what is left, 4m-k+1..4m, in order.
fn deep_exchange_expected(m: u32, k: u32) -> BTreeSet<(PlayerId, PlayerId)> {
    let mut pairs = vec![(1, 2 * m + 1)];
    pairs.extend((2..=2 * m - 2 * k).map(|i| (i, 2 * m + k + i)));
    pairs.extend((1..=k).map(|j| (2 * m - 2 * k + j, 2 * m - k + j)));
    pairs.extend((1..=k).map(|j| (2 * m + 1 + j, 4 * m - k + j)));
    pairs.into_iter().collect()
}

/// The games of a pairing as unordered pairs (lower number first).
fn met(p: &Pairing) -> BTreeSet<(PlayerId, PlayerId)> {
    p.games.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect()
}

#[test]
fn deep_exchanges_small_analogue_matches_the_literal_procedure() {
    // 12 players, k = 2 (and 16 players, k = 2): small enough for the literal procedure, which
    // lists every exchange and every ordering; both agree with the worked-out candidate.
    for (m, k) in [(3, 2), (4, 2)] {
        let t = deep_exchange_field(m, k);
        let ours = pair(&t, &all(&t)).expect("pairable");
        let literal = pair_with_literal_oracle(&t, &all(&t)).expect("pairable by the oracle");
        assert_eq!(ours, literal, "m = {m}, k = {k}");
        assert_eq!(met(&ours), deep_exchange_expected(m, k), "m = {m}, k = {k}");
    }
}

#[test]
fn deep_exchanges_in_a_large_bracket_are_decided_exactly() {
    // 48 players, 5 exchanges (and 60 players, 7): D.2 lists C(24,5)^2 (about 1.8e9)
    // exchanges of five players, and already C(24,3)^2 = 4 096 576 of three, past the 500 000
    // the listing search stopped at (it reported the round as not pairable, checked with the
    // build before on these fields written as TRF files). The matching
    // search decides each choice with one matching: the worked-out candidate, and the
    // properties it must have (legal, every player paired, k pairs inside S1).
    for (m, k) in [(12, 5), (15, 7)] {
        let t = deep_exchange_field(m, k);
        let p = pair(&t, &all(&t)).expect("pairable");
        let games = met(&p);
        assert_eq!(games.len() as u32, 2 * m);
        assert!(games
            .iter()
            .all(|&(a, b)| !t.is_forbidden(a, b, 1) && a != b));
        let inside_s1 = games.iter().filter(|&&(_, b)| b <= 2 * m).count();
        assert_eq!(inside_s1 as u32, k);
        assert_eq!(games, deep_exchange_expected(m, k), "m = {m}, k = {k}");
    }
}

// ---- Many downfloaters under C.12: which of them the next bracket can take ----

/// Round 2 of `4m` players: in round 1, i beat 2m+i with White (i = 1..2m), so the winners
/// W = 1..2m are on 1 point and the losers L on 0. The `a` highest of W (Z) may not meet each
/// other, so W pairs its other 2m-a players with Z and moves `a - (2m - a)` players of Z down;
/// of Z, only the `f` highest (A = 1..f) may meet anybody of L.
fn many_floaters_field(m: u32, a: u32, f: u32) -> Tournament {
    let mut t = field(4 * m);
    let games: Vec<(PlayerId, PlayerId, u8)> = (1..=2 * m).map(|i| (i, 2 * m + i, 1)).collect();
    play(&mut t, &games, &[]);
    for x in 1..=a {
        for y in x + 1..=a {
            t.forbidden.push(vec![x, y]);
        }
    }
    for x in f + 1..=a {
        for y in 2 * m + 1..=4 * m {
            t.forbidden.push(vec![x, y]);
        }
    }
    t
}

/// What C.12 demands of [`many_floaters_field`]: exactly A moves down and plays L, the rest of
/// Z plays the rest of W, and every pair is legal.
fn assert_many_floaters(t: &Tournament, p: &Pairing, m: u32, a: u32, f: u32) {
    let games = met(p);
    assert_eq!(games.len() as u32, 2 * m);
    for &(x, y) in &games {
        assert!(!t.is_forbidden(x, y, 2) && y != 2 * m + x, "{x}-{y}");
        if x <= f {
            assert!(y > 2 * m, "A player {x} moves down, not {x}-{y}");
        } else if x <= a {
            assert!(y > a && y <= 2 * m, "{x} of Z stays in W, not {x}-{y}");
        }
    }
}

#[test]
fn many_downfloaters_small_analogue_matches_the_literal_procedure() {
    // 16 players: W = 8, Z = 1..6, 4 of them move down, A = 1..4 (15 sets of downfloaters).
    let (m, a, f) = (4, 6, 4);
    let t = many_floaters_field(m, a, f);
    let ours = pair(&t, &all(&t)).expect("pairable");
    let literal = pair_with_literal_oracle(&t, &all(&t)).expect("pairable by the oracle");
    assert_eq!(ours, literal);
    assert_many_floaters(&t, &ours, m, a, f);
}

#[test]
fn many_downfloaters_in_a_large_bracket_are_decided_exactly() {
    // 40 players (W = 20, Z = 1..14, A = 1..8: C(14,8) = 3 003 sets of downfloaters) and 60
    // (W = 30, Z = 1..22, A = 1..14: C(22,14) = 319 770 sets): the listing search stopped at
    // its 2 000 000 search steps on both (reported the round as not pairable). The matching
    // puts C.12's condition in the graph.
    for (m, a, f) in [(10, 14, 8), (15, 22, 14)] {
        let t = many_floaters_field(m, a, f);
        let p = pair(&t, &all(&t)).expect("pairable");
        assert_many_floaters(&t, &p, m, a, f);
    }
}
