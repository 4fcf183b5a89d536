"""The Python API against the swisslab command: the same pairings, checks, standings,
simulations and forecasts, and the exceptions with their positions and exit codes."""

import csv
import filecmp
import tarfile
from pathlib import Path

import pytest

import swisslab


def test_read_trf_round_trip(sample):
    t = swisslab.read_trf(sample)
    assert t.name == "Swisslab Spring Open 2026"
    assert len(t.players) == 7
    assert t.players[0]["name"] == "Keller, Anna"
    assert t.players[0]["rounds"][:2] == ["5 w 1", "7 b 1"]
    again = swisslab.read_trf(t.to_trf())
    assert again.to_trf() == t.to_trf()


def test_pair_equals_the_command(sample, cli):
    p = swisslab.pair(sample)
    assert p.to_text() == cli("pair", sample).stdout
    assert p.round == 4
    assert 2 * len(p.games) + (p.bye is not None) == 7


@pytest.mark.parametrize("round_", [1, 2, 3])
def test_pair_round_equals_the_command(sample, cli, round_):
    for system in ["dutch-2026", "dutch-2017", "dubov-2026", "burstein-2026"]:
        p = swisslab.pair(sample, system=system, round=round_)
        out = cli("pair", sample, "--system", system, "--round", round_).stdout
        assert p.to_text() == out, system


def test_pair_explain(sample):
    p = swisslab.pair(sample, explain=True)
    assert p.explanation and "bracket" in p.explanation.lower()
    assert swisslab.pair(sample).explanation is None


def _conformance_files(root, corpus, n, tmp_path):
    with tarfile.open(root / "testdata" / "conformance" / f"{corpus}.tar.gz") as tar:
        members = sorted(
            (m for m in tar.getmembers() if m.name.endswith(".trf")), key=lambda m: m.name
        )[:n]
        for m in members:
            m.name = Path(m.name).name
            tar.extract(m, tmp_path)
    return [tmp_path / Path(m.name).name for m in members]


def test_check_of_conformance_files_equals_the_command(root, cli, tmp_path):
    files = _conformance_files(root, "dutch-2017", 6, tmp_path)
    assert files
    for f in files:
        report = swisslab.check(f, system="dutch-2017")
        out = cli("check", "--quiet", "--system", "dutch-2017", f, check=False).stdout
        last = out.strip().splitlines()[-1]
        assert last == (
            f"tournaments: 1, rounds: {report.rounds}, "
            f"discrepancies: {len(report.discrepancies)}"
        )
        assert report.rounds > 0


def test_check_names_the_first_difference(cli, tmp_path):
    # Round 1 paired 1-2, 3-4; the Dutch rules pair the top half against the bottom half.
    text = (
        "012 Example\nXXR 1\n"
        "001    1      Alpha                             2000                             1.0          2 w 1\n"
        "001    2      Beta                              1900                             0.0          1 b 0\n"
        "001    3      Gamma                             1800                             1.0          4 w 1\n"
        "001    4      Delta                             1700                             0.0          3 b 0\n"
    )
    report = swisslab.check(text, system="dutch-2026")
    assert report.rounds == 1 and not report.ok
    (d,) = report.discrepancies
    assert d["round"] == 1
    assert d["expected"]["games"] == [(1, 2), (3, 4)]
    assert d["produced"]["games"] == [(1, 3), (4, 2)]
    assert "generation order (Art. 4)" in d["why"]
    path = tmp_path / "example.trf"
    path.write_text(text)
    out = cli("check", "--system", "dutch-2026", path, check=False)
    assert out.returncode == 1
    assert f"{path}: {d['text']}" in out.stdout


def test_standings_equal_the_command(sample, cli):
    rows = swisslab.standings(sample, frame="dicts")
    out = cli("standings", "--format", "csv", sample).stdout
    expected = list(csv.DictReader(out.splitlines()))
    assert [r["start_no"] for r in rows] == [int(e["start_no"]) for e in expected]
    for r, e in zip(rows, expected):
        for k, v in e.items():
            got = r[k]
            if isinstance(got, float):
                assert got == pytest.approx(float(v)), k
            elif got is None:
                assert v in ("", "-"), k
            else:
                assert str(got) == v, k


