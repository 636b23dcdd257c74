"""The library's table of export formats (lib/include/grundy/io/export_formats.hpp), read from its
source, so that the Python and web tests walk the very entries their front ends walk."""

import collections
import pathlib
import re

ExportFormat = collections.namedtuple("ExportFormat", "name extensions mime_type content")

ENTRY = re.compile(r'\{\s*export_format::\w+,\s*"(\w+)",\s*\{\s*"([^"]*)",\s*"([^"]*)"\s*\},\s*"([^"]+)",\s*'
                   r'export_content::(\w+)\s*\}')


def read_export_formats(root):
    """The table's entries, from the header under the source tree `root`."""
    header = pathlib.Path(root) / "lib/include/grundy/io/export_formats.hpp"
    entries = ENTRY.findall(header.read_text(encoding="utf-8"))
    assert entries, f"no export format found in {header}"
    return [ExportFormat(name, [e for e in (first, second) if e], mime, content)
            for name, first, second, mime, content in entries]
