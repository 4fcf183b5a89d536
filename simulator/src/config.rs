//! The simulation configuration: every parameter of the tournament model, with defaults.
//!
//! A configuration file is TOML (see `simulator/OUTPUT.md` and the README for the full list).
//! The key=value files of the JaVaFo / bbpPairings random tournament generators
//! (`PlayersNumber=100`, `DrawPercentage=30`, …) are valid TOML too: their capitalised keys are
//! recognised at the top level of any configuration file and mapped onto the model
//! (`Config::apply_generator_key`), so existing generator configurations run unchanged.
//! The `*Rate` keys of those generators are read as "one in N" (0 disables):
//! `ForfeitRate=N` one game in N is forfeited; `RetiredRate=N` one player in N takes one
//! zero-point bye (`Z`) during the tournament; `HalfPointByeRate=N` one player in N requests one
//! half-point bye (`H`), never in the last round. This is what the benchmark files made by that
//! generator hold (`testdata/bench`, `RetiredRate=50`, `HalfPointByeRate=20`: in each file
//! exactly one player in 50 has one `Z` and plays on, one in 20 has one `H`, none in round 11),
//! and what their README says. Such a file describes the whole event model: late entries,
//! withdrawals, requested byes and forfeits it does not name are off, unless the same file sets
//! them in its TOML sections.

pub use crate::profile::{FittedResults, Presence, ProfileInfo};
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use swisslab_engine::{PointSystem, Score};

/// Why a configuration cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read {path}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: {message}")]
    Parse { path: PathBuf, message: String },
    #[error("{path}:{line}:{column}: {message}")]
    At {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("invalid configuration: {0}")]
    Invalid(String),
}

/// How ratings are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RatingDistribution {
    /// Uniform between `min` and `max`.
    Uniform,
    /// Normal with `mean` and `sd`, clamped to `min ..= max`.
    Normal,
    /// Drawn (with replacement) from the ratings listed in `file`, one per line.
    File,
}

/// Player ratings and strengths.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Ratings {
    pub distribution: RatingDistribution,
    pub min: u16,
    pub max: u16,
    pub mean: f64,
    pub sd: f64,
    /// File of ratings (relative to the configuration file), for `distribution = "file"`.
    pub file: Option<PathBuf>,
    /// Standard deviation of the noise added to a rating to make the true strength (0: the
    /// rating is the truth).
    pub strength_noise: f64,
    /// Give FIDE titles to strong players (GM/IM/FM/CM by rating band, at random).
    pub titles: bool,
    /// An unrated player's strength, in `forecast` and `fit`: the event's 20th rating
    /// percentile plus this offset, with this spread (rating points).
    pub unrated_offset: f64,
    pub unrated_noise: f64,
    /// The ratings read from `file` (filled by [`Config::resolve`]).
    #[serde(skip)]
    pub values: Vec<u16>,
}

impl Default for Ratings {
    fn default() -> Self {
        Ratings {
            distribution: RatingDistribution::Uniform,
            min: 1200,
            max: 2800,
            mean: 1900.0,
            sd: 300.0,
            file: None,
            strength_noise: 0.0,
            titles: true,
            unrated_offset: 0.0,
            unrated_noise: 300.0,
            values: Vec::new(),
        }
    }
}

/// The result model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ResultModel {
    /// Rating-dependent draw rate and White advantage (FIDE / Milvang, TieBreakServer).
    Milvang,
    /// Elo expectation with a constant draw share (JaVaFo / bbpPairings generators).
    ConstantDraw,
    /// Davidson's model with the parameters of `[results.fitted]`, as `swisslab fit` measures
    /// them ([`FittedResults`]).
    Fitted,
}

impl ResultModel {
    /// The name written in run.csv.
    pub fn name(self) -> &'static str {
        match self {
            ResultModel::Milvang => "milvang",
            ResultModel::ConstantDraw => "constant-draw",
            ResultModel::Fitted => "fitted",
        }
    }
}

/// Results of games.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Results {
    pub model: ResultModel,
    /// Draw share of the constant-draw model (0..1).
    pub draw_rate: f64,
    /// Probability that a paired game is forfeited (one player does not show).
    pub forfeit_rate: f64,
    /// The fitted model's parameters (`model = "fitted"`).
    pub fitted: FittedResults,
    /// An event's own draw propensity against the profile's (set per event by `simulate`
    /// and `forecast`; 1 in a configuration).
    #[serde(skip)]
    pub draw_factor: f64,
}

impl Default for Results {
    fn default() -> Self {
        Results {
            model: ResultModel::Milvang,
            draw_rate: 0.3,
            forfeit_rate: 0.005,
            fitted: FittedResults::default(),
            draw_factor: 1.0,
        }
    }
}

