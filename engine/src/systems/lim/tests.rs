//! Tests of the Lim articles: the text's worked examples (4.2's table, 4.4's two examples,
//! 7.2's forty players, 8.3's order of round 2), one hand-made case per article with the answer
//! worked out in its comment, and properties on random rounds (the engine against the literal
//! procedure, the legality of every pairing, the clauses of 2.3 and the first difference).

use super::colour::{allocate, ColourRule};
use super::compat::{allocations, colour_allowed};
use super::exchange::{order, proposed};
use super::groups::{bye_order, median_twice, ByeRule, Direction, Side};
use super::literal::Enumeration;
use super::reach::{Matching, Reach};
use super::readings::{due_colour, maxi_tournament};
use super::trace::{Done, FloatWhy, How};
use super::transfer::{unsuitable, Reason};
use super::*;
use crate::model::{GameKind, GameResult, Player, PointSystem, RoundEntry, Unplayed};
use crate::test_rng::Rng;

const W: Color = Color::White;
const B: Color = Color::Black;

fn parse_colours(s: &str) -> Vec<Color> {
    s.chars().map(|c| if c == 'W' { W } else { B }).collect()
}

/// A player for the articles: pairing number, score in half points, colours, opponents met.
fn lp(id: PlayerId, halves: i32, colours: &str, met: &[PlayerId]) -> LimPlayer {
    LimPlayer {
        id,
        score: Score(5 * halves),
        rating: 2000,
        colours: parse_colours(colours),
        met: met.iter().copied().collect(),
        bye_eligible: true,
        floated_last: false,
        due: None,
    }
}

/// The round `round` of `players` (any order; `met` made symmetric), not the last, with the
/// median of `round - 1` rounds played.
fn lim_round(mut players: Vec<LimPlayer>, round: usize, last_round: bool) -> LimRound {
    let all: Vec<(PlayerId, BTreeSet<PlayerId>)> =
        players.iter().map(|p| (p.id, p.met.clone())).collect();
    for p in &mut players {
        for (q, met) in &all {
            if met.contains(&p.id) {
                p.met.insert(*q);
            }
        }
        p.due = due_colour(&p.colours, round);
    }
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.id.cmp(&b.id)));
    let n = players.len();
    let mut by_id: Vec<usize> = (0..n).collect();
    by_id.sort_by_key(|&i| players[i].id);
    let mut number = vec![0; n];
    for (k, &i) in by_id.iter().enumerate() {
        number[i] = k + 1;
    }
    let compat = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| i != j && compat::compatible(&players[i], &players[j], last_round))
                .collect()
        })
        .collect();
    LimRound {
        round,
        median_twice: median_twice(&PointSystem::default(), round - 1),
        last_round,
        maxi: false,
        initial: W,
        number,
        compat,
        players,
    }
}

/// The games of `done` as (white, black) pairing numbers, sorted, and the bye.
fn games(r: &LimRound, done: &Done) -> (Vec<(PlayerId, PlayerId)>, Option<PlayerId>) {
    let mut g: Vec<(PlayerId, PlayerId)> = done
        .outcome
        .as_ref()
        .expect("paired")
        .iter()
        .map(|g| (r.id(g.white), r.id(g.black)))
        .collect();
    g.sort_unstable();
    (g, done.bye.map(|(b, _)| r.id(b)))
}

/// The pairs of `done` as unordered pairs of pairing numbers, sorted.
fn pairs(r: &LimRound, done: &Done) -> Vec<(PlayerId, PlayerId)> {
    let mut v: Vec<(PlayerId, PlayerId)> = games(r, done)
        .0
        .into_iter()
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    v.sort_unstable();
    v
}

fn run(r: &LimRound) -> Done {
    procedure::pair_round(r, &Matching)
}

/// The players (pairing numbers) a scoregroup of `done` passed on, with their reasons.
fn floated(r: &LimRound, done: &Done, score_halves: i32) -> Vec<(PlayerId, FloatWhy)> {
    done.steps
        .iter()
        .find(|s| s.score == Score(5 * score_halves))
        .expect("the scoregroup")
        .floats
        .iter()
        .map(|(p, w)| (r.id(*p), w.clone()))
        .collect()
}

