//! The team forecast's HTML page (`forecast.html`), in the individual forecast's style
//! ([`super::page`], the report's page): who can still finish first, with the final match and
//! game points and places, can every remaining round be paired, who gets the PAB; every
//! probability with its 95% interval and run count.

use super::page::{draw_words, first_chart_of, head, pct};
use super::team_event::TeamForecastEvent;
use super::team_tally::{TeamCsv, TeamTally};
use swisslab_reports::html::escape;

/// Teams listed in the standings table.
const TEAMS_SHOWN: usize = 25;

/// The page; `params` is the line describing the run.
pub fn render(fe: &TeamForecastEvent, tally: &TeamTally, params: &str) -> String {
    let (title, mut b) = head(&fe.ev.tournament, params);
    b.push_str(&format!(
        "<p>{} teams of {} boards, {} of {} rounds played; rounds {} to {} played {} times by \
         the team pairing of {}, every round checked by the team invariants (no rematch, the \
         PAB, board colours, match points from game points). Results: {}. Percentages carry \
         their 95% Wilson interval and the runs they are taken over.</p>\n",
        fe.ev.teams.len(),
        fe.boards,
        fe.first_round - 1,
        fe.total_rounds,
        fe.first_round,
        fe.total_rounds,
        tally.runs,
        escape(fe.system.name()),
        escape(&draw_text(fe)),
    ));
    b.push_str("<nav><ul><li><a href=\"#teams\">Who can win</a></li><li><a href=\"#rounds\">Rounds</a></li><li><a href=\"#byes\">Byes</a></li></ul></nav>\n");
    let rows = tally.team_rows(fe);
    teams_section(&mut b, fe, tally, &rows);
    rounds_section(&mut b, tally);
    byes_section(&mut b, fe, tally, &rows);
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
    b.push_str("<footer><p>Written by swisslab forecast.</p></footer>\n");
    swisslab_reports::html::page(&title, &b)
}

/// How the boards' results are drawn, in words.
pub fn draw_text(fe: &TeamForecastEvent) -> String {
    draw_words(
        &fe.config,
        &fe.profile_source,
        &fe.own_draws,
        "each board's game drawn from its two players' strengths, from their ratings and the games played",
    )
}

/// "Who can finish first?": the teams most often first, with their points and places.
fn teams_section(b: &mut String, fe: &TeamForecastEvent, tally: &TeamTally, rows: &[TeamCsv]) {
    let n = tally.runs;
    let mut order: Vec<usize> = (0..fe.ev.teams.len()).collect();
    order.sort_by(|&a, &c| {
        tally
            .within(c, 1)
            .cmp(&tally.within(a, 1))
            .then(tally.within(c, 10).cmp(&tally.within(a, 10)))
            .then(a.cmp(&c))
    });
    let can_win = order.iter().filter(|&&i| tally.within(i, 1) > 0).count();
    b.push_str(&format!(
        "<section id=\"teams\"><h2>Who can finish first?</h2>\n<p>{can_win} teams finish first in \
         at least one run. Places: {}. The {} teams most often first (then most often in the top \
         10):</p>\n",
        escape(&fe.tiebreak_source),
        TEAMS_SHOWN.min(order.len())
    ));
    let top: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&i| tally.within(i, 1) > 0)
        .take(10)
        .collect();
    let cats = top
        .iter()
        .map(|&i| {
            let t = &fe.ev.teams[i];
            let name: String = t.name.trim().chars().take(18).collect();
            format!("{} {name}", t.tpn)
        })
        .collect();
    let firsts: Vec<u64> = top.iter().map(|&i| tally.within(i, 1)).collect();
    b.push_str(&first_chart_of(cats, &firsts, n, "team"));
    b.push_str("<table><thead><tr><th>Team</th><th>Strength</th><th>MP now</th><th>GP now</th><th>Final match points: mean (10% to 90%)</th><th>Final game points: mean (10% to 90%)</th><th>Place: median (8 runs in 10 between)</th><th>First</th><th>Top 3</th><th>Top 10</th></tr></thead><tbody>\n");
    for &i in order.iter().take(TEAMS_SHOWN) {
        let r = &rows[i];
        b.push_str(&format!(
            "<tr><td>{} {}</td><td>{}</td><td>{}</td><td>{}</td><td>{} ({} to {})</td><td>{} ({} to {})</td><td>{} ({} to {})</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            r.team,
            escape(r.name.trim()),
            r.strength,
            r.match_points_now,
            r.game_points_now,
            r.mean_match_points,
            r.match_points_p10,
            r.match_points_p90,
            r.mean_game_points,
            r.game_points_p10,
            r.game_points_p90,
            r.place_p50,
            r.place_p10,
            r.place_p90,
            pct(tally.within(i, 1), n),
            pct(tally.within(i, 3), n),
            pct(tally.within(i, 10), n),
        ));
    }
    b.push_str("</tbody></table>\n<p class=\"tables\">Tables (CSV): <a href=\"teams.csv\">teams.csv</a> <a href=\"team-points.csv\">team-points.csv</a></p></section>\n");
}

/// "Can every round be paired?": per remaining round, the share of runs stopped, failed and
/// with a PAB.
fn rounds_section(b: &mut String, tally: &TeamTally) {
    b.push_str("<section id=\"rounds\"><h2>Can every round be paired?</h2>\n<p>Per remaining round: the share of runs in which no pairing meets C1 and C2 (the event stops there, 3.3.3), in which the engine failed, and in which a team had the PAB, among the runs that paired the round.</p>\n<table><thead><tr><th>Round</th><th>No valid pairing exists</th><th>Engine failure (error, panic or broken invariant)</th><th>A PAB</th></tr></thead><tbody>\n");
    for r in &tally.rounds {
        b.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            r.round,
            pct(r.stopped, r.reached),
            pct(r.failed, r.reached),
            pct(r.pab, r.paired())
        ));
    }
    b.push_str("</tbody></table>\n<p class=\"tables\">Tables (CSV): <a href=\"rounds.csv\">rounds.csv</a></p></section>\n");
}

/// "Who gets the PAB?": the teams most likely to receive the pairing-allocated bye.
fn byes_section(b: &mut String, fe: &TeamForecastEvent, tally: &TeamTally, rows: &[TeamCsv]) {
    let mut byes: Vec<usize> = (0..fe.ev.teams.len())
        .filter(|&i| tally.pab[i] > 0)
        .collect();
    byes.sort_by(|&a, &c| tally.pab[c].cmp(&tally.pab[a]).then(a.cmp(&c)));
    b.push_str(&format!(
        "<section id=\"byes\"><h2>Who gets the PAB?</h2>\n<p>{} teams receive the pairing-allocated bye (C.04.6 1.4) in at least one run; the most likely:</p>\n\
         <table><thead><tr><th>Team</th><th>Strength</th><th>MP now</th><th>A PAB in the remaining rounds</th></tr></thead><tbody>\n",
        byes.len()
    ));
    for &i in byes.iter().take(15) {
        let r = &rows[i];
        b.push_str(&format!(
            "<tr><td>{} {}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
            r.team,
            escape(r.name.trim()),
            r.strength,
            r.match_points_now,
            pct(tally.pab[i], tally.runs)
        ));
    }
    b.push_str("</tbody></table></section>\n");
}
