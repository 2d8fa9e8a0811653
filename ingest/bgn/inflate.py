"""A gzip file's bytes up to its end or up to its first fault.

``gzip.open`` raises at a fault (a file cut short, corrupt compressed data, a CRC
that does not match) from inside a read whose buffers may already hold the text
decompressed before it: every layer above (the buffered reader, the text decoder,
a reader's block of lines) drops what it holds when a read raises.  :class:`Inflated`
hands over every byte decompressed before the fault, then ends as a file ends
and keeps the fault in :attr:`Inflated.fault`; the text stream above
(:class:`ingest.bgn.lexer.CRLFText`) raises it once its text is all read, so the
whole games before a fault are read like any others.
"""

from __future__ import annotations

import gzip
import io
import os
import zlib

#: what reading a damaged compressed file raises: not gzip (``gzip.BadGzipFile``, an
#: OSError), cut short (EOFError), corrupt deflate data (zlib.error); the readers
#: raise each as a :class:`ReadFault` (an OSError) that says where
READ_ERRORS = (OSError, EOFError, zlib.error)


class Inflated(io.RawIOBase):
    """The decompressed bytes of a gzip file (every member), ending at its first fault.

    Each read asks the decompressor once (``read1``), so a read either returns bytes
    or meets the fault, never both: a file cut short or failing its CRC loses
    nothing before the fault; corrupt deflate data loses the output of the one
    read that meets it (zlib gives none of it back).
    """

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.gz = gzip.GzipFile(path, "rb")
        #: the error met, once the bytes before it are all handed over
        self.fault: Exception | None = None

    def readable(self) -> bool:
        return True

    def readinto(self, b: bytearray | memoryview) -> int:  # type: ignore[override]
        if self.fault is not None:
            return 0
        try:
            data = self.gz.read1(len(b))
        except READ_ERRORS as exc:
            self.fault = exc
            return 0
        b[:len(data)] = data
        return len(data)

    def close(self) -> None:
        self.gz.close()
        super().close()


class ReadFault(OSError):  # here, interpreted: mypyc cannot compile a subclass of OSError
    """A file that could not be read to its end: why (:data:`READ_ERRORS`), and the
    line its readable text stops on (0 when none could be read).  The game on that
    line is the one the fault cut: it is not read, the games before it are.  An
    OSError, as a file that cannot be opened is."""

    def __init__(self, why: BaseException, line: int) -> None:
        super().__init__(str(why))
        self.why = why
        self.line = line

    def __str__(self) -> str:
        if not self.line:
            return str(self.why)
        return f"{self.why}; the text stops on this line, and its game was not read to its end"