/// Art. 2.1: "the same colour in three successive rounds" (played games only) and "three more
/// of one colour than the other".
#[test]
fn art_2_1_colour_limits() {
    assert!(!colour_allowed(&parse_colours("WW"), W));
    assert!(colour_allowed(&parse_colours("WW"), B));
    // WBWW (+2): White would make +3.
    assert!(!colour_allowed(&parse_colours("WBWW"), W));
    // WWB then W: +2 after the game, not three in a row.
    assert!(colour_allowed(&parse_colours("WWB"), W));
    assert!(colour_allowed(&[], W) && colour_allowed(&[], B));
}

/// Art. 2.1: compatible = not played each other, and some allocation within the limits; Art. 6:
/// in the last round only the first.
#[test]
fn art_2_1_and_6_compatibility() {
    let (a, b) = (lp(1, 2, "WW", &[]), lp(2, 2, "BB", &[]));
    assert!(compat::compatible(&a, &b, false));
    assert_eq!(allocations(&a, &b), vec![B]);
    // Both must have Black: incompatible, except in the last round (Art. 6).
    let c = lp(3, 2, "BWW", &[]);
    assert!(!compat::compatible(&a, &c, false));
    assert!(compat::compatible(&a, &c, true));
    // Played each other: never.
    let (d, e) = (lp(4, 2, "W", &[5]), lp(5, 2, "B", &[4]));
    assert!(!compat::compatible(&d, &e, false) && !compat::compatible(&d, &e, true));
}

/// Art. 4.2's worked table: six players proposed 1 v 4, 2 v 5, 3 v 6; #1's exchanges are 4, 5, 6,
/// 3, 2, and with each the rest is proposed afresh.
#[test]
fn art_4_2_the_worked_table() {
    assert_eq!(order(&[1, 2, 3, 4, 5, 6]), vec![4, 5, 6, 3, 2]);
    assert_eq!(proposed(&[1, 2, 3, 4, 5, 6]), vec![(1, 4), (2, 5), (3, 6)]);
    // Upward (4.1.2) the mirror: the lowest numbered player, #6, tries 3, 2, 1, 4, 5.
    assert_eq!(order(&[6, 5, 4, 3, 2, 1]), vec![3, 2, 1, 4, 5]);
    // The columns, #1 having met the opponents of the columns before: round 1 (no colours, so
    // no exchange for colour), one scoregroup paired downward.
    type Column<'a> = (&'a [PlayerId], [(PlayerId, PlayerId); 3]);
    let columns: [Column; 5] = [
        (&[], [(1, 4), (2, 5), (3, 6)]),
        (&[4], [(1, 5), (2, 4), (3, 6)]),
        (&[4, 5], [(1, 6), (2, 4), (3, 5)]),
        (&[4, 5, 6], [(1, 3), (2, 5), (4, 6)]),
        (&[4, 5, 6, 3], [(1, 2), (3, 5), (4, 6)]),
    ];
    for (met, want) in columns {
        let players: Vec<LimPlayer> = (1..=6)
            .map(|id| lp(id, 0, "", if id == 1 { met } else { &[] }))
            .collect();
        let r = lim_round(players, 1, false);
        assert_eq!(pairs(&r, &run(&r)), want.to_vec(), "#1 has met {met:?}");
    }
}

/// Art. 4.4.1, the text's example: "#2 swaps with the floater #7". Seven players of a scoregroup
/// above the median: #7, the lowest numbered, floats to make the number even (3.2.4); #2, who
/// has met everybody but #7, then cannot be paired; he is exchanged with the floater.
#[test]
fn art_4_4_1_two_swaps_with_the_floater_seven() {
    let mut players: Vec<LimPlayer> = (1..=7)
        .map(|id| lp(id, 4, "WB", if id == 2 { &[1, 3, 4, 5, 6] } else { &[] }))
        .collect();
    // The next scoregroup (1.5 points) and the rest of the field below the median.
    players.extend((8..=13).map(|id| lp(id, 2, "BW", &[])));
    let r = lim_round(players, 3, false);
    let done = run(&r);
    let f = floated(&r, &done, 4);
    assert_eq!(f.len(), 1, "{f:?}");
    assert_eq!(f[0].0, 2);
    assert!(matches!(f[0].1, FloatWhy::Swapped { returned, .. } if r.id(returned) == 7));
    let p = pairs(&r, &done);
    assert!(p.iter().any(|&(a, b)| a == 7 || b == 7));
    assert!(!p.contains(&(1, 2)) && p.iter().any(|&(a, b)| (a == 2 || b == 2) && a.max(b) > 7));
}

