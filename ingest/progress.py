"""How far a long run has got, on stderr: a bar on a terminal, plain lines in a log.

On a terminal (the stream is a TTY) a tqdm bar is redrawn in place: done and total,
the rate and the time left.  Anywhere else (a cron job's mail, a CI log, a service's
log file) one plain line every :data:`INTERVAL_ENV` seconds (default
:data:`DEFAULT_INTERVAL`), with no terminal control codes (one line, shown on two)::

    ingest: 12.3 MB of 45.6 MB (27%) · 2.1 MB/s · 0:16 left · 1,234 games · 5,610 deals
    · 3 violations · 0 rejects · 0 known

The commands show it unless ``--quiet``; the Python functions (``ingest_paths``,
``analyse_dataset``) only when stderr is a terminal unless asked.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any, TextIO

#: the environment variable that sets the seconds between two plain progress lines
INTERVAL_ENV = "BELOT_PROGRESS_SECONDS"
#: a line every ten seconds: a run of an hour writes 360 lines to its log, and a
#: stalled run shows within seconds
DEFAULT_INTERVAL = 10.0
#: the bar is redrawn at most four times a second (more is flicker, not news)
BAR_INTERVAL = 0.25


def line_interval() -> float:
    """Seconds between plain lines: ``BELOT_PROGRESS_SECONDS`` when it is a number
    of seconds >= 0, else :data:`DEFAULT_INTERVAL`."""
    text = os.environ.get(INTERVAL_ENV, "")
    try:
        seconds = float(text)
    except ValueError:
        return DEFAULT_INTERVAL
    return seconds if seconds >= 0 else DEFAULT_INTERVAL


def amount(n: float, unit: str) -> str:
    """``12.3 MB`` for bytes of text, ``1,234 games`` for a count."""
    if unit == "B":
        for scale, name in ((1 << 30, "GB"), (1 << 20, "MB"), (1 << 10, "kB")):
            if n >= scale:
                return f"{n / scale:,.1f} {name}"
        return f"{n:,.0f} B"
    return f"{n:,.0f} {unit}".rstrip()


def clock(seconds: float) -> str:
    """``0:42``, ``1:02:03``."""
    s = int(round(seconds))
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


class Progress:
    """Progress of one run on ``stream`` (stderr by default).

    ``enabled``: True shows it (a bar on a terminal, plain lines elsewhere), False
    shows nothing, None shows it only on a terminal.  ``terminal`` overrides what
    the stream says it is; ``interval`` the seconds between plain lines.
    Call :meth:`begin` with the total (None when unknown), :meth:`advance` as
    work is done, :meth:`close` at the end.
    """

    def __init__(self, enabled: bool | None = None, stream: TextIO | None = None, *,
                 terminal: bool | None = None, interval: float | None = None) -> None:
        self.stream = stream or sys.stderr
        if terminal is None:
            terminal = bool(getattr(self.stream, "isatty", lambda: False)())
        self.terminal = terminal
        self.enabled = terminal if enabled is None else enabled
        self.interval = line_interval() if interval is None else interval
        self.label = ""
        self.total: int | None = None
        self.unit = ""
        self.done = 0
        self.started = time.monotonic()
        self.last = self.started
        self.lines = 0
        #: ``done`` in the last plain line written
        self.written = -1
        self.bar: Any = None

    def begin(self, label: str, total: int | None, unit: str = "") -> None:
        """Start counting: ``total`` in ``unit`` ("B" for bytes of text, else a noun
        such as ``games``); None when the total is not known."""
        self.label, self.total, self.unit = label, total, unit
        self.done = 0
        self.started = self.last = time.monotonic()
        if self.enabled and self.terminal:
            from tqdm import tqdm

            self.bar = tqdm(total=total, desc=label, unit=unit or "it", file=self.stream,
                            unit_scale=unit == "B", unit_divisor=1024 if unit == "B" else 1000,
                            mininterval=BAR_INTERVAL, dynamic_ncols=True, leave=True)

    def advance(self, done: int, detail: str = "", force: bool = False) -> None:
        """``done`` of the total so far; ``detail`` what else to say (counts)."""
        self.done = done
        if not self.enabled:
            return
        if self.bar is not None:
            if detail:
                self.bar.set_postfix_str(detail, refresh=False)
            self.bar.update(done - self.bar.n)
            return
        now = time.monotonic()
        if not force and now - self.last < self.interval:
            return
        self.last = now
        self.stream.write(self.line(detail, now) + "\n")
        self.stream.flush()
        self.lines += 1
        self.written = done

    def say(self, message: str) -> None:
        """A line of its own on the stream (a finding), above the bar if one is shown."""
        if self.bar is not None:
            self.bar.write(message, file=self.stream)
        else:
            self.stream.write(message + "\n")
            self.stream.flush()

    def line(self, detail: str = "", now: float | None = None) -> str:
        """The plain line: done (of total, percent), rate, time left, then ``detail``."""
        elapsed = (now if now is not None else time.monotonic()) - self.started
        rate = self.done / elapsed if elapsed > 0 else 0.0
        parts = [amount(self.done, self.unit)]
        if self.total:
            parts[0] = (f"{amount(self.done, self.unit).removesuffix(' ' + self.unit)} of "
                        f"{amount(self.total, self.unit)} "
                        f"({min(100, 100 * self.done // self.total)}%)")
        parts.append(f"{amount(rate, self.unit)}/s")
        if self.total and rate > 0:
            parts.append(f"{clock(max(0, self.total - self.done) / rate)} left")
        if detail:
            parts.append(detail)
        return f"{self.label}: " + " · ".join(parts)

    def close(self, detail: str = "") -> None:
        """The last state: the bar closed where it stands; in a log one last line
        when lines were written and the count moved since (a run shorter than the
        interval writes none)."""
        if self.bar is not None:
            if detail:
                self.bar.set_postfix_str(detail, refresh=False)
            self.bar.update(self.done - self.bar.n)
            self.bar.close()
            self.bar = None
        elif self.enabled and self.lines and self.done != self.written:
            self.stream.write(self.line(detail) + "\n")
            self.stream.flush()
