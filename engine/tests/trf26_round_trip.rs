//! TRF-2026 round trip, property style: corpus tournaments given random TRF-2026 content
//! (total rounds, initial colour, point systems `162` can and cannot express, requested byes of
//! the round to pair, acceleration ranges, prohibited pairings with rounds) are written as
//! TRF-2026 and as TRF-16 and read back unchanged.

mod support;

use support::Rng;
use swisslab_engine::score::Score;
use swisslab_engine::trf::{self, Format, LineEnding, WriteOptions};
use swisslab_engine::{Color, PointSystem, Prohibited, RoundEntry, Tournament, Unplayed};

/// Points from 0.0 to 4.0, in tenths.
fn points(rng: &mut Rng) -> Score {
    Score(rng.below(41) as i32)
}

/// Adds random TRF-2026 content to `t` (read from a corpus file).
fn decorate(t: &mut Tournament, rng: &mut Rng) {
    let recorded = t.rounds_recorded();
    let n = t.players.len();
    // Requested byes of the next round in a new column.
    let byes = rng.below(3) > 0;
    if byes {
        for p in &mut t.players {
            let e = match rng.below(8) {
                0 => Unplayed::HalfBye,
                1 => Unplayed::ZeroBye,
                2 => Unplayed::FullBye,
                _ => Unplayed::Absent,
            };
            p.rounds.push(RoundEntry::Unplayed(e));
        }
        if t.rounds_recorded() == recorded {
            // Nobody absent after all: no column.
            for p in &mut t.players {
                p.rounds.pop();
            }
        }
    }
    t.total_rounds = match rng.below(3) {
        0 => None,
        _ => Some((t.rounds_recorded() + rng.below(4)).max(1) as u32),
    };
    t.initial_color = [None, Some(Color::White), Some(Color::Black)][rng.below(3)];
    t.points = match rng.below(4) {
        0 => PointSystem::default(),
        1 => PointSystem::with_win_draw(Score(30), Score(10)),
        2 => {
            let mut ps = PointSystem::with_win_draw(points(rng), points(rng));
            ps.loss = points(rng);
            ps.zero_bye = points(rng);
            ps.forfeit_loss = ps.zero_bye;
            ps.pab = points(rng);
            ps
        }
        // Not expressible by 162: forfeit wins, full-point byes and half-point byes apart.
        _ => PointSystem {
            win: points(rng),
            draw: points(rng),
            loss: points(rng),
            forfeit_win: points(rng),
            forfeit_loss: points(rng),
            pab: points(rng),
            half_bye: points(rng),
            full_bye: points(rng),
            zero_bye: points(rng),
        },
    };
    // Points columns agreeing with the new system (the next round's byes included).
    for p in &mut t.players {
        p.points = Some(p.rounds.iter().map(|e| t.points.points(e)).sum());
    }
    // Acceleration: one entry per player, by pairing number, ending on a non-zero value.
    t.acceleration.clear();
    if rng.below(2) == 0 {
        let rounds = 1 + rng.below(5);
        let step = Score(5 * (1 + rng.below(4) as i32));
        for p in &t.players {
            if rng.below(3) == 0 {
                continue;
            }
            let mut v = vec![Score::ZERO; rounds];
            let from = rng.below(rounds);
            for x in v.iter_mut().skip(from) {
                *x = step;
            }
            t.acceleration.push((p.id, v));
        }
    }
    t.prohibited = (0..rng.below(3))
        .map(|_| {
            let first = 1 + rng.below(6) as u32;
            Prohibited {
                first_round: first,
                last_round: first + rng.below(4) as u32,
                players: (0..2 + rng.below(3))
                    .map(|_| t.players[rng.below(n)].id)
                    .collect(),
            }
        })
        .collect();
}

#[test]
fn decorated_corpus_tournaments_round_trip_in_both_formats() {
    let mut rng = Rng(0x7472_6632_3032_3601);
    let files = support::corpus_trf("dutch-2025");
    let mut checked = 0;
    // How many TRF-2026 files held each record.
    let mut seen = [
        ("\n162", 0),
        ("\n240", 0),
        ("\n250", 0),
        ("\n260", 0),
        ("\nXXS", 0),
    ];
    for (path, bytes) in files.iter().step_by(4) {
        let mut t = trf::read(bytes).unwrap();
        decorate(&mut t, &mut rng);
        for format in [Format::Trf26, Format::Trf16] {
            for line_ending in [LineEnding::Lf, LineEnding::Cr] {
                let opts = WriteOptions {
                    line_ending,
                    format,
                };
                let text = trf::write_with(&t, &opts);
                let back = trf::read_str(&text)
                    .unwrap_or_else(|e| panic!("{path} {format:?}: {e}\n{text}"));
                assert_eq!(back, t, "{path} {format:?}:\n{text}");
                if format == Format::Trf26 && line_ending == LineEnding::Lf {
                    for (record, n) in &mut seen {
                        *n += usize::from(text.contains(*record));
                    }
                }
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 250);
    eprintln!("TRF-2026 files holding 162, 240, 250, 260, XXS: {seen:?}");
    assert!(seen.iter().all(|(_, n)| *n > 20), "{seen:?}");
}
