"""swisslab: exact and fast FIDE Swiss-system pairing from Python.

The engines, the checker, the standings, the simulator and the forecast of the ``swisslab``
command, compiled into this package (``swisslab._swisslab``); this module only adapts their
results: tables as pandas or polars data frames when either is installed (lists of dicts
otherwise), a tqdm progress bar when tqdm is installed.

>>> import swisslab
>>> t = swisslab.read_trf("testdata/sample.trf")          # doctest: +SKIP
>>> print(swisslab.pair(t).to_text())                     # doctest: +SKIP
"""

from __future__ import annotations

import csv
import os
import tempfile
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Union

from . import _swisslab
from ._swisslab import (
    ConfigError,
    PairingError,
    Pairing,
    RunError,
    SwisslabError,
    Tournament,
    TrfError,
)

__version__: str = _swisslab.__version__

__all__ = [
    "ConfigError",
    "PairingError",
    "Pairing",
    "RunError",
    "SwisslabError",
    "Tournament",
    "TrfError",
    "CheckReport",
    "RunResult",
    "read_trf",
    "pair",
    "check",
    "standings",
    "simulate",
    "forecast",
    "systems",
]

PathLike = Union[str, "os.PathLike[str]"]

# The files of a simulate run and of a forecast, as tables (simulator/OUTPUT.md and
# docs/guide/forecast.md give their columns).
SIMULATE_TABLES = ("run", "summary", "tournaments", "players", "rounds", "groups")
FORECAST_TABLES = ("forecast", "rounds", "players", "player-points", "top-boards", "pairing-time")


def systems() -> List[tuple]:
    """The pairing systems as (name, title) pairs, the default first."""
    return list(_swisslab.systems())


def read_trf(source: Union[PathLike, str, bytes, Tournament]) -> Tournament:
    """Reads a tournament file (TRF-16 with the JaVaFo/bbpPairings extensions, or TRF-2026).

    ``source`` is a path, or the text itself (a string holding a line break, or bytes).
    Raises ``TrfError`` with ``file``, ``line``, ``column``, ``field``, ``expected`` and
    ``found`` (``exit_code`` 3; 5 when the file cannot be read).
    """
    if isinstance(source, Tournament):
        return source
    if isinstance(source, bytes):
        return _swisslab.read_trf_bytes(source)
    if isinstance(source, str) and ("\n" in source or "\r" in source):
        return _swisslab.read_trf_bytes(source.encode("utf-8"))
    return _swisslab.read_trf_file(os.fspath(source))


def pair(
    t: Union[Tournament, PathLike],
    system: Optional[str] = None,
    acceleration: Optional[str] = None,
    round: Optional[int] = None,
    explain: bool = False,
) -> Pairing:
    """Pairs the next round of ``t`` (``swisslab pair``), or round ``round`` of the file as it
    stood before it (``swisslab pair --round``).

    ``system``: a name of ``systems()`` (default: the file's ``192``/``092`` record, else the
    edition in force); ``acceleration``: ``"baku"`` or ``"none"`` (default: the file's).
    ``explain=True`` fills ``Pairing.explanation``. Raises ``PairingError`` (``round``,
    ``exit_code`` 1) when no valid pairing exists, ``ConfigError`` for a bad argument.
    """
    return _swisslab.pair(read_trf(t), system, acceleration, round, explain)


class CheckReport:
    """What ``check`` found: ``rounds`` re-paired, ``discrepancies`` (one dict per round that
    differs: ``round``, ``expected``, ``produced``, ``error``, ``why``, ``text``)."""

    def __init__(self, raw: Dict[str, Any]) -> None:
        self.file: Optional[str] = None if raw["file"] is None else str(raw["file"])
        self.system: str = raw["system"]
        self.rounds: int = raw["rounds"]
        self.discrepancies: List[Dict[str, Any]] = raw["discrepancies"]

    @property
    def ok(self) -> bool:
        """True when every round equals the file's."""
        return not self.discrepancies

    def __repr__(self) -> str:
        return (
            f"<swisslab.CheckReport {self.file or '<input>'} ({self.system}): "
            f"{self.rounds} rounds, {len(self.discrepancies)} discrepancies>"
        )


def check(
    t: Union[Tournament, PathLike],
    system: Optional[str] = None,
    acceleration: Optional[str] = None,
) -> CheckReport:
    """Re-pairs every round of ``t`` and compares with the file (``swisslab check``)."""
    return CheckReport(_swisslab.check(read_trf(t), system, acceleration))


def _frame_kind(frame: str) -> str:
    if frame not in ("auto", "pandas", "polars", "dicts"):
        raise ConfigError(f"frame: expected auto, pandas, polars or dicts, not {frame!r}")
    if frame != "auto":
        return frame
    for kind in ("pandas", "polars"):
        try:
            __import__(kind)
            return kind
        except ImportError:
            pass
    return "dicts"


def _number(text: str) -> Any:
    """A CSV field as Python reads it without a data frame library: int, float, or the text;
    the empty field as None."""
    if text == "":
        return None
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


def _read_table(path: Path, kind: str) -> Any:
    if kind == "pandas":
        import pandas

        return pandas.read_csv(path, keep_default_na=False, na_values=[""])
    if kind == "polars":
        import polars

        return polars.read_csv(path, infer_schema_length=None)
    with open(path, newline="", encoding="utf-8") as f:
        return [{k: _number(v) for k, v in row.items()} for row in csv.DictReader(f)]


def _rows_table(rows: List[Dict[str, Any]], kind: str) -> Any:
    if kind == "pandas":
        import pandas

        return pandas.DataFrame(rows)
    if kind == "polars":
        import polars

        return polars.DataFrame(rows)
    return rows