/// Art. 4.4.2, the text's example: "1-6 stays, #2 and #5 float". Six players; #1 may meet only
/// #6 of the bottom half, #2 only #6: they cannot all be paired. #1 takes #6; #2 cannot be
/// paired; he floats together with the lowest numbered player whose going keeps the most pairs,
/// #5 (3-4 remain).
#[test]
fn art_4_4_2_one_six_stays_two_and_five_float() {
    let mut players = vec![lp(1, 4, "WB", &[2, 3, 4, 5]), lp(2, 4, "WB", &[3, 4, 5])];
    players.extend((3..=6).map(|id| lp(id, 4, "BW", &[])));
    players.extend((7..=12).map(|id| lp(id, 2, "WB", &[])));
    let r = lim_round(players, 3, false);
    let done = run(&r);
    let f: Vec<PlayerId> = floated(&r, &done, 4).into_iter().map(|(p, _)| p).collect();
    assert_eq!(f, vec![2, 5]);
    let p = pairs(&r, &done);
    assert!(p.contains(&(1, 6)) && p.contains(&(3, 4)), "{p:?}");
}

/// Art. 7.2's example: forty players, round 1: "1 v 21, 22 v 2, 3 v 23, 24 v 4, … 40 v 20" when
/// #1 draws White, "21 v 1, 2 v 22, 23 v 3, 4 v 24 … 20 v 40" when he draws Black.
#[test]
fn art_7_2_forty_players() {
    for lot in [W, B] {
        let mut t = Tournament {
            players: (1..=40)
                .map(|id| Player {
                    id,
                    rating: 2800 - id as u16,
                    ..Player::default()
                })
                .collect(),
            initial_color: Some(lot),
            ..Tournament::default()
        };
        t.total_rounds = Some(7);
        let p = pair(&t, &next(&t)).expect("round 1");
        let mut got = p.games.clone();
        got.sort_by_key(|&(w, b)| w.min(b));
        let want: Vec<(PlayerId, PlayerId)> = (1..=20)
            .map(|k| {
                let top_white = (k % 2 == 1) == (lot == W);
                if top_white {
                    (k, k + 20)
                } else {
                    (k + 20, k)
                }
            })
            .collect();
        assert_eq!(got, want, "lot {lot:?}");
        assert_eq!(p.bye, None);
    }
}

/// Art. 7.1: with an odd number the bye goes to the lowest rated player (here #2, rated
/// lowest), not to the lowest rank.
#[test]
fn art_7_1_the_lowest_rated_player() {
    let mut t = Tournament {
        players: (1..=5)
            .map(|id| Player {
                id,
                rating: if id == 2 { 1000 } else { 2000 - id as u16 },
                ..Player::default()
            })
            .collect(),
        initial_color: Some(W),
        ..Tournament::default()
    };
    t.total_rounds = Some(3);
    let p = pair(&t, &next(&t)).expect("round 1");
    assert_eq!(p.bye, Some(2));
    // The others, 1 3 4 5: 1 v 4, 3 v 5.
    let mut g: Vec<(PlayerId, PlayerId)> =
        p.games.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    g.sort_unstable();
    assert_eq!(g, vec![(1, 4), (3, 5)]);
}

/// Art. 8.3 (and 2.2): round 2 is paired 1 point first, then 0, then ½ (the median).
#[test]
fn art_8_3_round_two_order() {
    let mut players = Vec::new();
    for id in 1..=4 {
        players.push(lp(id, 2, if id % 2 == 1 { "W" } else { "B" }, &[]));
    }
    for id in 5..=8 {
        players.push(lp(id, 1, if id % 2 == 1 { "W" } else { "B" }, &[]));
    }
    for id in 9..=12 {
        players.push(lp(id, 0, if id % 2 == 1 { "W" } else { "B" }, &[]));
    }
    let r = lim_round(players, 2, false);
    let done = run(&r);
    let order: Vec<(Score, Direction)> =
        done.steps.iter().map(|s| (s.score, s.direction)).collect();
    assert_eq!(
        order,
        vec![
            (Score(10), Direction::Downward),
            (Score(0), Direction::Upward),
            (Score(5), Direction::Downward)
        ]
    );
}

