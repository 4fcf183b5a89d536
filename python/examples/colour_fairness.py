"""Colour fairness of the Dutch rules, 2017 against 2026: the same seeded tournaments (same
players, same strengths, the same result draws for the same game) paired once by each edition.

    python python/examples/colour_fairness.py [--tournaments 300] [--players 100] [--rounds 9]
        [--seed 1] [--plot docs/guide/python-colour-fairness.png]

Prints a Markdown table (docs/guide/python.md holds its dated figures) and, when matplotlib is
installed, saves the plot. Needs the swisslab package (pip install ./python); pandas optional.
"""

import argparse
import collections
import statistics

import swisslab


def measures(result):
    """Per edition: the share of players ending with |whites - blacks| >= 2, the colour
    preferences denied per 100 granted-or-denied (strong and absolute), the longest run of one
    colour, and the distribution of |colour_diff|."""
    players = result.tables["players"]
    rounds = result.tables["rounds"]
    if not isinstance(players, list):  # a data frame: rows as dicts
        players = players.to_dict("records") if hasattr(players, "to_dict") else players.to_dicts()
        rounds = rounds.to_dict("records") if hasattr(rounds, "to_dict") else rounds.to_dicts()
    diffs = collections.Counter(min(abs(int(p["colour_diff"])), 3) for p in players)
    n = len(players)
    pref = sum(r["pref_strong"] + r["pref_absolute"] for r in rounds)
    denied = sum(r["denied_strong"] + r["denied_absolute"] for r in rounds)
    mild = sum(r["pref_mild"] for r in rounds)
    denied_mild = sum(r["denied_mild"] for r in rounds)
    per_t = collections.defaultdict(lambda: [0, 0])
    for r in rounds:
        per_t[r["tournament"]][0] += r["denied_strong"] + r["denied_absolute"]
        per_t[r["tournament"]][1] += r["pref_strong"] + r["pref_absolute"]
    return {
        "players": n,
        "diff_ge_2": sum(v for k, v in diffs.items() if k >= 2) / n,
        "denied_strong_pct": 100 * denied / max(pref, 1),
        "denied_mild_pct": 100 * denied_mild / max(mild, 1),
        "longest_run_max": max(int(p["longest_same_colour_run"]) for p in players),
        "diffs": [diffs.get(k, 0) / n for k in range(4)],
        "per_tournament": [100 * d / max(p, 1) for d, p in per_t.values()],
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tournaments", type=int, default=300)
    ap.add_argument("--players", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plot", default="docs/guide/python-colour-fairness.png")
    a = ap.parse_args()
    editions = ["dutch-2017", "dutch-2026"]
    out = {}
    for system in editions:
        r = swisslab.simulate(
            system=system, tournaments=a.tournaments, players=a.players, rounds=a.rounds,
            seed=a.seed, no_timing=True,
        )
        assert r.summary["failed"] == 0, r.summary["failures"]
        out[system] = measures(r)
    print(f"{a.tournaments} tournaments x {a.players} players x {a.rounds} rounds, seed {a.seed}\n")
    print("| measure | " + " | ".join(editions) + " |")
    print("|---|" + "---:|" * len(editions))
    rows = [
        ("players with \\|whites - blacks\\| >= 2 at the end", "diff_ge_2", "{:.2%}"),
        ("strong or absolute preferences denied (%)", "denied_strong_pct", "{:.2f}"),
        ("mild preferences denied (%)", "denied_mild_pct", "{:.2f}"),
        ("longest run of one colour (max)", "longest_run_max", "{}"),
    ]
    for label, key, fmt in rows:
        print(f"| {label} | " + " | ".join(fmt.format(out[s][key]) for s in editions) + " |")
    per_a, per_b = (out[s]["per_tournament"] for s in editions)
    better = sum(b < x for x, b in zip(per_a, per_b))
    worse = sum(b > x for x, b in zip(per_a, per_b))
    print(f"\n2026 denies fewer strong preferences than 2017 in {better} tournaments, more in {worse}.")
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no plot")
        return
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 4))
    width = 0.38
    for i, s in enumerate(editions):
        xs = [k + (i - 0.5) * width for k in range(4)]
        ax1.bar(xs, [100 * v for v in out[s]["diffs"]], width, label=s)
    ax1.set_xticks(range(4), ["0", "1", "2", "3+"])
    ax1.set_xlabel("|whites - blacks| at the end")
    ax1.set_ylabel("players (%)")
    ax1.legend()
    ax2.scatter(per_a, per_b, s=8, alpha=0.6)
    top = max(per_a + per_b + [1])
    ax2.plot([0, top], [0, top], color="grey", lw=0.8)
    ax2.set_xlabel("dutch-2017: strong preferences denied (%)")
    ax2.set_ylabel("dutch-2026: strong preferences denied (%)")
    ax2.set_title("one point per tournament (same seed)")
    fig.suptitle(f"Colour fairness, {a.tournaments} tournaments x {a.players} players x {a.rounds} rounds")
    fig.tight_layout()
    fig.savefig(a.plot, dpi=110)
    print(f"plot: {a.plot}")


if __name__ == "__main__":
    main()
