#!/usr/bin/env python3
"""The Swiss Team (C.04.6, 2026) peer corpus: seeded random team events paired round by round by
pairing-core (PyPI `pairing-core==0.4.1`, ruleset `team-2026`), written as compact JSON for
engine/src/systems/swiss_team/peer.rs to re-pair with swisslab.

    pip install pairing-core==0.4.1
    python3 scripts/corpus-team.py --events 300 --seed 2026 \
        --out testdata/conformance/swiss-team-2026-pairingcore

Each event: 8-40 teams, 4-6 boards, 5-11 rounds, colour preferences of Type A, Type B or none,
match points or game points as the primary score (the other one secondary, used for colours),
the initial-colour drawn, teams absent in some rounds, a few matches forfeited. Board results
follow the teams' strengths. What pairing-core is told of each team is derived here from the
rounds played, by the definitions of C.04.6 Art. 1 (independently of swisslab):

- score: the primary score; secondary: the other one (MP 2/1/0 from the game points, TRF `362`);
- the PAB scores a drawn match (1.4): 1 MP and half the boards' game points;
- colors: board 1's colour in each round, `u` when the team did not play (forfeit, PAB, absent);
- opponents: teams met in played matches (a forfeited match is no meeting);
- played: matches played; got_pab; forfeit_win (C2);
- last_float: `U`/`D` when the team played the previous round against a lower/higher primary
  score (1.5; a PAB or a forfeit makes no floater).

Output: `events.json` (one line per event) and `manifest.json`. A round pairing-core cannot pair
ends its event: it is written with its absences and pairing-core's error ("x") instead of
pairs, and listed in the manifest.

Event format: {"id", "seed", "teams", "boards", "rounds", "colour_type": "A"|"B"|"none",
"primary": "MP"|"GP", "initial": "W"|"B", "r": [round...]}; a round: {"a": [absent TPNs],
"b": PAB TPN or null, "p": [[white, black, result]...]} in pairing-core's order, where result is
[white game points x2, black game points x2] or "+-" / "-+" / "--" for a match forfeited by the
Black team / the White team / both.
"""

import argparse
import json
import os
import random
import sys
import time

from pairing_core.fide2026.api import pair_2026
from pairing_core.fide2026.models import P26Player, P26Request, P26RulesetId

VERSION = "0.4.1"
# pairing-core's own search limit per round (deterministic, unlike a time limit): a round it
# cannot finish within it is recorded as its failure, like a round it cannot pair.
MAX_STEPS = 100000


def team_states(ev, played_rounds, absent):
    """pairing-core's players before the next round (C.04.6 Art. 1), from the rounds so far."""
    n, boards = ev["teams"], ev["boards"]
    mp = [0.0] * (n + 1)
    gp = [0.0] * (n + 1)
    colors = [""] * (n + 1)
    opps = [[] for _ in range(n + 1)]
    played = [0] * (n + 1)
    got_pab = [False] * (n + 1)
    fwin = [False] * (n + 1)
    last_float = [""] * (n + 1)
    primary = mp if ev["primary"] == "MP" else gp
    for k, rnd in enumerate(played_rounds):
        before = list(primary)
        last = k == len(played_rounds) - 1
        seen = set()
        for w, b, res in rnd["p"]:
            seen.update((w, b))
            if isinstance(res, str):
                gw = boards if res == "+-" else 0
                gb = boards if res == "-+" else 0
                mp[w] += 2 if res == "+-" else 0
                mp[b] += 2 if res == "-+" else 0
                gp[w] += gw
                gp[b] += gb
                fwin[w] |= res == "+-"
                fwin[b] |= res == "-+"
                colors[w] += "u"
                colors[b] += "u"
                continue
            gw, gb = res[0] / 2, res[1] / 2
            gp[w] += gw
            gp[b] += gb
            mp[w] += 2 if gw > gb else 1 if gw == gb else 0
            mp[b] += 2 if gb > gw else 1 if gw == gb else 0
            colors[w] += "W"
            colors[b] += "B"
            opps[w].append(b)
            opps[b].append(w)
            played[w] += 1
            played[b] += 1
            if last:
                for me, o in ((w, b), (b, w)):
                    if before[me] < before[o]:
                        last_float[me] = "U"
                    elif before[me] > before[o]:
                        last_float[me] = "D"
        if rnd["b"] is not None:
            p = rnd["b"]
            seen.add(p)
            got_pab[p] = True
            mp[p] += 1
            gp[p] += boards / 2
            colors[p] += "u"
        for t in range(1, n + 1):
            if t not in seen:
                colors[t] += "u"
    present = [t for t in range(1, n + 1) if t not in absent]
    players = []
    for t in present:
        players.append(P26Player(
            id=t, tpn=t,
            score=mp[t] if ev["primary"] == "MP" else gp[t],
            secondary=gp[t] if ev["primary"] == "MP" else mp[t],
            colors=colors[t],
            opponents=tuple(o for o in opps[t] if o in present),
            unplayed=colors[t].count("u"),
            last_float=last_float[t],
            got_pab=got_pab[t], forfeit_win=fwin[t], played=played[t]))
    return players


