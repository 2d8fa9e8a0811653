"""Check a platform's daily logs: exit 1 and list the findings when any game breaks a rule.

    python check_daily_logs.py 'logs/2026-12-01*.bgn.gz'
"""

import sys
from collections import Counter

from ingest.validation import expand_paths, format_violation, validate_file


def check(patterns: list[str]) -> int:
    codes: Counter[str] = Counter()
    games = 0
    for path in expand_paths(patterns):
        for report in validate_file(path):
            games += 1
            for v in report.violations:
                codes[v.code] += 1
                print(format_violation(report, v))
    print(f"{games} game(s), {sum(codes.values())} finding(s)"
          + "".join(f", {code} x{n}" for code, n in sorted(codes.items())), file=sys.stderr)
    return 1 if codes else 0


if __name__ == "__main__":
    sys.exit(check(sys.argv[1:] or ["logs/"]))