/// How the rounds a late entrant missed are recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Missed {
    /// Zero-point byes (`Z`), the C.04.2 default.
    Zero,
    /// Half-point byes (`H`), as some tournament rules allow.
    Half,
}

/// Which model decides who plays each round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EventModel {
    /// The rates below, set by hand (late entries, withdrawals, requested byes).
    Rates,
    /// The fitted presence model of `[events.fitted]` ([`Presence`], [`crate::presence`]).
    Fitted,
}

/// Late entries, withdrawals and requested byes.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Events {
    /// `rates` (the keys below) or `fitted` (`[events.fitted]`).
    pub model: EventModel,
    /// The fitted presence model (`model = "fitted"`).
    pub fitted: Presence,
    /// Probability that a player is a late entry.
    pub late_entry_rate: f64,
    /// Latest round a late entrant joins (0: half the rounds, at least 2).
    pub late_entry_last_round: u32,
    pub late_entry_missed: Missed,
    /// Probability that a player withdraws (after a round drawn uniformly among those he plays,
    /// never after the last).
    pub withdrawal_rate: f64,
    /// Probability that a player requests a bye in a given round.
    pub bye_rate: f64,
    /// Relative weights of the kinds of requested byes.
    pub half_bye_weight: f64,
    pub zero_bye_weight: f64,
    pub full_bye_weight: f64,
    /// Most requested byes per player.
    pub max_byes_per_player: u32,
    /// No requested byes in the last N rounds.
    pub no_byes_last_rounds: u32,
}

impl Default for Events {
    fn default() -> Self {
        Events {
            model: EventModel::Rates,
            fitted: Presence::default(),
            late_entry_rate: 0.02,
            late_entry_last_round: 0,
            late_entry_missed: Missed::Zero,
            withdrawal_rate: 0.02,
            bye_rate: 0.005,
            half_bye_weight: 0.8,
            zero_bye_weight: 0.15,
            full_bye_weight: 0.05,
            max_byes_per_player: 1,
            no_byes_last_rounds: 1,
        }
    }
}

/// The point system: `system` is "W-D-L" (`"1-0.5-0"`, `"3-1-0"`, any custom values); the
/// other keys override the points of byes and forfeits, which otherwise follow win and draw.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Points {
    pub system: Option<String>,
    pub win: Option<f64>,
    pub draw: Option<f64>,
    pub loss: Option<f64>,
    pub forfeit_win: Option<f64>,
    pub forfeit_loss: Option<f64>,
    pub pab: Option<f64>,
    pub half_bye: Option<f64>,
    pub full_bye: Option<f64>,
    pub zero_bye: Option<f64>,
}

/// Initial colour (`XXC white1/black1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum InitialColour {
    White,
    Black,
    /// Drawn per tournament.
    Random,
}

/// The acceleration method of the simulated events (`acceleration = "baku"`; C.04.7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Acceleration {
    /// No virtual points.
    #[default]
    None,
    /// The Baku Acceleration Method (C.04.7): group A's virtual points in the first half of
    /// the rounds, written into every file as `XXA` / `250` lines.
    Baku,
}

impl Acceleration {
    /// The engine's method.
    pub fn method(self) -> swisslab_engine::acceleration::Method {
        match self {
            Acceleration::None => swisslab_engine::acceleration::Method::None,
            Acceleration::Baku => swisslab_engine::acceleration::Method::Baku,
        }
    }
}

/// Which colour preferences a simulated team event declares (C.04.6 1.7), written into its `192`
/// code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TeamColours {
    /// Type A, simple preferences (1.7.1): `FIDE_TEAM_TYPEA_MP_GP`, the default.
    #[default]
    TypeA,
    /// Type B, strong and mild preferences (1.7.2): `FIDE_TEAM_TYPEB_MP_GP`.
    TypeB,
    /// No colour preferences (1.7): `FIDE_TEAM_MP_GP`.
    None,
}

impl TeamColours {
    /// The TRF-2026 `192` code of a team event with these preferences, match points primary
    /// and game points for colour allocation (C.04.6 1.2.2).
    pub fn trf_code(self) -> &'static str {
        match self {
            TeamColours::TypeA => "FIDE_TEAM_TYPEA_MP_GP",
            TeamColours::TypeB => "FIDE_TEAM_TYPEB_MP_GP",
            TeamColours::None => "FIDE_TEAM_MP_GP",
        }
    }
}

