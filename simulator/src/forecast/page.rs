//! The forecast's HTML page (`forecast.html`), in the report's style
//! ([`swisslab_reports::html::page`]): can every remaining round be paired, which relaxations
//! each round needs, who can still finish first, who gets the bye, the likely top boards of the
//! next round and the pairing times; every probability with its 95% interval and run count.

use super::event::Event;
use super::tally::{PlayerCsv, Tally, MEASURES};
use swisslab_reports::html::escape;
use swisslab_reports::stats::wilson;

/// Players listed in the standings table.
const PLAYERS_SHOWN: usize = 25;

/// A share of runs as a percentage with its 95% Wilson interval and the run count (HTML).
pub(super) fn pct(k: u64, n: u64) -> String {
    if n == 0 {
        return "—".into();
    }
    let (lo, hi) = wilson(k, n).unwrap_or((0.0, 1.0));
    format!(
        "{:.1}%<br><span class=\"count\">[{:.1}, {:.1}] · {k}/{n}</span>",
        100.0 * k as f64 / n as f64,
        100.0 * lo,
        100.0 * hi
    )
}

/// The page; `params` is the line describing the run.
pub fn render(ev: &Event, tally: &Tally, params: &str, engine: &str) -> String {
    let (title, mut b) = head(&ev.t, params);
    b.push_str(&format!(
        "<p>{} players, {} of {} rounds played; rounds {} to {} played {} times by {}, \
         every pairing checked by the invariants. Results: {}. Percentages carry their 95% \
         Wilson interval and the runs they are taken over.</p>\n",
        ev.t.players.len(),
        ev.first_round - 1,
        ev.total_rounds,
        ev.first_round,
        ev.total_rounds,
        tally.runs,
        escape(engine),
        escape(&draw_text(ev)),
    ));
    b.push_str("<nav><ul><li><a href=\"#rounds\">Rounds</a></li><li><a href=\"#players\">Who can win</a></li><li><a href=\"#byes\">Byes</a></li><li><a href=\"#floats\">Floats</a></li><li><a href=\"#boards\">Top boards</a></li><li><a href=\"#time\">Pairing time</a></li></ul></nav>\n");

    let rows = tally.player_rows(ev);
    let n = tally.runs;
    rounds_section(&mut b, tally);
    players_section(&mut b, ev, tally, &rows);
    byes_section(&mut b, ev, tally, &rows, n);
    floats_section(&mut b, ev, tally, &rows, n);
    boards_section(&mut b, ev, tally);
    time_section(&mut b, tally);
    failures_section(&mut b, tally);
    b.push_str("<footer><p>Written by swisslab forecast.</p></footer>\n");
    swisslab_reports::html::page(&title, &b)
}

/// The page's title (the event's name from `t`) and its first lines: the title and `params`.
pub(super) fn head(t: &swisslab_engine::Tournament, params: &str) -> (String, String) {
    let name = t
        .name()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .unwrap_or("the event");
    let title = format!("Forecast: {name}");
    let b = format!(
        "<h1>{}</h1>\n<p class=\"params\">{}</p>\n",
        escape(&title),
        escape(params)
    );
    (title, b)
}