/// Art. 1.1: the lowest rank in the lowest scoregroup, among those the Basic Rules allow; when
/// nobody of it may, the lowest-ranked player who may.
#[test]
fn art_1_1_bye() {
    let mut players = vec![lp(1, 2, "W", &[]), lp(2, 0, "B", &[]), lp(3, 0, "W", &[])];
    players[2].bye_eligible = false;
    let r = lim_round(players.clone(), 2, false);
    let order = bye_order(&r.players, 2);
    assert_eq!(r.id(order[0].0), 2);
    assert_eq!(order[0].1, ByeRule::Rank);
    players[1].bye_eligible = false;
    let r = lim_round(players, 2, false);
    let order = bye_order(&r.players, 2);
    assert_eq!((r.id(order[0].0), order[0].1), (1, ByeRule::Eligible));
}

/// Art. 2.3.1-2.3.3 name the players with no compatible opponent in the scoregroup.
#[test]
fn art_2_3_clauses() {
    let named = |players: Vec<LimPlayer>| -> Vec<(PlayerId, Reason)> {
        let r = lim_round(players, 5, false);
        let members: Vec<usize> = (0..r.players.len()).collect();
        unsuitable(&r, &members)
            .into_iter()
            .map(|(i, why)| (r.id(i), why))
            .collect()
    };
    // 1 has played 2 and 3: 2.3.1; 2 and 3 may meet.
    let a = vec![
        lp(1, 4, "WB", &[2, 3]),
        lp(2, 4, "BW", &[]),
        lp(3, 4, "BW", &[]),
    ];
    assert_eq!(named(a), vec![(1, Reason::PlayedAll)]);
    // 4 (WBWW, +2), 5 and 6 (BWW) can all have only Black, and 5 and 6 have met: 4 by 2.3.2,
    // 5 and 6 by 2.3.3.
    let b = vec![
        lp(4, 4, "WBWW", &[]),
        lp(5, 4, "BWW", &[6]),
        lp(6, 4, "BWW", &[]),
    ];
    assert_eq!(
        named(b),
        vec![
            (4, Reason::ColourSurplus),
            (5, Reason::SameColourTwice),
            (6, Reason::SameColourTwice)
        ]
    );
}

/// 3.2.4 with 3.9: the floater to make an odd scoregroup even is its lowest numbered player
/// pairing downward (the largest pairing number), its highest numbered pairing upward.
#[test]
fn art_3_2_4_lowest_numbered_down_highest_up() {
    // Round 3 (median 1.0): 2.0 has 1 2 3 (downward), 0.0 has 10 11 12 (upward), 1.0 the rest.
    let mut players = vec![
        lp(1, 4, "WB", &[]),
        lp(2, 4, "BW", &[]),
        lp(3, 4, "WB", &[]),
    ];
    players.extend((4..=9).map(|id| lp(id, 2, if id % 2 == 0 { "WB" } else { "BW" }, &[])));
    players.extend([
        lp(10, 0, "BW", &[]),
        lp(11, 0, "WB", &[]),
        lp(12, 0, "BW", &[]),
    ]);
    let r = lim_round(players, 3, false);
    let done = run(&r);
    // 3.2.2: in 2.0, 1 and 3 are due White (2 of 3): one of them; 3.2.4: the lowest numbered, 3.
    assert_eq!(floated(&r, &done, 4)[0].0, 3);
    // In 0.0, 10 and 12 are due Black: the highest numbered of them upward, 10.
    assert_eq!(floated(&r, &done, 0)[0].0, 10);
}

/// 3.10: a player who floated in the previous round is not chosen again when another can go.
#[test]
fn art_3_10_not_the_previous_floater() {
    let mut players = vec![
        lp(1, 4, "WB", &[]),
        lp(2, 4, "WB", &[]),
        lp(3, 4, "WB", &[]),
    ];
    players[2].floated_last = true;
    players.extend((4..=9).map(|id| lp(id, 2, if id % 2 == 0 { "WB" } else { "BW" }, &[])));
    let r = lim_round(players, 3, false);
    let done = run(&r);
    // All due White: 3.2.4 would float 3, who floated last round; 3.10 floats 2.
    assert_eq!(floated(&r, &done, 4)[0].0, 2);
}