/// Team events (`--system swiss-team`, `[team]`): the field is made of teams of `boards`
/// players plus reserves; see `simulator::team`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TeamSettings {
    /// Teams per event.
    pub teams: u32,
    /// Boards per match (the length of the `352` colour pattern).
    pub boards: u32,
    /// Most reserves per team: each team has 0 ..= `reserves` reserves, drawn uniformly.
    pub reserves: u32,
    /// Probability that a whole team is absent from a round (not paired, no points, GHR 3.3).
    pub absence_rate: f64,
    /// Probability that a paired match is forfeited as a whole by one of its two teams (a
    /// `330` record; no meeting, GHR 3.5; a forfeit win for the other, C2).
    pub match_forfeit_rate: f64,
    /// Colour preferences of the event (C.04.6 1.7).
    pub colours: TeamColours,
    /// With an individual system: each tournament's field is the players of the team event
    /// the same seed and index plan (`teams` teams of `boards` players and reserves), paired
    /// individually, each player's team kept in `players.csv` (`--team-field`).
    pub field: bool,
}

impl Default for TeamSettings {
    fn default() -> Self {
        TeamSettings {
            teams: 40,
            boards: 4,
            reserves: 2,
            absence_rate: 0.01,
            match_forfeit_rate: 0.005,
            colours: TeamColours::TypeA,
            field: false,
        }
    }
}

/// Everything a simulation needs. Every key left out of a configuration file takes the value of
/// the embedded over-the-board profile ([`crate::profile::OTB`]), else of [`Config::base`].
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(default = "Config::base", deny_unknown_fields)]
pub struct Config {
    /// Players per tournament (late entrants included).
    pub players: u32,
    /// When set, each tournament has a number of players drawn uniformly in `players ..= players_max`.
    pub players_max: Option<u32>,
    pub rounds: u32,
    pub tournaments: u64,
    pub seed: u64,
    pub initial_colour: InitialColour,
    pub ratings: Ratings,
    pub results: Results,
    pub events: Events,
    pub points: Points,
    /// Tie-breaks after points for the final standing (players.csv `rank` and `tiebreaks`):
    /// C.07 abbreviations as `swisslab standings --tiebreaks` takes them.
    pub tiebreaks: String,
    /// The acceleration method (C.04.7), `none` by default.
    pub acceleration: Acceleration,
    /// Team events (`--system swiss-team`).
    pub team: TeamSettings,
    /// What the event model was fitted on (a profile's `[profile]` section).
    pub profile: ProfileInfo,
    /// Where the configuration came from ("embedded" or a path), for run.csv.
    #[serde(skip)]
    pub source: String,
}

impl Default for Config {
    /// The embedded default: [`Config::base`] with the over-the-board profile.
    fn default() -> Self {
        Config::profile(crate::profile::Kind::Otb)
    }
}

impl Config {
    /// The values of every key no profile sets (the field, the rounds, the point system...),
    /// with the hand-set event rates and the Milvang result model.
    pub fn base() -> Self {
        Config {
            players: 500,
            players_max: None,
            rounds: 11,
            tournaments: 100,
            seed: 1,
            initial_colour: InitialColour::Random,
            ratings: Ratings::default(),
            results: Results::default(),
            events: Events::default(),
            points: Points::default(),
            tiebreaks: swisslab_engine::tiebreak::DEFAULT_LIST.to_string(),
            acceleration: Acceleration::None,
            team: TeamSettings::default(),
            profile: ProfileInfo::default(),
            source: "embedded".into(),
        }
    }

    /// [`Config::base`] with a shipped profile.
    pub fn profile(kind: crate::profile::Kind) -> Config {
        let path = Path::new(kind.name());
        match Config::parse_over(kind.text(), path, toml::Table::new()) {
            Ok((mut c, _)) => {
                c.source = "embedded".into();
                c
            }
            // The shipped profiles are tested to parse (config::tests).
            Err(e) => panic!("the embedded {} profile is invalid: {e}", kind.name()),
        }
    }
}

impl TeamSettings {
    /// Largest number of boards: a `300` line-up and a `310` record hold the members in fixed
    /// columns (`310` has room for 14 members).
    pub const MAX_BOARDS: u32 = 12;

