"""The two files of the hand-made analytics dataset (a.bgn: Club A, b.bgn: Club B):
one clean yu4 deal layout, hearts trump, dealer 4, with the bids, declarations and
score lines changed from deal to deal.  test_analytics_hand works out every figure
they give; test_analytics_cli reads the same dataset through ``belot stats``."""

from __future__ import annotations

from support.ingest_records import HANDS
from support.ingest_records import TRICK_LINES as PLAY


def played(n: int, bids: str, declare: str | None = None, score: str | None = None) -> str:
    lines = [f"deal {n} dealer 4", HANDS, f"bids {bids}"]
    if declare:
        lines.append(f"declare {declare}")
    lines.append(PLAY)
    if score:
        lines.append(f"score {score}")
    return "\n".join(lines)


def passed(n: int, dealer: int) -> str:
    return f"deal {n} dealer {dealer}\nbids pass pass pass pass"


def game(variant: str, event: str, date: str, seats: list[str], deals: list[str],
         result: str, target: str | None = None) -> str:
    tags = [f'[Variant "{variant}"]', f'[Event "{event}"]', f'[Date "{date}"]']
    tags += [f'[Seat{i} "{name}"]' for i, name in enumerate(seats, 1)]
    if target:
        tags.append(f'[Target "{target}"]')
    return "\n".join(tags) + "\n\n" + "\n".join(deals) + f"\nresult {result}\n"


CLUB_A = ["Ana", "Boris", "Cveta", "Dejan"]
FILE_A = "\n".join([
    game("yu4", "Club A", "2026.01.10", CLUB_A, [played(1, "pass H")], "B", target="100"),
    game("yu4", "Club A", "2026.01.17", CLUB_A,
         [played(1, "H"), passed(2, 1), passed(3, 2), passed(4, 3),
          played(5, "pass pass H", declare="2: carre:9 3: carre:J")], "*"),
])
FILE_B = "\n".join([
    game("yu4", "Club B", "2026.02.03", ["Ana", "Elena", "Boris", "Filip"],
         [played(1, "pass pass pass H", declare="1: run3:9S", score="30 128")], "*"),
    game("mk4", "Club B", "2026.02.10", ["Goran", "Boris", "Hana", "Filip"],
         [played(1, "pass H")], "*"),
])
