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
#: raise each as a :class:`ingest.bgn.lexer.ReadFault` (an OSError) that says where
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