    /// Checks the values: 2 to 999 teams (`310` numbers have three digits), 1 to
    /// [`Self::MAX_BOARDS`] boards with the reserves within the `310` record's 14 members, and
    /// the two rates probabilities.
    pub fn check(&self) -> Result<(), ConfigError> {
        let bad = |m: String| Err(ConfigError::Invalid(m));
        if !(2..=999).contains(&self.teams) {
            return bad(format!(
                "team.teams must be 2..=999 (a 310 team number has three digits), not {}",
                self.teams
            ));
        }
        if !(1..=Self::MAX_BOARDS).contains(&self.boards) {
            return bad(format!(
                "team.boards must be 1..={}, not {}",
                Self::MAX_BOARDS,
                self.boards
            ));
        }
        if self.boards + self.reserves > 14 {
            return bad(format!(
                "team.boards + team.reserves must be at most 14 (the members a 310 record holds), not {}",
                self.boards + self.reserves
            ));
        }
        for (name, v) in [
            ("team.absence_rate", self.absence_rate),
            ("team.match_forfeit_rate", self.match_forfeit_rate),
        ] {
            if !(0.0..=1.0).contains(&v) {
                return bad(format!("{name} must be a probability in 0..=1, not {v}"));
            }
        }
        Ok(())
    }
}

/// The JaVaFo / bbpPairings generator keys understood at the top level of a configuration.
pub const GENERATOR_KEYS: &[&str] = &[
    "PlayersNumber",
    "RoundsNumber",
    "DrawPercentage",
    "ForfeitRate",
    "RetiredRate",
    "HalfPointByeRate",
    "HighestRating",
    "LowestRating",
    "PointsForWin",
    "PointsForDraw",
    "PointsForLoss",
    "PointsForZPB",
    "PointsForZeroPointBye",
    "PointsForForfeitLoss",
    "PointsForPAB",
    "PointsForPairingAllocatedBye",
];

/// Deep merge: every key of `over` replaces the same key of `under`, tables key by key.
fn merge(under: &mut toml::Table, over: toml::Table) {
    for (k, v) in over {
        match (under.get_mut(&k), v) {
            (Some(toml::Value::Table(a)), toml::Value::Table(b)) => merge(a, b),
            (_, v) => {
                under.insert(k, v);
            }
        }
    }
}

/// A TOML error with its line and column: from the error's span when it has one (syntax),
/// else from the line of the key it names (an unknown key, a value of the wrong type).
fn located(path: &Path, text: &str, e: &toml::de::Error) -> ConfigError {
    let message = e.message().trim_end().replace('\n', " ");
    let at = match e.span() {
        Some(span) => Some(line_column(text, span.start)),
        None => key_named(&message).and_then(|k| line_of_key(text, &k)),
    };
    match at {
        Some((line, column)) => ConfigError::At {
            path: path.to_path_buf(),
            line,
            column,
            message,
        },
        None => ConfigError::Parse {
            path: path.to_path_buf(),
            message,
        },
    }
}

/// The 1-based line and column of byte `offset` of `text`.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, column)
}

/// The key a serde message names: "unknown field `x`", "... for key `a.b.x`".
fn key_named(message: &str) -> Option<String> {
    let quoted = |m: &str| m.split('`').nth(1).map(str::to_string);
    if let Some(i) = message.find("for key") {
        return quoted(&message[i..]).and_then(|k| k.rsplit('.').next().map(str::to_string));
    }
    quoted(message)
}

/// The line and column of the first line of `text` that sets `key` (`key =` or `"key" =`).
fn line_of_key(text: &str, key: &str) -> Option<(usize, usize)> {
    text.lines().enumerate().find_map(|(i, l)| {
        let t = l.trim_start();
        let rest = t
            .strip_prefix(key)
            .or_else(|| t.strip_prefix(&format!("\"{key}\"")))?;
        rest.trim_start()
            .starts_with('=')
            .then_some((i + 1, l.len() - t.len() + 1))
    })
}

fn one_in(n: f64) -> f64 {
    if n <= 0.0 {
        0.0
    } else {
        (1.0 / n).min(1.0)
    }
}

impl Config {
    /// Parses a configuration text (TOML, JaVaFo keys allowed at the top level) over the
    /// embedded over-the-board profile: a key the text leaves out keeps the profile's value.
    /// `path` is used in messages and to resolve a ratings file. Returns the configuration and
    /// warnings about ignored keys.
    pub fn parse(text: &str, path: &Path) -> Result<(Config, Vec<String>), ConfigError> {
        let under: toml::Table = crate::profile::OTB.parse().map_err(|e: toml::de::Error| {
            ConfigError::Invalid(format!("the embedded profile: {e}"))
        })?;
        Config::parse_over(text, path, under)
    }

