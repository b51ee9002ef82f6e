"""nhref -- certified reference trajectories of nonholonomic systems, from Python.

A pure-Python package over the C library libnhref (through ctypes; no compiled
extension): it works wherever libnhref is installed or built.

    import nhref
    tr = nhref.run("chaplygin_sleigh", params={"J": "30"}, t=[0, 0.5, 1], digits=40)
    tr["x"], tr.t                          # numpy arrays (doubles)
    tr.strings("x")                        # the decimal strings, all their digits

    rep = nhref.verify("mine.csv", "chaplygin_sleigh", min_digits=8)
    rep.passed, rep.digits["x"], rep.summary

    g = nhref.golden.load("chaplygin_sleigh/PUB-1")
    g.data["x"], g.certified["x"], g.params

    nhref.testing.assert_trajectory(df, golden="chaplygin_sleigh/PUB-1", min_digits=10)

Values enter the library as decimal strings (floats through repr(), the
shortest string that reads back to the same double), so 0.1 means the decimal
0.1.  Where libnhref is looked for: see nhref._lib (NHREF_LIBRARY overrides).
"""
import ctypes
import decimal
import json
import math
import numbers
import os

try:
    import numpy as np
except ImportError:  # import nhref works without numpy; run() and arrays need it
    np = None

from . import _lib

__all__ = ["run", "verify", "Trajectory", "Report", "NhrefError", "golden", "testing",
           "__version__"]

__version__ = _lib.nhref_version().decode()


class NhrefError(Exception):
    """An error of libnhref: STATUS is its nhref_status_t code, the message names
    the parameter, value, file or line."""

    def __init__(self, message, status=None):
        super().__init__(message)
        self.status = status


def _need_numpy(what):
    if np is None:
        raise ImportError("nhref.%s needs numpy (Debian: python3-numpy)" % what)


def _check(status, message):
    if status != _lib.NHREF_OK:
        raise NhrefError(message or _lib.nhref_strerror(status).decode(), status)


def _decimal(x, what):
    """X as a decimal string: str as given, int exactly, float by repr()."""
    if isinstance(x, str):
        return x.strip()
    if isinstance(x, bool):
        raise TypeError("%s: %r is a bool, not a number" % (what, x))
    if isinstance(x, numbers.Integral):
        return str(int(x))
    if isinstance(x, decimal.Decimal):
        return str(x)
    if isinstance(x, numbers.Real):
        f = float(x)
        return "nan" if math.isnan(f) else repr(f)
    raise TypeError("%s: %r is not a number or a decimal string" % (what, x))


def _assignments(values, what):
    """{name: value} or ["NAME=VALUE", ...] -> ["NAME=VALUE", ...]"""
    if values is None:
        return []
    if isinstance(values, dict):
        return ["%s=%s" % (k, _decimal(v, "%s %s" % (what, k))) for k, v in values.items()]
    return [str(a) for a in values]


def _text(b):
    return None if b is None else b.decode(errors="replace")


