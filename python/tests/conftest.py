"""Shared fixtures: the repository's folders and the `swisslab` command the API is compared
with (target/release/swisslab, built by `cargo build --release -p swisslab-simulator`; or
SWISSLAB_BIN). Without the command the comparisons skip with a notice, except in CI (CI set),
where a missing command fails."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TESTDATA = ROOT / "testdata"


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(scope="session")
def sample() -> Path:
    return TESTDATA / "sample.trf"


@pytest.fixture(scope="session")
def cli():
    """Runs the swisslab command; returns the CompletedProcess (text)."""
    found = os.environ.get("SWISSLAB_BIN") or str(ROOT / "target" / "release" / "swisslab")
    if not Path(found).exists():
        found = shutil.which("swisslab") or ""
    if not found:
        msg = "the swisslab command is not built (cargo build --release -p swisslab-simulator)"
        if os.environ.get("CI"):
            pytest.fail(msg)
        pytest.skip(msg)

    def run(*args, check=True):
        return subprocess.run(
            [found, *map(str, args)], capture_output=True, text=True, check=check
        )

    return run
