"""The site's two zips (the engine wheel and the cut standard library)
written again with zopfli's deflate: the same files, names, dates and order,
each entry's deflate stream a few per cent smaller than zlib's best (level
9), because zopfli searches much harder for the same format.  Any unzip,
``zipimport`` included, reads the result as before.

Measured on the shipped zips (iterations 1): the wheel 298.9 KB of deflate
streams to 288.6 KB, the standard library 400.7 KB to 385.6 KB; room for
features inside the first visit's 4.8 MB.  zopfli is slow (seconds a
zip), so each entry's stream is cached by the SHA-256 of its bytes in
``.build/deflate/``: a rebuild after one module changed compresses that
module only.

The zip is written here, not by :mod:`zipfile` (which cannot take a stream
compressed elsewhere): local headers, the central directory and its end, no
extra fields, no ZIP64 (the zips are far under 4 GB).  zopfli (pinned in
requirements-dev.lock) is in ``.venv``, not in the Python that runs
build.py: the build calls :func:`recompress_in_venv`, which runs this module
there (``python -m tools.build.deflate SOURCE OUT CACHE``).
"""

from __future__ import annotations

import hashlib
import os
import struct
import subprocess
import sys
import zipfile
import zlib
from pathlib import Path

ITERATIONS = 1  # more buys 0.2 % for three times the time
CACHE_VERSION = f"zopfli-{ITERATIONS}"


def raw_deflate(data: bytes, cache: Path | None = None) -> bytes:
    """``data`` as a raw deflate stream (no zlib header or checksum), read
    from ``cache`` when it was compressed before."""
    path = None
    if cache is not None:
        key = hashlib.sha256(CACHE_VERSION.encode() + data).hexdigest()
        path = cache / key[:2] / key
        if path.exists():
            return path.read_bytes()
    from zopfli.zopfli import compress  # type: ignore[import-untyped]  # (in .venv only)

    stream = compress(data, numiterations=ITERATIONS)[2:-4]  # zlib container off
    if zlib.decompress(stream, -15) != data:  # never ship a stream that reads back wrong
        raise RuntimeError("zopfli gave a stream that does not read back")
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        # (a name of this process's own: two builds at once, the site's and the toy
        # game's test site, whose mirror links this cache, may write one key at once)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_bytes(stream)
        tmp.replace(path)
    return stream


def dos_time(date_time: tuple[int, int, int, int, int, int]) -> tuple[int, int]:
    """A zip entry's (time, date) fields for ``date_time``."""
    year, month, day, hour, minute, second = date_time
    return hour << 11 | minute << 5 | second // 2, (year - 1980) << 9 | month << 5 | day


def recompress(source: Path, out: Path, cache: Path | None = None) -> None:
    """Write the zip ``source`` to ``out`` with every non-empty entry
    deflated by zopfli (an entry zopfli cannot shrink is stored)."""
    local = bytearray()
    central = bytearray()
    with zipfile.ZipFile(source) as src:
        infos = src.infolist()
        for info in infos:
            data = src.read(info)
            stream = raw_deflate(data, cache) if data else b""
            method = zipfile.ZIP_DEFLATED if data and len(stream) < len(data) else zipfile.ZIP_STORED
            body = stream if method == zipfile.ZIP_DEFLATED else data
            name = info.filename.encode("utf-8")
            flags = 0x800 if not info.filename.isascii() else 0
            time, date = dos_time(info.date_time)
            crc = zlib.crc32(data)
            offset = len(local)
            # (the fields the local header and the central directory's entry share)
            shared = (flags, method, time, date, crc, len(body), len(data), len(name), 0)
            local += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, *shared)
            local += name + body
            central += struct.pack(
                "<IHHHHHHIIIHHHHHII",
                0x02014B50,
                info.create_system << 8 | 20,
                20,
                *shared,
                0,  # comment length
                0,  # disk
                0,  # internal attributes
                info.external_attr,
                offset,
            )
            central += name
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(infos), len(infos), len(central), len(local), 0)
    tmp = out.with_suffix(out.suffix + ".tmp")
    tmp.write_bytes(bytes(local + central + end))
    with zipfile.ZipFile(tmp) as check, zipfile.ZipFile(source) as src:
        bad = check.testzip()
        if bad is not None or check.namelist() != src.namelist():
            raise RuntimeError(f"the recompressed {source.name} does not read back ({bad})")
    tmp.replace(out)


def recompress_in_venv(source: Path, out: Path, cache: Path) -> None:
    """:func:`recompress` run by ``.venv``'s Python (set up if missing)."""
    from tools.build.environment import ensure_venv
    from tools.build.layout import ROOT

    args = [str(ensure_venv()), "-m", "tools.build.deflate", str(source), str(out), str(cache)]
    subprocess.run(args, check=True, cwd=ROOT)


if __name__ == "__main__":
    recompress(Path(sys.argv[1]), Path(sys.argv[2]), Path(sys.argv[3]))
