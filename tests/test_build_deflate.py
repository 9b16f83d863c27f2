"""The zopfli recompression of the site's zips (tools/build/deflate.py): the
same entries, names, dates, modes and order, readable by zipfile and by
zipimport, each stream no bigger than zlib's level 9, and the cache used."""

from __future__ import annotations

import random
import sys
import zipfile
import zlib
from pathlib import Path

from tools.build.deflate import raw_deflate, recompress


def sample_zip(path: Path) -> dict[str, bytes]:
    rng = random.Random(7)
    entries = {
        "pkg/__init__.py": b"",
        "pkg/mod.py": b"def f():\n    return 'gamut'\n" * 40,
        "pkg/data.txt": "".join(rng.choice("abc ") for _ in range(5000)).encode(),
        "pkg/noise.bin": rng.randbytes(300),  # does not shrink: stored
        "pkg/caf\u00e9.txt": b"non-ascii name\n",
    }
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for i, (name, data) in enumerate(entries.items()):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1 + i, 12, 30, 58))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    return entries


def test_recompress_keeps_every_entry_and_is_no_bigger(tmp_path: Path) -> None:
    source, out = tmp_path / "in.zip", tmp_path / "out.zip"
    entries = sample_zip(source)
    recompress(source, out, tmp_path / "cache")
    with zipfile.ZipFile(out) as new, zipfile.ZipFile(source) as old:
        assert new.testzip() is None
        assert new.namelist() == list(entries)
        for a, b in zip(new.infolist(), old.infolist(), strict=True):
            assert new.read(a) == entries[a.filename]
            assert (a.date_time, a.external_attr) == (b.date_time, b.external_attr)
            assert a.compress_size <= b.compress_size, a.filename
        assert new.getinfo("pkg/noise.bin").compress_type == zipfile.ZIP_STORED
        assert new.getinfo("pkg/mod.py").compress_type == zipfile.ZIP_DEFLATED
    assert out.stat().st_size < source.stat().st_size


def test_zipimport_reads_the_result(tmp_path: Path) -> None:
    source, out = tmp_path / "in.zip", tmp_path / "out.zip"
    sample_zip(source)
    recompress(source, out)
    sys.path.insert(0, str(out))
    try:
        import pkg.mod  # type: ignore[import-not-found]

        assert pkg.mod.f() == "gamut"
    finally:
        sys.path.remove(str(out))
        for name in ("pkg.mod", "pkg"):
            sys.modules.pop(name, None)


def test_streams_are_cached_by_content(tmp_path: Path) -> None:
    data = b"the same bytes " * 100
    first = raw_deflate(data, tmp_path)
    [cached] = [p for p in tmp_path.rglob("*") if p.is_file()]
    other = zlib.compressobj(1, zlib.DEFLATED, -15)
    planted = other.compress(data) + other.flush()  # another valid stream of the same bytes
    assert planted != first
    cached.write_bytes(planted)
    assert raw_deflate(data, tmp_path) == planted  # read from the cache, not compressed again
    assert zlib.decompress(first, -15) == data
    assert len(list(tmp_path.rglob("*.tmp"))) == 0