/// 3.9: a resident with a compatible opponent in the adjacent scoregroup (type d) before a
/// floater who came in (type b).
#[test]
fn art_3_9_types() {
    // 4.0: 1 (alone) floats into 3.5 = {2, 3}; 3.5 is odd with 1 in it: 1 is of type b, 2 and
    // 3 of type d: 3 floats (3.2.4), 1 stays and meets 2.
    let players = vec![
        lp(1, 8, "WBWB", &[]),
        lp(2, 7, "BWBW", &[]),
        lp(3, 7, "WBWB", &[]),
        lp(4, 4, "BWBW", &[]),
        lp(5, 4, "WBWB", &[]),
        lp(6, 4, "BWBW", &[]),
        lp(7, 2, "WBWB", &[]),
        lp(8, 2, "BWBW", &[]),
    ];
    let r = lim_round(players, 5, false);
    let done = run(&r);
    let f = floated(&r, &done, 7);
    assert_eq!(f.len(), 1);
    assert!(matches!(&f[0].1, FloatWhy::Parity(c) if c.kind == 'd'));
}

/// 3.8: a downfloater plays the highest numbered available player due the alternate colour.
#[test]
fn art_3_8_the_floaters_opponent() {
    // 1 (3.0, due Black after WBW... round 4: equalising, +1 → Black) floats into 2.5 = 2..5.
    // 2 and 3 are due Black, 4 and 5 due White: 1 plays 4, the first due White.
    let players = vec![
        lp(1, 6, "WBW", &[]),
        lp(2, 5, "WBW", &[]),
        lp(3, 5, "WBW", &[]),
        lp(4, 5, "BWB", &[]),
        lp(5, 5, "BWB", &[]),
        lp(6, 3, "BWB", &[]),
        lp(7, 3, "WBW", &[]),
        lp(8, 3, "BWB", &[]),
    ];
    let r = lim_round(players, 4, false);
    let done = run(&r);
    let step = done.steps.iter().find(|s| s.score == Score(25)).unwrap();
    let first = step.pairs[0];
    assert_eq!((r.id(first.a), r.id(first.b)), (1, 4));
    assert_eq!(first.how, How::FloaterColour);
}

/// 5.2: the second scrutiny exchanges opponents so that both can have their due colours.
#[test]
fn art_5_2_an_exchange_for_colour() {
    // Round 2, 1.0 = {1, 2, 3, 4}: 1 and 3 had White (due Black), 2 and 4 Black (due White).
    // Proposed 1-3 (both due Black): 1 takes 4 instead (5.2), then 2-3 (proposed afresh).
    let players = vec![
        lp(1, 2, "W", &[]),
        lp(2, 2, "B", &[]),
        lp(3, 2, "W", &[]),
        lp(4, 2, "B", &[]),
        lp(5, 0, "B", &[]),
        lp(6, 0, "W", &[]),
    ];
    let r = lim_round(players, 2, false);
    let done = run(&r);
    let step = &done.steps[0];
    assert_eq!(
        step.pairs
            .iter()
            .map(|m| (r.id(m.a), r.id(m.b), m.how))
            .collect::<Vec<_>>(),
        vec![(1, 4, How::Colour), (2, 3, How::Proposed)]
    );
    let (g, _) = games(&r, &done);
    assert!(g.contains(&(4, 1)) && g.contains(&(2, 3)), "{g:?}");
}

/// Art. 5: the limits (5.1/5.3), the due colours (5.5/5.6), the history (5.4) and the rank
/// split at the median (5.4).
#[test]
fn art_5_colours() {
    let players = vec![
        lp(1, 4, "WW", &[]),
        lp(2, 4, "BW", &[]),
        lp(3, 4, "WB", &[]),
        lp(4, 4, "BWB", &[]),
        lp(5, 4, "WBB", &[]),
        lp(6, 4, "WB", &[]),
        lp(7, 4, "WB", &[]),
        lp(8, 4, "BBW", &[]),
    ];
    let r = lim_round(players, 4, false);
    let ix = |id: PlayerId| r.players.iter().position(|p| p.id == id).unwrap();
    // 1 must have Black (5.3).
    assert_eq!(allocate(&r, ix(1), ix(2), true).2, ColourRule::Limits);
    // Round 4 (even): 2 (BW, level) is due Black by alternation, 4 (BWB, -1) White: 5.6.
    let (w, _, rule) = allocate(&r, ix(2), ix(4), true);
    assert_eq!((r.id(w), rule), (4, ColourRule::Due));
    // 4 (BWB) and 8 (BBW), both due White (-1): at their last games 4 had Black and 8 White;
    // each gets the colour the other had then: 4 White.
    let (w, _, rule) = allocate(&r, ix(4), ix(8), true);
    assert_eq!((r.id(w), rule), (4, ColourRule::History));
    // 6 and 7 (WB, WB): identical; at or above the median the higher ranked, 6, gets his due
    // colour (White); below it the lower ranked, 7.
    let (w, _, rule) = allocate(&r, ix(6), ix(7), true);
    assert_eq!((r.id(w), rule), (6, ColourRule::Rank));
    let (w, _, _) = allocate(&r, ix(6), ix(7), false);
    assert_eq!(r.id(w), 7);
}

