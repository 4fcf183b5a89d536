//! Code shared by the fuzz targets: the pairing oracles and the structure-aware tournament
//! generator.
//!
//! Every oracle takes the [`System`] that paired the round and applies that system's rules:
//! the pairing-allocated bye ([`bars_bye`]: 2017 C.04.1.d, 2026 C.04.1 Art. 4, 2012 and 1998
//! B.1.b, Dubov 1997 2.2; 2012's yields when nobody can take it, [`bye_rule_yields`]) and the
//! colour limits ([`ColourLimits`]: the Dutch C.3 with its topscorers; per player for Dubov,
//! without exception, and for 1998 with the Note to B.6). The `tournament` target draws the
//! system from the first byte of its input ([`draw_system`]: below `0x80` even `dutch-2017`,
//! odd `dutch-2026`; from `0x80` the four others; from `0xf0` those added later, `lim`, `burstein-2026` and
//! `double-swiss`), or takes the one named by [`SYSTEM_ENV`]
//! when it is set; `trf_pair` pairs with the system the file names, else the edition in force
//! (`System::resolve`).
//!
//! - [`absolute_violations`]: a small checker of the absolute criteria, written from the rules
//!   and not from the engine (it derives every fact it needs from the raw rounds itself):
//!   every present player paired exactly once and nobody else (C.04.1.a), no rematch and no
//!   forbidden pair (C.1, `XXP`), the pairing-allocated bye only when the number of players is
//!   odd and only to a player the system's bye rule does not bar (C.2, [`bars_bye`]), and the
//!   colour limits ([`ColourLimits`]; Dutch: C.3 with E.1/E.2, a non-topscorer with an absolute
//!   colour preference gets that colour unless his opponent has the same absolute preference,
//!   and two non-topscorers with the same absolute preference never meet).
//! - [`brute_force`]: on small fields, an exhaustive search for any pairing meeting those
//!   criteria, to verify the engine's "no valid pairing exists".
//! - [`pair_and_verify`]: pairs a round with the system's engine and applies both.
//! - [`simulator_invariants`]: the invariants the simulator checks on every round it pairs
//!   (`swisslab_simulator::invariants::check_pairing`), a second checker written independently
//!   of this one and of the engine.
//! - [`literal_agrees`]: on fields of at most [`LITERAL_PLAYERS`], the round paired again with
//!   every bracket solved by the literal reference implementation of the B/D candidate sequence
//!   (`System::pair_with_literal_oracle`, the engine's `oracle` feature); the
//!   two pairings (games, colours, bye) must be the same. For the systems whose engine is held
//!   equal to such an oracle (`dutch-2017`, `rating-1998`, and `dutch-2012` since its literal
//!   oracle takes the fast engine's readings: `dutch2012/literal/tests.rs` holds them equal on
//!   random rounds).
//! - [`trf_pair`] and [`tournament`]: the checks of the `trf_pair` and `tournament` targets.
//!   `trf_pair` applies [`pair_and_verify`]; `tournament` applies all of the above to every
//!   round the engine pairs, and at the end checks the scores (`check_scores` of the simulator's
//!   invariants) against its own account of the points drawn.
//!
//! The regression tests (`simulator/tests/fuzz_regressions.rs`) include this file as a module,
//! so a crash replays through exactly the code that found it; it must therefore use only
//! `swisslab_engine` (with the `oracle` feature), `swisslab_simulator` and `arbitrary`. The rest
//! of the oracle (TRF round trip, the checker report) is `swisslab_engine::fuzzing`.

use arbitrary::Unstructured;
use std::collections::BTreeSet;
use swisslab_engine::fuzzing::{violation, Violation, LIMITS};
use swisslab_engine::pairing::{ByeRule, ColourRule};
use swisslab_engine::pairing::{Pairing, PairingError, Request};
use swisslab_engine::{
    trf, Color, GameKind, GameResult, Player, PlayerId, PointSystem, RoundEntry, Score, System,
    Tournament, Unplayed,
};
use swisslab_simulator::invariants;

/// What the absolute criteria need to know about one player before the round.
#[derive(Clone, Debug)]
pub struct Facts {
    pub id: PlayerId,
    /// Opponents of games played over the board (forfeits are not meetings).
    pub met: BTreeSet<PlayerId>,
    /// Barred from the pairing-allocated bye by the system's rule ([`bars_bye`]; C.2).
    pub bye_barred: bool,
    /// Colours of the games played over the board, in order.
    pub colours: Vec<Color>,
    /// Points scored (without acceleration).
    pub score: i64,
    /// A.7: more than half the maximum possible score before the final round.
    pub topscorer: bool,
    /// The round is the tournament's last.
    pub last_round: bool,
}

impl Facts {
    /// The absolute colour preference (A.6.a), if any: colour difference beyond ±1 first, then
    /// the same colour in the two latest games.
    pub fn absolute(&self) -> Option<Color> {
        let diff: i64 = self
            .colours
            .iter()
            .map(|c| if *c == Color::White { 1 } else { -1 })
            .sum();
        if diff > 1 {
            return Some(Color::Black);
        }
        if diff < -1 {
            return Some(Color::White);
        }
        match self.colours.as_slice() {
            [.., a, b] if a == b => Some(a.opposite()),
            _ => None,
        }
    }
}

