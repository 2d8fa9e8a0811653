"""The exit codes of ``belot.exits``: one table, printed by ``belot --help`` and shown on
docs/troubleshooting.md, and each row given by every command it names, through the
real command line.

The records are the mk4 sample's games (``data/samples/mk4-rules.bgn``): its first
game is clean, the others each break one rule.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from belot.cli import main
from belot.exits import TABLE, Exit, table_text

ROOT = Path(__file__).resolve().parents[2]
MK4 = ROOT / "data" / "samples" / "mk4-rules.bgn"
SAMPLE = MK4.read_text(encoding="utf-8")
CLEAN = SAMPLE[:SAMPLE.index("\n\n[") + 1]
UNPARSED = '[Variant "mk4"]\n\n1. garbage\n'


def test_the_table_has_one_row_per_code_in_order():
    assert [(int(code), meaning) for code, meaning, _ in TABLE] == [
        (0, "done: everything asked for was read, and nothing is wrong"),
        (1, "findings: everything was read, and some records are wrong or could not be used"),
        (2, "not everything was checked: a usage error or input that could not be read"),
        (130, "interrupted (Ctrl-C)")]


def test_belot_help_ends_with_the_table(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out.endswith("\n\n" + table_text() + "\n")
    assert "  0    done: everything asked for was read, and nothing is wrong\n" in out
    assert "  130  interrupted (Ctrl-C)\n" in out
    assert all(len(line) <= 79 for line in table_text().splitlines())


def test_the_troubleshooting_page_shows_the_same_rows():
    page = (ROOT / "docs" / "troubleshooting.md").read_text(encoding="utf-8")
    section = page[page.index("## Exit codes\n"):]
    section = section[:section.index("\n## ", 1)]
    rows = re.findall(r"^\| (\d+) \| (.+?) \| (.+?) \|$", section, re.M)
    assert rows == [(str(int(code)), meaning, cases) for code, meaning, cases in TABLE]


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("exits")
    (root / "clean.bgn").write_text(CLEAN, encoding="utf-8")
    (root / "unparsed.bgn").write_text(CLEAN + "\n" + UNPARSED, encoding="utf-8")
    (root / "damaged.bgn.gz").write_bytes(b"not gzip at all")
    (root / "empty.bgn").write_text("", encoding="utf-8")
    (root / "folder").mkdir()
    (root / "folder" / "notes.txt").write_text(CLEAN, encoding="utf-8")
    assert main(["ingest", "--quiet", str(root / "clean.bgn"), "--into", str(root / "ds")]) == 0
    return root


#: (a command line, with {root} for the inputs' folder and {mk4} for the sample) -> the
#: code of the table it must give
CASES = [
    (Exit.OK, "validate {root}/clean.bgn"),
    (Exit.OK, "fmt {root}/clean.bgn"),
    (Exit.OK, "convert --to json {root}/clean.bgn"),
    (Exit.OK, "explain C401"),
    (Exit.OK, "stats {root}/ds"),
    (Exit.OK, "stats {root}/ds --metric violations"),
    (Exit.OK, "simulate --variant yu4 --games 1"),
    (Exit.FINDINGS, "validate {mk4}"),
    (Exit.FINDINGS, "validate {root}/unparsed.bgn"),
    (Exit.FINDINGS, "fmt {root}/unparsed.bgn"),
    (Exit.FINDINGS, "convert --to json {root}/unparsed.bgn"),
    (Exit.FINDINGS, "analyze --quiet --summary {root}/unparsed.bgn"),
    (Exit.NOT_CHECKED, "explain C499"),
    (Exit.NOT_CHECKED, "explain"),
    (Exit.NOT_CHECKED, "stats {root}/ds --metric nosuch"),
    (Exit.NOT_CHECKED, "simulate --variant zz9"),
    (Exit.NOT_CHECKED, "validate {root}/nosuch.bgn"),
    (Exit.NOT_CHECKED, "fmt {root}/nosuch.bgn"),
    (Exit.NOT_CHECKED, "convert --to json {root}/nosuch.bgn"),
    (Exit.NOT_CHECKED, "analyze {root}/nosuch.bgn"),
    (Exit.NOT_CHECKED, "ingest {root}/nosuch.bgn --into {root}/ds2"),
    (Exit.NOT_CHECKED, "validate {root}/damaged.bgn.gz"),
    (Exit.NOT_CHECKED, "validate {root}/damaged.bgn.gz {mk4}"),  # 2 wins over 1
    (Exit.NOT_CHECKED, "analyze --quiet {root}/damaged.bgn.gz"),
    (Exit.NOT_CHECKED, "ingest --quiet {root}/damaged.bgn.gz --into {root}/ds3"),
    (Exit.NOT_CHECKED, "validate {root}/empty.bgn"),
    (Exit.NOT_CHECKED, "validate {root}/folder"),
    (Exit.NOT_CHECKED, "analyze --quiet {root}/folder"),
    (Exit.NOT_CHECKED, "ingest --quiet {root}/folder --into {root}/ds4"),
    (Exit.NOT_CHECKED, "stats {root}/folder"),
    (Exit.NOT_CHECKED, "compact {root}/folder"),
    (Exit.NOT_CHECKED, "dashboard {root}/folder"),
    (Exit.NOT_CHECKED, "stats {root}/ds --metric accuracy"),
    (Exit.NOT_CHECKED, "stats {root}/ds --metric fairplay"),
    (Exit.NOT_CHECKED, "fairplay {root}/ds"),
]


@pytest.mark.parametrize("code, line", CASES, ids=[f"{c.value}:{line}" for c, line in CASES])
def test_each_command_gives_the_code_of_its_case(capsys, inputs, code, line):
    argv = line.format(root=inputs, mk4=MK4).split()
    assert main(argv) == code
    err = capsys.readouterr().err
    if code == Exit.NOT_CHECKED:
        assert err.strip(), "a 2 always says why on stderr"


@pytest.mark.parametrize("argv", [["validate"], ["stats", "--format", "xml", "ds"],
                                  ["fmt", "--nosuch", "a.bgn"], ["nosuch"]])
def test_a_usage_error_of_the_parser_is_2(capsys, argv):
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == Exit.NOT_CHECKED
    assert "usage: belot" in capsys.readouterr().err


def test_no_command_prints_the_help_and_gives_2(capsys):
    assert main([]) == Exit.NOT_CHECKED
    assert "exit status (the same in every command):" in capsys.readouterr().out


def test_ctrl_c_gives_130(tmp_path):
    """``belot validate`` waiting on a named pipe: the pipe opens for writing once the
    command has opened it for reading, inside its run; then Ctrl-C (SIGINT)."""
    fifo = tmp_path / "live.bgn"
    os.mkfifo(fifo)
    proc = subprocess.Popen([sys.executable, "-m", "belot", "validate", "-j", "1", str(fifo)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    fd = os.open(fifo, os.O_WRONLY)  # blocks until the command opened the pipe
    try:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        os.close(fd)
    assert (proc.returncode, out, err) == (Exit.INTERRUPTED, b"", b"")