/// Art. 6: in the last round two players of the same score who could not meet for colour meet.
#[test]
fn art_6_last_round() {
    let players = vec![
        lp(1, 4, "BWW", &[2]),
        lp(2, 4, "WBW", &[1]),
        lp(3, 4, "BWW", &[4]),
        lp(4, 4, "WBW", &[3]),
    ];
    // Not the last round: 1-3 (both need Black) and 2-4 (both +1 … allowed) — 1 and 3 are
    // incompatible, so they float; in the last round they meet.
    let last = lim_round(players.clone(), 4, true);
    let p = pairs(&last, &run(&last));
    assert_eq!(p, vec![(1, 3), (2, 4)]);
    let before = lim_round(players, 4, false);
    assert!(!before.compatible(0, 2));
}

/// 2.6: a blocked Median Scoregroup cracks the pairing of the side that sent fewer floaters.
#[test]
fn art_2_6_cracking() {
    // Round 3, median 1.0 = {5, 6}, who have met; nobody floats into it: 2.6.2 cracks the
    // higher side's last pairing (3-4), and 3, 4, 5, 6 are paired in the median.
    let players = vec![
        lp(1, 4, "WB", &[]),
        lp(2, 4, "BW", &[]),
        lp(3, 4, "WB", &[]),
        lp(4, 4, "BW", &[]),
        lp(5, 2, "WB", &[6]),
        lp(6, 2, "BW", &[]),
        lp(7, 0, "WB", &[]),
        lp(8, 0, "BW", &[]),
    ];
    let r = lim_round(players, 3, false);
    let done = run(&r);
    assert_eq!(done.cracks.len(), 1);
    assert_eq!(done.cracks[0].side, Side::Above);
    let p = pairs(&r, &done);
    assert!(p.contains(&(7, 8)));
    assert!(!p.contains(&(5, 6)));
    assert_eq!(p.len(), 4);
}

/// The Maxi-tournament of 1988: more participants than 2^rounds.
#[test]
fn maxi_tournament_definition() {
    assert!(maxi_tournament(33, Some(5)));
    assert!(!maxi_tournament(32, Some(5)));
    assert!(!maxi_tournament(1000, None));
    assert!(!maxi_tournament(1000, Some(11)));
    assert!(maxi_tournament(2049, Some(11)));
}

/// The due colour: the limits first, then 5.5 (odd rounds: alternate) and 5.6 (even rounds:
/// equalise).
#[test]
fn due_colours() {
    assert_eq!(due_colour(&[], 3), None);
    assert_eq!(due_colour(&parse_colours("WW"), 3), Some(B));
    // WWB (+1): odd round alternates (White), even round equalises (Black).
    assert_eq!(due_colour(&parse_colours("WWB"), 5), Some(W));
    assert_eq!(due_colour(&parse_colours("WWB"), 4), Some(B));
}

// --- Tournaments and random rounds ------------------------------------------------------------

/// A round: its games `(white, black, points of white in half points: 2, 1 or 0)` and the
/// player with the bye.
type Round<'a> = (&'a [(PlayerId, PlayerId, u8)], Option<PlayerId>);

fn entry_of(games: &[(PlayerId, PlayerId, u8)], pab: Option<PlayerId>, id: PlayerId) -> RoundEntry {
    let result = |mine: u8| match mine {
        2 => GameResult::Win,
        1 => GameResult::Draw,
        _ => GameResult::Loss,
    };
    games
        .iter()
        .find_map(|&(w, b, x)| {
            let game = |opponent, color, mine| RoundEntry::Game {
                opponent,
                color,
                result: result(mine),
                kind: GameKind::Rated,
            };
            (w == id)
                .then(|| game(b, W, x))
                .or_else(|| (b == id).then(|| game(w, B, 2 - x)))
        })
        .unwrap_or(if pab == Some(id) {
            RoundEntry::Unplayed(Unplayed::Pab)
        } else {
            RoundEntry::Unplayed(Unplayed::Absent)
        })
}