/// True when round entry `e` of `t` bars a later pairing-allocated bye under `system`.
pub fn bars_bye(t: &Tournament, system: System, e: &RoundEntry) -> bool {
    let pab = *e == RoundEntry::Unplayed(Unplayed::Pab);
    match (system.invariants().bye, *e) {
        // 2017 C.04.1.d: "has already received a pairing-allocated bye, or has already scored a
        // (forfeit) win due to an opponent not appearing in time". (Double-Swiss C2 is a rule
        // of matches (two columns): its pairings are checked by
        // [`pair_and_verify_double_swiss`], never through these per-column facts.)
        (ByeRule::ByeOrForfeitWin, RoundEntry::Game { kind, result, .. }) => {
            kind == GameKind::Forfeit && result == GameResult::Win
        }
        (ByeRule::ByeOrForfeitWin, RoundEntry::Unplayed(u)) => {
            matches!(u, Unplayed::Pab | Unplayed::ForfeitWin)
        }
        // 2026 C.04.1 Art. 4: a pairing-allocated bye (of any value), or "scored in one single
        // round, without playing, as many points as rewarded for a win". Without playing: any
        // round not played over the board (a forfeit either way, any unplayed round), so a
        // full-point bye or a forfeit win bars it and, with the usual points, a half-point bye
        // does not. A win worth nothing gives the clause no meaning: it then bars nothing
        // (as the engine reads it).
        // Dubov 1997 2.2 bars "a point without playing", and 1998 B.1.b "a point without
        // playing, either through a bye or due to an opponent not appearing in time": read the
        // same way (a round not played that scored a win's points, or the bye).
        (ByeRule::ByeOrWinWithoutPlaying, RoundEntry::Game { kind, .. })
            if kind != GameKind::Forfeit =>
        {
            false
        }
        (ByeRule::ByeOrWinWithoutPlaying, _) => {
            pab || (t.points.win > Score(0) && t.points.points(e) >= t.points.win)
        }
        // 2012 B.1.b: "received a point or half point without playing, either through a bye or
        // due to an opponent not appearing in time": a forfeit win, or a bye (of any kind) that
        // scored points; a pairing-allocated bye worth nothing bars nothing (nor does a forfeit
        // loss: the player himself did not appear), and neither does a forfeit win worth
        // nothing (no "point or half point" received; as the engine reads it).
        (ByeRule::PointWithoutPlaying, RoundEntry::Game { kind, result, .. }) => {
            kind == GameKind::Forfeit && result == GameResult::Win && t.points.points(e) > Score(0)
        }
        (ByeRule::PointWithoutPlaying, RoundEntry::Unplayed(u)) => {
            u != Unplayed::ForfeitLoss && t.points.points(e) > Score(0)
        }
    }
}

/// The facts of every player of `t` before round `round` (1-based), from rounds
/// `1 .. round`, in the order of `t.players`, under `system`'s bye rule.
pub fn facts(t: &Tournament, system: System, round: usize) -> Vec<Facts> {
    let last_round = t.total_rounds == Some(round as u32);
    let max_possible = i64::from(t.points.win.0) * (round as i64 - 1);
    t.players
        .iter()
        .map(|p| {
            let mut f = Facts {
                id: p.id,
                met: BTreeSet::new(),
                bye_barred: false,
                colours: Vec::new(),
                score: 0,
                topscorer: false,
                last_round,
            };
            for e in p.rounds.iter().take(round.saturating_sub(1)) {
                f.score += i64::from(t.points.points(e).0);
                f.bye_barred |= bars_bye(t, system, e);
                if let RoundEntry::Game {
                    opponent,
                    color,
                    kind,
                    ..
                } = *e
                {
                    if kind != GameKind::Forfeit {
                        f.met.insert(opponent);
                        f.colours.push(color);
                    }
                }
            }
            f.topscorer = last_round && 2 * f.score > max_possible;
            f
        })
        .collect()
}

fn forbidden(t: &Tournament, a: PlayerId, b: PlayerId) -> bool {
    t.forbidden.iter().any(|l| l.contains(&a) && l.contains(&b))
}

/// How `system` limits colours absolutely.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourLimits {
    /// Dutch (2017/2026 C.3, 2012 B.2 with its top scorers): two non-topscorers with the same
    /// absolute preference never meet; a non-topscorer with an absolute preference gets that
    /// colour unless his opponent (a topscorer) has the same one.
    Dutch,
    /// Per player, after the round: colour difference within ±2 and never a third equal colour
    /// in a row (Dubov 1997 2.3-2.4, Dubov 2026 C3 with the Basic Rules Art. 6-7, rating-based
    /// 1998 B.2). `exempt_topscorer`: the player over 50% in the last round is exempt himself,
    /// his opponent is not (1998, Note to B.6); Dubov names no exception. `exempt_last_round`:
    /// nobody has limits in the last round (Lim Art. 6).
    PerPlayer {
        exempt_topscorer: bool,
        exempt_last_round: bool,
    },
}

impl ColourLimits {
    /// The colour limits of `system` (its declared colour rule).
    pub fn of(system: System) -> ColourLimits {
        match system.invariants().colours {
            ColourRule::DutchTopscorers => ColourLimits::Dutch,
            ColourRule::PerPlayer {
                topscorer_exempt,
                last_round_exempt,
            } => ColourLimits::PerPlayer {
                exempt_topscorer: topscorer_exempt,
                exempt_last_round: last_round_exempt,
            },
            // Double-Swiss has no colour criterion; its pairings are checked by
            // [`pair_and_verify_double_swiss`], which applies no colour limit.
            ColourRule::Unlimited => ColourLimits::PerPlayer {
                exempt_topscorer: true,
                exempt_last_round: false,
            },
        }
    }
}

/// Whether `f` may receive colour `c` under per-player limits (Dubov 2.3-2.4, 1998 B.2):
/// difference within ±2 after the game and no third equal colour in a row; `exempt`: the
/// limits do not apply to him.
pub fn colour_fits(f: &Facts, c: Color, exempt: bool) -> bool {
    if exempt {
        return true;
    }
    let diff: i64 = f
        .colours
        .iter()
        .chain(std::iter::once(&c))
        .map(|x| if *x == Color::White { 1 } else { -1 })
        .sum();
    diff.abs() <= 2 && !matches!(f.colours.as_slice(), [.., x, y] if *x == c && *y == c)
}

