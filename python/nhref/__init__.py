"""nhref -- certified reference trajectories of nonholonomic systems, from Python.

A pure-Python package over the C library libnhref (through ctypes; no compiled
extension): it works wherever libnhref is installed or built.

    import nhref
    tr = nhref.run("chaplygin_sleigh", params={"J": "30"}, t=[0, 0.5, 1], digits=40)
    tr["x"], tr.t                          # numpy arrays (doubles)
    tr.strings("x")                        # the decimal strings, all their digits
    nhref.run("chaplygin_sleigh", t_end=10, dt_out=0.5, fast=True)    # IEEE double
    nhref.run("chaplygin_sleigh", t=[1, 2], rigorous=True).radius     # Arb balls
    nhref.run("chaplygin_sleigh", t_end=10, stop_when="x + 5").stop   # events

    rep = nhref.verify("mine.csv", "chaplygin_sleigh", min_digits=8)
    rep.passed, rep.digits["x"], rep.summary

    nhref.run("data/models/rolling_disk.model", t_end=2)     # a model file, by its path
    m = nhref.Model.from_string(text, name="mine")            # or from a string
    nhref.run(m, digits=40); nhref.verify("mine.csv", m); print(nhref.describe(m))
    text = nhref.model.from_sympy(kane, params={...}, init={...}, path="disk.model")

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

__all__ = ["run", "verify", "describe", "Model", "Trajectory", "Report", "NhrefError", "golden",
           "testing", "model", "__version__"]

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
_TYPES = {_lib.NHREF_RUN_MPFR: "mpfr", _lib.NHREF_RUN_DOUBLE: "double",
          _lib.NHREF_RUN_PROVEN: "proven"}


def _value_text(h, part, row, j, digits=None):
    """The text of the value of PART at ROW, column J (nhref_trajectory_text: a
    ball as "MID,RAD"), DIGITS significant digits (None: the run's + 2)."""
    d = 0
    if digits is not None:  # an int in [1, 100000], not wrapped through c_int
        if isinstance(digits, bool) or not isinstance(digits, numbers.Integral) or \
                not 1 <= int(digits) <= 100000:
            raise ValueError("digits=%r: a whole number of digits in [1, 100000]" % (digits,))
        d = int(digits)
    n = _lib.nhref_trajectory_text(h, part, row, j, d, None, 0)
    buf = ctypes.create_string_buffer(n + 1)
    _lib.nhref_trajectory_text(h, part, row, j, d, buf, n + 1)
    return buf.value.decode()


def _part(h, part, ncols, balls):
    """(values, radii or None) of PART as numpy arrays (count x ncols)."""
    n = _lib.nhref_trajectory_count(h, part)
    values = np.empty((n, ncols), dtype=np.float64)
    radius = np.empty((n, ncols), dtype=np.float64) if balls else None
    if n > 0:
        dp = ctypes.POINTER(ctypes.c_double)
        _check(_lib.nhref_trajectory_get(h, part, values.ctypes.data_as(dp),
                                         radius.ctypes.data_as(dp) if balls else None),
               "nhref_trajectory_get")
    return values, radius


class Point:
    """A state off the grid of times: an event crossing (Trajectory.events) or
    the state where the run stopped early (Trajectory.stop).

    event     the event's name (a model event's name, or the expression given);
              for the stop: the terminal event's name, or None
    terminal  True for the crossing that stopped the run, and for a stop by it
    t         the time (float); p["x"] or p.values["x"]: a column (float)
    values    {column: float}: t, the state, the first integrals (NaN for a
              crossing's integrals)
    text      {column: decimal string} with the run's digits + 2 (a ball: its
              midpoint)
    radius    rigorous runs: {column: r} with |exact - values[column]| <= r;
              else None
    balls     rigorous runs: {column: (mid, rad)} decimal strings, [mid - rad,
              mid + rad] contains the exact value; else None
    """

    def __init__(self, names, values, radius, texts, event, terminal):
        self.names = names
        self.values = dict(zip(names, (float(v) for v in values)))
        self.radius = None if radius is None else dict(zip(names, (float(r) for r in radius)))
        self.text = dict(zip(names, (s.partition(",")[0] for s in texts)))
        self.balls = None if radius is None else dict(
            zip(names, (tuple(s.split(",", 1)) for s in texts)))
        self.event = event
        self.terminal = terminal

    @property
    def t(self):
        return self.values["t"]

    def __getitem__(self, name):
        return self.values[name]

    def __repr__(self):
        what = "event %r" % self.event if self.event else "stop"
        return "<nhref.Point %s%s at t = %s>" % (what, " (terminal)" if self.terminal else "",
                                                 self.text["t"])


class Trajectory:
    """A reference trajectory (nhref.run): the rows at the times asked for, up to
    where the run ended, with the event crossings and the stop.

    names     the columns: "t", the model's state, its first integrals
    values    numpy array (rows x columns) of doubles (rigorous: the balls'
              midpoints)
    radius    rigorous=True: numpy array of the shape of values, each entry r
              with |exact - value| <= r (the ball's radius plus the midpoint's
              rounding to double, rounded up); else None.  to_pandas() adds the
              columns "c_rad", as the CSV of `nhref run --rigorous`
    t         the times (values[:, 0]); tr["x"] or tr.data["x"]: a column
    events    the event crossings met, in order (Point: event, t, values, text;
              the terminal one last, with .terminal True)
    stop      where the run stopped before the last time (Point), or None
    outcome   how the run ended ("reached the final time", "stopped by an
              event", ...), event (the terminal event's name or None), t_end
              (where it ended, decimal), status (0, or the integrator's error
              code: nhref_status.h)
    type      "mpfr", "double" (fast=True) or "proven" (rigorous=True)
    scheme, order   the scheme's name and its order as configured (Taylor N,
              Gauss 2 x stages)
    prec, digits, steps   the working precision [bits], the tolerance digits, steps
    text      with run(..., exact=True): {name: [decimal strings]}
    """

    def __init__(self, handle):
        self._h = handle
        L = _lib
        self.ncols = L.nhref_trajectory_ncols(handle)
        self.names = [L.nhref_trajectory_column(handle, j).decode() for j in range(self.ncols)]
        self.type = _TYPES.get(L.nhref_trajectory_type(handle), "mpfr")
        balls = self.type == "proven"
        self.values, self.radius = _part(handle, L.NHREF_TRAJECTORY_ROWS, self.ncols, balls)
        self.nrows = self.values.shape[0]
        self.outcome = _text(L.nhref_trajectory_outcome(handle))
        self.status = L.nhref_trajectory_status(handle)
        self.event = _text(L.nhref_trajectory_event(handle))
        self.t_end = _text(L.nhref_trajectory_t_end(handle))
        self.prec = L.nhref_trajectory_prec(handle)
        self.digits = L.nhref_trajectory_digits(handle)
        self.steps = L.nhref_trajectory_steps(handle)
        self.scheme = _text(L.nhref_trajectory_scheme(handle))
        self.order = L.nhref_trajectory_order(handle)
        self.data = {n: self.values[:, j] for j, n in enumerate(self.names)}
        self.text = None
        self.events = self._points(L.NHREF_TRAJECTORY_CROSSINGS, balls)
        stop = self._points(L.NHREF_TRAJECTORY_STOP, balls)
        self.stop = stop[0] if stop else None

    def _points(self, part, balls):
        values, radius = _part(self._h, part, self.ncols, balls)
        points = []
        for k in range(values.shape[0]):
            if part == _lib.NHREF_TRAJECTORY_CROSSINGS:
                term = ctypes.c_int(0)
                name = _text(_lib.nhref_trajectory_crossing(self._h, k, ctypes.byref(term)))
                terminal = bool(term.value)
            else:
                name, terminal = self.event, self.event is not None
            points.append(Point(self.names, values[k], None if radius is None else radius[k],
                                [_value_text(self._h, part, k, j) for j in range(self.ncols)],
                                name, terminal))
        return points

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

    def _column_texts(self, name, digits):
        j = self.names.index(name)
        return [_value_text(self._h, _lib.NHREF_TRAJECTORY_ROWS, r, j, digits)
                for r in range(self.nrows)]

    def strings(self, name, digits=None):
        """The values of column NAME as decimal strings with DIGITS significant
        digits (default: the run's digits + 2; a double run: 17), "nan" where
        undefined (rigorous: the midpoints)."""
        return [s.partition(",")[0] for s in self._column_texts(name, digits)]

    def balls(self, name, digits=None):
        """rigorous=True: column NAME as (mid, rad) pairs of decimal strings, the
        midpoint with DIGITS significant digits and rad (3 digits, rounded up)
        such that [mid - rad, mid + rad] contains the exact value (the CSV cells
        of `nhref run --rigorous`)."""
        if self.radius is None:
            raise ValueError("balls: a %s run has no balls (run(..., rigorous=True))" % self.type)
        return [tuple(s.split(",", 1)) for s in self._column_texts(name, digits)]

    def to_pandas(self):
        """A pandas.DataFrame of the values (pandas is optional); a rigorous run
        adds c_rad after each column c."""
        import pandas as pd

        if self.radius is None:
            return pd.DataFrame(self.values, columns=self.names)
        cols = {}
        for j, n in enumerate(self.names):
            cols[n] = self.values[:, j]
            cols[n + "_rad"] = self.radius[:, j]
        return pd.DataFrame(cols)

    def __repr__(self):
        return "<nhref.Trajectory %d rows x %s; %s, t_end = %s>" % (
            self.nrows, ",".join(self.names), self.outcome, self.t_end)


def _count(x, what):
    """X as a non-negative int below 2^63 (an order, a number of stages or steps): ctypes
    would wrap a larger one silently."""
    if isinstance(x, bool) or not isinstance(x, numbers.Integral) or not 0 <= int(x) < 2**63:
        raise TypeError("run: %s=%r is not an integer in [0, 2^63)" % (what, x))
    return int(x)


def _digits_arg(x, what):
    """X as digits >= 1: a real number, not a bool; nan, inf, 0 and negative digits are
    errors here, not the default (the C setters read 0 as 'the default').  The upper
    bound is the C side's, with its message."""
    if isinstance(x, bool) or not isinstance(x, (numbers.Real, decimal.Decimal)):
        raise TypeError("%s=%r is not a number of digits" % (what, x))
    d = float(x)
    if not (math.isfinite(d) and d >= 1):
        raise ValueError("%s=%r: digits must be a finite number >= 1" % (what, x))
    return d


def _exprs(x, what):
    """one expression or a sequence of them -> [str]"""
    if x is None:
        return []
    if isinstance(x, str):
        return [x]
    out = list(x)
    for e in out:
        if not isinstance(e, str):
            raise TypeError("run: %s: %r is not an expression (a str)" % (what, e))
    return out


def _build_spec(spec, params, init, t, t_start, t_end, dt_out, digits, prec, scheme,
                order, stages, fast, rigorous, stop_when, events, model_events, max_steps):
    """One setter of nhref_run.h on SPEC per keyword given (the scheme before its
    options, which it resets); NhrefError with the spec's message at the first
    refusal."""
    L = _lib

    def check(status):
        _check(status, _text(L.nhref_spec_error(spec)))

    check(L.nhref_spec_set_names(spec, L.NHREF_SPEC_WORDS, None))
    for kind, values, setter in (("param", params, L.nhref_spec_set_param),
                                 ("init", init, L.nhref_spec_set_init)):
        if isinstance(values, dict):
            for k, v in values.items():
                check(setter(spec, L.enc(k), L.enc(_decimal(v, "%s %s" % (kind, k)))))
        else:
            for a in _assignments(values, kind):
                check(L.nhref_spec_assign(spec, L.enc(kind), L.enc(a)))
    if t_start is not None:
        check(L.nhref_spec_set_t_start(spec, L.enc(_decimal(t_start, "t_start"))))
    if t is not None:
        if t_end is not None or dt_out is not None:
            raise TypeError("run: give the times t, or t_end and dt_out, not both")
        times = [t] if isinstance(t, (str, numbers.Real, decimal.Decimal)) else \
            list(np.asarray(t, dtype=object).ravel())
        ts = [_decimal(x, "t") for x in times]
        check(L.nhref_spec_set_times(spec, len(ts), L.strings(ts)))
    if t_end is not None:
        check(L.nhref_spec_set_t_end(spec, L.enc(_decimal(t_end, "t_end"))))
    if dt_out is not None:
        check(L.nhref_spec_set_dt_out(spec, L.enc(_decimal(dt_out, "dt_out"))))
    if digits is not None:
        check(L.nhref_spec_set_digits(spec, _digits_arg(digits, "run: digits")))
    if prec is not None:
        check(L.nhref_spec_set_prec(spec, _count(prec, "prec")))
    if scheme is not None:
        check(L.nhref_spec_set_scheme(spec, L.enc(scheme)))
    for name, value in (("order", order), ("stages", stages)):
        if value is not None:
            check(L.nhref_spec_set_scheme_option(spec, L.enc(name), _count(value, name)))
    if fast and rigorous:
        raise ValueError("run: fast=True (IEEE double) and rigorous=True (Arb balls) "
                         "exclude each other")
    if fast or rigorous:
        check(L.nhref_spec_set_type(spec, L.NHREF_RUN_DOUBLE if fast else L.NHREF_RUN_PROVEN))
    for terminal, what, exprs in ((1, "stop_when", stop_when), (0, "events", events)):
        for e in _exprs(exprs, what):
            check(L.nhref_spec_add_event(spec, L.enc(e), terminal))
    if not model_events:
        L.nhref_spec_set_model_events(spec, 0)
    if max_steps is not None:
        L.nhref_spec_set_max_steps(spec, _count(max_steps, "max_steps"))


class _Progress:
    """A Python callable as the library's progress hook: FN(fraction, what) is
    called with the fraction done in [0, 1] and what is being done; a last call
    with 1.0 when the work ends.  The C code cannot be interrupted from the hook:
    the first exception FN raises (KeyboardInterrupt too) stops further calls and
    is raised when the library returns."""

    def __init__(self, fn, what):
        if not callable(fn):
            raise TypeError("progress=%r is not callable: give a function of (fraction, what)"
                            % (fn,))
        self.fn, self.what, self.error, self.last = fn, what, None, None
        self.c_run = _lib.PROGRESS_RUN(self._run)
        self.c_verify = _lib.PROGRESS_VERIFY(self._verify)

    def _call(self, fraction, what):
        if self.error is not None:
            return
        self.last = (fraction, what)
        try:
            self.fn(fraction, what)
        except BaseException as e:  # noqa: B902 -- kept, raised after the C call
            self.error = e

    def _run(self, arg, fraction):
        self._call(min(1.0, max(0.0, float(fraction))), self.what)

    def _verify(self, arg, what, fraction):
        self._call(min(1.0, max(0.0, float(fraction))), _text(what) or self.what)

    def finish(self):
        """Raise what FN raised; else the last call with 1.0 if it was not made."""
        if self.error is None and (self.last is None or self.last[0] < 1.0):
            self._call(1.0, self.last[1] if self.last else self.what)
        if self.error is not None:
            raise self.error


def _model_arg(model, what):
    """MODEL as given to run, verify, describe: a Model, or a name or path (str or
    os.PathLike) -> (Model or None, bytes or None)."""
    from .model import Model

    if isinstance(model, Model):
        return model, None
    if isinstance(model, (str, os.PathLike)):
        return None, _lib.enc(os.fspath(model))
    raise TypeError("%s: the model %r is not a name, a path or an nhref.Model" % (what, model))


def run(model, params=None, init=None, t=None, t_start=None, digits=None, scheme=None,
        exact=False, *, t_end=None, dt_out=None, prec=None, fast=False, rigorous=False,
        order=None, stages=None, stop_when=None, events=None, model_events=True,
        max_steps=None, progress=None):
    """Integrate MODEL and return a Trajectory.

    MODEL is a registered model's name ("chaplygin_sleigh"; `nhref list`), the
    path of a model file (a str or os.PathLike with '/' or '.', e.g.
    "data/models/rolling_disk.model"), or an nhref.Model (a model file read or
    parsed from a string).  The arguments build a run specification (nhref_run.h, the setters `nhref
    run` uses), checked as a whole before anything runs.  Values enter as
    decimal strings: str as given, ints exactly, floats by repr().

    params, init  {name: value} or ["NAME=VALUE", ...]: the model's defaults
                  changed (`nhref describe MODEL` lists them)
    t             the output times: a sequence (monotone from t_start, either
                  direction; a first time equal to t_start is a row) or one number
    t_end, dt_out instead of t: the rows t_start + k dt_out (exact decimals)
                  before t_end, then t_end; either may be left to the model's
                  default, and with neither nor t the model's grid is run
    t_start       the time of the initial state (default 0)
    digits        tolerance 10^-digits (default 30), precision digits log2(10)
                  + 32 bits; prec: the precision [bits] instead (or as well)
    scheme        "taylor" (default) or "gauss"; order: Taylor's order (default
                  from the digits); stages: Gauss's stages (order 2 stages)
    fast          True: the same run in IEEE double (tolerance max(10^-digits,
                  1e-15); parameters and initial state as rounded to double)
    rigorous      True: validated Taylor in Arb balls: tr.values are midpoints,
                  tr.radius bounds |exact - value| (not with gauss, stages,
                  stop_when or events; the model's own events are located)
    stop_when     an expression in t, the state and the parameters (e.g. "x + 5"),
                  or a list: the run stops where one crosses zero (tr.stop, the
                  last of tr.events, tr.event names it)
    events        the same, recorded in tr.events without stopping
    model_events  False: ignore the events the model declares (the skater's fall)
    max_steps     give up after this many steps (default 10^7; 0: no limit)
    exact         also fill .text with every value as a decimal string
    progress      a function called as progress(fraction, what) after every step,
                  fraction in [0, 1] of the run's time span (what: "integrating"),
                  and once with 1.0 at the end; an exception it raises is raised
                  when the run has ended.  With tqdm:
                      from tqdm import tqdm
                      with tqdm(total=1.0, bar_format="{l_bar}{bar}") as bar:
                          tr = nhref.run("chaplygin_sleigh", t_end=100, digits=60,
                                         progress=lambda f, what: bar.update(f - bar.n))
    Raises NhrefError (bad names, values, ranges, combinations) with the
    library's message, naming the input ("parameter m", "initial value v",
    "t-end", "stop-when 'x +'", ...; a bad model file: "FILE:LINE: ..."; the
    initial velocities off a model file's constraints); TypeError for arguments
    of the wrong kind."""
    _need_numpy("run")
    mf, name = _model_arg(model, "run")
    spec = ctypes.c_void_p()
    if mf is not None:
        status = _lib.nhref_spec_new_file(ctypes.byref(spec), mf._handle())
    else:
        status = _lib.nhref_spec_new(ctypes.byref(spec), name)
    try:
        if status != _lib.NHREF_OK:
            _check(status, _text(_lib.nhref_spec_error(spec)) if spec else None)
        _build_spec(spec, params, init, t, t_start, t_end, dt_out, digits, prec, scheme,
                    order, stages, fast, rigorous, stop_when, events, model_events, max_steps)
        prog = _Progress(progress, "integrating") if progress is not None else None
        if prog is not None:
            _lib.nhref_spec_set_progress(spec, prog.c_run, None)
        h = ctypes.c_void_p()
        err = ctypes.create_string_buffer(1024)
        status = _lib.nhref_trajectory_run(ctypes.byref(h), spec, err, len(err))
        if prog is not None and status != _lib.NHREF_OK and prog.error is not None:
            raise prog.error
        _check(status, _text(err.value))
        if prog is not None:
            try:
                prog.finish()
            except BaseException:
                _lib.nhref_trajectory_free(h)
                raise
    finally:
        _lib.nhref_spec_free(spec)
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
    level       "VALIDATED", or "PROVEN" (rigorous=True and the verdict proven)

    With verify(..., errors=True), every input row in time order (ties in input
    order), as numpy arrays of the same length (docs/verify.md, "Error over time");
    else these are None:
    t           the rows' times (float64)
    line        their file lines (int64; 0 for arrays), row: their 0-based input rows
    where       int8: 0 compared, 1 past the reference's end within the resolution
                of its time (compared with the state there), 2 beyond the end (not
                judged: NaN errors)
    errors      {column: |yours - reference|} (float64; NaN where not judged)
    row_digits  {column: -log10(|yours - reference| / max(|reference|, 1))} (inf
                where equal, -inf where one side is NaN, NaN where not judged);
                its minimum is digits[column]
    dist        rigorous=True: {column: a lower bound of the distance from yours to
                the proven enclosure (0: within it; NaN: no enclosure)}; else None
    row_drift   {integral: I(t) - I(t_first) along your states} (NaN where not
                measured)
    """

    def __init__(self, d, rows=None):
        self.json = d
        self.level = d["level"]
        self.t = self.line = self.row = self.where = None
        self.errors = self.row_digits = self.dist = self.row_drift = None
        if rows is not None:
            for k, val in rows.items():
                setattr(self, k, val)
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

    def plot(self, ax=None, columns=None, threshold=True):
        """Draw the digits of agreement vs t of each column (or of COLUMNS) with
        matplotlib, the thresholds dashed, the reference's end (when rows lie beyond
        it) dotted; return the Axes.  Rows equal to the reference are drawn at the
        reference's digits.  Needs verify(..., errors=True) (else RuntimeError) and
        matplotlib (else ImportError saying so)."""
        if self.t is None:
            raise RuntimeError("Report.plot: no per-row errors; call nhref.verify(..., errors=True)")
        try:
            import matplotlib.pyplot as plt
        except ImportError as e:
            raise ImportError("Report.plot needs matplotlib (Debian: python3-matplotlib; "
                              "pip install matplotlib): %s" % e) from None
        if ax is None:
            ax = plt.figure().add_subplot(1, 1, 1)
        cap = float(self.reference["digits"])
        judged = self.where != 2
        names = list(self.errors) if columns is None else list(columns)
        for name in names:
            if name not in self.row_digits:
                raise KeyError("Report.plot: no compared column %r (columns: %s)"
                               % (name, ", ".join(self.row_digits)))
            d = np.minimum(self.row_digits[name], cap)
            ax.plot(self.t[judged], d[judged], label=name)
        if threshold:
            for m in sorted({self.column(n)["min_digits"] for n in names}):
                ax.axhline(m, linestyle="--", color="0.3", linewidth=1)
        for side in ("backward", "forward"):
            e = self.reference.get(side)
            if e and e["rows_beyond"] > 0 and e["t_end"] is not None:
                ax.axvline(float(e["t_end"]), linestyle=":", color="0.3",
                           label="end of the reference (%s)" % (e["event"] or e["outcome"]))
        ax.set_xlabel("t")
        ax.set_ylabel("digits of agreement")
        ax.set_title(self.summary if len(self.summary) < 80 else self.summary[:77] + "...")
        ax.legend()
        return ax


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
    if _is_ode_result(data):  # scipy.integrate.solve_ivp's result (a dict too)
        return _from_ode_result(data, names)
    if isinstance(data, Trajectory):  # nhref.run's own (rigorous: the midpoints)
        return _from_arrays(list(data.names), [data.values[:, j] for j in range(data.ncols)])
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


def _is_ode_result(data):
    """A scipy.integrate.solve_ivp result (OdeResult), or anything like it: the
    attributes t, y, status and message."""
    return all(hasattr(data, a) for a in ("t", "y", "status", "message"))


def _from_ode_result(sol, names):
    """The columns "t" (sol.t) and NAMES[i] (the row sol.y[i])."""
    t = np.asarray(sol.t)
    y = np.asarray(sol.y)
    if names is None:
        raise TypeError("verify: a solve_ivp result needs names=[...]: the model's name of "
                        "each row of sol.y, in order (e.g. names=['x', 'y', 'phi', 'v', "
                        "'omega'] for chaplygin_sleigh: `nhref describe MODEL`)")
    if isinstance(names, str):
        raise TypeError("verify: names=%r: give a list of names, one per row of sol.y" % names)
    names = [str(n) for n in names]
    if t.ndim != 1 or y.ndim != 2 or y.shape[1] != t.shape[0]:
        raise ValueError("verify: the solve_ivp result has t of shape %s and y of shape %s: "
                         "want y of shape (states, len(t))" % (t.shape, y.shape))
    if len(names) != y.shape[0]:
        raise ValueError("verify: %d names %s for the %d rows of sol.y: give one name per row "
                         "(the times are sol.t)" % (len(names), names, y.shape[0]))
    if "t" in names:
        raise ValueError("verify: names=%s: 't' is sol.t; name only the rows of sol.y" % names)
    if np.iscomplexobj(y):
        raise ValueError("verify: sol.y is complex; give real states")
    return _from_arrays(["t"] + names, [t] + [y[i] for i in range(y.shape[0])])


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


def _report_rows(rep, d, rigorous):
    """The per-row arrays of the C report REP (made with errors on), for Report."""
    n = d["input"]["rows"]

    def series(what, name=None):
        out = np.empty(n, dtype=np.float64)
        _check(_lib.nhref_verify_report_series(out.ctypes.data_as(ctypes.POINTER(ctypes.c_double)),
                                               rep, what, _lib.enc(name) if name else None),
               "verify: no per-row series %d of %r" % (what, name))
        return out

    cols = [c["name"] for c in d["columns"]]
    ints = [i["name"] for i in d["drift"]["integrals"]] if d["drift"]["computed"] else []
    rows = {
        "t": series(_lib.NHREF_VERIFY_SERIES_T),
        "line": series(_lib.NHREF_VERIFY_SERIES_LINE).astype(np.int64),
        "row": series(_lib.NHREF_VERIFY_SERIES_ROW).astype(np.int64),
        "where": series(_lib.NHREF_VERIFY_SERIES_WHERE).astype(np.int8),
        "errors": {c: series(_lib.NHREF_VERIFY_SERIES_ERROR, c) for c in cols},
        "row_digits": {c: series(_lib.NHREF_VERIFY_SERIES_DIGITS, c) for c in cols},
        "row_drift": {i: series(_lib.NHREF_VERIFY_SERIES_DRIFT, i) for i in ints},
    }
    exact = 1e6  # NHREF_ORACLE_DIGITS_EXACT: equal values
    for c in cols:
        rows["row_digits"][c][rows["row_digits"][c] >= exact] = math.inf
    if rigorous:
        rows["dist"] = {c: series(_lib.NHREF_VERIFY_SERIES_DIST, c) for c in cols}
    return rows


def verify(data, model=None, *, golden=None, params=None, init=None, t_start=None, digits=None,
           min_digits=None, min_drift_digits=None, map=None, sep=None, names=None,
           rigorous=False, errors=False, progress=None, define=None, chart=None, angles=None):
    """Judge a trajectory against nhref's reference (nhref_verify.h); return a Report.

    data        a CSV path, a pandas DataFrame (an index named like a column, e.g.
                "t", is used), a dict {name: array}, a numpy structured array, a
                2-D array with names=[...], a Trajectory (run()'s, as doubles;
                rigorous: the midpoints), or a scipy.integrate.solve_ivp result
                with names=[...] naming the rows of sol.y (the times are sol.t;
                the rows up to where the solver stopped):
                    sol = solve_ivp(f, (0, 10), y0, rtol=1e-10, atol=1e-12)
                    rep = nhref.verify(sol, "chaplygin_sleigh",
                                       names=["x", "y", "phi", "v", "omega"])
                Numeric columns are taken as doubles, exactly; columns of strings
                as decimal strings.
    model       the model's name, a model file's path or an nhref.Model (as for
                run); or golden="MODEL/CASE" or a path: the
                reference's model, parameters, initial state, t-start and digits
                from a golden file or an `nhref run` output
    params, init, t_start   as for run()
    digits      the reference's digits (default max(30, largest threshold + 15))
    min_digits  the threshold of every compared column (default 6), or
                {column: digits} (the key None for every column)
    min_drift_digits   the same for the drift of the first integrals (default none)
    map         {your name: model's name}, e.g. {"time": "t"}
    sep         the separator of a file: ",", ";", "\\t" (default: detected)
    rigorous    also judge against PROVEN enclosures of the true solution (`nhref
                verify --rigorous`): the Report's level, and per column
                column(name)["rigorous"]
    errors      also record every row's error and digits (and with rigorous=True
                its distance to the enclosure) and each integral's drift: the
                Report's t, line, row, where, errors, row_digits, dist, row_drift
                (numpy arrays; `nhref verify --errors`); needs numpy.  Memory
                O(rows x columns).
    progress    a function called as progress(fraction, what) while the
                reference is computed and compared: what is the phase
                ("integrating the reference", "evaluating the closed form",
                "first-integral drift"), fraction in [0, 1] within it; a last
                call with 1.0; an exception it raises is raised at the end (tqdm:
                see run())
    define      {model's column: expression over your columns, t and the parameters},
                e.g. {"v": "vx*cos(phi) + vy*sin(phi)"}: evaluated at the reference's
                precision (--define; docs/verify.md, "Conventions")
    chart       the model's chart your columns are in, e.g. "com" (--chart)
    angles      "wrapped", "wrapped=phi,theta" or "unwrapped" (--angles): angle
                columns compared modulo 2 pi
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
            mf, name = _model_arg(model, "verify")
            if mf is not None:
                _check(_lib.nhref_verify_set_model_file(v, mf._handle()), err())
            else:
                _check(_lib.nhref_verify_set_model(v, name), err())
        for a in _assignments(params, "param"):
            name, _, value = a.partition("=")
            _check(_lib.nhref_verify_set_param(v, _lib.enc(name), _lib.enc(value)), err())
        for a in _assignments(init, "init"):
            name, _, value = a.partition("=")
            _check(_lib.nhref_verify_set_init(v, _lib.enc(name), _lib.enc(value)), err())
        if t_start is not None:
            _check(_lib.nhref_verify_set_t_start(v, _lib.enc(_decimal(t_start, "t_start"))), err())
        if digits is not None:
            _check(_lib.nhref_verify_set_digits(v, _digits_arg(digits, "verify: digits")), err())
        _thresholds(v, _lib.nhref_verify_set_min_digits, min_digits, "min_digits")
        _thresholds(v, _lib.nhref_verify_set_min_drift_digits, min_drift_digits, "min_drift_digits")
        for yours, theirs in (map or {}).items():
            _check(_lib.nhref_verify_map(v, _lib.enc(yours), _lib.enc(theirs)), err())
        if sep is not None:
            _check(_lib.nhref_verify_set_separator(v, sep.encode()), err())
        if rigorous not in (False, True) or errors not in (False, True):
            raise TypeError("verify: rigorous and errors are True or False, got %r and %r"
                            % (rigorous, errors))
        _check(_lib.nhref_verify_set_rigorous(v, int(rigorous)), err())
        if errors:
            _need_numpy("verify(..., errors=True)")
        _check(_lib.nhref_verify_set_errors(v, int(errors)), err())
        for name, expr in (define or {}).items():
            _check(_lib.nhref_verify_define(v, _lib.enc(name), _lib.enc(expr)), err())
        if chart is not None:
            _check(_lib.nhref_verify_set_chart(v, _lib.enc(chart)), err())
        if angles is not None:
            _check(_lib.nhref_verify_set_angles(v, _lib.enc(angles)), err())
        src = _columns(data, names)
        prog = _Progress(progress, "verifying") if progress is not None else None
        if prog is not None:
            _lib.nhref_verify_set_progress(v, prog.c_verify, None)
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
        if prog is not None and status != _lib.NHREF_OK and prog.error is not None:
            raise prog.error
        _check(status, err())
        if prog is not None:
            prog.finish()
        n = _lib.nhref_verify_report_json(None, 0, rep)
        if n == 0:
            raise MemoryError("nhref: the report could not be written as JSON")
        buf = ctypes.create_string_buffer(n + 1)
        _lib.nhref_verify_report_json(buf, n + 1, rep)
        d = json.loads(buf.value.decode())
        return Report(d, _report_rows(rep, d, rigorous) if errors else None)
    finally:
        if rep:
            _lib.nhref_verify_report_free(rep)
        _lib.nhref_verify_free(v)


# ---------------------------------------------------------------------- describe
def describe(model):
    """What a model file says and what nhref derived from it, as text (what `nhref
    describe FILE` prints after the model's tables): its form, the coordinates and
    velocities, the Lagrangian, constraints and forces (or the ODE, or M and F) as
    written, and the equations nhref integrates (a Lagrangian's mass matrix M,
    constraint matrix A and right-hand side, simplified).

    model   an nhref.Model, or the path of a model file (str or os.PathLike)
    Raises NhrefError for a file that cannot be read or compiled ("FILE:LINE:
    ..."); ValueError for a registered model's name (`nhref describe NAME` prints
    its descriptor; the library has no text of it to give)."""
    from .model import Model

    mf, name = _model_arg(model, "describe")
    if mf is None:
        path = os.fsdecode(name)
        if not _lib.nhref_model_is_file(name):
            raise ValueError("describe: %r is not a model file (a path with '/' or '.'); "
                             "for a registered model run `nhref describe %s`" % (path, path))
        mf = Model.read(path)
    return mf.describe()


def ensemble(model, inits, params=None, t=None):
    """Integrate B initial states and/or B parameter sets of MODEL at once in double
    (nhref_integrate_batch_d, include/nhref_batch.h: SIMD lanes, one step size per
    lane; each lane equals its own fast run), tolerance 1e-15.

    model:  a built-in model's name (`nhref list`), a model file's path (a name with
            '/' or '.', e.g. "data/models/rolling_disk.model"), or an nhref.Model.
    inits:  array of shape (B, nstate), the model's state order (`nhref describe`).
    params: None (the defaults), one dict {name: decimal string or number} for every
            lane, or a list of B dicts (one parameter set per lane).
    t:      the output times (monotone, shared by the lanes); inits are the states at
            t[0], so t = [0, -1] integrates backward and a single time returns inits.
    Returns (x, status): x of shape (B, len(t), nstate) (rows a lane did not reach are
    NaN), status of shape (B,) (0: reached; else the lane's nhref status, e.g. 1 domain
    error, 4 refused initial state or parameters; nhref.strerror-like text in
    NhrefError's messages).  Raises ValueError for bad shapes, naming the argument, or
    for a name that is neither a built-in model nor a model file's path; NhrefError
    ("FILE:LINE: ...") for a model file that does not read."""
    from .model import Model

    _need_numpy("ensemble")
    mf = model if isinstance(model, Model) else None
    if mf is None and isinstance(model, (str, os.PathLike)):
        name = os.fspath(model)
        if not _lib.nhref_model_find(_lib.enc(name)):
            if not _lib.nhref_model_is_file(_lib.enc(name)):
                raise ValueError("ensemble: model %r: no such built-in model (nhref list; a "
                                 "model file's path has '/' or '.')" % name)
            mf = Model.read(name)
    elif mf is None:
        raise ValueError("ensemble: model must be a built-in model's name (nhref list), a "
                         "model file's path or an nhref.Model")
    m = (_lib.nhref_model_file_model(mf._handle()) if mf is not None
         else _lib.nhref_model_find(_lib.enc(os.fspath(model))))
    label = mf.path if mf is not None else os.fspath(model)
    return _ensemble(m, label, mf, inits, params, t)


def _ensemble(m, model, mf, inits, params, t):
    """ensemble() for the model M (a const nhref_model_t *; MODEL names it in messages;
    MF, the nhref.Model that owns M, or None, is kept alive until the lanes are done)."""
    x0 = np.ascontiguousarray(np.asarray(inits, dtype=float))
    if x0.ndim != 2 or x0.shape[0] < 1:
        raise ValueError("ensemble: inits must be an array of shape (B, nstate), B >= 1; got "
                         "shape %s" % (x0.shape,))
    if t is None:
        raise ValueError("ensemble: t (the output times) is required")
    tg = np.ascontiguousarray(np.asarray(t, dtype=float).ravel())
    if tg.size < 1:
        raise ValueError("ensemble: t must hold at least one time")
    B = x0.shape[0]
    if params is None or isinstance(params, dict):
        sets = [params or {}]
    else:
        sets = list(params)
        if len(sets) != B:
            raise ValueError("ensemble: params: %d parameter sets for %d initial states (give "
                             "one dict for every lane, or B dicts)" % (len(sets), B))
    systems = []
    try:
        for p in sets:
            s = ctypes.c_void_p()
            _check(_lib.nhref_system_new(ctypes.byref(s), m), "ensemble: model %r" % model)
            systems.append(s)
            for name, value in p.items():
                st = _lib.nhref_system_set_param(s, _lib.enc(name), _lib.enc(_decimal(value, name)))
                _check(st, "ensemble: params: %s = %r: %s" % (name, value,
                                                               _lib.nhref_strerror(st).decode()))
        n = _lib.nhref_tape_nstate(_lib.nhref_system_rhs_tape(systems[0]))
        if x0.shape[1] != n:
            raise ValueError("ensemble: inits has %d columns; model %s has %d state components"
                             % (x0.shape[1], model, n))
        out = np.empty((B, tg.size, n))
        status = np.empty(B, dtype=np.intc)
        arr = (ctypes.c_void_p * len(systems))(*[s.value for s in systems])
        dp = ctypes.POINTER(ctypes.c_double)
        st = _lib.nhref_integrate_batch_d(out.ctypes.data_as(dp),
                                          status.ctypes.data_as(ctypes.POINTER(ctypes.c_int)),
                                          None, arr, len(systems), x0.ctypes.data_as(dp), B,
                                          tg.ctypes.data_as(dp), tg.size, None)
        if st == _lib.NHREF_EINVAL:
            raise ValueError("ensemble: t must be finite and monotone (increasing or decreasing)")
        _check(st, None)
        return out, status.astype(int)
    finally:
        for s in systems:
            _lib.nhref_system_free(s)


from . import golden  # noqa: E402  (golden and testing use run/verify above)
from . import testing  # noqa: E402
from . import model  # noqa: E402
from .model import Model  # noqa: E402
