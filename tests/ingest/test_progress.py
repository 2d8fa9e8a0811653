"""Progress of ``belot ingest`` and ``belot analyze``: a tqdm bar with the total and the
time left on a terminal; in a log (stderr not a terminal) a plain line every
BELOT_PROGRESS_SECONDS seconds with done, total, rate and time left, and never a
terminal control code; nothing with ``--quiet``.  The dashboard's demo build (its
import path) writes plain lines too.  Through the real command line."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import shutil
import struct
import subprocess
import sys
import termios
from pathlib import Path

from belot.bundled import build_demo
from ingest.progress import INTERVAL_ENV, Progress, amount, clock

ROOT = Path(__file__).resolve().parents[2]
SIM = ROOT / "data" / "sim" / "bg2.bgn.gz"
SAMPLES = ROOT / "data" / "samples"
#: a plain ingest line: text read of the total (percent), rate, time left, counts
INGEST_LINE = re.compile(
    r"ingest: [\d.,]+ kB of [\d.,]+ kB \((\d+)%\) · [\d.,]+ kB/s · \d+:\d\d left · "
    r"(\d+) games · \d+ deals · \d+ violations · \d+ rejects · \d+ known")
ANALYZE_LINE = re.compile(
    r"analyze: (\d+) of (\d+) games \(\d+%\) · [\d.,]+ games/s · \d+:\d\d left · "
    r"\d+ deals · \d+ cards · 0 analysed before")


def belot(*argv: str, interval: str | None = "0", stderr=subprocess.PIPE,
          cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != INTERVAL_ENV}
    if interval is not None:
        env[INTERVAL_ENV] = interval
    return subprocess.run([sys.executable, "-m", "belot", *argv], stdout=subprocess.PIPE,
                          stderr=stderr, text=True, timeout=600, env=env, cwd=cwd)


def no_control_codes(text: str) -> None:
    assert "\r" not in text and "\x1b" not in text


def test_ingest_in_a_log_writes_plain_lines(tmp_path):
    run = belot("ingest", str(SIM), "--into", str(tmp_path / "ds"), "-j", "1",
                "--chunk-mb", "0.01")
    assert run.returncode == 0, run.stderr
    no_control_codes(run.stderr)
    lines = [line for line in run.stderr.splitlines() if line.startswith("ingest: ")]
    assert len(lines) >= 5  # one per unit of 10 kB at interval 0
    found = [INGEST_LINE.fullmatch(line) for line in lines]
    assert all(found), lines
    percents = [int(m.group(1)) for m in found if m]
    games = [int(m.group(2)) for m in found if m]
    assert percents == sorted(percents) and games == sorted(games)
    assert games[-1] == 30  # the file's games, all read
    assert run.stdout.startswith(f"{tmp_path / 'ds'}: batch ")


def test_quiet_and_a_long_interval_write_no_progress(tmp_path):
    quiet = belot("ingest", str(SIM), "--into", str(tmp_path / "a"), "-j", "1",
                  "--chunk-mb", "0.01", "--quiet")
    assert quiet.returncode == 0
    assert [line for line in quiet.stderr.splitlines() if line.startswith("ingest:")] == []
    slow = belot("ingest", str(SIM), "--into", str(tmp_path / "b"), "-j", "1",
                 "--chunk-mb", "0.01", interval="3600")
    assert slow.returncode == 0 and slow.stderr == ""


def test_analyze_into_counts_games_of_the_total(tmp_path):
    ds = tmp_path / "ds"
    assert belot("ingest", str(SAMPLES), "--into", str(ds), "-j", "1",
                 "--quiet").returncode == 0
    run = belot("analyze", "--into", str(ds), "-j", "1", "--chunk-kb", "1")
    assert run.returncode == 0, run.stderr
    no_control_codes(run.stderr)
    found = [ANALYZE_LINE.fullmatch(line) for line in run.stderr.splitlines()
             if line.startswith("analyze: ")]
    assert found and all(found), run.stderr
    assert {int(m.group(2)) for m in found if m} == {21}  # the samples' 21 games
    assert int(found[-1].group(1)) == 21


def test_on_a_terminal_a_bar_with_total_and_time_left(tmp_path):
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 160, 0, 0))
    proc = subprocess.Popen([sys.executable, "-m", "belot", "ingest", str(SIM), "--into",
                             str(tmp_path / "ds"), "-j", "1", "--chunk-mb", "0.01"],
                            stdout=subprocess.PIPE, stderr=slave, cwd=ROOT)
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the child closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    assert proc.wait(timeout=600) == 0
    text = seen.decode()
    assert "\r" in text  # redrawn in place
    # tqdm: percent, bar, done/total, [elapsed<left, rate, the counts]
    last = text.rstrip().rsplit("\r", 1)[-1]
    assert re.fullmatch(r"ingest: 100%\|█+\| 88\.0k/88\.0k \[\d\d:\d\d<00:00, [\d.]+kB/s, "
                        r"30 games · 330 deals · 2 violations · 0 rejects · 0 known\]", last), last


def test_the_dashboards_demo_build_writes_no_control_codes(tmp_path, capfd, monkeypatch):
    """``belot dashboard`` builds its demo dataset with the ingest; its log is a file."""
    monkeypatch.setenv(INTERVAL_ENV, "0")
    root = tmp_path / "package"
    shutil.copytree(SAMPLES, root / "data" / "samples")
    build_demo(tmp_path / "demo", quiet=False, root=root)
    err = capfd.readouterr().err
    no_control_codes(err)
    progress = [line for line in err.splitlines() if line.startswith("ingest: ")]
    assert progress and all(INGEST_LINE.fullmatch(line) for line in progress), err
    assert err.splitlines()[-1].startswith(f"{tmp_path / 'demo'}: 21 game(s), 21 deal(s)")


def test_a_line_says_done_total_rate_and_time_left():
    import io

    out = io.StringIO()
    p = Progress(True, out, terminal=False, interval=3600)
    p.begin("analyze", 200, "games")
    p.advance(50, "9 deals")
    assert out.getvalue() == ""  # the first line comes after the interval
    assert p.line("9 deals", now=p.started + 10) == (
        "analyze: 50 of 200 games (25%) · 5 games/s · 0:30 left · 9 deals")
    assert [amount(1536, "B"), amount(3 << 20, "B"), amount(12, "B")] == ["1.5 kB", "3.0 MB",
                                                                          "12 B"]
    assert [clock(42), clock(3723)] == ["0:42", "1:02:03"]