/// May `a` and `b` meet under the absolute criteria of `system` (C.1, `XXP`, the colour limits
/// of [`ColourLimits`])? Under per-player limits, when some colour allocation respects both.
pub fn compatible(t: &Tournament, system: System, a: &Facts, b: &Facts) -> bool {
    if a.id == b.id || a.met.contains(&b.id) || b.met.contains(&a.id) || forbidden(t, a.id, b.id) {
        return false;
    }
    match ColourLimits::of(system) {
        ColourLimits::Dutch => {
            !matches!((a.absolute(), b.absolute()), (Some(x), Some(y)) if x == y && !a.topscorer && !b.topscorer)
        }
        ColourLimits::PerPlayer {
            exempt_topscorer,
            exempt_last_round,
        } => {
            let (ea, eb) = (
                exempt_topscorer && a.topscorer || exempt_last_round && a.last_round,
                exempt_topscorer && b.topscorer || exempt_last_round && b.last_round,
            );
            [Color::White, Color::Black]
                .iter()
                .any(|&c| colour_fits(a, c, ea) && colour_fits(b, c.opposite(), eb))
        }
    }
}

/// The Dutch colour criteria (C.3 with E.1/E.2) of the game `fw` (White) - `fb` (Black).
fn dutch_colours(fw: &Facts, fb: &Facts, out: &mut Vec<String>) {
    let (w, b) = (fw.id, fb.id);
    let (aw, ab) = (fw.absolute(), fb.absolute());
    if let (Some(x), Some(y)) = (aw, ab) {
        if x == y && !fw.topscorer && !fb.topscorer {
            out.push(format!(
                "{w}-{b}: non-topscorers with the same absolute preference for {x:?} (C.3)"
            ));
        }
    }
    for (f, got, own, other) in [(fw, Color::White, aw, ab), (fb, Color::Black, ab, aw)] {
        if let Some(want) = own {
            if !f.topscorer && want != got && other != Some(want) {
                out.push(format!(
                    "{w}-{b}: non-topscorer {} has an absolute preference for {want:?} and \
                     gets {got:?}",
                    f.id
                ));
            }
        }
    }
}

/// Every way `pairing` breaks the absolute criteria of `system` for `req` (empty when it does
/// not).
pub fn absolute_violations(
    t: &Tournament,
    system: System,
    req: &Request,
    pairing: &Pairing,
) -> Vec<String> {
    let facts = facts(t, system, req.round);
    let get = |id: PlayerId| facts.iter().find(|f| f.id == id);
    let mut out = Vec::new();
    let mut seen: BTreeSet<PlayerId> = BTreeSet::new();
    let mut once = |id: PlayerId, out: &mut Vec<String>| {
        if !seen.insert(id) {
            out.push(format!("player {id} is paired more than once"));
        }
        if !req.present.contains(&id) {
            out.push(format!("player {id} is paired but not present"));
        }
    };
    for &(w, b) in &pairing.games {
        once(w, &mut out);
        once(b, &mut out);
        let (Some(fw), Some(fb)) = (get(w), get(b)) else {
            out.push(format!("game {w}-{b}: unknown player"));
            continue;
        };
        if w == b {
            out.push(format!("player {w} plays himself"));
            continue;
        }
        if fw.met.contains(&b) || fb.met.contains(&w) {
            out.push(format!("{w}-{b}: rematch (C.1)"));
        }
        if forbidden(t, w, b) {
            out.push(format!("{w}-{b}: forbidden pair (XXP)"));
        }
        match ColourLimits::of(system) {
            ColourLimits::Dutch => dutch_colours(fw, fb, &mut out),
            ColourLimits::PerPlayer {
                exempt_topscorer,
                exempt_last_round,
            } => {
                for (f, got) in [(fw, Color::White), (fb, Color::Black)] {
                    // A history no colour fits (only the arbitrary rounds make one) breaks the
                    // limits whatever the engine does, as in [`simulator_invariants`].
                    let exempt = exempt_topscorer && f.topscorer
                        || exempt_last_round && f.last_round
                        || colours_exhausted(f);
                    if !colour_fits(f, got, exempt) {
                        out.push(format!(
                            "{w}-{b}: {} gets {got:?}, beyond the colour limits of {system} \
                             (difference ±2, three in a row)",
                            f.id
                        ));
                    }
                }
            }
        }
    }
    if let Some(b) = pairing.bye {
        once(b, &mut out);
        if req.present.len().is_multiple_of(2) {
            out.push(format!("bye to {b} with an even number of players"));
        }
        if get(b).is_some_and(|f| f.bye_barred) && !bye_rule_yields(t, system, req, &facts) {
            out.push(format!(
                "bye to {b}, whom an earlier round bars from it under {system} (C.2)"
            ));
        }
    } else if req.present.len() % 2 == 1 {
        out.push("odd number of players and no bye".into());
    }
    for id in &req.present {
        if !seen.contains(id) {
            out.push(format!("player {id} is present but not paired"));
        }
    }
    out
}

/// Dutch 2012 only: B.1.b yields when nobody can take the bye (JaVaFo gives it anyway; the
/// README's "Dutch 2012" readings): true when no pairing gives the bye to a player it does not
/// bar, by brute force on small fields, else when every present player is barred. The other
/// systems' bye rules are absolute (2017 C.04.1.d, 2026 Art. 4, Dubov 1997 2.2, 1998 B.1.b).
fn bye_rule_yields(t: &Tournament, system: System, req: &Request, facts: &[Facts]) -> bool {
    if system.invariants().bye != ByeRule::PointWithoutPlaying {
        return false;
    }
    if req.present.len() <= LIMITS.brute_force_players {
        return brute_force(t, system, req).is_none();
    }
    facts
        .iter()
        .filter(|f| req.present.contains(&f.id))
        .all(|f| f.bye_barred)
}