/// "Can every round be paired?": per remaining round, the share of runs stopped, failed, with a
/// bye, and needing each relaxation.
fn rounds_section(b: &mut String, tally: &Tally) {
    b.push_str("<section id=\"rounds\"><h2>Can every round be paired?</h2>\n<p>Per remaining round: the share of runs in which no valid pairing exists (the event stops there), in which the engine failed, and in which the pairing needed each relaxation, among the runs that paired the round.</p>\n");
    // At most this many rounds side by side, so that a table fits a screen and a printed page.
    const ROUNDS_PER_TABLE: usize = 5;
    for rounds in tally.rounds.chunks(ROUNDS_PER_TABLE) {
        b.push_str("<table><thead><tr><th>Measure</th>");
        for r in rounds {
            b.push_str(&format!("<th>Round {}</th>", r.round));
        }
        b.push_str("</tr></thead><tbody>\n");
        let row =
            |b: &mut String, label: &str, f: &dyn Fn(&super::tally::RoundTally) -> (u64, u64)| {
                b.push_str(&format!("<tr><td>{}</td>", escape(label)));
                for r in rounds {
                    let (k, n) = f(r);
                    b.push_str(&format!("<td>{}</td>", pct(k, n)));
                }
                b.push_str("</tr>\n");
            };
        row(b, "no valid pairing exists (the event stops)", &|r| {
            (r.stopped, r.reached)
        });
        row(
            b,
            "engine failure (error, panic or broken invariant)",
            &|r| (r.failed, r.reached),
        );
        row(b, "a pairing-allocated bye", &|r| {
            (r.bye, r.reached - r.stopped - r.failed)
        });
        for (k, m) in MEASURES.iter().enumerate() {
            b.push_str(&format!("<tr><td>{}</td>", escape(m.meaning)));
            for r in rounds {
                let paired = r.reached - r.stopped - r.failed;
                let mean = if paired > 0 {
                    r.total[k] as f64 / paired as f64
                } else {
                    0.0
                };
                b.push_str(&format!(
                    "<td>{}<br><span class=\"count\">{mean:.2} a run ({} in all)</span></td>",
                    pct(r.with[k], paired),
                    r.total[k]
                ));
            }
            b.push_str("</tr>\n");
        }
        b.push_str("<tr><td>players not paired (absent, a requested bye, withdrawn, not arrived), a run</td>");
        for r in rounds {
            let paired = (r.reached - r.stopped - r.failed).max(1);
            b.push_str(&format!("<td>{:.1}</td>", r.absent as f64 / paired as f64));
        }
        b.push_str("</tr>\n");
        b.push_str("</tbody></table>\n");
    }
    b.push_str(
        "<p class=\"tables\">Tables (CSV): <a href=\"rounds.csv\">rounds.csv</a></p></section>\n",
    );
}

/// "Who can finish first?": the players most often first, with their places.
fn players_section(b: &mut String, ev: &Event, tally: &Tally, rows: &[PlayerCsv]) {
    let n = tally.runs;
    let mut order: Vec<usize> = (0..ev.t.players.len()).collect();
    let first = |i: usize| tally.places[i].first().copied().unwrap_or(0);
    let top10 = |i: usize| tally.places[i].iter().take(10).sum::<u64>();
    order.sort_by(|&a, &c| {
        first(c)
            .cmp(&first(a))
            .then(top10(c).cmp(&top10(a)))
            .then(a.cmp(&c))
    });
    let can_win = order.iter().filter(|&&i| first(i) > 0).count();
    b.push_str(&format!(
        "<section id=\"players\"><h2>Who can finish first?</h2>\n<p>{can_win} players finish first in at least one run. \
         Places: {}, then pairing number. The {} players most often first (then most often in the top 10):</p>\n\
         <table><thead><tr><th>Player</th><th>Rating</th><th>Points now</th><th>Final points: median (the central range nearest to 8 runs in 10, and the runs it holds)</th><th>Place: median (8 runs in 10 between)</th><th>First</th><th>Top 3</th><th>Top 10</th></tr></thead><tbody>\n",
        escape(&ev.tiebreak_source),
        PLAYERS_SHOWN.min(order.len())
    ));
    b.push_str(&first_chart(ev, tally, &order, n));
    for &i in order.iter().take(PLAYERS_SHOWN) {
        let p = &rows[i];
        b.push_str(&format!(
            "<tr><td>{} {}</td><td>{}</td><td>{}</td><td>{} ({} to {}: {})</td><td>{} ({} to {})</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            p.player,
            escape(p.name.trim()),
            p.rating,
            p.points_now,
            p.points_p50,
            p.points_range_low,
            p.points_range_high,
            p.points_range_share
                .parse::<f64>()
                .map_or(String::new(), |s| format!("{:.0}%", 100.0 * s)),
            p.place_p50,
            p.place_p10,
            p.place_p90,
            pct(first(i), n),
            pct(tally.places[i].iter().take(3).sum(), n),
            pct(top10(i), n),
        ));
    }
    b.push_str("</tbody></table>\n<p class=\"tables\">Tables (CSV): <a href=\"players.csv\">players.csv</a> <a href=\"player-points.csv\">player-points.csv</a></p></section>\n");
}

