//! Tests of the Double-Swiss engine: the Preface's match results and forfeits, the colour rules,
//! and the fast procedure against the literal one on random small tournaments.

use super::view;
use crate::model::{Color, GameKind, GameResult, Player, RoundEntry, Tournament, Unplayed};
use crate::pairing::{Pairing, Request};
use crate::score::Score;
use crate::test_rng::Rng as TestRng;

fn field_of(n: u32) -> Tournament {
    Tournament {
        players: (1..=n)
            .map(|id| Player {
                id,
                name: format!("P{id}"),
                rating: 2600 - 10 * id as u16,
                ..Player::default()
            })
            .collect(),
        ..Tournament::default()
    }
}

/// Game entries of White and Black for one game with White's `result` and `kind`.
fn game(w: u32, b: u32, result: GameResult, kind: GameKind) -> (RoundEntry, RoundEntry) {
    (
        RoundEntry::Game {
            opponent: b,
            color: Color::White,
            result,
            kind,
        },
        RoundEntry::Game {
            opponent: w,
            color: Color::Black,
            result: result.complement(),
            kind,
        },
    )
}

/// Writes match `pairing` into `t` (two columns) with the games' results drawn from `rng`
/// (forfeits included); players not in it get `Z`.
fn play(t: &mut Tournament, pairing: &Pairing, rng: &mut TestRng) {
    let n = t.players.len();
    let mut cols = [
        vec![RoundEntry::Unplayed(Unplayed::ZeroBye); n],
        vec![RoundEntry::Unplayed(Unplayed::ZeroBye); n],
    ];
    for &(w, b) in &pairing.games {
        for (g, col) in cols.iter_mut().enumerate() {
            let (white, black) = if g == 0 { (w, b) } else { (b, w) };
            let x = rng.below(20);
            let (r, k) = match x {
                0 => (GameResult::Loss, GameKind::Forfeit),
                1 => (GameResult::Win, GameKind::Forfeit),
                2..=7 => (GameResult::Win, GameKind::Rated),
                8..=12 => (GameResult::Draw, GameKind::Rated),
                _ => (GameResult::Loss, GameKind::Rated),
            };
            let (ew, eb) = game(white, black, r, k);
            col[white as usize - 1] = ew;
            col[black as usize - 1] = eb;
        }
    }
    if let Some(b) = pairing.bye {
        cols[0][b as usize - 1] = RoundEntry::Unplayed(Unplayed::Pab);
        cols[1][b as usize - 1] = RoundEntry::Unplayed(Unplayed::HalfBye);
    }
    for c in cols {
        for (p, e) in t.players.iter_mut().zip(c) {
            p.rounds.push(e);
        }
    }
}

#[test]
fn the_prefaces_match_results_score_per_game() {
    use GameResult::{Draw, Loss, Win};
    // 2-0, 1½-½, 1-1, ½-1½, 0-2 and the rarer ones of games ending ½-0 / 0-0 are written per
    // game; the match score is the sum of the two games' points.
    type Games = [(GameResult, GameResult)];
    let cases: [(&Games, i32, i32); 5] = [
        (&[(Win, Loss), (Win, Loss)], 20, 0),
        (&[(Win, Loss), (Draw, Draw)], 15, 5),
        (&[(Win, Loss), (Loss, Win)], 10, 10),
        (&[(Draw, Draw), (Loss, Win)], 5, 15),
        (&[(Loss, Win), (Loss, Win)], 0, 20),
    ];
    for (games, a, b) in cases {
        let mut t = field_of(2);
        for (g, &(ra, _)) in games.iter().enumerate() {
            let (w, bl) = if g == 0 { (1, 2) } else { (2, 1) };
            let r = if w == 1 { ra } else { ra.complement() };
            let (ew, eb) = game(w, bl, r, GameKind::Rated);
            t.players[w as usize - 1].rounds.push(ew);
            t.players[bl as usize - 1].rounds.push(eb);
        }
        let f = view::field(
            &t,
            &Request {
                round: 3,
                present: [1, 2].into(),
            },
        )
        .unwrap();
        let score = |id| f.units.iter().find(|p| p.id == id).unwrap().score;
        assert_eq!((score(1), score(2)), (Score(a), Score(b)));
        // A regular match is a meeting: no second pairing.
        assert!(!f.compat[0][1]);
    }
}