/// An exhaustive search for a pairing of `req` meeting the absolute criteria of `system`;
/// colours are not allocated (every compatible pair admits colours meeting them). `None` when
/// there is none.
pub fn brute_force(
    t: &Tournament,
    system: System,
    req: &Request,
) -> Option<Vec<(PlayerId, PlayerId)>> {
    let all = facts(t, system, req.round);
    let players: Vec<&Facts> = all.iter().filter(|f| req.present.contains(&f.id)).collect();
    let n = players.len();
    let ok: Vec<Vec<bool>> = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| compatible(t, system, players[i], players[j]))
                .collect()
        })
        .collect();
    fn search(ok: &[Vec<bool>], used: &mut Vec<bool>, pairs: &mut Vec<(usize, usize)>) -> bool {
        let Some(i) = used.iter().position(|u| !u) else {
            return true;
        };
        used[i] = true;
        for j in i + 1..used.len() {
            if !used[j] && ok[i][j] {
                used[j] = true;
                pairs.push((i, j));
                if search(ok, used, pairs) {
                    return true;
                }
                pairs.pop();
                used[j] = false;
            }
        }
        used[i] = false;
        false
    }
    let byes: Vec<Option<usize>> = if n.is_multiple_of(2) {
        vec![None]
    } else {
        (0..n)
            .filter(|&i| !players[i].bye_barred)
            .map(Some)
            .collect()
    };
    for bye in byes {
        let mut used = vec![false; n];
        if let Some(b) = bye {
            used[b] = true;
        }
        let mut pairs = Vec::new();
        if search(&ok, &mut used, &mut pairs) {
            return Some(
                pairs
                    .into_iter()
                    .map(|(i, j)| (players[i].id, players[j].id))
                    .collect(),
            );
        }
    }
    None
}

/// The environment variable that, when set to a system's name (`dutch-2026`), makes the
/// `tournament` target pair every input with that system instead of the drawn one (to give one
/// edition a campaign of its own; the input's first byte is still read, so a corpus keeps its
/// meaning), and `trf_pair` every file instead of the system the file names.
pub const SYSTEM_ENV: &str = "SWISSLAB_FUZZ_SYSTEM";

/// The system [`SYSTEM_ENV`] names, if it is set (read once). A name that is not a system's is
/// the operator's mistake, and stops the run.
fn forced_system() -> Option<System> {
    static FORCED: std::sync::OnceLock<Option<System>> = std::sync::OnceLock::new();
    *FORCED.get_or_init(|| {
        let name = std::env::var(SYSTEM_ENV).ok()?;
        match name.parse() {
            Ok(s) => Some(s),
            Err(e) => panic!("{SYSTEM_ENV}: {e}"),
        }
    })
}

/// The systems of the first bytes from `0x80` up, by the byte modulo 4 ([`draw_system`]).
pub const HIGH_BYTE_SYSTEMS: [System; 4] = [
    System::Dubov2026,
    System::Dubov1997,
    System::Rating1998,
    System::Dutch2012,
];

/// The systems of the first bytes from [`LATE_SYSTEMS_FROM`] up, by the byte's offset from it
/// modulo their number ([`draw_system`]): the systems pairing players that the registry lists
/// after the first six (`lim`, `burstein-2026`, `double-swiss`). The Swiss Team System pairs
/// team events, which this target does not draw: it is not among them.
pub const LATE_SYSTEMS: &[System] = &[System::Lim, System::Burstein2026, System::DoubleSwiss];

/// The first byte that draws one of [`LATE_SYSTEMS`].
pub const LATE_SYSTEMS_FROM: u8 = 0xf0;

/// The first byte that draws `double-swiss` (each round a match of two columns).
pub const DOUBLE_SWISS_BYTE: u8 = LATE_SYSTEMS_FROM + 2;

/// The system of a `tournament` input, from its first byte `b` (no byte left: `0`), unless
/// [`SYSTEM_ENV`] forces one:
///
/// - `b < 0x80`: even `dutch-2017`, odd `dutch-2026`, as before the other systems were drawn
///   (then every byte was read this way), so an input starting below `0x80` keeps its system;
/// - `0x80 <= b < 0xf0`: `b % 4` indexes [`HIGH_BYTE_SYSTEMS`]: `0x80` `dubov-2026`, `0x81`
///   `dubov-1997`, `0x82` `rating-1998`, `0x83` `dutch-2012` (and so on up to `0xef`);
/// - `b >= 0xf0`: `(b - 0xf0) % LATE_SYSTEMS.len()` indexes [`LATE_SYSTEMS`] (`0xf0` `lim`,
///   `0xf1` `burstein-2026`, `0xf2` `double-swiss`, each round of it a match of two columns).
///
/// Shares: a quarter each for the two Dutch editions in force, an eighth for each other
/// system. Old inputs from `0x80` up (of the git-ignored corpus and the random seeds) change
/// system; the regression files start with `0x00`. The rest of the input means the same under
/// every system, so a crash found under a forced system replays without the variable once its
/// first byte is replaced by that system's (`0x80`..`0x83`, or a byte below `0x80` of the
/// right parity for the Dutch editions). The inputs kept from before the system was drawn
/// at all were 2017 inputs: they are kept with a `0` byte in front.
pub fn draw_system(u: &mut Unstructured) -> arbitrary::Result<System> {
    let b: u8 = u.arbitrary()?;
    let drawn = if b < 0x80 {
        [System::Dutch2017, System::Dutch2026][usize::from(b % 2)]
    } else if b < LATE_SYSTEMS_FROM {
        HIGH_BYTE_SYSTEMS[usize::from(b % 4)]
    } else {
        LATE_SYSTEMS[usize::from(b - LATE_SYSTEMS_FROM) % LATE_SYSTEMS.len()]
    };
    Ok(forced_system().unwrap_or(drawn))
}

