//! Generated tournaments written as TRF, read back and re-paired by `swisslab check`'s code
//! (`checker::check_tournament`) reproduce themselves exactly: a few hundred small tournaments
//! (4-40 players) with late entries, withdrawals, requested byes and forfeits, under several
//! point systems and result models.

use swisslab_engine::{checker, trf};
use swisslab_simulator::config::{Config, Missed, ResultModel};
use swisslab_simulator::sim::{self, RunOptions, Simulation};

fn config(rounds: u32, points: &str, missed: Missed, model: ResultModel) -> Simulation {
    let mut cfg = Config {
        players: 4,
        players_max: Some(40),
        rounds,
        ..Config::default()
    };
    cfg.points.system = Some(points.into());
    cfg.events.late_entry_rate = 0.1;
    cfg.events.late_entry_missed = missed;
    cfg.events.withdrawal_rate = 0.1;
    cfg.events.bye_rate = 0.05;
    cfg.events.max_byes_per_player = 2;
    cfg.events.zero_bye_weight = 0.3;
    cfg.events.full_bye_weight = 0.2;
    cfg.results.forfeit_rate = 0.05;
    cfg.results.model = model;
    Simulation::new(cfg).unwrap()
}

#[test]
fn generated_tournaments_reproduce_themselves() {
    let sims = [
        config(5, "1-0.5-0", Missed::Zero, ResultModel::Milvang),
        config(7, "3-1-0", Missed::Half, ResultModel::ConstantDraw),
        config(9, "1-0.5-0", Missed::Half, ResultModel::Milvang),
    ];
    let (mut tournaments, mut rounds, mut late, mut withdrawn, mut byes, mut forfeits) =
        (0, 0, 0, 0, 0, 0);
    let mut problems = Vec::new();
    for (k, s) in sims.iter().enumerate() {
        for index in 0..100u64 {
            let r = sim::run_tournament(s, 1000 + k as u64, index, RunOptions::default());
            if let Some(f) = &r.failure {
                problems.push(format!("config {k} tournament {index}: {}", f.message));
                continue;
            }
            let text = trf::write(&r.tournament);
            let t = match trf::read(text.as_bytes()) {
                Ok(t) => t,
                Err(e) => {
                    problems.push(format!("config {k} tournament {index}: unreadable: {e}"));
                    continue;
                }
            };
            assert_eq!(trf::write(&t), text, "TRF round trip of {k}/{index}");
            let rep = checker::check(&t, s.system);
            for d in &rep.discrepancies {
                problems.push(format!("config {k} tournament {index}: {d}"));
            }
            tournaments += 1;
            rounds += rep.rounds;
            late += r.summary.late_entries;
            withdrawn += r.summary.withdrawals;
            byes += r.summary.requested_byes;
            forfeits += r.summary.forfeits;
        }
    }
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
    assert_eq!(tournaments, 300);
    assert!(rounds > 1500, "{rounds} rounds");
    assert!(
        late > 50 && withdrawn > 50 && byes > 50 && forfeits > 50,
        "events: late {late}, withdrawn {withdrawn}, byes {byes}, forfeits {forfeits}"
    );
}