# ---------------------------------------------------------------------- run
class Trajectory:
    """A reference trajectory (nhref.run): the rows at the times asked for, up to
    where the integration ended.

    names     the columns: "t", the model's state, its first integrals
    values    numpy array (rows x columns) of doubles
    t         the times (values[:, 0]); tr["x"] or tr.data["x"]: a column
    outcome   how the integration ended ("reached the final time", "stopped by an
              event", ...), event (the terminal event's name or None), t_end (where
              it ended, decimal), status (0, or the integrator's error code)
    prec, digits, steps   the working precision [bits], the tolerance digits, steps
    text      with run(..., exact=True): {name: [decimal strings]}
    """

    def __init__(self, handle):
        self._h = handle
        L = _lib
        self.nrows = L.nhref_trajectory_nrows(handle)
        self.ncols = L.nhref_trajectory_ncols(handle)
        self.names = [L.nhref_trajectory_column(handle, j).decode() for j in range(self.ncols)]
        self.values = np.empty((self.nrows, self.ncols), dtype=np.float64)
        if self.nrows > 0:
            L.nhref_trajectory_values(handle, self.values.ctypes.data_as(ctypes.POINTER(ctypes.c_double)))
        self.outcome = _text(L.nhref_trajectory_outcome(handle))
        self.status = L.nhref_trajectory_status(handle)
        self.event = _text(L.nhref_trajectory_event(handle))
        self.t_end = _text(L.nhref_trajectory_t_end(handle))
        self.prec = L.nhref_trajectory_prec(handle)
        self.digits = L.nhref_trajectory_digits(handle)
        self.steps = L.nhref_trajectory_steps(handle)
        self.data = {n: self.values[:, j] for j, n in enumerate(self.names)}
        self.text = None

    def __del__(self):
        h, self._h = getattr(self, "_h", None), None
        if h:
            _lib.nhref_trajectory_free(h)

    def __getitem__(self, name):
        return self.data[name]

    def __len__(self):
        return self.nrows

    @property
    def t(self):
        return self.values[:, 0]

    def strings(self, name, digits=None):
        """The values of column NAME as decimal strings with DIGITS significant
        digits (default: the integration's digits + 2), "nan" where undefined."""
        j = self.names.index(name)
        d = int(digits or 0)
        out = []
        for r in range(self.nrows):
            n = _lib.nhref_trajectory_value_str(self._h, r, j, d, None, 0)
            buf = ctypes.create_string_buffer(n + 1)
            _lib.nhref_trajectory_value_str(self._h, r, j, d, buf, n + 1)
            out.append(buf.value.decode())
        return out

    def to_pandas(self):
        """A pandas.DataFrame of the values (pandas is optional)."""
        import pandas as pd

        return pd.DataFrame(self.values, columns=self.names)

    def __repr__(self):
        return "<nhref.Trajectory %d rows x %s; %s, t_end = %s>" % (
            self.nrows, ",".join(self.names), self.outcome, self.t_end)


def run(model, params=None, init=None, t=None, t_start=None, digits=30, scheme=None, exact=False):
    """Integrate MODEL (e.g. "chaplygin_sleigh") and return a Trajectory.

    params, init  {name: value} (decimal strings, ints, floats by repr) or
                  ["NAME=VALUE", ...]: the model's defaults changed
    t             the output times: a sequence (monotone, from t_start on, either
                  direction) or one number
    t_start       the time of the initial state (default 0)
    digits        tolerance 10^-digits, precision digits log2(10) + 32 bits
    scheme        "taylor" (default) or "gauss"
    exact         also fill .text with every value as a decimal string
    Raises NhrefError (bad names, values, ranges) with the library's message."""
    _need_numpy("run")
    if t is None:
        raise TypeError("run: give the output times t")
    times = [t] if isinstance(t, (str, numbers.Real, decimal.Decimal)) else list(np.asarray(t, dtype=object).ravel())
    ts = [_decimal(x, "t") for x in times]
    p = _assignments(params, "param")
    i = _assignments(init, "init")
    h = ctypes.c_void_p()
    err = ctypes.create_string_buffer(1024)
    status = _lib.nhref_trajectory_compute(
        ctypes.byref(h), _lib.enc(model), len(p), _lib.strings(p), len(i), _lib.strings(i),
        _lib.enc(None if t_start is None else _decimal(t_start, "t_start")), len(ts),
        _lib.strings(ts), float(digits or 0), _lib.enc(scheme), err, len(err))
    _check(status, _text(err.value))
    tr = Trajectory(h)
    if exact:
        tr.text = {n: tr.strings(n) for n in tr.names}
    return tr