/// Pairs `req` with `system`'s engine and checks the answer: a pairing must meet the absolute
/// criteria; "no valid pairing" is verified by brute force on small fields; an invalid-request
/// answer to a well-formed request is a violation. Returns the pairing, if any.
pub fn pair_and_verify(
    t: &Tournament,
    system: System,
    req: &Request,
) -> Result<Option<Pairing>, Violation> {
    if system.columns_per_round() == 2 {
        return pair_and_verify_double_swiss(t, req, false);
    }
    match system.pair(t, req) {
        Ok(p) => {
            let v = absolute_violations(t, system, req, &p);
            if v.is_empty() {
                Ok(Some(p))
            } else {
                Err(violation(format!(
                    "round {} ({system}): the engine's pairing breaks the absolute criteria:\n  \
                     {}\npairing: {p:?}\npresent: {:?}\n--- tournament before the round ---\n{}",
                    req.round,
                    v.join("\n  "),
                    req.present,
                    trf::write(t)
                )))
            }
        }
        Err(PairingError::NoValidPairing(why)) => {
            if req.present.len() <= LIMITS.brute_force_players {
                if let Some(found) = brute_force(t, system, req) {
                    return Err(violation(format!(
                        "round {} ({system}): the engine says no valid pairing exists ({why}), \
                         but {found:?} meets the absolute criteria\npresent: {:?}\n\
                         --- tournament before the round ---\n{}",
                        req.round,
                        req.present,
                        trf::write(t)
                    )));
                }
            }
            Ok(None)
        }
        Err(
            e @ (PairingError::InvalidRequest(_)
            | PairingError::TooLarge(_)
            | PairingError::Engine(_)),
        ) => Err(violation(format!(
            "round {} ({system}): a well-formed request is refused: {e}",
            req.round
        ))),
    }
}

/// [`pair_and_verify`] for Double-Swiss (C.04.5), whose match is two round columns: a pairing
/// must meet the simulator's match invariants (every player once, C1 with forfeited matches
/// repeatable, C2, written independently of the engine: `swisslab_simulator::double_swiss`);
/// "no valid pairing" is verified with the simulator's matching-based `feasible`. A refused
/// request is a violation when `strict` (a tournament built as matches), else the file's
/// columns do not form matches and there is nothing to pair.
pub fn pair_and_verify_double_swiss(
    t: &Tournament,
    req: &Request,
    strict: bool,
) -> Result<Option<Pairing>, Violation> {
    let before = |what: String| {
        violation(format!(
            "round {} (double-swiss): {what}
present: {:?}
--- tournament before the round ---
{}",
            req.round,
            req.present,
            trf::write(t)
        ))
    };
    match System::DoubleSwiss.pair(t, req) {
        Ok(p) => {
            let v = swisslab_simulator::double_swiss::check_match(t, req.round, &req.present, &p);
            if v.is_empty() {
                return Ok(Some(p));
            }
            let v: Vec<String> = v.iter().map(ToString::to_string).collect();
            Err(before(format!(
                "the engine's pairing breaks the match invariants:
  {}
pairing: {p:?}",
                v.join(
                    "
  "
                )
            )))
        }
        Err(PairingError::NoValidPairing(why)) => {
            if swisslab_simulator::double_swiss::feasible(t, req.round, &req.present) {
                return Err(before(format!(
                    "the engine says no valid pairing exists ({why}), but one meets C1 and C2"
                )));
            }
            Ok(None)
        }
        Err(PairingError::InvalidRequest(_)) if !strict => Ok(None),
        Err(e) => Err(before(format!("a well-formed request is refused: {e}"))),
    }
}

/// The largest field (players to pair) on which [`literal_agrees`] runs the literal oracle,
/// whose cost is exponential in the size of a bracket.
pub const LITERAL_PLAYERS: usize = 10;

/// A player whose played colours leave no colour within C.04.1.f and g (a difference beyond ±2
/// or a third colour in a row either way). Only the arbitrary rounds of [`tournament`] make
/// such histories; whatever he gets breaks the simulator's colour invariants.
fn colours_exhausted(f: &Facts) -> bool {
    let diff: i64 = f
        .colours
        .iter()
        .map(|c| if *c == Color::White { 1 } else { -1 })
        .sum();
    [(Color::White, 1), (Color::Black, -1)]
        .iter()
        .all(|&(c, d)| {
            (diff + d).abs() > 2 || matches!(f.colours.as_slice(), [.., x, y] if *x == c && *y == c)
        })
}

/// The simulator's invariants (`swisslab_simulator::invariants::check_pairing`) on the engine's
/// `pairing` of `req`. The colour invariants are not applied to a player whose history leaves
/// him no valid colour (see [`colours_exhausted`]), nor the bye rule of 2012 (see there).
pub fn simulator_invariants(
    t: &Tournament,
    system: System,
    req: &Request,
    pairing: &Pairing,
) -> Result<(), Violation> {
    let total = t.total_rounds.map_or(0, |r| r as usize);
    let facts = facts(t, system, req.round);
    let exhausted = |id: PlayerId| facts.iter().any(|f| f.id == id && colours_exhausted(f));
    let v: Vec<String> =
        invariants::check_pairing(t, system, req.round, total, &req.present, pairing)
            .into_iter()
            .filter(|v| match *v {
                invariants::Violation::ColourDifference(id, _)
                | invariants::Violation::ThreeInRow(id, _) => !exhausted(id),
                // 2012 B.1.b is left to [`absolute_violations`]: the simulator's invariants
                // read it as absolute (it yields when nobody can take the bye,
                // [`bye_rule_yields`]) and bar a pairing-allocated bye worth nothing ("a point
                // or half point").
                invariants::Violation::ByeNotAllowed(_) => {
                    system.invariants().bye != ByeRule::PointWithoutPlaying
                }
                _ => true,
            })
            .map(|v| v.to_string())
            .collect();
    if v.is_empty() {
        return Ok(());
    }
    Err(violation(format!(
        "round {} ({system}): the engine's pairing breaks the simulator's invariants:\n  {}\n\
         pairing: {pairing:?}\npresent: {:?}\n--- tournament before the round ---\n{}",
        req.round,
        v.join("\n  "),
        req.present,
        trf::write(t)
    )))
}

