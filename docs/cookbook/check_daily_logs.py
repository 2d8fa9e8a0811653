"""Check a platform's daily logs: exit 1 and list the findings when any game breaks a rule,
2 when a file cannot be read or no game was found (the exit codes of ``belot --help``).

    python check_daily_logs.py 'logs/2026-12-01*.bgn.gz'
"""

import sys
from collections import Counter

from ingest.validation import expand_paths, format_violation, validate_file


def check(patterns: list[str]) -> int:
    codes: Counter[str] = Counter()
    games = unreadable = 0
    for path in expand_paths(patterns):
        try:
            for report in validate_file(path):
                games += 1
                for v in report.violations:
                    codes[v.code] += 1
                    print(format_violation(report, v))
        except (OSError, EOFError) as exc:  # a damaged .gz: the other files still count
            unreadable += 1
            print(f"{path}: cannot read: {exc}", file=sys.stderr)
    print(f"{games} game(s), {sum(codes.values())} finding(s)"
          + "".join(f", {code} x{n}" for code, n in sorted(codes.items())), file=sys.stderr)
    if unreadable or not games:
        return 2  # not everything was checked: no verdict on the day
    return 1 if codes else 0


if __name__ == "__main__":
    sys.exit(check(sys.argv[1:] or ["logs/"]))