/// "Who gets the bye?": the players most likely to receive the pairing-allocated bye.
fn byes_section(b: &mut String, ev: &Event, tally: &Tally, rows: &[PlayerCsv], n: u64) {
    let mut byes: Vec<usize> = (0..ev.t.players.len())
        .filter(|&i| tally.pab[i] > 0)
        .collect();
    byes.sort_by(|&a, &c| tally.pab[c].cmp(&tally.pab[a]).then(a.cmp(&c)));
    b.push_str(&format!(
        "<section id=\"byes\"><h2>Who gets the bye?</h2>\n<p>The players present change from run to run (absences drawn from the profile), so the parity, and with it the bye, is forecast. {} players receive the pairing-allocated bye in at least one run; the most likely:</p>\n\
         <table><thead><tr><th>Player</th><th>Rating</th><th>Points now</th><th>A bye in the remaining rounds</th></tr></thead><tbody>\n",
        byes.len()
    ));
    for &i in byes.iter().take(15) {
        let p = &rows[i];
        b.push_str(&format!(
            "<tr><td>{} {}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            p.player,
            escape(p.name.trim()),
            p.rating,
            p.points_now,
            pct(tally.pab[i], n)
        ));
    }
    b.push_str("</tbody></table></section>\n");
}

/// "Who floats twice?": the players most likely to float the same way twice in a row (A.4.b).
fn floats_section(b: &mut String, ev: &Event, tally: &Tally, rows: &[PlayerCsv], n: u64) {
    let mut twice: Vec<usize> = (0..ev.t.players.len())
        .filter(|&i| tally.floated_twice[i] > 0)
        .collect();
    twice.sort_by(|&a, &c| {
        tally.floated_twice[c]
            .cmp(&tally.floated_twice[a])
            .then(a.cmp(&c))
    });
    b.push_str(&format!(
        "<section id=\"floats\"><h2>Who floats twice?</h2>\n<p>{} players float the same way in two rounds in a row (A.4.b) in at least one run; the most likely:</p>\n\
         <table><thead><tr><th>Player</th><th>Rating</th><th>Points now</th><th>A repeated float in the remaining rounds</th></tr></thead><tbody>\n",
        twice.len()
    ));
    for &i in twice.iter().take(15) {
        let p = &rows[i];
        b.push_str(&format!(
            "<tr><td>{} {}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            p.player,
            escape(p.name.trim()),
            p.rating,
            p.points_now,
            pct(tally.floated_twice[i], n)
        ));
    }
    b.push_str("</tbody></table></section>\n");
}

/// "Top boards": the most frequent pairings of the first boards of the next two rounds.
fn boards_section(b: &mut String, ev: &Event, tally: &Tally) {
    b.push_str("<section id=\"boards\"><h2>Top boards</h2>\n<p>The most frequent pairings of the first boards (C.04.2 board order), for the next round and the one after. The next round's pairing depends only on the file, so a deterministic engine gives it in every run.</p>\n<table><thead><tr><th>Round, board</th><th>White</th><th>Black</th><th>Probability</th></tr></thead><tbody>\n");
    let name_of = |id: u32| {
        ev.t.player(id)
            .map_or(String::new(), |p| format!("{id} {}", p.name.trim()))
    };
    for r in tally
        .board_rows()
        .iter()
        .filter(|r| r.round <= ev.first_round + 1)
    {
        b.push_str(&format!(
            "<tr><td>{}, {}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            r.round,
            r.board,
            escape(&name_of(r.white)),
            escape(&name_of(r.black)),
            pct(r.events, r.runs)
        ));
    }
    b.push_str("</tbody></table>\n<p class=\"tables\">Tables (CSV): <a href=\"top-boards.csv\">top-boards.csv</a></p></section>\n");
}

/// "Pairing time": time to pair each round, over the runs that paired it.
fn time_section(b: &mut String, tally: &Tally) {
    b.push_str("<section id=\"time\"><h2>Pairing time</h2>\n<p>Time to pair each round, over the runs that paired it (measured on this machine, so not reproducible byte for byte).</p>\n<table><thead><tr><th>Round</th><th>Rounds paired</th><th>median</th><th>90%</th><th>99%</th><th>max</th></tr></thead><tbody>\n");
    for t in tally.time_rows() {
        b.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            t.round,
            t.rounds_paired,
            ms(t.p50_us),
            ms(t.p90_us),
            ms(t.p99_us),
            ms(t.max_us)
        ));
    }
    b.push_str("</tbody></table>\n<p class=\"tables\">Tables (CSV): <a href=\"pairing-time.csv\">pairing-time.csv</a></p></section>\n");
}

