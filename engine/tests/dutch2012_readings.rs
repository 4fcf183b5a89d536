//! Dutch 2012 (C.13 with C.14.b and A.8): the rounds of the JaVaFo 1.4 corpus
//! `dutch-2012-more` (packed in `testdata/conformance/`) that show a reading of C.13's search
//! with P1 below M1, paired exactly; see docs/systems/dutch-2012-readings.md. The corpus
//! ratchet counts all rounds together; these pin the rounds that decide the reading, both ways.

mod support;

use swisslab_engine::{acceleration, checker, trf, System};

/// The rounds of `file` (a path ending in `files`, the packed corpus) that differ from
/// JaVaFo 1.4.
fn differing_rounds(files: &[(String, Vec<u8>)], file: &str) -> Vec<usize> {
    let (name, bytes) = files
        .iter()
        .find(|(name, _)| name.ends_with(file))
        .unwrap_or_else(|| panic!("{file} is in the packed corpus"));
    let mut t = trf::read(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    acceleration::apply(&mut t, None, 1).unwrap_or_else(|e| panic!("{name}: {e}"));
    checker::check(&t, System::Dutch2012)
        .discrepancies
        .iter()
        .map(|d| d.round)
        .collect()
}

/// Asserts that each `(file, round)` of the packed `dutch-2012-more` corpus is paired as
/// JaVaFo 1.4 pairs it.
fn assert_paired_as_javafo(rounds: &[(&str, usize)]) {
    let files = support::corpus_trf("dutch-2012-more");
    for &(file, round) in rounds {
        assert!(
            !differing_rounds(&files, file).contains(&round),
            "{file} round {round} is paired as JaVaFo 1.4 pairs it"
        );
    }
}

/// P1 lowered below M1 by C.14.b.1, the M1 pairs over X1: with a bye to give (an odd number
/// of players) the P1 highest of S1 are paired first (`tiny/p009-r07-i1001206` round 7: 1-6
/// alone, 4, 2, 7 moved down; `tiny/p013-r10-i1000926` round 9: 1-9 alone), and M1 is lowered
/// where that gives no pairing (`small/p015-r09-i1000671` round 7); without a bye M1 is lowered
/// at once (`tiny/p010-r06-i1001406` round 6: 1-5, 4-6; `tiny/p010-r09-i1000570` round 6);
/// where P0 is below M1 from the start the colour budget decides as before
/// (`small/p014-r11-i1000446` round 7).
#[test]
fn c13_with_a_bye_to_give_pairs_the_highest_of_s1_before_lowering_m1() {
    assert_paired_as_javafo(&[
        ("tiny/p009-r07-i1001206.trf", 7),
        ("tiny/p013-r10-i1000926.trf", 9),
        ("small/p015-r09-i1000671.trf", 7),
        ("small/p014-r11-i1000446.trf", 7),
        ("tiny/p010-r09-i1000570.trf", 6),
        ("tiny/p010-r06-i1001406.trf", 6),
    ]);
}

/// C.12 reached from C.10 in the last round: a top scorer whom C.1 moved down from the next
/// bracket under the first set of downfloaters is not brought back by another set
/// (`small/p015-r09-i1000051` round 9: 2 (4.5) would meet 7; JaVaFo keeps 6-7, 3-9, 2-5),
/// while a player who is not a top scorer is (`small/p016-r11-i1001494` round 11: 5 (5.0)
/// meets 4 under the other set, and JaVaFo takes it: 7-6).
#[test]
fn c12_from_c10_does_not_bring_back_a_top_scorer_c1_moved_down() {
    assert_paired_as_javafo(&[
        ("small/p015-r09-i1000051.trf", 9),
        ("small/p016-r11-i1001494.trf", 11),
        ("small/p017-r10-i1000269.trf", 9),
    ]);
}

/// C.13's search with P0 below M1 from the start and the M1 pairs within the colour budget:
/// M1 is lowered (`small/p018-r09-i1000663` round 9, `small/p017-r11-i1001296` round 10),
/// except when every moved-down player is a top scorer (A.10, the last round): then the P1
/// highest of S1, and at P zero the brackets are joined (`small/p016-r11-i1000017` round 11:
/// 1 (10.0) and 6 (6.0) moved down to 5.0, JaVaFo 1.4 pairs 1-14, 6-16, 11-5).
#[test]
fn c13_with_top_scorers_moved_down_joins_rather_than_lowering_m1() {
    assert_paired_as_javafo(&[
        ("small/p016-r11-i1000017.trf", 11),
        ("small/p018-r09-i1000663.trf", 9),
        ("small/p017-r11-i1001296.trf", 10),
    ]);
}

/// C.13's search with P1 above M1 and the remainder reached: M1 is lowered before P1, the
/// most pairs first (A.11; `small/p015-r10-i1001152` round 10: 3 (8.0), 2 and 13 (6.0) moved
/// down to 5.0, JaVaFo 1.4 pairs 3-5, 13-7, 6-15, 11-8 and moves 2 down).
#[test]
fn c13_lowers_m1_before_p1_while_p1_is_above_m1() {
    assert_paired_as_javafo(&[("small/p015-r10-i1001152.trf", 10)]);
}
