//! Tiny fields and unpairable rounds (C.04.3 A.9, C.04.1 b-d): the engine pairs what the rules
//! allow and says so, with `NoValidPairing`, when nothing does; it never panics or hangs.

use swisslab_engine::pairing::{Pairing, PairingError, Request};
use swisslab_engine::trf;
use swisslab_engine::System;

fn field(n: u32) -> String {
    let mut s = String::from("012 Tiny field\nXXR 3\n");
    for id in 1..=n {
        s.push_str(&format!(
            "001 {id:>4}      P{id:<31} {:>4}                             0.0\n",
            2100 - id * 10
        ));
    }
    s
}

fn pair_text(text: &str) -> Result<Pairing, PairingError> {
    let t = trf::read_str(text).expect("valid TRF");
    System::Dutch2017.pair(&t, &Request::next_round(&t))
}

#[test]
fn one_two_and_three_players() {
    let one = pair_text(&field(1)).unwrap();
    assert!(one.games.is_empty());
    assert_eq!(one.bye, Some(1));
    let two = pair_text(&field(2)).unwrap();
    assert_eq!(two.games, vec![(1, 2)]);
    assert_eq!(two.bye, None);
    let three = pair_text(&field(3)).unwrap();
    assert_eq!(three.games, vec![(1, 2)]);
    assert_eq!(three.bye, Some(3));
}

#[test]
fn four_players_after_three_rounds_cannot_be_paired() {
    // Everybody has met everybody: C.1 leaves no pairing for round 4.
    let text = "012 Four players after three rounds
XXR 4
001    1      A                                 2000                             1.5          2 w 1     3 b 0     4 w =
001    2      B                                 1900                             1.5          1 b 0     4 w 1     3 b =
001    3      C                                 1800                             2.0          4 w =     1 w 1     2 w =
001    4      D                                 1700                             1.0          3 b =     2 b 0     1 b =
";
    match pair_text(text) {
        Err(PairingError::NoValidPairing(why)) => assert!(why.contains("C.1"), "{why}"),
        other => panic!("expected no valid pairing, got {other:?}"),
    }
}

#[test]
fn the_bye_never_goes_twice() {
    // Three players, player 3 had the bye in round 1 and 1-2 played: in round 2 the bye must
    // go to 1 or 2 (C.2), and the other plays 3.
    let text = "012 Bye once
XXR 3
001    1      A                                 2000                             1.0          2 w 1
001    2      B                                 1900                             0.0          1 b 0
001    3      C                                 1800                             1.0       0000 - U
";
    let p = pair_text(text).unwrap();
    assert_ne!(p.bye, Some(3));
    assert_eq!(p.games.len(), 1);
    assert!(p.games[0].0 == 3 || p.games[0].1 == 3);
}
