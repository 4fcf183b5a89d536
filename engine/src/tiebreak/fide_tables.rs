//! The two conversion tables of the FIDE Rating Regulations (B.02, table 8.1): the rating
//! difference `dp` for a fractional score `p`, and the expected score `PD` of the higher
//! rated player for a rating difference. Rating tie-breaks (TPR, PTP, APRO, APPO) use them.

/// 8.1(a): `dp` for a score of `p` percent, `p` = 0..=100.
pub(crate) const DP: [i32; 101] = [
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383, -366, -351, -336, -322, -309, -296,
    -284, -273, -262, -251, -240, -230, -220, -211, -202, -193, -184, -175, -166, -158, -149, -141,
    -133, -125, -117, -110, -102, -95, -87, -80, -72, -65, -57, -50, -43, -36, -29, -21, -14, -7,
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// 8.1(b): the upper bound of each rating-difference band and the higher rated player's
/// expected score in percent (50 for 0-3, 51 for 4-10, …, 99 for 620-735, 100 above).
const PD_BANDS: [(u32, u32); 51] = [
    (3, 50),
    (10, 51),
    (17, 52),
    (25, 53),
    (32, 54),
    (39, 55),
    (46, 56),
    (53, 57),
    (61, 58),
    (68, 59),
    (76, 60),
    (83, 61),
    (91, 62),
    (98, 63),
    (106, 64),
    (113, 65),
    (121, 66),
    (129, 67),
    (137, 68),
    (145, 69),
    (153, 70),
    (162, 71),
    (170, 72),
    (179, 73),
    (188, 74),
    (197, 75),
    (206, 76),
    (215, 77),
    (225, 78),
    (235, 79),
    (245, 80),
    (256, 81),
    (267, 82),
    (278, 83),
    (290, 84),
    (302, 85),
    (315, 86),
    (328, 87),
    (344, 88),
    (357, 89),
    (374, 90),
    (391, 91),
    (411, 92),
    (432, 93),
    (456, 94),
    (484, 95),
    (517, 96),
    (559, 97),
    (619, 98),
    (735, 99),
    (u32::MAX, 100),
];

/// Expected score in percent of a player rated `own` against `opp` (8.1(b); differences
/// beyond 800 count as 800).
pub(crate) fn expected_percent(own: i64, opp: i64) -> i64 {
    let diff = (opp - own).clamp(-800, 800);
    let d = diff.unsigned_abs() as u32;
    let higher = PD_BANDS
        .iter()
        .find(|(hi, _)| d <= *hi)
        .map_or(100, |(_, pd)| *pd);
    if diff >= 0 {
        100 - i64::from(higher)
    } else {
        i64::from(higher)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_monotone_and_symmetric() {
        for w in DP.windows(2) {
            assert!(w[0] < w[1]);
        }
        for i in 0..=100 {
            assert_eq!(DP[i], -DP[100 - i]);
        }
        let mut last = 0;
        for d in 0..=800 {
            let e = expected_percent(2000 + d, 2000);
            assert!(e >= last);
            assert_eq!(e + expected_percent(2000, 2000 + d), 100);
            last = e;
        }
        assert_eq!(expected_percent(2000, 2000), 50);
        assert_eq!(expected_percent(2736, 2000), 100);
        assert_eq!(expected_percent(2735, 2000), 99);
    }
}