/// A tournament of `n` players (pairing numbers 1..=n) and its rounds.
fn tournament(n: u32, rounds: &[Round]) -> Tournament {
    let mut t = Tournament {
        players: (1..=n)
            .map(|id| Player {
                id,
                rating: 2000 - id as u16,
                ..Player::default()
            })
            .collect(),
        initial_color: Some(W),
        ..Tournament::default()
    };
    for (games, pab) in rounds {
        for p in &mut t.players {
            p.rounds.push(entry_of(games, *pab, p.id));
        }
    }
    t
}

fn next(t: &Tournament) -> Request {
    Request {
        round: t.rounds_recorded() + 1,
        present: t.players.iter().map(|p| p.id).collect(),
    }
}

#[test]
fn unknown_players_are_an_invalid_request() {
    let t = tournament(2, &[]);
    let req = Request {
        round: 1,
        present: [1, 2, 9].into_iter().collect(),
    };
    assert!(matches!(
        pair(&t, &req),
        Err(PairingError::InvalidRequest(_))
    ));
    assert!(explain(&t, &req).contains("player 9"));
}

/// Plays a random tournament of `n` players and `rounds` rounds with the engine, with a few
/// absences, forfeits and byes, and calls `each` with every round before it is played.
fn random_tournament(
    rng: &mut Rng,
    n: u32,
    rounds: u32,
    each: &mut dyn FnMut(&Tournament, &Request, &Pairing),
) {
    let mut t = tournament(n, &[]);
    t.total_rounds = Some(rounds);
    for p in &mut t.players {
        p.rating = 1200 + rng.range(0, 1600) as u16;
    }
    for _ in 0..rounds {
        let mut req = next(&t);
        let absent: Vec<PlayerId> = req
            .present
            .iter()
            .copied()
            .filter(|_| rng.chance(4, 100))
            .collect();
        for a in &absent {
            req.present.remove(a);
        }
        let Ok(p) = pair(&t, &req) else {
            // Nothing is refused that has a legal pairing: no bye leaves the others pairable.
            let r = prepare(&t, &req).expect("prepared");
            let n = r.players.len();
            let all: Vec<usize> = (0..n).collect();
            let pairable = if n.is_multiple_of(2) {
                Matching.complete(&r, &all)
            } else {
                (0..n).filter(|&b| r.players[b].bye_eligible).any(|b| {
                    let rest: Vec<usize> = all.iter().copied().filter(|&i| i != b).collect();
                    Matching.complete(&r, &rest)
                })
            };
            assert!(
                !pairable,
                "a legal round refused:\n{}",
                crate::trf::write(&t)
            );
            return;
        };
        each(&t, &req, &p);
        let mut games = Vec::new();
        for &(w, b) in &p.games {
            games.push((w, b, rng.range(0, 2) as u8));
        }
        for pl in &mut t.players {
            pl.rounds.push(entry_of(&games, p.bye, pl.id));
        }
        // A forfeit now and then: the game is not a meeting.
        if let Some(&(w, _)) = p.games.first() {
            if rng.chance(5, 100) {
                for pl in &mut t.players {
                    let id = pl.id;
                    if let Some(RoundEntry::Game { kind, opponent, .. }) = pl.rounds.last_mut() {
                        if id == w || *opponent == w {
                            *kind = GameKind::Forfeit;
                        }
                    }
                }
            }
        }
    }
}