#[test]
fn a_match_is_forfeited_only_when_a_player_forfeits_both_games() {
    // Player 2 forfeits both games: the match ended by forfeit, 1 may meet 2 again, 1 won it by
    // forfeit and may not have the PAB (C2).
    let mut t = field_of(3);
    let (a, b) = game(1, 2, GameResult::Win, GameKind::Forfeit);
    let (c, d) = game(2, 1, GameResult::Loss, GameKind::Forfeit);
    t.players[0].rounds = vec![a, d];
    t.players[1].rounds = vec![b, c];
    t.players[2].rounds = vec![
        RoundEntry::Unplayed(Unplayed::Pab),
        RoundEntry::Unplayed(Unplayed::HalfBye),
    ];
    let f = view::field(
        &t,
        &Request {
            round: 3,
            present: [1, 2, 3].into(),
        },
    )
    .unwrap();
    let p = |id| f.units.iter().position(|p| p.id == id).unwrap();
    assert!(f.compat[p(1)][p(2)], "a forfeited match is not a meeting");
    assert!(!f.units[p(1)].pab_ok && !f.units[p(3)].pab_ok && f.units[p(2)].pab_ok);
    assert_eq!(
        f.units[p(3)].score,
        Score(15),
        "1.4: the PAB is a game won and a game drawn"
    );
    assert!(
        f.units[p(1)].colours.is_empty(),
        "no game played, no colour (1.6)"
    );
    // One game forfeited by each: the match counts as played.
    let mut t = field_of(2);
    let (a, b) = game(1, 2, GameResult::Win, GameKind::Forfeit);
    let (c, d) = game(2, 1, GameResult::Win, GameKind::Forfeit);
    t.players[0].rounds = vec![a, d];
    t.players[1].rounds = vec![b, c];
    let f = view::field(
        &t,
        &Request {
            round: 3,
            present: [1, 2].into(),
        },
    )
    .unwrap();
    assert!(!f.compat[0][1], "each forfeited one game: a regular match");
}

#[test]
fn round_one_pairs_the_top_half_against_the_bottom_half() {
    // 3.6: the least identifier of six players is 1 2 3 4 5 6: 1-4, 2-5, 3-6; 4.3.1 with initial
    // colour White: odd TPNs (the HRPs 1 and 3) White in game 1, 2 Black.
    let mut t = field_of(7);
    t.initial_color = Some(Color::White);
    let p = super::pair(
        &t,
        &Request {
            round: 1,
            present: (1..=7).collect(),
        },
    )
    .unwrap();
    assert_eq!(p.games, vec![(1, 4), (5, 2), (3, 6)]);
    assert_eq!(p.bye, Some(7), "3.4: lowest score, then largest TPN");
    let e = super::pair(
        &t,
        &Request {
            round: 2,
            present: (1..=6).collect(),
        },
    );
    assert!(e.is_err(), "a match starts at an odd column");
}

#[test]
fn malformed_matches_are_errors_naming_player_and_columns() {
    let mut t = field_of(3);
    let (a, b) = game(1, 2, GameResult::Win, GameKind::Rated);
    let (c, d) = game(1, 3, GameResult::Win, GameKind::Rated);
    t.players[0].rounds = vec![a, c];
    t.players[1].rounds = vec![b, RoundEntry::Unplayed(Unplayed::ZeroBye)];
    t.players[2].rounds = vec![RoundEntry::Unplayed(Unplayed::ZeroBye), d];
    let e = super::pair(
        &t,
        &Request {
            round: 3,
            present: (1..=3).collect(),
        },
    )
    .unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("player 1") && text.contains("columns 1 and 2"),
        "{text}"
    );
}

#[test]
fn the_fast_procedure_equals_the_literal_one_on_random_tournaments() {
    let mut rng = TestRng::new(0x0d5_2026);
    let mut rounds_compared = 0;
    // Brackets with one upfloater, with several, with C8 penalties; rounds with a PAB.
    let mut seen = [0usize; 4];
    for case in 0..1500 {
        let n = 2 + rng.below(10) as u32;
        let matches = 1 + rng.below(6) as usize;
        let mut t = field_of(n);
        t.total_rounds = Some(2 * matches as u32);
        if rng.below(4) == 0 {
            let a = 1 + rng.below(n as u64) as u32;
            let b = 1 + rng.below(n as u64) as u32;
            t.forbidden.push(vec![a, b]);
        }
        for m in 1..=matches {
            let present: std::collections::BTreeSet<u32> =
                (1..=n).filter(|_| rng.below(8) != 0).collect();
            let req = Request {
                round: 2 * m - 1,
                present,
            };
            let fast = super::pair(&t, &req);
            let slow = super::literal::pair(&t, &req);
            // Errors agree in kind (their wording names the engine).
            let kind = |r: &Result<Pairing, crate::pairing::PairingError>| {
                r.as_ref().map_err(std::mem::discriminant).cloned()
            };
            assert_eq!(
                kind(&fast),
                kind(&slow),
                "case {case}, match {m}, n {n}\n{}",
                crate::trf::write(&t)
            );
            rounds_compared += 1;
            if let Ok(out) = view::field(&t, &req)
                .and_then(|f| crate::systems::common::brackets::procedure::pair_field(&f))
            {
                for b in &out.brackets {
                    seen[0] += usize::from(b.upfloaters.len() == 1);
                    seen[1] += usize::from(b.upfloaters.len() >= 2);
                    seen[2] += usize::from(b.penalties.float > 0);
                }
                seen[3] += usize::from(out.bye.is_some());
            }
            let Ok(p) = fast else { break };
            play(&mut t, &p, &mut rng);
        }
    }
    assert!(rounds_compared > 1000, "{rounds_compared}");
    assert!(
        seen.iter().all(|&k| k > 0),
        "not every case was drawn: {seen:?}"
    );
}

