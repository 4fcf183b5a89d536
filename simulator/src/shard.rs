//! Splitting a simulate run into shards, and what makes two shards parts of the same run.
//!
//! Shard `K/N` of a run of `T` tournaments runs the **contiguous range** of indices
//! `K*T/N .. (K+1)*T/N` (sizes differ by at most one). Contiguous rather than `i mod N = K`:
//! a tournament's cost does not depend on its index (the index only picks the random stream),
//! so both split the work equally in expectation, but with ranges every shard's CSV files are a
//! slice of the single run's, and the merge is a concatenation in shard order: one input file
//! open at a time and no reorder buffer, whatever the number of shards.
//!
//! The identity of a run is the tuple compared by `merge` (see `simulator/OUTPUT.md`, run.csv):
//! seed, tournaments, players, rounds, system, result model, draw rate, version, timing and the
//! configuration hash computed here.

use crate::config::Config;
use sha2::{Digest, Sha256};
use std::ops::Range;
use std::str::FromStr;

/// Shard `index` of `count` (`0 <= index < count`); the whole run is `0/1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shard {
    pub index: u64,
    pub count: u64,
}

impl Default for Shard {
    fn default() -> Self {
        Shard::WHOLE
    }
}

/// Why a `K/N` shard text is not valid.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("shard '{text}': {reason}")]
pub struct ShardParseError {
    pub text: String,
    pub reason: &'static str,
}

impl Shard {
    /// The whole run, as one shard.
    pub const WHOLE: Shard = Shard { index: 0, count: 1 };

    /// The tournament indices of this shard in a run of `total` tournaments.
    pub fn range(self, total: u64) -> Range<u64> {
        let at = |k: u64| (u128::from(k) * u128::from(total) / u128::from(self.count)) as u64;
        at(self.index)..at(self.index + 1)
    }

    /// The shards of `count` whose ranges meet `indices` (to name a missing piece).
    pub fn meeting(count: u64, total: u64, indices: &Range<u64>) -> Vec<Shard> {
        (0..count)
            .map(|index| Shard { index, count })
            .filter(|s| {
                let r = s.range(total);
                !r.is_empty() && r.start < indices.end && indices.start < r.end
            })
            .collect()
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = ShardParseError;

    fn from_str(text: &str) -> Result<Shard, ShardParseError> {
        let err = |reason| ShardParseError {
            text: text.into(),
            reason,
        };
        let (k, n) = text
            .split_once('/')
            .ok_or_else(|| err("expected K/N, e.g. 3/8"))?;
        let index: u64 = k.trim().parse().map_err(|_| err("K is not a number"))?;
        let count: u64 = n.trim().parse().map_err(|_| err("N is not a number"))?;
        if count == 0 {
            return Err(err("N must be at least 1"));
        }
        if index >= count {
            return Err(err("K must be 0 ..= N-1"));
        }
        Ok(Shard { index, count })
    }
}

/// The configuration hash of run.csv: SHA-256 (first 16 hex digits) of the resolved
/// configuration as TOML followed by the ratings read from a ratings file. The seed and the
/// number of tournaments are left out (run.csv has columns of their own, and the command line
/// may override the file's), and so is the configuration's path.
pub fn config_hash(cfg: &Config) -> Result<String, toml::ser::Error> {
    let mut c = cfg.clone();
    c.seed = 0;
    c.tournaments = 0;
    let mut hasher = Sha256::new();
    hasher.update(toml::to_string(&c)?.as_bytes());
    for v in &c.ratings.values {
        hasher.update(v.to_le_bytes());
    }
    Ok(hasher
        .finalize()
        .iter()
        .take(8)
        .map(|b| format!("{b:02x}"))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_tile_the_run() {
        for total in [0u64, 1, 7, 12, 100, 101] {
            for count in [1u64, 2, 3, 4, 8, 13] {
                let mut next = 0;
                for index in 0..count {
                    let r = Shard { index, count }.range(total);
                    assert_eq!(r.start, next, "{index}/{count} of {total}");
                    assert!(r.end - r.start <= total / count + 1);
                    next = r.end;
                }
                assert_eq!(next, total);
            }
        }
        assert_eq!(Shard { index: 1, count: 4 }.range(12), 3..6);
        assert_eq!(Shard::WHOLE.range(5), 0..5);
    }

    #[test]
    fn parses_k_of_n() {
        assert_eq!("3/8".parse(), Ok(Shard { index: 3, count: 8 }));
        for bad in ["8/8", "1/0", "3", "a/4", "-1/4"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        assert_eq!(Shard { index: 3, count: 8 }.to_string(), "3/8");
    }

    #[test]
    fn names_the_shards_of_a_gap() {
        let s = Shard::meeting(4, 12, &(3..7));
        assert_eq!(
            s,
            vec![Shard { index: 1, count: 4 }, Shard { index: 2, count: 4 }]
        );
    }

    #[test]
    fn hash_follows_the_configuration_not_the_seed() {
        let a = Config::default();
        let mut b = a.clone();
        b.seed = 99;
        b.tournaments = 5;
        b.source = "elsewhere.toml".into();
        assert_eq!(config_hash(&a).unwrap(), config_hash(&b).unwrap());
        let mut c = a.clone();
        c.events.bye_rate = 0.01;
        assert_ne!(config_hash(&a).unwrap(), config_hash(&c).unwrap());
        let mut d = a.clone();
        d.ratings.values = vec![1500, 1600];
        assert_ne!(config_hash(&a).unwrap(), config_hash(&d).unwrap());
        assert_eq!(config_hash(&a).unwrap().len(), 16);
    }
}