/// The engine (matchings) and the literal procedure (enumeration) pair every round alike, and
/// every pairing is legal: each player present once, no two players meet twice, the bye to a
/// player who may receive it, the colour limits kept outside the last round.
#[test]
fn the_engine_is_the_literal_procedure_on_random_tournaments() {
    let mut rng = Rng::new(2026);
    let mut rounds = 0;
    for k in 0..150 {
        let n = 4 + (k % 11) as u32;
        let total = 3 + rng.range(0, 7) as u32;
        random_tournament(&mut rng, n, total, &mut |t, req, p| {
            rounds += 1;
            let lit = literal::pair(t, req).expect("the literal procedure pairs it");
            assert_eq!(&lit, p, "round {} of {}", req.round, crate::trf::write(t));
            let r = prepare(t, req).expect("prepared");
            let mut seen = BTreeSet::new();
            for &(w, b) in &p.games {
                assert!(seen.insert(w) && seen.insert(b));
                let (iw, ib) = (
                    r.players.iter().position(|x| x.id == w).unwrap(),
                    r.players.iter().position(|x| x.id == b).unwrap(),
                );
                assert!(!r.players[iw].met.contains(&b), "a second meeting");
                if !r.last_round {
                    assert!(colour_allowed(&r.players[iw].colours, W));
                    assert!(colour_allowed(&r.players[ib].colours, B));
                }
            }
            if let Some(b) = p.bye {
                assert!(seen.insert(b));
                assert!(r.players.iter().any(|x| x.id == b && x.bye_eligible));
            }
            assert_eq!(seen.len(), req.present.len());
        });
    }
    assert!(rounds > 600, "{rounds} rounds");
}

/// Every round with a legal pairing is paired (nothing is refused), and `first_difference`
/// names an article for any other pairing of the round.
#[test]
fn legal_rounds_are_paired_and_differences_named() {
    let mut rng = Rng::new(47);
    let mut named = 0;
    for k in 0..200 {
        let n = 6 + (k % 20) as u32;
        random_tournament(&mut rng, n, 7, &mut |t, req, p| {
            // Another pairing of the same players: the first two games' opponents swapped.
            if p.games.len() >= 2 {
                let mut other = p.clone();
                let ((a, b), (c, d)) = (other.games[0], other.games[1]);
                other.games[0] = (a, d);
                other.games[1] = (c, b);
                let why = first_difference(t, req, &other);
                assert!(why.starts_with("Art. "), "{why}");
                named += 1;
            }
        });
    }
    assert!(named > 500);
}

/// 2.3's clauses on random scoregroups: every player transferred is named by his clause, and
/// every player kept has a compatible opponent.
#[test]
fn art_2_3_clauses_hold_on_random_scoregroups() {
    let mut rng = Rng::new(23);
    for _ in 0..2000 {
        let n = 2 + rng.range(0, 7) as u32;
        let players: Vec<LimPlayer> = (1..=n)
            .map(|id| {
                let games = rng.range(0, 6);
                let colours: String = (0..games)
                    .map(|_| if rng.chance(1, 2) { 'W' } else { 'B' })
                    .collect();
                let met: Vec<PlayerId> = (1..=n).filter(|&o| o != id && rng.chance(1, 3)).collect();
                lp(id, 4, &colours, &met)
            })
            .collect();
        let r = lim_round(players, 7, false);
        let members: Vec<usize> = (0..r.players.len()).collect();
        let out = unsuitable(&r, &members);
        for &i in &members {
            let has = members.iter().any(|&j| r.compatible(i, j));
            assert_eq!(out.iter().any(|&(j, _)| j == i), !has && n > 1);
        }
        for (i, why) in out {
            let p = &r.players[i];
            match why {
                Reason::PlayedAll => {
                    assert!(members.iter().all(|&j| j == i || p.met.contains(&r.id(j))))
                }
                Reason::ColourSurplus => assert!(compat::difference(&p.colours).abs() >= 2),
                Reason::SameColourTwice => {
                    assert!(matches!(p.colours.as_slice(), [.., x, y] if x == y))
                }
                Reason::NoCompatible => {}
            }
        }
    }
}

/// The existence questions: matchings and enumeration agree on random sets.
#[test]
fn reach_by_matching_is_reach_by_enumeration() {
    let mut rng = Rng::new(5);
    for _ in 0..500 {
        let n = 2 + rng.range(0, 9) as u32;
        let players: Vec<LimPlayer> = (1..=n)
            .map(|id| {
                let met: Vec<PlayerId> = (1..=n).filter(|&o| o != id && rng.chance(1, 2)).collect();
                lp(id, 0, "", &met)
            })
            .collect();
        let r = lim_round(players, 2, false);
        let all: Vec<usize> = (0..r.players.len()).collect();
        assert_eq!(Matching.complete(&r, &all), Enumeration.complete(&r, &all));
        assert_eq!(
            Matching.max_pairs(&r, &all),
            Enumeration.max_pairs(&r, &all)
        );
        let (f, pool) = all.split_at(all.len() / 3);
        assert_eq!(
            Matching.assignable(&r, f, pool),
            Enumeration.assignable(&r, f, pool)
        );
    }
}
