//! How a round was paired, bracket by bracket, for `pair --explain` under the Dutch 2012 and
//! rating-based 1998 engines: the engine records each bracket as it keeps it (its moved-down
//! players and residents, the pairs, the players it moves down, how its pairing was decided
//! between brackets: C.12, C.13), and [`explain`] pairs the round again and [`render`]s the
//! account an arbiter follows. What a system says of a pair or a floater (the colour
//! preferences not granted, the float criteria B.5 / B.6 a repeated float breaks, the colour
//! budget of A.8) comes from its [`Explainer`].

use crate::colour::ColourFacts;
use crate::history::{Float, Preference, PreferenceStrength};
use crate::model::{Color, PlayerId};
use crate::pairing::{Pairing, PairingError, Request};
use crate::score::Score;
use std::cell::RefCell;
use std::fmt::Write as _;

/// One bracket as the engine kept it (indices into the engine's A.2-ordered players).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Step {
    /// "score bracket", "lowest bracket", "lowest bracket (joined by C.13)".
    pub kind: &'static str,
    pub mdps: Vec<usize>,
    pub residents: Vec<usize>,
    pub pairs: Vec<(usize, usize)>,
    /// The players left unpaired: moved down to the next bracket, or the bye.
    pub floaters: Vec<usize>,
    /// How the pairing was chosen when not the bracket's first one (C.12, C.13).
    pub decided: Option<&'static str>,
}

/// The brackets of the round being paired, in the order they were kept. The engine clears it
/// when it starts the round again (C.13 joining brackets).
#[derive(Debug, Default)]
pub(crate) struct Trace(RefCell<Vec<Step>>);

impl Trace {
    /// Forgets the brackets recorded so far (the round is paired again from the top).
    pub fn restart(&self) {
        self.0.borrow_mut().clear();
    }

    pub fn push(&self, step: Step) {
        self.0.borrow_mut().push(step);
    }

    pub fn steps(&self) -> Vec<Step> {
        self.0.borrow().clone()
    }

    /// Records the bracket just kept: its moved-down players and residents, its pairs and
    /// floaters, and how its pairing was decided (`decided`: C.12, C.13).
    pub fn record(
        &self,
        kind: &'static str,
        mdps: &[usize],
        residents: &[usize],
        (pairs, floaters): (&[(usize, usize)], &[usize]),
        decided: Option<&'static str>,
    ) {
        self.push(Step {
            kind,
            mdps: mdps.to_vec(),
            residents: residents.to_vec(),
            pairs: pairs.to_vec(),
            floaters: floaters.to_vec(),
            decided,
        });
    }
}

/// What the account shows of one player: his number and score (A.2), his colour preference
/// (A.7) and the floats he received one and two rounds before (A.4).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Shown {
    pub id: PlayerId,
    pub score: Score,
    pub preference: Option<Preference>,
    pub float1: Float,
    pub float2: Float,
}

impl Shown {
    /// A player of number `id`, pairing score `score`, colour facts `colour`, floats `float1`
    /// (last round) and `float2` (the one before).
    pub fn of(
        id: PlayerId,
        score: Score,
        colour: &ColourFacts,
        float1: Float,
        float2: Float,
    ) -> Shown {
        Shown {
            id,
            score,
            preference: colour.preference,
            float1,
            float2,
        }
    }
}

/// What a system tells of its round for the account: its colour allocation, the articles of a
/// preference not granted, its colour budget.
pub(crate) trait Explainer {
    /// E.1-E.5: whether `hi`, the higher of the pair by A.2, gets White.
    fn white_for_high(&self, hi: usize, lo: usize) -> bool;
    /// The articles a colour preference of `strength` not granted breaks.
    fn preference_articles(&self, strength: PreferenceStrength) -> &'static str;
    /// The bracket's colour budget and how much of it the pairs use (A.8), one line.
    fn budget(&self, step: &Step) -> Option<String>;
}

/// A round as its account shows it: the players (in A.2 order) and what the system tells.
pub(crate) struct Account<'a> {
    pub players: Vec<Shown>,
    pub system: &'a dyn Explainer,
}