#[test]
fn c2_bars_the_pab_after_a_full_point_bye_or_a_match_won_by_forfeit_without_opponent() {
    use Unplayed::{ForfeitWin, FullBye, HalfBye, ZeroBye};
    let mut t = field_of(4);
    let cols = [
        [FullBye, FullBye],
        [FullBye, ZeroBye],
        [ForfeitWin, ForfeitWin],
        [HalfBye, HalfBye],
    ];
    for (p, c) in t.players.iter_mut().zip(cols) {
        p.rounds = c.iter().map(|&u| RoundEntry::Unplayed(u)).collect();
    }
    let f = view::field(
        &t,
        &Request {
            round: 3,
            present: (1..=4).collect(),
        },
    )
    .unwrap();
    let ok: Vec<(u32, bool)> = {
        let mut v: Vec<_> = f.units.iter().map(|p| (p.id, p.pab_ok)).collect();
        v.sort_unstable();
        v
    };
    assert_eq!(ok, vec![(1, false), (2, false), (3, false), (4, true)]);
}

#[test]
fn a_single_forfeited_game_of_a_regular_match_counts_as_played_for_standings() {
    use super::standings::with_single_forfeits_played;
    use crate::tiebreak::{self, Edition};
    // Match 1: 2 forfeits game 1 and draws game 2 (a regular match); 3 and 4 both forfeit game 1
    // (0-0) and 3 wins game 2. Match 2: 4 forfeits both games against 1 (a match ended by
    // forfeit); 2 and 3 play both games.
    let mut t = field_of(4);
    let mut put = |col: usize, (w, b): (u32, u32), r, k| {
        let (ew, eb) = game(w, b, r, k);
        for (id, e) in [(w, ew), (b, eb)] {
            let rounds = &mut t.players[id as usize - 1].rounds;
            rounds.resize(col + 1, RoundEntry::Unplayed(Unplayed::Absent));
            rounds[col] = e;
        }
    };
    put(0, (1, 2), GameResult::Win, GameKind::Forfeit);
    put(1, (2, 1), GameResult::Draw, GameKind::Rated);
    put(0, (3, 4), GameResult::Loss, GameKind::Forfeit);
    put(1, (4, 3), GameResult::Loss, GameKind::Rated);
    put(2, (1, 4), GameResult::Win, GameKind::Forfeit);
    put(3, (4, 1), GameResult::Loss, GameKind::Forfeit);
    put(2, (2, 3), GameResult::Win, GameKind::Rated);
    put(3, (3, 2), GameResult::Draw, GameKind::Rated);
    // 3-4's game 1 is a double forfeit: 4's side is a loss too.
    if let RoundEntry::Game { result, .. } = &mut t.players[3].rounds[0] {
        *result = GameResult::Loss;
    }
    let seen = with_single_forfeits_played(&t).expect("a single forfeit to count as played");
    let kind = |t: &Tournament, id: usize, c: usize| match t.players[id - 1].rounds[c] {
        RoundEntry::Game { kind, .. } => kind,
        e => panic!("{e:?}"),
    };
    assert_eq!(kind(&seen, 1, 0), GameKind::Unrated);
    assert_eq!(kind(&seen, 2, 0), GameKind::Unrated);
    assert_eq!(kind(&seen, 3, 0), GameKind::Forfeit, "0-0 stays a forfeit");
    assert_eq!(kind(&seen, 4, 0), GameKind::Forfeit);
    assert_eq!(kind(&seen, 1, 2), GameKind::Forfeit, "a forfeited match");
    assert_eq!(kind(&seen, 4, 3), GameKind::Forfeit);
    assert_eq!(kind(&seen, 2, 2), GameKind::Rated);
    // Tie-breaks see it only in a Double-Swiss event: 2's Buchholz counts 1's score for the
    // game it forfeited, not a dummy opponent's.
    let specs = tiebreak::parse_list("PTS BH").unwrap();
    let bh = |t: &Tournament| {
        let st = crate::standings::standings(t, &specs, Edition::Fide2026);
        let row = st.rows.iter().find(|r| r.id == 2).unwrap();
        row.values[1].to_string()
    };
    let other = bh(&t);
    t.records = vec![("192".into(), " FIDE_DOUBLESWISS".into())];
    assert_ne!(bh(&t), other);
    assert_eq!(bh(&t), bh(&seen));
}