def board_results(rng, strength, w, b, boards):
    """Game points x2 of the White and Black team: each board won, drawn or lost by strength."""
    gw = gb = 0
    diff = strength[w] - strength[b]
    for _ in range(boards):
        pw = 0.35 + 0.25 * diff
        pb = 0.35 - 0.25 * diff
        x = rng.random()
        if x < pw:
            gw += 2
        elif x < pw + pb:
            gb += 2
        else:
            gw += 1
            gb += 1
    return [gw, gb]


def make_event(eid, seed):
    rng = random.Random(seed)
    n = rng.randint(8, 40)
    ev = {
        "id": eid, "seed": seed, "teams": n, "boards": rng.randint(4, 6),
        "rounds": rng.randint(5, 11),
        "colour_type": rng.choice(["A", "A", "B", "none"]),
        "primary": rng.choice(["MP", "MP", "GP"]),
        "initial": rng.choice(["W", "B"]), "r": [],
    }
    strength = [0.0] + sorted((rng.uniform(-1, 1) for _ in range(n)), reverse=True)
    absence = rng.choice([0.0, 0.03, 0.08])
    forfeit = rng.choice([0.0, 0.02, 0.05])
    ruleset = P26RulesetId(system="team", effective_date="2026-02-01",
                           team_colour_type=ev["colour_type"])
    error = None
    for r in range(1, ev["rounds"] + 1):
        absent = sorted(t for t in range(1, n + 1) if rng.random() < absence)
        players = team_states(ev, ev["r"], set(absent))
        req = P26Request(players=tuple(players), ruleset=ruleset, round_number=r,
                         total_rounds=ev["rounds"], is_last_round=r == ev["rounds"],
                         initial_colour=ev["initial"], max_steps=MAX_STEPS)
        try:
            out = pair_2026(req)
        except Exception as exc:  # a round the peer cannot pair ends the event
            error = f"round {r}: {type(exc).__name__}: {exc}"
            ev["r"].append({"a": absent, "x": f"{type(exc).__name__}: {exc}"})
            break
        pairs = []
        for pr in out.pairs:
            w, b = pr.white_id, pr.black_id
            x = rng.random()
            if x < forfeit:
                res = rng.choice(["+-", "+-", "-+", "-+", "--"])
            else:
                res = board_results(rng, strength, w, b, ev["boards"])
            pairs.append([w, b, res])
        ev["r"].append({"a": absent, "b": out.bye_id, "p": pairs})
    return ev, error


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--events", type=int, default=300)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    master = random.Random(a.seed)
    errors, rounds = [], 0
    t0 = time.time()
    tmp = os.path.join(a.out, "events.json.part")
    with open(tmp, "w") as f:
        for i in range(a.events):
            seed = master.randrange(1 << 32)
            ev, err = make_event(i + 1, seed)
            rounds += len(ev["r"])
            if err:
                errors.append({"event": i + 1, "error": err})
            f.write(json.dumps(ev, separators=(",", ":")) + "\n")
            if (i + 1) % 25 == 0:
                print(f"{i + 1} events, {rounds} rounds, {time.time() - t0:.0f} s",
                      file=sys.stderr)
    os.replace(tmp, os.path.join(a.out, "events.json"))
    manifest = {
        "peer": "pairing-core", "version": VERSION, "ruleset": "team-2026",
        "generator": "scripts/corpus-team.py", "seed": a.seed, "events": a.events,
        "rounds": rounds, "max_steps": MAX_STEPS, "peer_errors": errors,
    }
    with open(os.path.join(a.out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")
    print(f"{a.events} events, {rounds} rounds, {len(errors)} ended by a peer error",
          file=sys.stderr)


if __name__ == "__main__":
    main()
