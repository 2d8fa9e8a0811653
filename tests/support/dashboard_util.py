"""Helpers for the dashboard tests: a small known dataset built with the real ingest."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from ingest.pipeline import ingest_paths
from support.ingest_util import write_corpus

REPO = Path(__file__).resolve().parents[2]
APP = REPO / "dashboard" / "app.py"

#: one yu4 game: a clean deal, then a deal where seat 2 revokes in tricks 5 and 7 (C401);
#: seat 4's name needs escaping in HTML
HAND_TEXT = """\
[Variant "yu4"]
[Event "Dashboard test"]
[Date "2026.03.14"]
[Seat1 "Ana"]
[Seat2 "Boris"]
[Seat3 "Cveta"]
[Seat4 "<b>Dragan</b>"]

{A clean deal, then a revoke in trick 5 of deal 2.}
deal 1 dealer 4
hands 1: 7S 8S 7H 8H 7D 8D / 7C 8C
      2: 9S TS 9H TH 9D TD / 9C TC
      3: JS QS JH QH JD QD / JC QC
      4: KS AS KH AH KD AD / KC AC
bids pass H
play 1. 7S 9S JS KS
2. AS 8S TS QS
3. KH 7H TH JH
4. QH AH 8H 9H
5. 9D JD KD 7D
6. AD 8D TD QD
7. KC 7C TC JC
8. 9C QC AC 8C
score 34 128
total 34 128
deal 2 dealer 1
hands 2: 7S 8S 7H 8H 7D 8D / 7C 8C
      3: 9S TS 9H TH 9D TD / 9C TC
      4: JS QS JH QH JD QD / JC QC
      1: KS AS KH AH KD AD / KC AC
bids pass H
play 1. 7S 9S JS KS
2. AS 8S TS QS
3. KH 7H TH JH
4. QH AH 8H 9H
5. 9D JD KD 7C
6. AD 8D TD QD
7. KC 7D TC JC
8. 9C QC AC 8C
score 128 34
total 162 162
result *
"""

#: a record the reader cannot read (P101: a card that is no card)
BROKEN_TEXT = """\
[Variant "yu4"]

deal 1 dealer 4
bids pass H
play 1. 7S 9S XX KS
result *
"""


def build_dataset(folder: Path) -> tuple[Path, list[Path]]:
    """``folder/ds`` from the hand-written game and a small simulated corpus (yu4 and mk4,
    with injected violations), ingested in this process; returns (dataset, inputs)."""
    folder.mkdir(parents=True, exist_ok=True)
    hand = folder / "hand.bgn"
    hand.write_text(HAND_TEXT, encoding="utf-8")
    inputs = [hand, write_corpus(folder / "sim-yu4.bgn.gz", "yu4", games=6, seed=3,
                                 violation_rate=0.08),
              write_corpus(folder / "sim-mk4.bgn", "mk4", games=4, seed=5,
                           violation_rate=0.08)]
    ds = folder / "ds"
    ingest_paths([str(p) for p in inputs], ds, workers=0, progress=False)
    return ds, inputs


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serving(argv: list[str], cwd: Path, env: dict[str, str], wait: float = 90
            ) -> Iterator[str]:
    """Run ``argv`` (a ``belot dashboard`` command line) on a free local port, wait until
    Streamlit's health endpoint answers ``ok`` (at most ``wait`` seconds), yield the
    server's URL; the server (its whole process group) is stopped whatever happens.
    Its output goes to ``cwd/server.log``, shown when it fails to start."""
    port = free_port()
    log = open(cwd / "server.log", "w+b")  # noqa: SIM115 - closed below
    proc = subprocess.Popen([*argv, "--port", str(port), "--address", "127.0.0.1"],
                            cwd=cwd, env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + wait
        while True:
            if proc.poll() is not None:
                log.seek(0)
                pytest.fail(f"the server exited ({proc.returncode}):\n{log.read().decode()}")
            try:
                with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as r:
                    if r.read().strip() == b"ok":
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                log.seek(0)
                pytest.fail(f"the server did not answer within {wait} s:\n"
                            f"{log.read().decode()}")
            time.sleep(0.3)
        yield url
    finally:
        _stop(proc)
        log.close()


def _stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=15)


def replay_page(ds: Path, monkeypatch: pytest.MonkeyPatch, *, timeout: float = 120,
                **query: str):
    """The app over dataset ``ds`` under Streamlit's AppTest, switched to the Replay page
    opened by a deep link (``game``, ``deal``, ``trick``), after a run without exception."""
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("BELOT_DATASET", str(ds))
    at = AppTest.from_file(str(APP), default_timeout=timeout)
    at.run()
    at.query_params.update(query)
    at.switch_page("views/replay.py").run()
    assert not at.exception, [e.message for e in at.exception]
    return at
