"""``belot fairplay`` end to end: on the hand-made fair-play dataset (its figures are
worked out in tests/analytics/test_fairplay_hand.py), the text, JSON and CSV reports,
the filters, the flag line, and a dataset without single-dummy tables."""

from __future__ import annotations

import csv
import io
import json
import math

import pytest
from support.club_files import FILE_A
from support.fairplay_hand import PEEKER, POPULATION, hand_dataset

from analytics.fairplay import REPORT_FIELDS, report
from belot.cli import main
from belot.commands.fairplay import format_report
from ingest.pipeline import ingest_paths


@pytest.fixture(scope="module")
def ds(tmp_path_factory):
    return str(hand_dataset(tmp_path_factory.mktemp("fairplay-cli")))


def run(argv: list[str], capfd) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capfd.readouterr()
    return code, out, err


def test_text_report(ds, capfd):
    code, out, err = run(["fairplay", ds, "--min-cards", "15", "--min-positions", "5",
                          "--where", "variant=yu4"], capfd)
    assert code == 0, err
    assert out.splitlines() == [
        "kind         player         variant  cards  def_sd  call_sd  seen  of   rate    pop"
        "  expect      z  leads  lead_dd    pop  z     gap      z  flag",
        "-----------  -------------  -------  -----  ------  -------  ----  --  -----  -----"
        "  ------  -----  -----  -------  -----  -  ------  -----  ----",
        "player       Ana            yu4         28   0.286    0.286     4   8  0.500  0.500"
        "   0.650  -0.89      4    1.000  1.000  -  +0.000   0.00",
        "player       Boris          yu4         28   0.429    0.286    13  20  0.650  0.500"
        "   0.500   1.34      0        -  1.000  -  -0.143  -0.76",
        "player       Cveta          yu4         21   0.714    0.714     3  15  0.200  0.500"
        "   0.500  -2.32      0        -  1.000  -  +0.000   0.00",
        "player       Dejan          yu4         21   0.714    0.714     3   6  0.500  0.500"
        "   0.371   0.65      0        -  1.000  -  +0.000   0.00",
        "partnership  Ana & Cveta    yu4         42   0.500    0.500     6  21  0.286  0.500"
        "   0.610  -3.04      3    1.000  1.000  -  +0.000   0.00",
        "partnership  Boris & Dejan  yu4         42   0.500    0.500    15  21  0.714  0.500"
        "   0.390   3.04      0        -  1.000  -  +0.000   0.00",
        "",
        "tests: 12, one-sided; flagged at p <= 8.33e-05 (z >= 3.76): at most 0.001 false "
        "flags expected in a report of honest players",
        "nothing unusual at that threshold"]
    # Boris & Dejan: 15 of 21 seen-only positions in D, expected 0.5 * d / 0.5 with
    # d = (3 * 1 + 3 * 1 + 10) / (3 * 2 + 3 * 5 + 20): left S at p1 once a deal each
    assert f"{(15 - 21 * 16 / 41) / math.sqrt(21 * 16 / 41 * 25 / 41):.2f}" == "3.04"


def test_json_one_object_per_player_and_partnership(ds, capfd):
    code, out, err = run(["fairplay", ds, "--json", "--min-cards", "40",
                          "--min-positions", "5"], capfd)
    assert code == 0, err
    rows = json.loads(out, object_pairs_hook=list)  # keep the order of the keys
    assert [k for k, _ in rows[0]] == list(REPORT_FIELDS)
    rows = [dict(r) for r in rows]
    assert [(r["kind"], r["player"]) for r in rows] == [
        ("partnership", "Ana & Cveta"), ("partnership", "Boris & Dejan")]
    pair = rows[1]
    assert (pair["cards"], pair["critical"], pair["seen_only"], pair["agree"],
            pair["left_sd"]) == (42, 21, 15, 21, 6)
    assert pair["seen_only_pop"] == 0.5 and pair["seen_only_z_pop"] == pytest.approx(
        (15 - 10.5) / math.sqrt(21 * 0.25))
    assert pair["seen_only_expected"] == pytest.approx(16 / 41)
    # tests: a seen-only and a gap test for each pair; nothing flagged
    assert (pair["tests"], pair["alpha"], pair["flagged"]) == (4, 0.001 / 4, False)


def test_csv_and_filters(ds, capfd):
    code, out, err = run(["fairplay", ds, "--csv", "--min-cards", "1",
                          "--where", "variant=mk4"], capfd)
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(rows[0]) == list(REPORT_FIELDS)
    assert [(r["kind"], r["player"], r["cards"]) for r in rows] == [
        ("player", "Boris", "7"), ("player", "Filip", "7"), ("player", "Goran", "7"),
        ("player", "Hana", "7"), ("partnership", "Boris & Filip", "14"),
        ("partnership", "Goran & Hana", "14")]
    code, out, err = run(["fairplay", ds, "--where", "date_from=2030-01-01"], capfd)
    assert code == 0, err
    assert out == "no player or partnership with 200 or more analysed cards in the " \
                  "chosen games\n"


def test_a_flag_in_words():
    pop, peeker = POPULATION, PEEKER
    text = format_report(report([pop, peeker], min_cards=100, min_test_n=10), 100)
    assert text.splitlines()[-2:] == [
        "tests: 3, one-sided; flagged at p <= 0.000333 (z >= 3.40): at most 0.001 false "
        "flags expected in a report of honest players",
        "unusual, worth a review: player P (yu4): seen-only rate 1.000 against the "
        "calibrated expectation 0.100, z = 16.43, p = 1e-30"]


def test_without_single_dummy_tables(tmp_path, capfd):
    (tmp_path / "a.bgn").write_text(FILE_A, encoding="utf-8")
    ingest_paths([str(tmp_path / "a.bgn")], tmp_path / "ds", workers=0, progress=False)
    code, out, err = run(["fairplay", str(tmp_path / "ds")], capfd)
    assert (code, out) == (2, "")  # not checked: the analysis is missing
    assert err == (f"belot fairplay: {tmp_path / 'ds'} has no single-dummy analysis; run "
                   f"`belot analyze --single-dummy --into {tmp_path / 'ds'}` first\n")


@pytest.mark.parametrize("argv, message", [
    (["--where", "colour=red"], "KEY one of"),
    (["--min-cards", "-1"], "--min-cards must be >= 0"),
    (["--min-positions", "0"], "--min-positions >= 1"),
])
def test_bad_options(ds, capfd, argv, message):
    code, out, err = run(["fairplay", ds, *argv], capfd)
    assert code == 2 and out == "" and message in err


def test_help_states_the_analytics_defaults(capfd):
    from analytics import fairplay as fp
    from belot.commands import fairplay as cmd

    assert (cmd.MIN_CARDS, cmd.MIN_TEST_N, cmd.FALSE_FLAGS) == (
        fp.MIN_CARDS, fp.MIN_TEST_N, fp.FALSE_FLAGS)
    with pytest.raises(SystemExit):
        main(["fairplay", "--help"])
    out, _ = capfd.readouterr()
    assert "(default 200)" in out and "(default 30)" in out and "at most 0.001" in out


def test_missing_dataset(tmp_path, capfd):
    code, _, err = run(["fairplay", str(tmp_path / "nope")], capfd)
    assert code == 2 and "no such dataset folder" in err