/// "Failures": how many runs failed, and the first failures.
fn failures_section(b: &mut String, tally: &Tally) {
    if !tally.failures.is_empty() {
        b.push_str(&format!(
            "<section id=\"failures\"><h2>Failures</h2>\n<p>{} runs failed; the first:</p><ul>\n",
            tally.failed_runs
        ));
        for (i, f) in &tally.failures {
            b.push_str(&format!("<li>run {i}: {}</li>\n", escape(f)));
        }
        b.push_str("</ul></section>\n");
    }
}

fn ms(us: u64) -> String {
    format!("{:.1} ms", us as f64 / 1000.0)
}

/// How the results are drawn, in words.
pub fn draw_text(ev: &Event) -> String {
    draw_words(
        &ev.config,
        &ev.profile_source,
        &ev.own_draws,
        "strengths from the ratings and the games played",
    )
}

/// How the results are drawn under the profile `c` (named `source`), with the event's own
/// draws `d`; `strengths` says where the strengths come from.
pub(super) fn draw_words(
    c: &crate::config::Config,
    source: &str,
    d: &super::event::Own,
    strengths: &str,
) -> String {
    match c.results.model {
        crate::config::ResultModel::Fitted => format!(
            "the profile {source} (Davidson's model; the event's {} draws against {:.1} expected in \
             its games, weighed against {:.0} games at the profile's rate: draw propensity x{:.2}); \
             {strengths} (spread {:.0} points before them)",
            d.observed,
            d.expected,
            d.prior,
            d.mean(),
            c.ratings.strength_noise
        ),
        m => format!("the {} model (profile {source})", m.name()),
    }
}

/// Bars of the chance of finishing first of the (at most) ten likeliest winners, with their
/// intervals, drawn by the report's chart module; empty when nobody can be drawn.
fn first_chart(ev: &Event, tally: &Tally, order: &[usize], n: u64) -> String {
    let top: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&i| tally.places[i].first().is_some_and(|&k| k > 0))
        .take(10)
        .collect();
    let cats: Vec<String> = top
        .iter()
        .map(|&i| {
            let p = &ev.t.players[i];
            let name: String = p.name.trim().chars().take(18).collect();
            format!("{} {name}", p.id)
        })
        .collect();
    let firsts: Vec<u64> = top.iter().map(|&i| tally.places[i][0]).collect();
    first_chart_of(cats, &firsts, n, "player")
}

/// Bars of the chance of finishing first of `cats` (at most ten, labelled by number and name)
/// with `firsts` runs first of `n`, with their intervals, drawn by the report's chart module;
/// `unit` names what finishes (`player`, `team`). Empty when nothing can be drawn.
pub(super) fn first_chart_of(cats: Vec<String>, firsts: &[u64], n: u64, unit: &str) -> String {
    use swisslab_reports::stats::Estimate;
    if cats.is_empty() || n == 0 {
        return String::new();
    }
    let est: Vec<Estimate> = firsts
        .iter()
        .map(|&k| {
            let units: Vec<(u64, bool)> = (0..n).map(|u| (u, u < k)).collect();
            Estimate::proportion(&units)
        })
        .collect();
    let chart = swisslab_reports::model::bars(
        "first",
        "Chance of finishing first",
        &format!("Share of runs each {unit} finishes first, with its 95% interval."),
        &format!("{unit} (pairing number and name)"),
        "runs finishing first (%)",
        cats,
        vec![("first place".into(), est)],
        100.0,
    );
    match swisslab_reports::charts::render(&chart) {
        Ok(svg) => format!(
            "<figure id=\"fig-first\">\n{}\n<figcaption><strong>{}.</strong> {} {n} runs.</figcaption>\n</figure>\n",
            svg.trim(),
            escape(&chart.title),
            escape(&chart.caption)
        ),
        Err(_) => String::new(),
    }
}
