"""nhref.golden -- golden files (data/golden/<model>/<case>.csv, docs/golden.md): the
certified reference values with their metadata.

    g = nhref.golden.load("chaplygin_sleigh/PUB-1")   # by name, or a path
    g.t, g["x"]            numpy arrays (doubles)
    g.text["x"]            the values as written (decimal strings, all digits)
    g.certified["x"]       certified digits of the column (inf: exact, e.g. t; nan:
                           undefined), in the mixed measure -log10(|err| / max(|x|, 1))
    g.significant["x"]     its certified significant digits, -log10(|err| / |x|), over
                           the rows where |x| < 1 (format 3; absent where |x| >= 1
                           throughout, where the two measures are the same)
    g["digits"], g["sig_digits"]   each row's certified digits in the two measures
                           (sig_digits: format 3)
    g.params, g.init       {name: decimal string}; g.t_start, g.digits, g.model, g.case
    g.meta                 every "# key: value" line, {key: [values in file order]}
    g.event                (name, time as a decimal string) of a certified terminal
                           event, or None
    g.level["x"]           "PROVEN" or "VALIDATED" (format 4; "VALIDATED" before)
    g.proven_bound["x"]    a PROVEN column's bound E: |value - true value| <=
                           E max(|value|, 1) on every row (format 4)

A name MODEL/CASE is looked up as `nhref verify --golden` does
(nhref_catalogue_find): $NHREF_GOLDEN_DIR, the installed catalogue, then
data/golden.  The checksum of the data lines is checked (hashlib).

The reader has the limits of nhref's table reader (nhref_io.h, docs/limits.md),
checked as it reads: lines of at most MAX_LINE bytes (1 MiB); a regular file of at
most MAX_BYTES (1 GiB); anything else (a pipe, a FIFO, a device) at most MAX_STREAM
(32 MiB).  Beyond them, a ValueError names the file and the limit.
"""
import ctypes
import hashlib
import math
import os
import re
import stat

from . import _lib

__all__ = ["load", "find", "Golden", "MAX_LINE", "MAX_BYTES", "MAX_STREAM"]

# The twins of NHREF_TABLE_MAX_LINE, NHREF_TABLE_MAX_BYTES and NHREF_TABLE_MAX_STREAM
# (include/nhref_io.h): any change there is to be made here too (test_nhref.py compares).
MAX_LINE = 1 << 20
MAX_BYTES = 1 << 30
MAX_STREAM = 1 << 25
_CHUNK = 1 << 16  # smaller than MAX_LINE: only the line still open can grow past it


def _read_bounded(path):
    """The bytes of PATH, refused as they are read beyond the limits above (ValueError):
    /dev/zero or an endless pipe never fills the memory."""
    with open(path, "rb") as f:
        st = os.fstat(f.fileno())
        regular = stat.S_ISREG(st.st_mode)
        limit = MAX_BYTES if regular else MAX_STREAM
        what = ("the limit of a table in a file; split the file" if regular else
                "the limit of a table read from a pipe, a device or a socket; a regular file "
                "may have up to %d: write the table to a file" % MAX_BYTES)
        if regular and st.st_size > limit:
            raise ValueError("%s: more than %d bytes (%s)" % (path, limit, what))
        buf = bytearray()
        line, open_len = 1, 0  # the line still open, and its length so far
        while True:
            chunk = f.read(_CHUNK)
            if not chunk:
                break
            first = chunk.find(b"\n")
            open_len += len(chunk) if first < 0 else first
            if open_len > MAX_LINE:
                raise ValueError("%s:%d: a line longer than %d bytes (the limit of a line; not a "
                                 "table of numbers)" % (path, line, MAX_LINE))
            if first >= 0:
                line += chunk.count(b"\n")
                open_len = len(chunk) - chunk.rfind(b"\n") - 1
            buf += chunk
            if len(buf) > limit:
                raise ValueError("%s: more than %d bytes (%s)" % (path, limit, what))
        return bytes(buf)


def find(name):
    """The path of golden file NAME ("MODEL/CASE"); raises FileNotFoundError
    naming the directories searched."""
    path = ctypes.create_string_buffer(4096)
    err = ctypes.create_string_buffer(4096)
    status = _lib.nhref_catalogue_find(path, len(path), b"golden", _lib.enc(name), err, len(err))
    if status != _lib.NHREF_OK:
        raise FileNotFoundError(err.value.decode(errors="replace"))
    return path.value.decode()