def _csv_rows(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [{k: swisslab._number(v) for k, v in row.items()} for row in csv.DictReader(f)]


def test_simulate_equals_the_command(cli, tmp_path):
    args = dict(players=24, rounds=5, tournaments=6, seed=7)
    ours = tmp_path / "py"
    result = swisslab.simulate(ours, no_timing=True, threads=2, frame="dicts", **args)
    theirs = tmp_path / "cli"
    cli(
        "simulate", "--players", 24, "--rounds", 5, "--tournaments", 6, "--seed", 7,
        "--no-timing", "--no-progress", "--threads", 1, "--out", theirs,
    )
    for name in swisslab.SIMULATE_TABLES:
        a, b = ours / f"{name}.csv", theirs / f"{name}.csv"
        assert filecmp.cmp(a, b, shallow=False), name
        assert result.tables[name] == _csv_rows(b), name
    assert result.summary["tournaments"] == 6
    assert result.summary["failed"] == 0
    assert len(result["players"]) == 6 * 24


def test_simulate_in_a_temporary_folder_is_reproducible():
    a = swisslab.simulate(players=12, rounds=4, tournaments=3, seed=3, no_timing=True, frame="dicts")
    b = swisslab.simulate(players=12, rounds=4, tournaments=3, seed=3, no_timing=True, frame="dicts", threads=1)
    assert a.out is None
    assert a.tables == b.tables
    c = swisslab.simulate(players=12, rounds=4, tournaments=3, seed=4, no_timing=True, frame="dicts")
    assert c.tables["players"] != a.tables["players"]


def test_simulate_progress_callable_and_frames():
    pd = pytest.importorskip("pandas")
    r = swisslab.simulate(players=10, rounds=3, tournaments=2, seed=1, frame="pandas")
    assert isinstance(r["tournaments"], pd.DataFrame)
    assert len(r["tournaments"]) == 2


def test_forecast_equals_the_command(sample, cli, tmp_path):
    ours = tmp_path / "py"
    result = swisslab.forecast(sample, runs=40, seed=5, out=ours, threads=2, frame="dicts")
    theirs = tmp_path / "cli"
    cli("forecast", sample, "--runs", 40, "--seed", 5, "--no-progress", "--out", theirs)
    for name in ["rounds", "players", "player-points", "top-boards"]:
        assert filecmp.cmp(ours / f"{name}.csv", theirs / f"{name}.csv", shallow=False), name
        assert result.tables[name] == _csv_rows(theirs / f"{name}.csv"), name
    assert result.summary["runs"] == 40


def test_bad_trf_raises_trf_error_with_position(sample):
    text = sample.read_bytes().replace(b"2412 SUI", b"24x2 SUI")
    with pytest.raises(swisslab.TrfError) as e:
        swisslab.read_trf(text)
    err = e.value
    assert isinstance(err, swisslab.SwisslabError)
    assert err.line == 11
    assert err.column is not None and err.column > 0
    assert err.exit_code == 3
    assert "invalid input" in err.exit_meaning
    assert f":{err.line}:{err.column}" in str(err)


def test_missing_file_raises_trf_error_with_exit_code_5(tmp_path):
    missing = tmp_path / "nowhere.trf"
    with pytest.raises(swisslab.TrfError) as e:
        swisslab.read_trf(missing)
    assert e.value.exit_code == 5
    assert e.value.file == str(missing)


def test_unknown_system_raises_config_error(sample):
    with pytest.raises(swisslab.ConfigError) as e:
        swisslab.pair(sample, system="no-such-system")
    assert e.value.exit_code == 2
    with pytest.raises(swisslab.ConfigError):
        swisslab.pair(sample, round=9)
    with pytest.raises(swisslab.ConfigError):
        swisslab.standings(sample, tiebreaks="NOPE")


def test_no_valid_pairing_raises_pairing_error():
    # Two players who have met: round 2 has no legal pairing (no repeat, one bye at most).
    text = (
        "012 Two\nXXR 3\n"
        "001    1      Alpha                             2000                             1.0          2 w 1\n"
        "001    2      Beta                              1900                             0.0          1 b 0\n"
    )
    with pytest.raises(swisslab.PairingError) as e:
        swisslab.pair(text)
    assert e.value.round == 2
    assert e.value.exit_code == 1


def test_systems_lists_the_default_first():
    names = [n for n, _ in swisslab.systems()]
    assert names[0] == "dutch-2026"
    assert "dutch-2017" in names