/// On fields of at most [`LITERAL_PLAYERS`] players to pair: pairs `req` again with the literal
/// oracle (`System::pair_with_literal_oracle`) and compares with the engine's answer `engine`
/// (`None`: "no valid pairing"). Games, colours and bye must be the same.
pub fn literal_agrees(
    t: &Tournament,
    system: System,
    req: &Request,
    engine: Option<&Pairing>,
) -> Result<(), Violation> {
    if req.present.len() > LITERAL_PLAYERS {
        return Ok(());
    }
    // `None`: the system has no literal oracle.
    let Some(literal) = system.pair_with_literal_oracle(t, req) else {
        return Ok(());
    };
    let same = match (&literal, engine) {
        (Ok(l), Some(e)) => l.games == e.games && l.bye == e.bye,
        (Err(PairingError::NoValidPairing(_)), None) => true,
        _ => false,
    };
    if same {
        return Ok(());
    }
    Err(violation(format!(
        "round {} ({system}): the engine and the literal B/D candidate sequence differ\n\
         engine:  {engine:?}\nliteral: {literal:?}\npresent: {:?}\n\
         --- tournament before the round (pair round {} of the players present) ---\n{}",
        req.round,
        req.present,
        req.round,
        trf::write(t)
    )))
}

/// Pairs `req` with `system`'s engine and applies every check of the `tournament` target:
/// [`pair_and_verify`], then [`simulator_invariants`] and [`literal_agrees`].
pub fn pair_and_verify_all(
    t: &Tournament,
    system: System,
    req: &Request,
) -> Result<Option<Pairing>, Violation> {
    let p = if system.columns_per_round() == 2 {
        pair_and_verify_double_swiss(t, req, true)?
    } else {
        pair_and_verify(t, system, req)?
    };
    if let Some(p) = &p {
        simulator_invariants(t, system, req, p)?;
    }
    literal_agrees(t, system, req, p.as_ref())?;
    Ok(p)
}

/// `trf_pair`: when `data` is a valid TRF within the limits, pair the next round with the
/// system [`SYSTEM_ENV`] names, else the one the file names (`192`/`092`), else the edition in
/// force, and verify. (A file cannot name `rating-1998`: only the variable reaches it.)
pub fn trf_pair(data: &[u8]) -> Result<(), Violation> {
    let Ok(mut t) = trf::read(data) else {
        return Ok(());
    };
    let req = Request::next_round(&t);
    if req.present.len() > LIMITS.pair_players {
        return Ok(());
    }
    // A `192` naming a system swisslab does not pair, or a Baku acceleration (C.04.7) the file
    // does not allow, is refused with an error: nothing to pair.
    let Ok(system) = System::resolve(forced_system(), &t) else {
        return Ok(());
    };
    if swisslab_engine::acceleration::apply(&mut t, None, system.columns_per_round()).is_err() {
        return Ok(());
    }
    pair_and_verify(&t, system, &req).map(|_| ())
}

/// The largest field the `tournament` target generates.
pub const MAX_PLAYERS: usize = 16;
/// The most rounds the `tournament` target plays.
pub const MAX_ROUNDS: usize = 9;

/// Per player, the life of the player in the event.
#[derive(Clone, Copy, Debug)]
struct Life {
    /// First round (0-based) in which the player is in the event (late entry when > 0).
    enters: usize,
    /// First round (0-based) from which the player has withdrawn.
    withdraws: Option<usize>,
}

/// A tournament built round by round from `u`, every round paired by the engine (and checked)
/// or, now and then, arbitrarily (to reach histories the engine would not produce).
#[derive(Clone, Debug)]
pub struct Scenario {
    /// The system that paired the engine's rounds ([`draw_system`]).
    pub system: System,
    pub tournament: Tournament,
    /// Rounds paired by the engine and checked.
    pub engine_rounds: usize,
    /// Rounds the engine declared impossible.
    pub impossible_rounds: usize,
    /// Every player's score, as the generator accounted the points it drew (indexed like
    /// `tournament.players`), for `check_scores`.
    pub scores: Vec<Score>,
}

fn pick<T: Copy>(u: &mut Unstructured, options: &[T]) -> arbitrary::Result<T> {
    Ok(*u.choose(options)?)
}

fn score(u: &mut Unstructured, hi: i32) -> arbitrary::Result<Score> {
    Ok(Score(u.int_in_range(0..=hi)?))
}

/// Draws a point system: the default most of the time, otherwise 3/1/0, 2/1/0 or an odd one
/// with every value drawn (tenths, 0 to 3 points; the win worth at least a tenth).
fn point_system(u: &mut Unstructured) -> arbitrary::Result<PointSystem> {
    Ok(match u.int_in_range(0..=7u8)? {
        0 => PointSystem::with_win_draw(Score(30), Score(10)),
        1 => PointSystem::with_win_draw(Score(20), Score(10)),
        2 => PointSystem {
            win: Score(u.int_in_range(1..=30)?),
            draw: score(u, 30)?,
            loss: score(u, 30)?,
            forfeit_win: score(u, 30)?,
            forfeit_loss: score(u, 30)?,
            pab: score(u, 30)?,
            half_bye: score(u, 30)?,
            full_bye: score(u, 30)?,
            zero_bye: score(u, 30)?,
        },
        _ => PointSystem::default(),
    })
}

/// Builds and pairs a tournament from `u`, checking every round the engine pairs.
pub fn tournament(u: &mut Unstructured) -> Result<Scenario, Violation> {
    build(u).unwrap_or_else(|_| {
        Ok(Scenario {
            system: System::Dutch2017,
            tournament: Tournament::default(),
            engine_rounds: 0,
            impossible_rounds: 0,
            scores: Vec::new(),
        })
    })
}

