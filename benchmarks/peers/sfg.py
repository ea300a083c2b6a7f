"""Reads graph-io's binary .sfg (layout in packages/graph-io/src/binary/FORMAT.md, "Reading one elsewhere")."""
import zlib

import numpy as np


def read_sfg(path):
    """Returns (n, indptr, indices, weights or None) as NumPy arrays, after checking each section's CRC-32."""
    raw = open(path, "rb").read()
    assert raw[:8] == b"\x89SFG\r\n\x1a\n" and int.from_bytes(raw[8:10], "little") == 1, "not a .sfg 1.x file"
    n = int.from_bytes(raw[24:32], "little")
    sections = {}
    for i in range(int.from_bytes(raw[20:24], "little")):
        e = raw[64 + 32 * i: 96 + 32 * i]
        kind, elem = int.from_bytes(e[0:4], "little"), int.from_bytes(e[4:8], "little")
        off, size, crc = (int.from_bytes(e[a:b], "little") for a, b in ((8, 16), (16, 24), (24, 28)))
        assert zlib.crc32(raw[off:off + size]) == crc, f"section {kind}: CRC mismatch"
        dtype = {1: "<u4", 2: "<f4", 3: "<f8"}[elem]
        sections[kind] = np.frombuffer(raw, dtype=dtype, count=size // np.dtype(dtype).itemsize, offset=off)
    return n, sections[1], sections[2], sections.get(3)