class Golden:
    """A golden file, read (see the module's docstring)."""

    def __init__(self, path):
        self.path = path
        self.meta = {}
        header = None
        rows = []
        data_lines = []
        # universal newlines, as open(path) in text mode read them
        text = _read_bounded(path).decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
        for line in text.split("\n"):
            if line.startswith("#"):
                key, sep, value = line[1:].strip().partition(":")
                if sep:
                    self.meta.setdefault(key.strip(), []).append(value.strip())
                continue
            if not line.strip():
                continue
            data_lines.append(line)
            if header is None:
                header = line.split(",")
            else:
                rows.append(line.split(","))
        if header is None or not rows:
            raise ValueError("%s: not a golden file (no header row or no rows)" % path)
        sha = self.meta.get("sha256", [""])[0].split(" ")[0]
        got = hashlib.sha256("".join(l + "\n" for l in data_lines).encode()).hexdigest()
        if sha and sha != got:
            raise ValueError("%s: checksum mismatch (file says %s, data hash %s)" % (path, sha, got))
        if len(set(header)) != len(header):  # a dict of columns would keep only the last
            seen = set()
            twice = next(n for n in header if n in seen or seen.add(n))
            raise ValueError("%s: column %r is given twice" % (path, twice))
        for r, row in enumerate(rows):
            if len(row) != len(header):
                raise ValueError("%s: row %d has %d values for %d columns"
                                 % (path, r + 1, len(row), len(header)))
        self.names = header
        self.text = {n: [row[j] for row in rows] for j, n in enumerate(header)}
        import numpy as np  # only here: nhref imports without numpy

        self.values = np.array([[float(x) for x in row] for row in rows], dtype=np.float64)
        self.data = {n: self.values[:, j] for j, n in enumerate(header)}
        first = lambda k: self.meta.get(k, [None])[0]  # noqa: E731
        # keys a reference has once, and one value per name (as the C reader: a second
        # line must not win or be ignored silently)
        for key in ("model", "model-file", "model-sha256", "digits", "t-start", "case"):
            if len(self.meta.get(key, [])) > 1:
                raise ValueError("%s: the '# %s:' line is given twice: %r, then %r"
                                 % (path, key, self.meta[key][0], self.meta[key][1]))
        self.model = first("model")
        self.case = first("case")
        self.t_start = first("t-start") or "0"
        d = first("digits")
        if d is not None and not (re.fullmatch(r"(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?", d)
                                  and 0 < float(d) <= 100000):  # NHREF_VERIFY_DIGITS_MAX
            raise ValueError("%s: malformed '# digits: %s' line (expected a plain decimal number "
                             "of digits in (0, 100000])" % (path, d))
        self.digits = float(d) if d else None
        self.params, self.init = {}, {}
        for key, into in (("param", self.params), ("init", self.init)):
            for v in self.meta.get(key, []):
                name, value = _assignment(v)
                if not name or not value:  # as the C reader (nhref_spec_from_table)
                    raise ValueError("%s: malformed '# %s: %s' line (expected 'NAME = VALUE "
                                     "[unit]')" % (path, key, v))
                if name in into:
                    raise ValueError("%s: %s %s is given twice" % (path, key, name))
                into[name] = value
        self.certified = {}
        self.significant = {}
        for v in self.meta.get("certified", []):
            m = re.match(r"(\S+) = (\S+)", v)
            if not m:
                continue
            name, d = m.group(1), m.group(2)
            sm = re.search(r"where \|\S+\| < 1 \([^)]*\): (?:significant (\d+(?:\.\d+)?))?", v)
            if sm:
                self.significant[name] = float(sm.group(1)) if sm.group(1) else 0.0
            if d == "exact":
                self.certified[name] = math.inf
            elif d == "undefined":
                self.certified[name] = math.nan
            else:
                try:
                    self.certified[name] = float(d)
                except ValueError:
                    pass  # "digits = per row"
        self.level = {name: "VALIDATED" for name in self.certified if name != "t"}
        self.proven_bound = {}
        for v in self.meta.get("proven", []):
            m = re.match(r"(\S+) = (PROVEN|VALIDATED)\b", v)
            if not m:
                continue
            self.level[m.group(1)] = m.group(2)
            b = re.search(r"<= (\S+) max", v)
            if m.group(2) == "PROVEN" and b:
                self.proven_bound[m.group(1)] = float(b.group(1))
        self.event = None
        for v in self.meta.get("event", []):
            m = re.match(r"(\S+) at t = (\S+)", v)
            if m:
                self.event = (m.group(1), m.group(2))

    def __getitem__(self, name):
        return self.data[name]

    def __len__(self):
        return len(self.values)

    @property
    def t(self):
        return self.data["t"]

    def to_pandas(self):
        """A pandas.DataFrame of the values (pandas is optional)."""
        import pandas as pd

        return pd.DataFrame(self.values, columns=self.names)

    def __repr__(self):
        return "<nhref.golden.Golden %s/%s: %d rows x %s>" % (
            self.model, self.case, len(self.values), ",".join(self.names))


def _assignment(v):
    """"NAME = VALUE [unit]" -> (NAME, VALUE)"""
    name, _, rest = v.partition("=")
    return name.strip(), rest.strip().split()[0] if rest.strip() else ""


def load(name_or_path):
    """Read a golden file: a path, or a name MODEL/CASE from the catalogue."""
    p = os.fspath(name_or_path)
    if not os.path.exists(p) and re.fullmatch(r"[^/]+/[^/]+", p) and not p.endswith(".csv"):
        p = find(p)
    return Golden(p)