def standings(
    t: Union[Tournament, PathLike],
    tiebreaks: Union[None, str, Sequence[str]] = None,
    edition: Optional[Union[str, int]] = None,
    frame: str = "auto",
) -> Any:
    """The standings (``swisslab standings --format csv``): one row per player in rank order,
    ``rank``, ``start_no``, ``name``, ``rating`` and one column per tie-break (PTS first;
    None where undefined).

    ``tiebreaks``: FIDE specifiers (``"BH/C1 BH SB"`` or a list; default: the file's
    ``212``/``202`` record, else the default order); ``edition``: 2024 or 2026 (C.07).
    ``frame``: ``"auto"`` (pandas, else polars, else lists of dicts), or one of those.
    """
    if tiebreaks is not None and not isinstance(tiebreaks, str):
        tiebreaks = " ".join(tiebreaks)
    raw = _swisslab.standings(
        read_trf(t), tiebreaks, None if edition is None else str(edition)
    )
    return _rows_table(raw["rows"], _frame_kind(frame))


class RunResult:
    """A simulate or forecast run: ``summary`` (what the command prints), ``tables`` (each CSV
    file of the run by name, e.g. ``tables["players"]``), ``out`` (the folder, or None when
    the run went to a temporary one)."""

    def __init__(self, summary: Dict[str, Any], tables: Dict[str, Any], out: Optional[Path]):
        self.summary = summary
        self.tables = tables
        self.out = out

    def __getitem__(self, name: str) -> Any:
        return self.tables[name]

    def __repr__(self) -> str:
        return f"<swisslab.RunResult tables {sorted(self.tables)}: {self.summary}>"


class _Progress:
    """A tqdm bar fed from (done, total) by the compiled run; nothing without tqdm."""

    def __init__(self, show: bool, unit: str) -> None:
        self.unit = unit
        self.bar: Any = None
        self.tqdm: Any = None
        if show:
            try:
                from tqdm.auto import tqdm

                self.tqdm = tqdm
            except ImportError:
                pass

    def callback(self) -> Optional[Callable[[int, int], None]]:
        return None if self.tqdm is None else self.update

    def update(self, done: int, total: int) -> None:
        if self.bar is None:
            self.bar = self.tqdm(total=total, unit=self.unit)
        self.bar.update(done - self.bar.n)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _run(
    out: Optional[PathLike],
    names: Sequence[str],
    frame: str,
    go: Callable[[str], Dict[str, Any]],
) -> RunResult:
    kind = _frame_kind(frame)
    if out is not None:
        summary = go(os.fspath(out))
        folder = Path(out)
        return RunResult(summary, _tables(folder, names, kind), folder)
    with tempfile.TemporaryDirectory(prefix="swisslab-") as tmp:
        summary = go(tmp)
        summary["out"] = None
        return RunResult(summary, _tables(Path(tmp), names, kind), None)


def _tables(folder: Path, names: Sequence[str], kind: str) -> Dict[str, Any]:
    return {
        name: _read_table(folder / f"{name}.csv", kind)
        for name in names
        if (folder / f"{name}.csv").exists()
    }


def simulate(
    out: Optional[PathLike] = None,
    *,
    config: Optional[PathLike] = None,
    players: Optional[int] = None,
    rounds: Optional[int] = None,
    system: Optional[str] = None,
    acceleration: Optional[str] = None,
    tournaments: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    no_timing: bool = False,
    progress: bool = True,
    frame: str = "auto",
) -> RunResult:
    """Seeded random tournaments, every round paired and checked: ``swisslab simulate`` with
    the same options, the same CSV files (into ``out``, else a temporary folder), returned as
    tables (``run``, ``summary``, ``tournaments``, ``players``, ``rounds``, ``groups``).

    The same seed gives the same tables as the command's files (timing columns aside, or
    exactly with ``no_timing=True``), whatever ``threads``. The GIL is released while the run
    works; Ctrl-C stops it as the command stops (the tournaments finished are written) and
    raises ``KeyboardInterrupt``. Failed tournaments are counted in ``summary["failed"]``
    with their replay lines in ``summary["failures"]`` (the command's exit code 4).
    """
    bar = _Progress(progress, "tournament")

    def go(folder: str) -> Dict[str, Any]:
        try:
            return _swisslab.simulate(
                folder,
                None if config is None else os.fspath(config),
                players,
                rounds,
                system,
                acceleration,
                tournaments,
                seed,
                threads,
                no_timing,
                bar.callback(),
            )
        finally:
            bar.close()

    return _run(out, SIMULATE_TABLES, frame, go)


def forecast(
    t: PathLike,
    runs: int = 1000,
    seed: int = 1,
    *,
    out: Optional[PathLike] = None,
    system: Optional[str] = None,
    acceleration: Optional[str] = None,
    rounds: Optional[int] = None,
    threads: Optional[int] = None,
    progress: bool = True,
    frame: str = "auto",
) -> RunResult:
    """The rest of the real event in file ``t`` played ``runs`` times from ``seed``
    (``swisslab forecast``): the same files (into ``out``, else a temporary folder) as tables
    (``forecast``, ``rounds``, ``players``, ``player-points``, ``top-boards``,
    ``pairing-time``). The GIL is released; Ctrl-C stops the runs and raises
    ``KeyboardInterrupt``.
    """
    if isinstance(t, Tournament):
        if t.path is None:
            raise ConfigError("forecast reads a file: pass its path (a Tournament read from text has none)")
        t = t.path
    bar = _Progress(progress, "run")

    def go(folder: str) -> Dict[str, Any]:
        try:
            return _swisslab.forecast(
                os.fspath(t), folder, runs, seed, system, acceleration, rounds, threads,
                bar.callback(),
            )
        finally:
            bar.close()

    return _run(out, FORECAST_TABLES, frame, go)