/// The players of a tournament of `n` players and `rounds` rounds (`per` columns each), its
/// point system, length and initial colour, and each player's life in the event, drawn from
/// `u`.
fn draw_field(
    u: &mut Unstructured,
    n: usize,
    rounds: usize,
    per: usize,
) -> arbitrary::Result<(Tournament, Vec<Life>)> {
    let mut t = Tournament {
        points: point_system(u)?,
        ..Tournament::default()
    };
    t.total_rounds = match u.int_in_range(0..=3u8)? {
        0 => None,
        k => Some(((rounds + usize::from(k) - 1) * per) as u32),
    };
    t.initial_color = pick(u, &[None, Some(Color::White), Some(Color::Black)])?;
    let mut lives = Vec::new();
    for i in 0..n {
        let rating = if u.ratio(1, 8)? {
            0
        } else {
            u.int_in_range(1000..=2800u16)?
        };
        t.players.push(Player {
            id: i as PlayerId + 1,
            name: format!("Player {}", i + 1),
            rating,
            ..Player::default()
        });
        let enters = if rounds > 1 && u.ratio(1, 8)? {
            u.int_in_range(1..=rounds - 1)?
        } else {
            0
        };
        let withdraws = if u.ratio(1, 10)? {
            Some(u.int_in_range(1..=rounds)?)
        } else {
            None
        };
        lives.push(Life { enters, withdraws });
    }
    Ok((t, lives))
}

/// Acceleration: Baku-like (the top half gets fictitious points in the first rounds), the
/// Baku Acceleration itself (C.04.7: group A sized on the players entered in round 1, late
/// entries above its last player joining it), or drawn; then forbidden pairs, now and then.
fn draw_acceleration_and_forbidden(
    u: &mut Unstructured,
    t: &mut Tournament,
    lives: &[Life],
    rounds: usize,
) -> arbitrary::Result<()> {
    let n = t.players.len();
    match u.int_in_range(0..=5u8)? {
        2 => {
            let starters: Vec<PlayerId> = t
                .players
                .iter()
                .zip(lives)
                .filter(|(_, l)| l.enters == 0)
                .map(|(p, _)| p.id)
                .collect();
            let length = t.total_rounds.unwrap_or(rounds as u32);
            // A point system without two draws to a win is refused (C.04.7 1.1): unaccelerated.
            if let Ok(v) = swisslab_engine::acceleration::baku(t, &starters, length, 1) {
                t.acceleration = v;
            }
        }
        0 => {
            let k = u.int_in_range(1..=rounds)?;
            let v = t.points.win;
            for p in t.players.iter().take(n.div_ceil(2)) {
                t.acceleration.push((p.id, vec![v; k]));
            }
        }
        1 => {
            for _ in 0..u.int_in_range(1..=4)? {
                let id = u.int_in_range(1..=n as PlayerId)?;
                let k = u.int_in_range(1..=rounds)?;
                let mut v = Vec::new();
                for _ in 0..k {
                    v.push(score(u, 20)?);
                }
                t.acceleration.push((id, v));
            }
        }
        _ => {}
    }
    if u.ratio(1, 6)? {
        for _ in 0..u.int_in_range(1..=3)? {
            let a = u.int_in_range(1..=n as PlayerId)?;
            let b = u.int_in_range(1..=n as PlayerId)?;
            if a != b {
                t.forbidden.push(vec![a, b]);
            }
        }
    }
    Ok(())
}

/// Who is present in a round, and what each of the others (by index) has instead.
type Presence = (BTreeSet<PlayerId>, Vec<(usize, Unplayed)>);

/// Who is there in round `r` (0-based), and what the others have: not entered yet, withdrawn,
/// or a bye or absence drawn from `u`.
fn draw_presence(u: &mut Unstructured, lives: &[Life], r: usize) -> arbitrary::Result<Presence> {
    let mut present = BTreeSet::new();
    let mut away = Vec::new();
    for (i, life) in lives.iter().enumerate() {
        let id = i as PlayerId + 1;
        let entry = if r < life.enters {
            Some(Unplayed::NotEntered)
        } else if life.withdraws.is_some_and(|w| r >= w) {
            Some(Unplayed::Withdrawn)
        } else if u.ratio(1, 10)? {
            Some(pick(
                u,
                &[
                    Unplayed::HalfBye,
                    Unplayed::ZeroBye,
                    Unplayed::FullBye,
                    Unplayed::Absent,
                ],
            )?)
        } else {
            None
        };
        match entry {
            Some(e) => away.push((i, e)),
            None => {
                present.insert(id);
            }
        }
    }
    Ok((present, away))
}

fn build(u: &mut Unstructured) -> arbitrary::Result<Result<Scenario, Violation>> {
    let system = draw_system(u)?;
    let n = u.int_in_range(2..=MAX_PLAYERS)?;
    let rounds = u.int_in_range(1..=MAX_ROUNDS)?;
    // Double-Swiss: a round is a match of two games, two round columns (C.04.5).
    let per = system.columns_per_round();
    let (mut t, lives) = draw_field(u, n, rounds, per)?;
    draw_acceleration_and_forbidden(u, &mut t, &lives, rounds)?;
    let mut scores = vec![Score(0); n];
    let mut scenario_engine = 0;
    let mut scenario_impossible = 0;
    for r in 0..rounds {
        let (present, away) = draw_presence(u, &lives, r)?;
        let req = Request {
            round: r * per + 1,
            present: present.clone(),
        };
        let by_engine = !u.ratio(1, 5)?;
        let mut pairing = None;
        if by_engine {
            match pair_and_verify_all(&t, system, &req) {
                Ok(Some(p)) => {
                    scenario_engine += 1;
                    pairing = Some(p);
                }
                Ok(None) => scenario_impossible += 1,
                Err(v) => return Ok(Err(v)),
            }
        }
        let pairing = match pairing {
            Some(p) => p,
            None => arbitrary_pairing(u, &present)?,
        };
        // Record the round: its column, or the two columns of a match (game 2 with the colours
        // reversed, the PAB as U then H).
        for c in 0..per {
            record_column(u, &mut t, &mut scores, (r * per + c, c), &away, &pairing)?;
        }
    }
    // The round after: who would be paired, as the TRF reader's next-round request sees it.
    let _ = Request::next_round(&t);
    Ok(Ok(Scenario {
        system,
        tournament: t,
        engine_rounds: scenario_engine,
        impossible_rounds: scenario_impossible,
        scores,
    }))
}