    /// [`Config::parse`] over the table `under` (a profile, or nothing).
    fn parse_over(
        text: &str,
        path: &Path,
        mut under: toml::Table,
    ) -> Result<(Config, Vec<String>), ConfigError> {
        let mut table: toml::Table = text
            .parse()
            .map_err(|e: toml::de::Error| located(path, text, &e))?;
        // Capitalised top-level keys are generator keys; take them out before deserializing.
        let gen_keys: Vec<String> = table
            .keys()
            .filter(|k| k.starts_with(|c: char| c.is_ascii_uppercase()))
            .cloned()
            .collect();
        let mut generator = Vec::new();
        for k in gen_keys {
            if let Some(v) = table.remove(&k) {
                generator.push((k, v));
            }
        }
        // A generator file describes the whole event model: what it does not name is off,
        // unless the TOML sections set it.
        let set = |section: &str, key: &str| {
            table
                .get(section)
                .and_then(|t| t.as_table())
                .is_some_and(|t| t.contains_key(key))
        };
        let keep = [
            set("events", "late_entry_rate"),
            set("events", "withdrawal_rate"),
            set("events", "bye_rate"),
            set("results", "forfeit_rate"),
            set("events", "model"),
            set("ratings", "strength_noise"),
            set("results", "model"),
        ];
        merge(&mut under, table);
        let mut cfg: Config = toml::Value::Table(under)
            .try_into()
            .map_err(|e: toml::de::Error| located(path, text, &e))?;
        if !generator.is_empty() {
            cfg.generator_model(keep);
        }
        // The field size and the rounds first: other keys (HalfPointByeRate) depend on them.
        generator.sort_by_key(|(k, _)| k != "PlayersNumber" && k != "RoundsNumber");
        let mut warnings = Vec::new();
        let mut byes = (0.0, 0.0);
        for (k, v) in generator {
            let num = match v {
                toml::Value::Integer(i) => i as f64,
                toml::Value::Float(f) => f,
                other => {
                    return Err(ConfigError::Parse {
                        path: path.to_path_buf(),
                        message: format!("{k}: expected a number, found {other}"),
                    })
                }
            };
            if !cfg.apply_generator_key(&k, num, &mut byes)? {
                warnings.push(format!("{}: unknown key {k} ignored", path.display()));
            }
        }
        cfg.source = path.display().to_string();
        cfg.resolve(path.parent().unwrap_or(Path::new(".")))?;
        Ok((cfg, warnings))
    }

    /// A JaVaFo / bbpPairings generator file describes the whole event model: the late
    /// entries, withdrawals, requested byes and forfeits it does not name are off, the rates
    /// model decides who plays, ratings are the truth and (without `DrawPercentage`) results
    /// follow the Milvang model, unless the file's TOML sections (`keep`, in the order of
    /// `parse_over`) set them.
    fn generator_model(&mut self, keep: [bool; 7]) {
        let [late, withdrawal, bye, forfeit, model, noise, results] = keep;
        if !late {
            self.events.late_entry_rate = 0.0;
        }
        if !withdrawal {
            self.events.withdrawal_rate = 0.0;
        }
        if !bye {
            self.events.bye_rate = 0.0;
        }
        if !forfeit {
            self.results.forfeit_rate = 0.0;
        }
        if !model {
            self.events.model = EventModel::Rates;
        }
        if !noise {
            self.ratings.strength_noise = 0.0;
        }
        if !results {
            self.results.model = ResultModel::Milvang;
        }
    }

