//! The figures of the system studies end to end: `simulate` writes whom each player met
//! (`opponents`, `opp_strength`, `opponent_ids`), and `report --compare` pairs by tournament
//! two runs of different systems and different numbers of rounds (matches of two games over
//! 5 rounds against single games over 10 is such a pair) and reports the opposition figures.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

fn swisslab(args: &[&str]) {
    let o = Command::new(env!("CARGO_BIN_EXE_swisslab"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "swisslab {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
}

fn simulate(dir: &Path, system: &str, rounds: &str) {
    let out = dir.to_str().unwrap();
    swisslab(&[
        "simulate",
        "--system",
        system,
        "--tournaments",
        "6",
        "--players",
        "17",
        "--rounds",
        rounds,
        "--seed",
        "31",
        "--no-progress",
        "--out",
        out,
    ]);
}

/// One player of players.csv, the columns this test reads.
struct Player {
    tournament: u64,
    player: u32,
    rank: u32,
    strength: f64,
    opponents: usize,
    opp_strength: Option<f64>,
    ids: Vec<u32>,
}

fn players(dir: &Path) -> Vec<Player> {
    let mut r = csv::Reader::from_path(dir.join("players.csv")).unwrap();
    let h = r.headers().unwrap().clone();
    let col = |name: &str| h.iter().position(|c| c == name).unwrap();
    let (t, p, rank, s) = (
        col("tournament"),
        col("player"),
        col("rank"),
        col("strength"),
    );
    let (n, os, ids) = (col("opponents"), col("opp_strength"), col("opponent_ids"));
    r.records()
        .map(|rec| {
            let rec = rec.unwrap();
            Player {
                tournament: rec[t].parse().unwrap(),
                player: rec[p].parse().unwrap(),
                rank: rec[rank].parse().unwrap(),
                strength: rec[s].parse().unwrap(),
                opponents: rec[n].parse().unwrap(),
                opp_strength: rec[os].parse().ok(),
                ids: rec[ids]
                    .split_whitespace()
                    .map(|x| x.parse().unwrap())
                    .collect(),
            }
        })
        .collect()
}

/// Checks the opposition columns of a run against each other and returns, per tournament, the
/// share of the field its winner met.
fn check_columns(ps: &[Player], rounds: usize) -> BTreeMap<u64, f64> {
    let by_id: BTreeMap<(u64, u32), &Player> =
        ps.iter().map(|p| ((p.tournament, p.player), p)).collect();
    let mut shares = BTreeMap::new();
    for p in ps {
        let distinct: BTreeSet<u32> = p.ids.iter().copied().collect();
        assert_eq!(distinct.len(), p.ids.len(), "each opponent once");
        assert_eq!(p.opponents, p.ids.len());
        assert!(p.opponents <= rounds);
        // Meetings are mutual, and opp_strength is the mean of the opponents' strengths (the
        // strength column is rounded to an integer, so within half a point).
        let mut sum = 0.0;
        for o in &p.ids {
            let q = by_id[&(p.tournament, *o)];
            assert!(q.ids.contains(&p.player), "{} met {o}", p.player);
            sum += q.strength;
        }
        match p.opp_strength {
            Some(m) => assert!((m - sum / p.ids.len() as f64).abs() <= 0.55, "{m}"),
            None => assert!(p.ids.is_empty()),
        }
        if p.rank == 1 {
            let field = ps.iter().filter(|q| q.tournament == p.tournament).count();
            shares.insert(p.tournament, p.ids.len() as f64 / (field - 1) as f64);
        }
    }
    shares
}

/// The value, interval and method of a figure of compare.csv.
fn figure(table: &str, key: &str) -> (f64, f64, String) {
    let mut r = csv::Reader::from_reader(table.as_bytes());
    let h = r.headers().unwrap().clone();
    let col = |name: &str| h.iter().position(|c| c == name).unwrap();
    let rec = r
        .records()
        .map(Result::unwrap)
        .find(|rec| &rec[col("key")] == key)
        .unwrap_or_else(|| panic!("no {key} in compare.csv"));
    (
        rec[col("a")].parse().unwrap(),
        rec[col("b")].parse().unwrap(),
        rec[col("method")].to_string(),
    )
}

#[test]
fn runs_of_different_round_counts_compare_in_pairs_with_the_opposition_figures() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b, out) = (
        dir.path().join("a"),
        dir.path().join("b"),
        dir.path().join("c"),
    );
    simulate(&a, "dutch-2026", "4");
    simulate(&b, "dubov-2026", "8");
    let shares_a = check_columns(&players(&a), 4);
    let shares_b = check_columns(&players(&b), 8);
    swisslab(&[
        "report",
        "--compare",
        a.to_str().unwrap(),
        b.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let table = std::fs::read_to_string(out.join("tables/compare.csv")).unwrap();
    let (va, vb, method) = figure(&table, "opposition.winner_field_share");
    let mean = |m: &BTreeMap<u64, f64>| m.values().sum::<f64>() / m.len() as f64;
    assert_eq!(shares_a.len(), 6);
    // compare.csv keeps four significant digits.
    assert!((va - mean(&shares_a)).abs() < 1e-3 * va, "{va}");
    assert!((vb - mean(&shares_b)).abs() < 1e-3 * vb, "{vb}");
    // Paired by tournament although the round counts differ.
    assert_eq!(method, "paired-t");
    for key in [
        "opposition.strength_sd_final",
        "opposition.winner_top10_share",
        "opposition.opponents_per_player",
        "ranking.kendall_tau_b",
    ] {
        let (va, vb, method) = figure(&table, key);
        assert!(va.is_finite() && vb.is_finite(), "{key}");
        assert_eq!(method, "paired-t", "{key}");
    }
    let (per_a, per_b, _) = figure(&table, "opposition.opponents_per_player");
    assert!(per_a <= 4.0 && per_b <= 8.0 && per_b > per_a);
    let html = std::fs::read_to_string(out.join("compare.html")).unwrap();
    assert!(html.contains("Paired comparison"));
}
