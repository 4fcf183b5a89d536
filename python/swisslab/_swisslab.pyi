"""Types of the compiled module swisslab._swisslab (see swisslab/__init__.py for the API)."""

from os import PathLike
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

__version__: str

class SwisslabError(Exception):
    exit_code: int
    exit_meaning: str
    file: Optional[str]
    line: Optional[int]
    column: Optional[int]

class TrfError(SwisslabError):
    field: str
    expected: str
    found: Optional[str]

class PairingError(SwisslabError):
    round: int

class ConfigError(SwisslabError): ...
class RunError(SwisslabError): ...

class Tournament:
    @property
    def path(self) -> Optional[str]: ...
    @property
    def name(self) -> str: ...
    @property
    def rounds_paired(self) -> int: ...
    @property
    def total_rounds(self) -> Optional[int]: ...
    @property
    def players(self) -> List[Dict[str, Any]]: ...
    def to_trf(self) -> str: ...

class Pairing:
    @property
    def games(self) -> List[Tuple[int, int]]: ...
    @property
    def bye(self) -> Optional[int]: ...
    @property
    def round(self) -> int: ...
    @property
    def system(self) -> str: ...
    @property
    def explanation(self) -> Optional[str]: ...
    def to_text(self) -> str: ...

def read_trf_file(path: Union[str, PathLike[str]]) -> Tournament: ...
def read_trf_bytes(data: bytes, name: Optional[str] = None) -> Tournament: ...
def pair(
    t: Tournament,
    system: Optional[str] = None,
    acceleration: Optional[str] = None,
    round: Optional[int] = None,
    explain: bool = False,
) -> Pairing: ...
def check(
    t: Tournament, system: Optional[str] = None, acceleration: Optional[str] = None
) -> Dict[str, Any]: ...
def standings(
    t: Tournament, tiebreaks: Optional[str] = None, edition: Optional[str] = None
) -> Dict[str, Any]: ...
def systems() -> List[Tuple[str, str]]: ...
def simulate(
    out: str,
    config: Optional[str] = None,
    players: Optional[int] = None,
    rounds: Optional[int] = None,
    system: Optional[str] = None,
    acceleration: Optional[str] = None,
    tournaments: Optional[int] = None,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    no_timing: bool = False,
    progress: Optional[Callable[[int, int], None]] = None,
) -> Dict[str, Any]: ...
def forecast(
    path: str,
    out: str,
    runs: int = 1000,
    seed: int = 1,
    system: Optional[str] = None,
    acceleration: Optional[str] = None,
    rounds: Optional[int] = None,
    threads: Optional[int] = None,
    progress: Optional[Callable[[int, int], None]] = None,
) -> Dict[str, Any]: ...