    /// Reads and parses a configuration file.
    pub fn load(path: &Path) -> Result<(Config, Vec<String>), ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        Config::parse(&text, path)
    }

    /// `HalfPointByeRate` and `RetiredRate` together: one player in N asks for one bye of
    /// each kind during the tournament, spread over the rounds in which byes may be requested.
    fn apply_generator_byes(&mut self, (half, zero): (f64, f64)) {
        let eligible = self
            .rounds
            .saturating_sub(self.events.no_byes_last_rounds)
            .max(1);
        self.events.bye_rate = ((half + zero) / f64::from(eligible)).min(1.0);
        self.events.half_bye_weight = half;
        self.events.zero_bye_weight = zero;
        self.events.full_bye_weight = 0.0;
    }

    /// Applies one JaVaFo / bbpPairings generator key; false when the key is unknown. `byes`
    /// carries the per-player probabilities of `HalfPointByeRate` and `RetiredRate` from one
    /// key to the next, since the two share the requested-bye model.
    fn apply_generator_key(
        &mut self,
        key: &str,
        v: f64,
        byes: &mut (f64, f64),
    ) -> Result<bool, ConfigError> {
        let nonneg = |v: f64| {
            if v.is_finite() && v >= 0.0 {
                Ok(v)
            } else {
                Err(ConfigError::Invalid(format!(
                    "{key}: {v} is not a number >= 0"
                )))
            }
        };
        let v = nonneg(v)?;
        match key {
            "PlayersNumber" => {
                self.players = v as u32;
                self.players_max = None;
            }
            "RoundsNumber" => self.rounds = v as u32,
            "DrawPercentage" => {
                self.results.model = ResultModel::ConstantDraw;
                self.results.draw_rate = v / 100.0;
            }
            "ForfeitRate" => self.results.forfeit_rate = one_in(v),
            "RetiredRate" => {
                byes.1 = one_in(v);
                self.apply_generator_byes(*byes);
            }
            "HalfPointByeRate" => {
                byes.0 = one_in(v);
                self.apply_generator_byes(*byes);
            }
            "HighestRating" => self.ratings.max = v.min(f64::from(u16::MAX)) as u16,
            "LowestRating" => self.ratings.min = v.min(f64::from(u16::MAX)) as u16,
            "PointsForWin" => self.points.win = Some(v),
            "PointsForDraw" => self.points.draw = Some(v),
            "PointsForLoss" => self.points.loss = Some(v),
            "PointsForZPB" | "PointsForZeroPointBye" => self.points.zero_bye = Some(v),
            "PointsForForfeitLoss" => self.points.forfeit_loss = Some(v),
            "PointsForPAB" | "PointsForPairingAllocatedBye" => self.points.pab = Some(v),
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// Checks the values and loads the ratings file (relative to `base`).
    pub fn resolve(&mut self, base: &Path) -> Result<(), ConfigError> {
        let bad = |m: String| Err(ConfigError::Invalid(m));
        if self.players < 2 || self.players > 9999 {
            // A TRF starting rank has four digits (TRF-16 and TRF-26, columns 5-8), so 9999
            // players is the largest event any engine can read back.
            return bad(format!(
                "players must be 2..=9999 (a TRF starting rank has four digits), not {}",
                self.players
            ));
        }
        if let Some(m) = self.players_max {
            if m < self.players || m > 9999 {
                return bad(format!(
                    "players_max must be between players ({}) and 9999, not {m}",
                    self.players
                ));
            }
        }
        if self.rounds == 0 || self.rounds > 99 {
            return bad(format!("rounds must be 1..=99, not {}", self.rounds));
        }
        if let Err(e) = swisslab_engine::tiebreak::parse_list(&self.tiebreaks) {
            return bad(format!("tiebreaks: {e}"));
        }
        let prob = |name: &str, v: f64| -> Result<(), ConfigError> {
            if (0.0..=1.0).contains(&v) {
                Ok(())
            } else {
                Err(ConfigError::Invalid(format!(
                    "{name} must be a probability in 0..=1, not {v}"
                )))
            }
        };
        prob("results.draw_rate", self.results.draw_rate)?;
        prob("results.forfeit_rate", self.results.forfeit_rate)?;
        prob("events.late_entry_rate", self.events.late_entry_rate)?;
        prob("events.withdrawal_rate", self.events.withdrawal_rate)?;
        prob("events.bye_rate", self.events.bye_rate)?;
        let e = &self.events;
        for (n, w) in [
            ("half_bye_weight", e.half_bye_weight),
            ("zero_bye_weight", e.zero_bye_weight),
            ("full_bye_weight", e.full_bye_weight),
        ] {
            if !(w.is_finite() && w >= 0.0) {
                return bad(format!("events.{n} must be >= 0, not {w}"));
            }
        }
        if e.bye_rate > 0.0 && e.half_bye_weight + e.zero_bye_weight + e.full_bye_weight <= 0.0 {
            return bad("events: bye_rate > 0 needs a positive bye weight".into());
        }
        let r = &self.ratings;
        if r.min > r.max {
            return bad(format!("ratings.min {} > ratings.max {}", r.min, r.max));
        }
        if !(r.sd.is_finite() && r.sd >= 0.0 && r.strength_noise.is_finite())
            || r.strength_noise < 0.0
            || !r.mean.is_finite()
        {
            return bad("ratings: mean, sd and strength_noise must be finite, sd >= 0".into());
        }
        if r.distribution == RatingDistribution::File {
            let Some(file) = &r.file else {
                return bad("ratings.distribution = \"file\" needs ratings.file".into());
            };
            let path = base.join(file);
            let text = std::fs::read_to_string(&path).map_err(|source| ConfigError::Read {
                path: path.clone(),
                source,
            })?;
            let mut values = Vec::new();
            for (i, line) in text.lines().enumerate() {
                let l = line.trim();
                if l.is_empty() || l.starts_with('#') {
                    continue;
                }
                match l.parse::<u16>() {
                    Ok(v) => values.push(v),
                    Err(_) => {
                        return Err(ConfigError::Parse {
                            path,
                            message: format!("line {}: expected a rating, found {l:?}", i + 1),
                        })
                    }
                }
            }
            if values.is_empty() {
                return Err(ConfigError::Parse {
                    path,
                    message: "no ratings".into(),
                });
            }
            self.ratings.values = values;
        }
        self.point_system()?;
        self.team.check()?;
        Ok(())
    }

    /// The point system described by `points`.
    pub fn point_system(&self) -> Result<PointSystem, ConfigError> {
        let p = &self.points;
        let tenths = |name: &str, v: f64| -> Result<Score, ConfigError> {
            let t = (v * 10.0).round();
            if !v.is_finite() || (v * 10.0 - t).abs() > 1e-6 || t.abs() > 9999.0 {
                return Err(ConfigError::Invalid(format!(
                    "points.{name}: {v} is not a number of points with at most one decimal"
                )));
            }
            Ok(Score(t as i32))
        };
        let (mut w, mut d, mut l) = (1.0, 0.5, 0.0);
        if let Some(s) = &p.system {
            let parts: Vec<&str> = s.split(['-', '/']).map(str::trim).collect();
            let nums: Option<Vec<f64>> = parts.iter().map(|x| x.parse::<f64>().ok()).collect();
            match nums.as_deref() {
                Some([a, b, c]) => (w, d, l) = (*a, *b, *c),
                _ => {
                    return Err(ConfigError::Invalid(format!(
                        "points.system: expected \"W-D-L\" such as \"1-0.5-0\" or \"3-1-0\", found {s:?}"
                    )))
                }
            }
        }
        w = p.win.unwrap_or(w);
        d = p.draw.unwrap_or(d);
        l = p.loss.unwrap_or(l);
        let win = tenths("win", w)?;
        let draw = tenths("draw", d)?;
        let loss = tenths("loss", l)?;
        let get = |name: &str, v: Option<f64>, default: Score| match v {
            Some(v) => tenths(name, v),
            None => Ok(default),
        };
        Ok(PointSystem {
            win,
            draw,
            loss,
            forfeit_win: get("forfeit_win", p.forfeit_win, win)?,
            forfeit_loss: get("forfeit_loss", p.forfeit_loss, loss)?,
            pab: get("pab", p.pab, win)?,
            half_bye: get("half_bye", p.half_bye, draw)?,
            full_bye: get("full_bye", p.full_bye, win)?,
            zero_bye: get("zero_bye", p.zero_bye, loss)?,
        })
    }

    /// The number of players of one tournament (drawn when `players_max` is set).
    pub fn draw_players<R: Rng>(&self, rng: &mut R) -> u32 {
        match self.players_max {
            Some(m) if m > self.players => rng.gen_range(self.players..=m),
            _ => self.players,
        }
    }

    /// The latest round a late entrant may join.
    pub fn late_entry_last_round(&self) -> u32 {
        let r = if self.events.late_entry_last_round == 0 {
            (self.rounds / 2).max(2)
        } else {
            self.events.late_entry_last_round
        };
        r.min(self.rounds)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use swisslab_engine::Unplayed;

    #[test]
    fn reads_javafo_generator_files() {
        let text = "PlayersNumber=100\nRoundsNumber=11\nDrawPercentage=30\nForfeitRate=30\n\
                    RetiredRate=50\nHalfPointByeRate=20\nHighestRating=2800\nLowestRating=1200\n";
        let (c, w) = Config::parse(text, Path::new("bench.cfg")).unwrap();
        assert!(w.is_empty());
        assert_eq!((c.players, c.rounds), (100, 11));
        assert_eq!(c.results.model, ResultModel::ConstantDraw);
        assert!((c.results.draw_rate - 0.3).abs() < 1e-12);
        assert!((c.results.forfeit_rate - 1.0 / 30.0).abs() < 1e-12);
        assert_eq!((c.ratings.min, c.ratings.max), (1200, 2800));
        // One player in 50 takes a zero-point bye, one in 20 a half-point bye, over the 10
        // rounds byes may be requested in; nobody enters late or withdraws.
        let e = &c.events;
        assert!((e.bye_rate - (1.0 / 20.0 + 1.0 / 50.0) / 10.0).abs() < 1e-12);
        assert!((e.half_bye_weight - 1.0 / 20.0).abs() < 1e-12);
        assert!((e.zero_bye_weight - 1.0 / 50.0).abs() < 1e-12);
        assert_eq!(
            (e.full_bye_weight, e.late_entry_rate, e.withdrawal_rate),
            (0.0, 0.0, 0.0)
        );
        // The order of the keys does not matter.
        let swapped = text.replace(
            "RetiredRate=50\nHalfPointByeRate=20",
            "HalfPointByeRate=20\nRetiredRate=50",
        );
        assert_ne!(swapped, text);
        let (d, _) = Config::parse(&swapped, Path::new("bench.cfg")).unwrap();
        assert_eq!(d.events.bye_rate, e.bye_rate);
        // TOML sections in the same file add back what the generator keys leave out.
        let with = format!("{text}[events]\nwithdrawal_rate = 0.05\n");
        let (d, _) = Config::parse(&with, Path::new("bench.cfg")).unwrap();
        assert_eq!(d.events.withdrawal_rate, 0.05);
        assert_eq!(d.events.late_entry_rate, 0.0);
    }

    #[test]
    fn generator_files_plan_the_byes_of_the_reference_generator() {
        // The benchmark files of ../shared/bench were made with these settings (500 players):
        // exactly 10 players have one zero-point bye and play on, 25 one half-point bye, none
        // in round 11, and nobody enters late or withdraws. Over 20 planned tournaments the
        // counts must average close to that.
        let text = "PlayersNumber=500\nRoundsNumber=11\nDrawPercentage=30\nForfeitRate=30\n\
                    RetiredRate=50\nHalfPointByeRate=20\nHighestRating=2800\nLowestRating=1200\n";
        let (c, _) = Config::parse(text, Path::new("bench-0500.cfg")).unwrap();
        let (mut half, mut zero, mut other) = (0, 0, 0);
        for index in 0..20 {
            let plan = crate::model::plan(&c, &mut crate::model::tournament_rng(7, index));
            for p in &plan.players {
                assert_eq!((p.entry_round, p.withdrawn_after), (1, None));
                assert!(p.byes.len() <= 1);
                for &(round, kind) in &p.byes {
                    assert!(round < 11, "a requested bye in the last round");
                    match kind {
                        Unplayed::HalfBye => half += 1,
                        Unplayed::ZeroBye => zero += 1,
                        _ => other += 1,
                    }
                }
            }
        }
        // Expected: a player asks for a bye with probability 1 - (1 - 0.007)^10 = 0.068, so
        // about 20 * 24.2 half-point and 20 * 9.7 zero-point byes (ranges of about 3 sigma).
        assert!((400..=540).contains(&half), "{half} half-point byes");
        assert!((140..=240).contains(&zero), "{zero} zero-point byes");
        assert_eq!(other, 0);
    }

    #[test]
    fn reads_toml_with_sections_and_points() {
        let text = "players = 40\nrounds = 7\n[points]\nsystem = \"3-1-0\"\n[results]\nmodel = \"constant-draw\"\n";
        let (c, _) = Config::parse(text, Path::new("x.toml")).unwrap();
        let ps = c.point_system().unwrap();
        assert_eq!(
            (ps.win, ps.draw, ps.pab, ps.half_bye),
            (Score(30), Score(10), Score(30), Score(10))
        );
        assert!(Config::parse("players = 1\n", Path::new("x.toml")).is_err());
        assert!(Config::parse("plyers = 10\n", Path::new("x.toml")).is_err());
        let (_, w) = Config::parse("Foo = 3\n", Path::new("x.cfg")).unwrap();
        assert_eq!(w.len(), 1);
    }

    /// The shipped profiles parse, the over-the-board one is the embedded default, and a key
    /// left out of a file keeps the profile's value.
    #[test]
    fn profiles_are_the_defaults() {
        let otb = Config::default();
        assert_eq!(otb.results.model, ResultModel::Fitted);
        assert_eq!(otb.events.model, EventModel::Fitted);
        assert_eq!(otb.profile.name, "otb");
        let online = Config::profile(crate::profile::Kind::Online);
        assert_eq!(online.profile.name, "online");
        let (c, _) =
            Config::parse("[results]\nforfeit_rate = 0.01\n", Path::new("x.toml")).unwrap();
        assert_eq!(c.results.model, ResultModel::Fitted);
        assert_eq!(c.results.fitted, otb.results.fitted);
        assert_eq!(c.results.forfeit_rate, 0.01);
    }

    /// An unknown key of a profile is refused with its file, line and column.
    #[test]
    fn an_unknown_key_is_refused_with_its_line() {
        let text = "players = 40\n[events.fitted]\nleave = -4.0\nleeve_score = 1.0\n";
        let e = Config::parse(text, Path::new("p.toml"))
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("p.toml:4:1: unknown field `leeve_score`"),
            "{e}"
        );
        let e = Config::parse("players = \n", Path::new("p.toml"))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("p.toml:1:"), "{e}");
    }
}