impl Account<'_> {
    /// A player as printed: pairing number and score.
    fn name(&self, i: usize) -> String {
        let p = &self.players[i];
        format!("{} ({})", p.id, p.score)
    }

    /// The pair as allocated: (White, Black).
    fn colours(&self, a: usize, b: usize) -> (usize, usize) {
        let (hi, lo) = (a.min(b), a.max(b));
        if self.system.white_for_high(hi, lo) {
            (hi, lo)
        } else {
            (lo, hi)
        }
    }

    /// The criteria the pair does not fully meet, with their articles: a colour preference not
    /// granted (A.7), the lower player's repeated upfloat (B.5, B.6).
    fn pair_notes(&self, white: usize, black: usize) -> Vec<String> {
        let mut notes = Vec::new();
        for (g, c) in [(white, Color::White), (black, Color::Black)] {
            let p = &self.players[g];
            if let Some(pref) = p.preference.filter(|pref| pref.color != c) {
                notes.push(format!(
                    "{} does not get his {:?} preference for {:?} ({})",
                    p.id,
                    pref.strength,
                    pref.color,
                    self.system.preference_articles(pref.strength)
                ));
            }
        }
        let (hi, lo) = (
            &self.players[white.min(black)],
            &self.players[white.max(black)],
        );
        if hi.score > lo.score {
            let up = repeated_floats(Float::Up, lo.float1, lo.float2);
            notes.extend(up.into_iter().map(|n| format!("{} {n}", lo.id)));
        }
        notes
    }

    /// The criteria a player moved down (or given the bye) breaks: a repeated downfloat.
    fn floater_notes(&self, i: usize) -> Vec<String> {
        let p = &self.players[i];
        repeated_floats(Float::Down, p.float1, p.float2)
    }
}

/// `pair --explain` of round `req.round` under `system`, an engine that keeps its brackets:
/// the round `prepared`, paired again (`pair` gives the bye), then [`render`]ed with the
/// players and the brackets kept that `shown` gives; an error is printed with the
/// totals of `pairing`, the pairing explained.
pub(crate) fn explain<R: Explainer>(
    system: &str,
    req: &Request,
    pairing: &Pairing,
    prepared: Result<R, PairingError>,
    pair: impl FnOnce(&R) -> Result<Option<usize>, PairingError>,
    shown: impl FnOnce(&R) -> (Vec<Shown>, Vec<Step>),
) -> String {
    let round = match prepared {
        Ok(r) => r,
        Err(e) => return format!("{system}: {e}\n"),
    };
    match pair(&round) {
        Ok(bye) => {
            let (players, steps) = shown(&round);
            let account = Account {
                players,
                system: &round,
            };
            render(system, req.round, &steps, bye, &account)
        }
        Err(e) => format!(
            "{system}: {e}\n{} games, bye: {}\n",
            pairing.games.len(),
            pairing.bye.map_or("none".into(), |b| b.to_string())
        ),
    }
}

/// B.5 / B.6 as the 2012 and 1998 texts word them: what a float `now` (up or down) repeats of
/// the player's floats in the last round (`last`) and the one before (`before`).
pub(crate) fn repeated_floats(now: Float, last: Float, before: Float) -> Vec<String> {
    let verb = if now == Float::Up {
        "upfloats"
    } else {
        "downfloats"
    };
    let mut notes = Vec::new();
    if last == now {
        notes.push(format!("{verb} again (B.5)"));
    }
    if before == now {
        notes.push(format!("{verb} as two rounds before (B.6)"));
    }
    notes
}

fn bracketed(notes: &[String]) -> String {
    if notes.is_empty() {
        String::new()
    } else {
        format!("  [{}]", notes.join("; "))
    }
}

