"""A deterministic zip of the kit folder: sorted entries, fixed timestamps and permissions,
so the same kit gives the same bytes and a checksum can be shared with the print shop."""

from __future__ import annotations

import zipfile
from pathlib import Path

FIXED_TIME = (1980, 1, 1, 0, 0, 0)  # the earliest date a zip can hold


def kit_files(folder: Path, skip: Path | None = None) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and p != skip)


def write_zip(folder: Path, target: Path, prefix: str) -> list[str]:
    """Zip every file under folder (except target) as prefix/<relative path>; returns the names."""
    names = []
    with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path in kit_files(folder, skip=target):
            name = f"{prefix}/{path.relative_to(folder).as_posix()}"
            info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            # a PNG is deflated already: deflating it again costs time and saves nothing
            info.compress_type = zipfile.ZIP_STORED if path.suffix == ".png" else zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3  # Unix, whatever builds it, for identical bytes
            archive.writestr(info, path.read_bytes(), compresslevel=9)
            names.append(name)
    return names