# ---------------------------------------------------------------------- verify
class Report:
    """The report of nhref.verify: the library's JSON (schema "nhref-verify/1",
    docs/verify.md) in .json, and views of it.

    passed      the verdict (bool); summary: its line ("PASS: ..." / "FAIL: ...")
    digits      {column: digits of agreement} (inf where every value is exact,
                -inf where one side is NaN)
    columns     the per-column records (dicts: name, kind, max_error, digits,
                min_digits, pass, worst row/line/t, ...)
    drift       {integral: drift digits along the input} (None where not measured)
    reference   the reference's model, parameters, initial state, digits, end
    """

    def __init__(self, d):
        self.json = d
        self.passed = bool(d["pass"])
        self.summary = d["summary"]
        self.columns = d["columns"]
        self.reference = d["reference"]
        self.digits = {c["name"]: _digits(c) for c in self.columns}
        self.drift = {i["name"]: (_digits(i) if i["defined"] else None)
                      for i in d["drift"]["integrals"]}

    def column(self, name):
        for c in self.columns:
            if c["name"] == name:
                return c
        raise KeyError(name)

    def __str__(self):
        lines = ["%-10s %-9s %12s %8s %7s" % ("column", "kind", "max |error|", "digits", "min")]
        for c in self.columns:
            lines.append("%-10s %-9s %12.3e %8.2f %7g%s" % (
                c["name"], c["kind"], c["max_error"] if c["max_error"] is not None else math.nan,
                self.digits[c["name"]], c["min_digits"], "" if c["pass"] else "  FAIL"))
        lines.append(self.summary)
        return "\n".join(lines)

    def __repr__(self):
        return "<nhref.Report %s>" % self.summary


def _digits(rec):
    if rec.get("exact"):
        return math.inf
    return -math.inf if rec["digits"] is None else float(rec["digits"])


def _columns(data, names):
    """The input as ("file", path) or (kind, names, rows) with kind "doubles"
    (a float64 array, rows x columns) or "strings" (a flat list, row-major)."""
    if isinstance(data, (str, os.PathLike)):
        return ("file", os.fspath(data))
    _need_numpy("verify of arrays")
    if hasattr(data, "columns") and hasattr(data, "to_numpy"):  # a pandas DataFrame
        cols = [str(c) for c in data.columns]
        arrays = [data[c].to_numpy() for c in data.columns]
        if data.index.name is not None and str(data.index.name) not in cols:
            cols.insert(0, str(data.index.name))
            arrays.insert(0, data.index.to_numpy())
        return _from_arrays(cols, arrays)
    if isinstance(data, dict):
        return _from_arrays([str(k) for k in data], [np.asarray(v) for v in data.values()])
    arr = np.asarray(data)
    if arr.dtype.names is not None:
        return _from_arrays(list(arr.dtype.names), [arr[n] for n in arr.dtype.names])
    if names is None:
        raise TypeError("verify: a plain array needs names=[...] for its columns")
    if arr.ndim != 2 or arr.shape[1] != len(names):
        raise ValueError("verify: the array has shape %s for %d names" % (arr.shape, len(names)))
    return _from_arrays([str(n) for n in names], [arr[:, j] for j in range(arr.shape[1])])


def _from_arrays(names, arrays):
    n = {len(a) for a in arrays}
    if len(n) != 1:
        raise ValueError("verify: the columns have different lengths %s" % sorted(n))
    if all(np.issubdtype(np.asarray(a).dtype, np.number) for a in arrays):
        values = np.ascontiguousarray(np.column_stack([np.asarray(a, dtype=np.float64) for a in arrays]))
        return ("doubles", names, values)
    nrow = n.pop()
    flat = [None] * (nrow * len(names))
    for j, a in enumerate(arrays):
        for r, x in enumerate(a):
            flat[r * len(names) + j] = "" if x is None else _decimal(x, names[j])
    return ("strings", names, flat)


def _thresholds(v, setter, spec, what):
    if spec is None:
        return
    items = spec.items() if isinstance(spec, dict) else [(None, spec)]
    for name, d in items:
        status = setter(v, _lib.enc(name), float(d))
        _check(status, _text(_lib.nhref_verify_error(v)) or "%s %r" % (what, d))