/// The account of a round: per bracket, its players, how it was decided, the pairs with their
/// colours and the criteria they do not meet, the players moved down, the bye; then the totals.
pub(crate) fn render(
    system: &str,
    round: usize,
    steps: &[Step],
    bye: Option<usize>,
    e: &Account,
) -> String {
    let mut s = String::new();
    let players = e.players.len();
    let _ = writeln!(s, "{system}, round {round}: {players} players to pair");
    let names = |v: &[usize]| v.iter().map(|&i| e.name(i)).collect::<Vec<_>>().join(", ");
    let mut games = 0;
    for (k, step) in steps.iter().enumerate() {
        let _ = writeln!(s, "bracket {} ({}):", k + 1, step.kind);
        if !step.mdps.is_empty() {
            let _ = writeln!(s, "  moved-down players: {}", names(&step.mdps));
        }
        let _ = writeln!(s, "  residents: {}", names(&step.residents));
        if let Some(d) = step.decided {
            let _ = writeln!(s, "  decided by {d}");
        }
        let _ = writeln!(
            s,
            "  {} pair{}",
            step.pairs.len(),
            if step.pairs.len() == 1 { "" } else { "s" }
        );
        if let Some(b) = e.system.budget(step) {
            let _ = writeln!(s, "  {b}");
        }
        for &(a, b) in &step.pairs {
            let (w, bl) = e.colours(a, b);
            let notes = e.pair_notes(w, bl);
            let _ = writeln!(s, "  {} - {}{}", e.name(w), e.name(bl), bracketed(&notes));
        }
        games += step.pairs.len();
        for &f in &step.floaters {
            let what = if bye == Some(f) { "bye" } else { "downfloater" };
            let notes = e.floater_notes(f);
            let _ = writeln!(s, "  {what}: {}{}", e.name(f), bracketed(&notes));
        }
    }
    let _ = writeln!(
        s,
        "{games} games, bye: {}",
        bye.map_or("none".into(), |b| e.name(b))
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Plain;
    impl Explainer for Plain {
        fn white_for_high(&self, _: usize, _: usize) -> bool {
            true
        }
        fn preference_articles(&self, _: PreferenceStrength) -> &'static str {
            "A.7"
        }
        fn budget(&self, _: &Step) -> Option<String> {
            None
        }
    }

    #[test]
    fn renders_each_bracket_in_order() {
        let t = Trace::default();
        t.push(Step {
            kind: "score bracket",
            residents: vec![0, 1, 2],
            pairs: vec![(0, 1)],
            floaters: vec![2],
            ..Step::default()
        });
        t.restart();
        t.push(Step {
            kind: "score bracket",
            residents: vec![0, 1, 2],
            pairs: vec![(0, 2)],
            floaters: vec![1],
            decided: Some("C.12"),
            ..Step::default()
        });
        t.push(Step {
            kind: "lowest bracket",
            mdps: vec![1],
            residents: vec![3],
            pairs: vec![(1, 3)],
            ..Step::default()
        });
        // Four players of numbers 1-4 and score 0; player 1 prefers Black.
        let mut players: Vec<Shown> = (1..=4)
            .map(|id| Shown {
                id,
                ..Shown::default()
            })
            .collect();
        players[0].preference = Some(Preference {
            color: Color::Black,
            strength: PreferenceStrength::Mild,
        });
        let account = Account {
            players,
            system: &Plain,
        };
        let out = render("S", 4, &t.steps(), None, &account);
        let want = "S, round 4: 4 players to pair\n\
                    bracket 1 (score bracket):\n  residents: 1 (0.0), 2 (0.0), 3 (0.0)\n  \
                    decided by C.12\n  1 pair\n  \
                    1 (0.0) - 3 (0.0)  [1 does not get his Mild preference for Black (A.7)]\n  \
                    downfloater: 2 (0.0)\n\
                    bracket 2 (lowest bracket):\n  moved-down players: 2 (0.0)\n  \
                    residents: 4 (0.0)\n  1 pair\n  2 (0.0) - 4 (0.0)\n2 games, bye: none\n";
        assert_eq!(out, want);
    }

    /// The pair and the player ids of an account line `  12 (3.5) - 4 (3)  [...]`.
    fn ids_of(line: &str) -> Vec<u32> {
        line.split(" - ")
            .map(|side| {
                side.trim()
                    .split(' ')
                    .next()
                    .and_then(|x| x.parse().ok())
                    .unwrap_or(0)
            })
            .collect()
    }

    /// On a real tournament (100 players, the benchmark file), every round's account under the
    /// Dutch 2012 and rating-based 1998 engines holds the pairing's games with their colours,
    /// bracket by bracket, every player present in exactly one bracket's first appearance, and
    /// its last line the games and the bye.
    #[test]
    fn accounts_hold_the_pairing_bracket_by_bracket() {
        use crate::pairing::Request;
        use crate::System;
        let text = include_str!("../../testdata/bench/dutch2017-p0100-r11-s100.trf");
        let t = crate::trf::read_str(text).unwrap();
        for system in [System::Dutch2012, System::Rating1998] {
            for round in [1, 4, 7] {
                let req = Request::replay(&t, round);
                let p = system.pair(&t, &req).unwrap();
                let account = system.explain(&t, &req, &p);
                let games: std::collections::BTreeSet<(u32, u32)> = account
                    .lines()
                    .filter(|l| l.starts_with("  ") && l.contains(") - "))
                    .map(|l| {
                        let v = ids_of(l);
                        (v[0], v[1])
                    })
                    .collect();
                assert_eq!(games, p.game_set(), "{system:?} round {round}\n{account}");
                let brackets = account
                    .lines()
                    .filter(|l| l.starts_with("bracket "))
                    .count();
                assert!(
                    brackets >= round.min(2),
                    "{system:?} round {round}\n{account}"
                );
                let bye = p.bye.map_or("none".into(), |b| format!("{b} ("));
                let last = account.lines().last().unwrap();
                assert!(
                    last.starts_with(&format!("{} games, bye: {bye}", p.games.len())),
                    "{system:?} round {round}: {last}"
                );
                // Every residents line names players, and the first bracket has no moved-down
                // players.
                let first = account.lines().nth(2).unwrap();
                assert!(first.starts_with("  residents: "), "{account}");
            }
        }
    }
}