/// Records column `col` (game `game` of the round: 0, or 1 for game 2 of a Double-Swiss match)
/// of `pairing`, the results drawn from `u`, the points into `scores`.
fn record_column(
    u: &mut Unstructured,
    t: &mut Tournament,
    scores: &mut [Score],
    (col, game): (usize, usize),
    away: &[(usize, Unplayed)],
    pairing: &Pairing,
) -> arbitrary::Result<()> {
    for p in &mut t.players {
        p.rounds.push(RoundEntry::Unplayed(Unplayed::Absent));
    }
    for &(i, e) in away {
        t.players[i].rounds[col] = RoundEntry::Unplayed(e);
        scores[i] += unplayed_points(&t.points, e);
    }
    if let Some(b) = pairing.bye {
        let e = if game == 0 {
            Unplayed::Pab
        } else {
            Unplayed::HalfBye
        };
        t.players[b as usize - 1].rounds[col] = RoundEntry::Unplayed(e);
        scores[b as usize - 1] += unplayed_points(&t.points, e);
    }
    for &(w0, b0) in &pairing.games {
        let (w, b) = if game == 0 { (w0, b0) } else { (b0, w0) };
        let (rw, rb, kind) = match u.int_in_range(0..=19u8)? {
            0..=6 => (GameResult::Win, GameResult::Loss, GameKind::Rated),
            7..=12 => (GameResult::Draw, GameResult::Draw, GameKind::Rated),
            13..=16 => (GameResult::Loss, GameResult::Win, GameKind::Rated),
            17 => (
                pick(u, &[GameResult::Win, GameResult::Draw, GameResult::Loss])?,
                GameResult::Draw,
                GameKind::Unrated,
            ),
            18 => (GameResult::Win, GameResult::Loss, GameKind::Forfeit),
            _ => pick(
                u,
                &[
                    (GameResult::Loss, GameResult::Win, GameKind::Forfeit),
                    (GameResult::Loss, GameResult::Loss, GameKind::Forfeit),
                ],
            )?,
        };
        // An unrated game's results are still complementary.
        let rb = if kind == GameKind::Unrated {
            rw.complement()
        } else {
            rb
        };
        scores[w as usize - 1] += game_points(&t.points, rw, kind);
        scores[b as usize - 1] += game_points(&t.points, rb, kind);
        t.players[w as usize - 1].rounds[col] = RoundEntry::Game {
            opponent: b,
            color: Color::White,
            result: rw,
            kind,
        };
        t.players[b as usize - 1].rounds[col] = RoundEntry::Game {
            opponent: w,
            color: Color::Black,
            result: rb,
            kind,
        };
    }
    Ok(())
}

/// The points of a game result under `ps`, the generator's own account (for `check_scores`).
fn game_points(ps: &PointSystem, result: GameResult, kind: GameKind) -> Score {
    match (kind, result) {
        (GameKind::Forfeit, GameResult::Win) => ps.forfeit_win,
        (GameKind::Forfeit, _) => ps.forfeit_loss,
        (_, GameResult::Win) => ps.win,
        (_, GameResult::Draw) => ps.draw,
        (_, GameResult::Loss) => ps.loss,
    }
}

/// The points of a round without a game under `ps` (an absence, a withdrawal or a round before
/// a late entry scores as the zero-point bye, as TRF writes them `Z`).
fn unplayed_points(ps: &PointSystem, u: Unplayed) -> Score {
    match u {
        Unplayed::Pab => ps.pab,
        Unplayed::HalfBye => ps.half_bye,
        Unplayed::FullBye => ps.full_bye,
        Unplayed::ForfeitWin => ps.forfeit_win,
        Unplayed::ForfeitLoss => ps.forfeit_loss,
        Unplayed::ZeroBye | Unplayed::Absent | Unplayed::Withdrawn | Unplayed::NotEntered => {
            ps.zero_bye
        }
    }
}

/// `check_scores` of the simulator's invariants: every score of `t` (the sum of its results
/// under its point system) against the generator's account `scores`.
fn scores_agree(t: &Tournament, scores: &[Score], what: &str) -> Result<(), Violation> {
    let v = invariants::check_scores(t, scores);
    if v.is_empty() {
        return Ok(());
    }
    let v: Vec<String> = v.iter().map(ToString::to_string).collect();
    Err(violation(format!(
        "{what}: the scores differ from the points drawn:\n  {}\n{}",
        v.join("\n  "),
        trf::write(t)
    )))
}

/// Any pairing of `present`, drawn from `u`: rematches and repeated byes allowed (histories
/// from other programs, or from an arbiter's hand, have them).
fn arbitrary_pairing(
    u: &mut Unstructured,
    present: &BTreeSet<PlayerId>,
) -> arbitrary::Result<Pairing> {
    let mut left: Vec<PlayerId> = present.iter().copied().collect();
    let mut order = Vec::new();
    while !left.is_empty() {
        let k = u.choose_index(left.len()).unwrap_or(0);
        order.push(left.remove(k));
    }
    let bye = if order.len() % 2 == 1 {
        order.pop()
    } else {
        None
    };
    let games = order.chunks(2).map(|c| (c[0], c[1])).collect();
    Ok(Pairing { games, bye })
}

/// The `tournament` target: build and pair, check the scores, then check that the tournament
/// also survives the TRF writer and reader (read back, it must be accepted, keep every score and
/// round-trip).
pub fn tournament_check(data: &[u8]) -> Result<Scenario, Violation> {
    let mut u = Unstructured::new(data);
    let s = tournament(&mut u)?;
    if !s.tournament.players.is_empty() {
        scores_agree(&s.tournament, &s.scores, "the generated tournament")?;
        let text = trf::write(&s.tournament);
        let back = trf::read_str(&text)
            .map_err(|e| violation(format!("a generated tournament is rejected: {e}\n{text}")))?;
        scores_agree(&back, &s.scores, "the tournament written and read back")?;
        swisslab_engine::fuzzing::round_trip(&back)?;
    }
    Ok(s)
}