def verify(data, model=None, *, golden=None, params=None, init=None, t_start=None, digits=None,
           min_digits=None, min_drift_digits=None, map=None, sep=None, names=None):
    """Judge a trajectory against nhref's reference (nhref_verify.h); return a Report.

    data        a CSV path, a pandas DataFrame (an index named like a column, e.g.
                "t", is used), a dict {name: array}, a numpy structured array, or a
                2-D array with names=[...].  Numeric columns are taken as doubles,
                exactly; columns of strings as decimal strings.
    model       the model's name; or golden="MODEL/CASE" or a path: the
                reference's model, parameters, initial state, t-start and digits
                from a golden file or an `nhref run` output
    params, init, t_start   as for run()
    digits      the reference's digits (default max(30, largest threshold + 15))
    min_digits  the threshold of every compared column (default 6), or
                {column: digits} (the key None for every column)
    min_drift_digits   the same for the drift of the first integrals (default none)
    map         {your name: model's name}, e.g. {"time": "t"}
    sep         the separator of a file: ",", ";", "\\t" (default: detected)
    Raises NhrefError for bad input (the message names the column, row, file:line)."""
    v = ctypes.c_void_p()
    _check(_lib.nhref_verify_new(ctypes.byref(v)), "out of memory")
    rep = ctypes.c_void_p()
    try:
        def err():
            return _text(_lib.nhref_verify_error(v))

        if (model is None) == (golden is None):
            raise TypeError("verify: give a model or golden=..., not both or neither")
        if golden is not None:
            _check(_lib.nhref_verify_set_golden(v, _lib.enc(golden)), err())
        else:
            _check(_lib.nhref_verify_set_model(v, _lib.enc(model)), err())
        for a in _assignments(params, "param"):
            name, _, value = a.partition("=")
            _check(_lib.nhref_verify_set_param(v, _lib.enc(name), _lib.enc(value)), err())
        for a in _assignments(init, "init"):
            name, _, value = a.partition("=")
            _check(_lib.nhref_verify_set_init(v, _lib.enc(name), _lib.enc(value)), err())
        if t_start is not None:
            _check(_lib.nhref_verify_set_t_start(v, _lib.enc(_decimal(t_start, "t_start"))), err())
        if digits is not None:
            _check(_lib.nhref_verify_set_digits(v, float(digits)), err())
        _thresholds(v, _lib.nhref_verify_set_min_digits, min_digits, "min_digits")
        _thresholds(v, _lib.nhref_verify_set_min_drift_digits, min_drift_digits, "min_drift_digits")
        for yours, theirs in (map or {}).items():
            _check(_lib.nhref_verify_map(v, _lib.enc(yours), _lib.enc(theirs)), err())
        if sep is not None:
            _check(_lib.nhref_verify_set_separator(v, sep.encode()), err())
        src = _columns(data, names)
        if src[0] == "file":
            status = _lib.nhref_verify_file(ctypes.byref(rep), v, _lib.enc(src[1]))
        elif src[0] == "doubles":
            cols, values = src[1], src[2]
            status = _lib.nhref_verify_doubles(
                ctypes.byref(rep), v, len(cols), _lib.strings(cols), values.shape[0],
                values.ctypes.data_as(ctypes.POINTER(ctypes.c_double)))
        else:
            cols, flat = src[1], src[2]
            status = _lib.nhref_verify_strings(ctypes.byref(rep), v, len(cols), _lib.strings(cols),
                                               len(flat) // max(1, len(cols)), _lib.strings(flat))
        _check(status, err())
        n = _lib.nhref_verify_report_json(None, 0, rep)
        if n == 0:
            raise MemoryError("nhref: the report could not be written as JSON")
        buf = ctypes.create_string_buffer(n + 1)
        _lib.nhref_verify_report_json(buf, n + 1, rep)
        return Report(json.loads(buf.value.decode()))
    finally:
        if rep:
            _lib.nhref_verify_report_free(rep)
        _lib.nhref_verify_free(v)


from . import golden  # noqa: E402  (golden and testing use run/verify above)
from . import testing  # noqa: E402
