"""nhref.model -- models written by users: model files (read from a path or parsed
from a string) and model files written from SymPy mechanics.

    m = nhref.Model.read("data/models/rolling_disk.model")
    m = nhref.Model.from_string(text, name="mine")      # messages say "mine:LINE: ..."
    nhref.run(m, t_end=2); nhref.verify("mine.csv", m); print(m.describe())

    text = nhref.model.from_sympy(kane, params={m: 1, R: "0.5"}, init={theta: "0.1"},
                                  path="disk.model")

A model file (include/nhref_model_file.h) gives the dynamics in one of three forms:
a Lagrangian with constraints affine in the velocities ([coordinates], [velocities],
[lagrangian], [constraints], [forces]: nhref derives the Lagrange-d'Alembert
equations), an explicit ODE ([state], [ode]), or a mass-matrix form M(t, x) x' =
F(t, x) ([state], [mass] keyed ROW.COL, [forcing]); optionally [model],
[parameters], [integrals], [events], [conditions].  from_sympy writes the
Lagrangian form or the mass-matrix form; SymPy is imported only when it is called.
"""
import ctypes
import decimal
import numbers
import os
import re

from . import _lib
from . import _check, _decimal as _number

__all__ = ["Model", "from_sympy", "to_expression", "UnsupportedExpression"]

_ERRLEN = 1024


class Model:
    """A model from a model file, usable wherever a model's name is: nhref.run(m,
    ...), nhref.verify(data, m, ...), nhref.describe(m).

    Make one with Model.read(path) or Model.from_string(text, name=...); both
    compile the file at once (nhref derives a Lagrangian's equations of motion)
    and raise NhrefError with the library's one-line message "FILE:LINE: what is
    wrong" (FILE: the path, or the NAME given for a string) and its status:
    NHREF_EIO (unreadable), NHREF_EPARSE (syntax, unknown section or key, a name,
    an expression, a constraint not affine in the velocities), NHREF_EINVAL (a
    limit, no dynamics or two forms).  Parameter ranges, conditions and the
    initial velocities' constraints are checked when a run starts (NhrefError
    from nhref.run).

    path    the file read, or the NAME that stands for a string
    """

    def __init__(self, handle, path):
        self._mf = handle
        self.path = path

    @classmethod
    def read(cls, path):
        """The model of the model file PATH (str or os.PathLike)."""
        path = os.fspath(path)
        mf = ctypes.c_void_p()
        err = ctypes.create_string_buffer(_ERRLEN)
        status = _lib.nhref_model_file_read(ctypes.byref(mf), _lib.enc(path), err, _ERRLEN)
        _check(status, err.value.decode(errors="replace"))
        return cls(mf, path)

    @classmethod
    def from_string(cls, text, name="string"):
        """The model of the model file whose text is TEXT (str or bytes, at most
        1 MiB); NAME stands for the file in messages ("NAME:LINE: ...") and gives
        the model's name when [model] has none (NAME's stem, e.g. "mine" for
        "mine.model")."""
        data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
        mf = ctypes.c_void_p()
        err = ctypes.create_string_buffer(_ERRLEN)
        status = _lib.nhref_model_file_parse(ctypes.byref(mf), data, len(data), _lib.enc(name),
                                             err, _ERRLEN)
        _check(status, err.value.decode(errors="replace"))
        return cls(mf, str(name))

    def _handle(self):
        if not self._mf:
            raise ValueError("nhref.Model: the model was freed")
        return self._mf

    def describe(self):
        """What the file says and what nhref derived from it (str): the form, the
        coordinates and velocities (or the state), the Lagrangian, constraints
        and forces (or the ODE, or M and F) as written, and the equations nhref
        integrates (`nhref describe FILE` prints it after the model's tables)."""
        c = _lib.libc
        if c is None:
            raise OSError("nhref.Model.describe: the C library's tmpfile is not available")
        fp = c.tmpfile()
        if not fp:
            raise OSError(ctypes.get_errno(), "nhref.Model.describe: tmpfile() failed")
        try:
            if _lib.nhref_model_file_describe(self._handle(), fp) != 0 or c.fflush(fp) != 0:
                raise OSError("nhref.Model.describe: writing the description failed")
            fd = c.fileno(fp)
            os.lseek(fd, 0, os.SEEK_SET)
            chunks = []
            while True:
                b = os.read(fd, 65536)
                if not b:
                    break
                chunks.append(b)
        finally:
            c.fclose(fp)
        return b"".join(chunks).decode("utf-8", errors="replace")

    def __del__(self):
        mf, self._mf = getattr(self, "_mf", None), None
        if mf:
            _lib.nhref_model_file_free(mf)

    def __repr__(self):
        return "<nhref.Model %r>" % self.path


# ---------------------------------------------------------------------- SymPy
class UnsupportedExpression(ValueError):
    """A SymPy expression that nhref's expression grammar cannot state (a function it
    lacks, a complex number, a symbol without a value, a derivative left over); the
    message says where and what to do."""


# nhref's grammar (nhref_tape_parse in include/nhref_tape.h): + - * /, ^ (an integer
# literal exponent: an integer power; any other: a real power of a positive base),
# numbers (decimal, with an exponent), names, t, pi and these functions of one argument
# (the copy of NHREF_TAPE_PARSE_FUNCTIONS; TestPrinter.test_values runs each)
_FUNCTIONS = ("sin", "cos", "tan", "exp", "log", "sqrt", "asin", "acos", "atan", "atanh",
              "sinh", "cosh", "tanh")
_RESERVED = frozenset(_FUNCTIONS + ("t", "pi"))
_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
# levels of what a printed piece is, loosest first; an operand below the level its
# operator needs is parenthesised
_SUM, _NEG, _PROD, _POW, _ATOM = range(5)
_WIDTH = 100  # characters a line of a written model file (the limit is 199)
_DIGITS = 80  # significant digits of values SymPy computes (dependent speeds, pi/6, ...)


def _sympy():
    try:
        import sympy
        import sympy.physics.mechanics as mechanics
    except ImportError as e:
        raise ImportError("nhref.model.from_sympy needs SymPy (Debian: python3-sympy): %s" % e)
    return sympy, mechanics


def _wrap(piece, need):
    s, level = piece
    return "(" + s + ")" if level < need else s


class _Printer:
    """SymPy expressions as nhref expressions.  NAMES maps the SymPy objects that are
    states or parameters (Symbols, q(t), Derivative(q(t), t)) to their names; WHERE
    says which entry is being printed, for messages."""

    _REWRITES = {  # functions nhref lacks, by identities valid wherever they are defined
        "cot": lambda a: ("cos(%s)/sin(%s)" % (a, a), _PROD),
        "sec": lambda a: ("1/cos(%s)" % a, _PROD),
        "csc": lambda a: ("1/sin(%s)" % a, _PROD),
        "coth": lambda a: ("1/tanh(%s)" % a, _PROD),
    }
    _HINTS = {
        "atan2": "atan2(y, x) = atan(y/x) where x > 0, or 2*atan(y/(sqrt(x^2 + y^2) + x)) "
                 "off the negative x axis",
        "asinh": "asinh(x) = log(x + sqrt(x^2 + 1))",
        "acosh": "acosh(x) = log(x + sqrt(x^2 - 1)) for x >= 1",
        "Abs": "nhref integrates smooth right-hand sides: restrict to a region of one sign",
        "sign": "nhref integrates smooth right-hand sides: restrict to a region of one sign",
        "Piecewise": "nhref integrates smooth right-hand sides: use one piece, or an event",
    }

    def __init__(self, sympy, names, time):
        self.sm = sympy
        self.names = names
        self.time = time
        self.where = ""

    def fail(self, what):
        raise UnsupportedExpression("from_sympy: %s%s" % (
            "%s: " % self.where if self.where else "", what))

    def doprint(self, e, where=""):
        self.where = where
        return self.p(self.sm.sympify(e))[0]

    def number(self, e):
        sm = self.sm
        if e.is_Integer:
            return (str(e), _ATOM) if e >= 0 else (str(e), _NEG)
        if e.is_Rational:
            s = "%d/%d" % (abs(e.p), e.q)
            return ("-" + s, _NEG) if e < 0 else (s, _PROD)
        if e.is_Float:
            if not e.is_finite:
                self.fail("the number %s is not finite" % e)
            s = sm.sstr(e, full_prec=True)
            if e < 0:
                return s, _NEG
            return s, _ATOM
        self.fail("the number %s (%s) has no form in nhref's grammar" % (e, type(e).__name__))

    def p(self, e):
        sm = self.sm
        if e in self.names:
            return self.names[e], _ATOM
        if e == self.time:
            return "t", _ATOM
        if e is sm.pi:
            return "pi", _ATOM
        if e is sm.E:
            return "exp(1)", _ATOM
        if e.is_Number:
            return self.number(e)
        if e.is_Add:
            return self.add(e)
        if e.is_Mul:
            return self.mul(e)
        if e.is_Pow:
            return self.pow(e)
        if isinstance(e, sm.Symbol):
            self.fail("the symbol %s has no value: give it in params={...}" % e)
        if isinstance(e, sm.Derivative):
            self.fail("%s is left in the expression (no state has this name: a coordinate's "
                      "derivative is a velocity in the Lagrangian form only, and a KanesMethod's "
                      "speeds replace the q' by kane.kindiffdict())" % e)
        if isinstance(e, sm.core.function.AppliedUndef):
            self.fail("%s is not a coordinate or speed of the system (a specified function of "
                      "time has no form in a model file: write it in t)" % e)
        if isinstance(e, sm.Function):
            name = type(e).__name__
            if len(e.args) == 1 and name in _FUNCTIONS and name != "sqrt":
                return "%s(%s)" % (name, self.p(e.args[0])[0]), _ATOM
            if len(e.args) == 1 and name in self._REWRITES:
                return self._REWRITES[name](self.p(e.args[0])[0])
            hint = self._HINTS.get(name)
            self.fail("the function %s is not in nhref's grammar (functions: %s; rewritten: %s)%s"
                      % (name, " ".join(_FUNCTIONS), " ".join(sorted(self._REWRITES)),
                         ": " + hint if hint else ""))
        self.fail("%s (%s) has no form in nhref's grammar" % (e, type(e).__name__))

    def add(self, e):
        out = []
        for k, term in enumerate(e.as_ordered_terms()):
            if term.could_extract_minus_sign():
                s = _wrap(self.p(-term), _PROD)
                out.append("-" + s if k == 0 else " - " + s)
            else:
                s = _wrap(self.p(term), _PROD if k else _NEG)
                out.append(s if k == 0 else " + " + s)
        return "".join(out), _SUM

    def mul(self, e):
        sm = self.sm
        coeff, factors = e.as_coeff_mul()
        negative = coeff < 0
        if negative:
            coeff = -coeff
        num, den = [], []
        if coeff.is_Rational:
            if coeff.p != 1:
                num.append(str(coeff.p))
            if coeff.q != 1:
                den.append(str(coeff.q))
        elif coeff != 1:
            num.append(self.number(coeff)[0])
        for f in factors:
            if f.is_Pow and f.exp.is_Number and f.exp < 0:
                den.append(_wrap(self.p(sm.Pow(f.base, -f.exp, evaluate=False)), _POW))
            else:
                num.append(_wrap(self.p(f), _POW))
        if not num:
            num = ["1"]
        s = "*".join(num)
        level = _PROD if len(num) > 1 or den else _POW
        if len(num) == 1 and not den:
            return self.p(factors[0]) if not negative and coeff == 1 else \
                (("-" + num[0], _NEG) if negative else (num[0], _PROD))
        if den:
            d = den[0] if len(den) == 1 else "(" + "*".join(den) + ")"
            s = s + "/" + d
        return ("-" + s, _NEG) if negative else (s, level)

    def pow(self, e):
        sm = self.sm
        b, x = e.base, e.exp
        if b is sm.E:
            return "exp(%s)" % self.p(x)[0], _ATOM
        if x == 1:
            return self.p(b)
        if x.is_Number and x < 0:
            return "1/" + _wrap(self.p(sm.Pow(b, -x, evaluate=False)), _POW), _PROD
        if x.is_Float and x == int(x):  # x^2.0: SymPy's value for every base, as x^2
            x = sm.Integer(int(x))
        if x.is_Integer:
            return _wrap(self.p(b), _ATOM) + "^" + str(x), _POW
        if x.is_Rational and x.q == 2:
            root = "sqrt(%s)" % self.p(b)[0]
            return (root, _ATOM) if x.p == 1 else ("%s^%d" % (root, x.p), _POW)
        # a real power (defined for a positive base, as SymPy's real value)
        return _wrap(self.p(b), _ATOM) + "^" + _wrap(self.p(x), _ATOM), _POW


def to_expression(expr, names=None):
    """EXPR (a SymPy expression) in nhref's expression grammar (str): + - * /, ^ (an
    integer exponent, or an integral Float, as an integer power of any base; sqrt for
    halves; any other exponent, e.g. x^(1/3), x^2.5, x^y, as a real power, defined
    for x > 0), the functions sin cos tan exp log asin acos atan atanh sinh cosh tanh
    (cot sec csc coth rewritten), pi, t, decimal numbers (rationals as p/q).  NAMES
    maps SymPy objects (Symbols, dynamicsymbols q(t), Derivative(q(t), t)) to names;
    others print as their names (a Symbol k as k, q(t) as q, Derivative(q(t), t) as
    q_dot).  Raises UnsupportedExpression for what the grammar cannot state."""
    sm, me = _sympy()
    t = me.dynamicsymbols._t
    expr = sm.sympify(expr)
    table = dict(names or {})
    for s in expr.free_symbols:
        if s != t and s not in table:
            table[s] = s.name
    for f in expr.atoms(sm.core.function.AppliedUndef):
        if f.args == (t,) and f not in table:
            table[f] = f.func.__name__
    for d in expr.atoms(sm.Derivative):
        if d.variables == (t,) and d.expr in table and d not in table:
            table[d] = table[d.expr] + "_dot"
    return _Printer(sm, table, t).doprint(expr)


# ---------------------------------------------------------------------- writing a file
_TOKEN = re.compile(r"(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[A-Za-z_]\w*|\S")


def _entry(key, value):
    """KEY = VALUE, VALUE broken between tokens onto indented continuation lines
    (the reader joins them with a space) so that no line exceeds _WIDTH characters."""
    pieces = []  # (text, glue before it)
    for k, chunk in enumerate(value.split(" ")):
        glue = " " if k else ""
        if len(chunk) <= _WIDTH // 2:
            pieces.append((chunk, glue))
            continue
        for j, tok in enumerate(_TOKEN.findall(chunk)):
            pieces.append((tok, glue if j == 0 else ""))
    lines, line = [], "%s = " % key
    for text, glue in pieces:
        if len(line) + len(glue) + len(text) > _WIDTH and line.strip() and \
                text[:1] not in "#;":
            lines.append(line.rstrip())
            line = "    " + text
        else:
            line += glue + text
    lines.append(line)
    return "\n".join(lines)


def _plain(text, what):
    """a user's string (a title, a description) as one model-file value"""
    s = " ".join(str(text).split())
    if " ;" in s or s.startswith(";") or s.startswith("#"):
        raise ValueError("from_sympy: %s: ';' after a space, or '#' or ';' first, starts a "
                         "comment in a model file" % what)
    return s


def _decimal(sm, value, what):
    """VALUE as a decimal string nhref reads: str, int, float as nhref.run takes them
    (as given, exactly, repr); SymPy numbers and fractions (exact decimals as they
    are; others, e.g. pi/6, to _DIGITS digits)."""
    if isinstance(value, (str, bool, numbers.Integral, decimal.Decimal, float)):
        return _number(value, "from_sympy: " + what)
    v = sm.sympify(value)
    if v.is_Integer:
        return str(v)
    if v.is_Float:  # the digits of its precision, as the printer writes it
        if not v.is_finite:
            raise TypeError("from_sympy: %s: %s is not finite" % (what, value))
        return sm.sstr(v, full_prec=True)
    if v.is_Rational:
        q = v.q
        while q % 2 == 0:
            q //= 2
        while q % 5 == 0:
            q //= 5
        if q == 1:  # a terminating decimal: exactly
            with decimal.localcontext() as ctx:
                ctx.prec = len(str(v.p)) + len(str(v.q)) + 10
                return str(decimal.Decimal(v.p) / decimal.Decimal(v.q))
    if v.free_symbols or not v.is_real:
        raise TypeError("from_sympy: %s: %s is not a real number" % (what, value))
    return sm.sstr(sm.N(v, _DIGITS), full_prec=True)


def _write_file(path, text):
    """TEXT into PATH by the library's atomic writer (nhref_io.h, nhref_outfile_open:
    PATH is the old file or the whole new one; a symbolic link stays and its target
    is written; the old file's mode and owner are kept)."""
    data = text.encode("utf-8")
    if _lib.libc is None:
        raise OSError("from_sympy: the C library's fwrite is not available")
    f = ctypes.c_void_p()
    if _lib.nhref_outfile_open(ctypes.byref(f), _lib.enc(path)) != _lib.NHREF_OK:
        e = ctypes.get_errno()
        raise OSError(e, os.strerror(e), os.fspath(path))
    if _lib.libc.fwrite(data, 1, len(data), _lib.nhref_outfile_stream(f)) != len(data):
        e = _lib.nhref_outfile_error(f)
        _lib.nhref_outfile_abort(f)
        raise OSError(e, os.strerror(e), os.fspath(path))
    if _lib.nhref_outfile_commit(f) != _lib.NHREF_OK:
        e = ctypes.get_errno()
        raise OSError(e, os.strerror(e), os.fspath(path))


# ---------------------------------------------------------------------- from_sympy
class _System:
    """What from_sympy writes, gathered from a KanesMethod or LagrangesMethod:
    kind ("KanesMethod", ...), form ("lagrangian" or "mass"), the state (SymPy
    objects, their names), the entries of each section as SymPy expressions."""

    def __init__(self):
        self.kind = self.form = None
        self.coords, self.speeds = [], []  # SymPy objects (a Lagrangian: q, q')
        self.extra = []  # (name, meaning): states with no SymPy object (multipliers' integrals)
        self.lagrangian = None
        self.constraints = []  # [(name, expr)] (Lagrangian form)
        self.forces = []  # [(coordinate, expr)]
        self.mass = None  # Matrix
        self.forcing = None  # Matrix
        self.residuals = []  # [(name, expr, description)]: integral columns
        self.qdot = {}  # {q': expr}: a KanesMethod's kinematic differential equations
        self.dependent = None  # (K, f, independent speeds, dependent speeds): K u + f = 0
        self.about = ""


def _kane(sm, me, kane, form, cnames):
    s = _System()
    s.kind, s.form = "KanesMethod", "mass"
    if form not in (None, "mass"):
        raise ValueError("from_sympy: a KanesMethod has no Lagrangian: form='mass' (its "
                         "mass_matrix_full and forcing_full)")
    try:
        M, F = kane.mass_matrix_full, kane.forcing_full
    except (ValueError, AttributeError, TypeError) as e:
        raise ValueError("from_sympy: call kane.kanes_equations(bodies, loads) first (%s)" % e)
    q, u = list(kane.q), list(kane.u)
    s.coords, s.speeds = q, u
    s.qdot = dict(kane.kindiffdict())
    s.mass, s.forcing = M, F
    k_nh, f_nh = getattr(kane, "_k_nh", None), getattr(kane, "_f_nh", None)
    udep = list(getattr(kane, "_udep", None) or [])
    if udep and k_nh is not None and k_nh.shape[0] > 0:
        residual = f_nh + k_nh * sm.Matrix(u)
        names = cnames or ["c%d" % (i + 1) for i in range(residual.shape[0])]
        if len(names) != residual.shape[0]:
            raise ValueError("from_sympy: %d constraint names for %d velocity constraints"
                             % (len(names), residual.shape[0]))
        for n, r in zip(names, residual):
            s.residuals.append((n, r, "residual of a velocity constraint (0 along the motion)"))
        p = len(u) - len(udep)
        s.dependent = (k_nh, f_nh, u[:p], u[p:])
    f_h = getattr(kane, "_f_h", None)
    if f_h is not None and f_h.shape[0] > 0:
        for i, r in enumerate(f_h):
            s.residuals.append(("h%d" % (i + 1), r,
                                "residual of a configuration constraint (0 along the motion)"))
    qn = ", ".join(_default_name(me, x) for x in q)
    un = ", ".join(_default_name(me, x) for x in u)
    s.about = ("the mass-matrix form M x' = F of SymPy's KanesMethod (kane.mass_matrix_full, "
               "kane.forcing_full) with the state x = (q, u), q = (%s), u = (%s)%s" % (
                   qn, un, "; the dependent speeds %s are states, the rows after the dynamic "
                   "equations are the velocity constraints differentiated, and the columns %s "
                   "are the constraints' residuals" % (
                       ", ".join(_default_name(me, x) for x in udep),
                       ", ".join(r[0] for r in s.residuals)) if udep else ""))
    return s


def _lagrange(sm, me, lm, form, cnames):
    s = _System()
    s.kind = "LagrangesMethod"
    s.form = form or "lagrangian"
    if s.form not in ("lagrangian", "mass"):
        raise ValueError("from_sympy: form=%r: 'lagrangian' or 'mass'" % form)
    t = me.dynamicsymbols._t
    q = list(lm.q)
    qd = [x.diff(t) for x in q]
    s.coords, s.speeds = q, qd
    if lm.eom is None:
        lm.form_lagranges_equations()
    cons = list(lm.coneqs) if lm.coneqs else []
    names = cnames or ["c%d" % (i + 1) for i in range(len(cons))]
    if len(names) != len(cons):
        raise ValueError("from_sympy: %d constraint names for %d constraints"
                         % (len(names), len(cons)))
    hol = list(getattr(lm, "_hol_coneqs", None) or [])
    for i, h in enumerate(hol):  # coneqs begins with their derivatives
        s.residuals.append(("%s_q" % names[i], h,
                            "a holonomic constraint's residual (its derivative %s is imposed)"
                            % names[i]))
    if s.form == "lagrangian":
        s.lagrangian = lm._L[0]
        s.constraints = list(zip(names, cons))
        forces = getattr(lm, "_term4", None)
        if forces is not None and forces.shape[0] == len(q):
            s.forces = [(x, f) for x, f in zip(q, forces) if f != 0]
        s.about = ("SymPy's LagrangesMethod: its Lagrangian, constraints and generalized "
                   "forces; nhref derives the Lagrange-d'Alembert equations")
    else:
        s.mass, s.forcing = lm.mass_matrix_full, lm.forcing_full
        lam = list(lm.lam_vec) if cons else []
        s.extra = [("%s_int" % x.func.__name__,
                    "the integral over time of the multiplier %s" % x.func.__name__)
                   for x in lam]
        for n, c in zip(names, cons):
            s.residuals.append((n, c, "residual of a constraint (0 along the motion)"))
        s.about = ("the mass-matrix form of SymPy's LagrangesMethod (mass_matrix_full, "
                   "forcing_full): the unknowns q', q'' and the multipliers %s, whose integrals "
                   "over time are the last states" % ", ".join(_default_name(me, x) for x in lam))
    return s


def _default_name(me, x):
    """the name of a state's SymPy object: q(t) -> q, Derivative(q(t), t) -> q_dot"""
    import sympy

    if isinstance(x, sympy.Derivative):
        if len(x.variables) != 1:
            raise ValueError("from_sympy: %s: only first derivatives are velocities" % x)
        return x.expr.func.__name__ + "_dot"
    return x.func.__name__


def from_sympy(system, params=None, init=None, *, path=None, form=None, name=None, title=None,
               description=None, source=None, integrals=None, constraint_names=None,
               names=None, units=None, t_end=None, dt_out=None, check=True):
    """A model file (its text, str) from a SymPy mechanics system; written to PATH
    (atomically: the old file or the whole new one) if given.

    system   a sympy.physics.mechanics KanesMethod after kanes_equations(bodies,
             loads), or a LagrangesMethod (form_lagranges_equations() is called if
             it was not).
             KanesMethod -> the mass-matrix form of kane.mass_matrix_full and
             kane.forcing_full: the state is q then u (kane.q, kane.u: the
             independent speeds, then the dependent ones); with velocity
             constraints the dependent speeds are states, their rows are the
             constraints differentiated (SymPy's kane.mass_matrix), and each
             constraint's residual f_nh + k_nh u is a column (integral) that
             stays 0; a q' SymPy left is replaced by kane.kindiffdict().
             LagrangesMethod -> form="lagrangian" (default): [lagrangian] L,
             [constraints] lm.coneqs (holonomic ones differentiated, their
             residuals as columns "NAME_q"), [forces] the generalized forces;
             the state is the coordinates and their velocities q_dot.
             form="mass": lm.mass_matrix_full and forcing_full; the state is q,
             q_dot and the multipliers' time integrals "lamK_int".
    params   {Symbol or name: value} for every free symbol but t (and, in the
             order given, the [parameters] defaults); values: decimal strings
             (exact), ints, floats (repr), SymPy numbers (exact decimals, else
             80 digits)
    init     {state or name: value}: the initial state (default 0).  A state is
             q (e.g. theta or "theta"), a speed u, or in the Lagrangian form a
             velocity theta.diff(t) or "theta_dot".  A KanesMethod's dependent
             speeds left out are solved from its velocity constraints at the
             initial point (80 digits; at t = 0).
    path     where to write the file (None: only return the text)
    name, title, description, source   the [model] keys (defaults: the path's
             stem or "sympy_model", the system's class, what was exported, SymPy)
    integrals   {name: expression (SymPy, of the state's objects, or str in the
             file's names)}: first integrals, e.g. the energy
    constraint_names   names of the constraints' columns (default c1, c2, ...)
    names    {SymPy object or default name: name}: rename states or parameters
             (names must be identifiers, not t, pi or a function of the
             grammar: sin, asin, sinh, ...)
    units    {name: unit}: the unit of a parameter or state (the file's .unit)
    t_end, dt_out   the model's default grid
    check    compile the text with the library before returning or writing it

    Shapes: a system of n coordinates and o speeds gives n + o states (the
    mass matrix (n + o) x (n + o)); a LagrangesMethod of n coordinates and m
    constraints gives 2 n states (Lagrangian form) or 2 n + m (mass form).
    Raises ImportError without SymPy; TypeError (not a KanesMethod or
    LagrangesMethod, a value that is not a number); ValueError (equations not
    formed, a free symbol without a value, an unknown init key, a bad name);
    UnsupportedExpression (a function or object nhref's grammar lacks,
    naming the entry); NhrefError (check: the library refused the text, with its
    "FILE:LINE: ..." message).
    """
    sm, me = _sympy()
    t = me.dynamicsymbols._t
    if isinstance(system, me.KanesMethod):
        s = _kane(sm, me, system, form, constraint_names)
    elif isinstance(system, me.LagrangesMethod):
        s = _lagrange(sm, me, system, form, constraint_names)
    else:
        raise TypeError("from_sympy: %r is not a sympy.physics.mechanics KanesMethod or "
                        "LagrangesMethod" % (system,))
    renames = dict(names or {})

    def rename(obj, default):
        for key in (obj, default):
            if key in renames:
                return str(renames[key])
        return default

    # the state: objects -> names
    table, states = {}, []  # SymPy object -> name; [(name, object or None, meaning)]
    for x in s.coords + s.speeds:
        default = _default_name(me, x)
        if isinstance(x, sm.Derivative) and x.expr in table:  # q' of a renamed q: its q_dot
            default = table[x.expr] + "_dot"
        n = rename(x, default)
        table[x] = n
        states.append((n, x, ""))
    for n, meaning in s.extra:
        states.append((rename(n, n), None, meaning))

    def subst(e):
        e = sm.sympify(e)
        if s.qdot:
            e = me.msubs(e, s.qdot)
        return e

    # every expression to print, by entry
    entries = []  # (section, key, expr)
    if s.form == "lagrangian":
        entries.append(("lagrangian", "L", s.lagrangian))
        entries += [("constraints", n, c) for n, c in s.constraints]
        entries += [("forces", table[x], f) for x, f in s.forces]
    else:
        M, F = s.mass, s.forcing
        if M.shape != (len(states), len(states)) or F.shape != (len(states), 1):
            raise ValueError("from_sympy: the mass matrix is %s and the forcing %s for %d states"
                             % (M.shape, F.shape, len(states)))
        for i in range(len(states)):
            for j in range(len(states)):
                e = subst(M[i, j])
                if e != 0:
                    entries.append(("mass", "%s.%s" % (states[i][0], states[j][0]), e))
        for i in range(len(states)):
            e = subst(F[i])
            if e != 0:
                entries.append(("forcing", states[i][0], e))
    for k, v in (integrals or {}).items():  # yours first, then the constraints' residuals
        entries.append(("integrals", str(k), " ".join(v.split()) if isinstance(v, str)
                        else subst(v)))
    for n, r, about in s.residuals:
        entries.append(("integrals", n, subst(r),
                        ("description", about), ("holds", "0 along the motion (up to the "
                                                          "tolerance)")))

    # the parameters: every free symbol but t, with a value
    values = {}  # by name: a Symbol given or its name
    for k, v in (params or {}).items():
        values[k.name if isinstance(k, sm.Symbol) else str(k)] = v
    used = []
    for e in (entry[2] for entry in entries if not isinstance(entry[2], str)):
        for x in sorted(sm.sympify(e).free_symbols, key=lambda x: x.name):
            if x != t and x not in used:
                used.append(x)
    order = [x for k in values for x in used if x.name == k]  # in the order of params
    missing = [x.name for x in used if x not in order]
    if missing:
        raise ValueError("from_sympy: the symbols %s have no value: give them in params={...}"
                         % ", ".join(missing))
    unused = [k for k in values if not any(x.name == k for x in used)]
    if unused:
        raise ValueError("from_sympy: params %s: no such symbol in the system's equations"
                         % ", ".join(unused))
    pnames = []
    for x in order:
        n = rename(x, x.name)
        table[x] = n
        pnames.append((n, _decimal(sm, values[x.name], "parameter %s" % x.name)))

    # names: identifiers, not the grammar's, distinct
    allnames = [n for n, _, _ in states] + [n for n, _ in pnames] + \
        [e[1] for e in entries if e[0] in ("integrals", "constraints")]
    seen = set()
    for n in allnames:
        if not _IDENT.match(n) or n in _RESERVED:
            raise ValueError("from_sympy: %r is not a name nhref accepts (letters, digits and "
                             "'_', not starting with a digit, not %s): rename it with names={...}"
                             % (n, " ".join(sorted(_RESERVED))))
        if n in seen:
            raise ValueError("from_sympy: the name %r is given twice (states, parameters, "
                             "constraints and integrals need distinct names): rename one with "
                             "names={...}" % n)
        seen.add(n)

    # the initial state
    byname = {n: (n, x) for n, x, _ in states}
    for x in table:
        if table[x] in byname:
            byname[x] = byname[table[x]]
    given = {}
    for k, v in (init or {}).items():
        key = k if isinstance(k, str) else sm.sympify(k)
        if key not in byname and isinstance(k, str):
            key = renames.get(k, k)
        if key not in byname:
            raise ValueError("from_sympy: init: %r is not a state of the model (states: %s)"
                             % (k, ", ".join(n for n, _, _ in states)))
        given[byname[key][0]] = _decimal(sm, v, "initial value %s" % byname[key][0])
    if s.dependent is not None:
        _dependent_speeds(sm, me, s, table, given, dict(pnames))

    printer = _Printer(sm, table, t)
    text = _compose(sm, s, states, pnames, given, entries, printer, table, name, title,
                    description, source, units, t_end, dt_out, path)
    if check:
        Model.from_string(text, name=os.fspath(path) if path is not None else
                          "%s.model" % _model_name(name, path))
    if path is not None:
        _write_file(path, text)
    return text


def _model_name(name, path):
    if name is not None:
        return str(name)
    if path is not None:
        stem = os.path.splitext(os.path.basename(os.fspath(path)))[0]
        stem = re.sub(r"[^A-Za-z0-9_]", "_", stem)
        return stem if _IDENT.match(stem) else "sympy_model"
    return "sympy_model"


def _dependent_speeds(sm, me, s, table, given, pvalues):
    """the dependent speeds not in GIVEN, solved from K u + f = 0 at the initial point
    (GIVEN's values, the parameters' defaults, t = 0), _DIGITS digits"""
    import mpmath

    K, f, uind, udep = s.dependent
    todo = [u for u in udep if table[u] not in given]
    if not todo:
        return
    known = [u for u in udep if table[u] in given]
    point = {me.dynamicsymbols._t: 0}
    for x, n in table.items():
        if n in pvalues:
            point[x] = sm.Rational(pvalues[n])
    for x in s.coords + uind + known:
        point[x] = sm.Rational(given.get(table[x], "0"))
    cols = [s.speeds.index(u) for u in todo]
    rest = [j for j in range(len(s.speeds)) if j not in cols]
    if len(todo) != K.shape[0]:
        raise ValueError("from_sympy: init: give the dependent speeds %s, or leave all of them "
                         "out" % ", ".join(table[u] for u in udep))
    with mpmath.workdps(_DIGITS + 20):
        def num(e):
            v = sm.N(sm.sympify(e).xreplace(point), _DIGITS + 20)
            if v.free_symbols or not v.is_real:
                raise ValueError("from_sympy: the velocity constraints at the initial point "
                                 "depend on %s" % v)
            return mpmath.mpf(sm.sstr(v, full_prec=True))
        A = mpmath.matrix([[num(K[i, j]) for j in cols] for i in range(K.shape[0])])
        b = mpmath.matrix([-(num(f[i]) + sum(num(K[i, j]) * num(s.speeds[j].xreplace(point))
                                             if K[i, j] != 0 else 0 for j in rest))
                           for i in range(K.shape[0])])
        try:
            sol = mpmath.lu_solve(A, b)
        except ZeroDivisionError:
            raise ValueError("from_sympy: the velocity constraints do not fix the dependent "
                             "speeds %s at the initial point" % ", ".join(table[u] for u in todo))
        for u, v in zip(todo, sol):
            given[table[u]] = "0" if v == 0 else mpmath.nstr(v, _DIGITS, min_fixed=-3,
                                                             max_fixed=3, strip_zeros=True)


def _compose(sm, s, states, pnames, given, entries, printer, table, name, title, description,
             source, units, t_end, dt_out, path):
    units = {str(k) if isinstance(k, str) else table.get(sm.sympify(k), str(k)): str(v)
             for k, v in (units or {}).items()}
    mname = _model_name(name, path)
    if not _IDENT.match(mname):
        raise ValueError("from_sympy: name=%r is not a name (letters, digits, '_')" % mname)
    version = getattr(sm, "__version__", "?")
    out = ["# %s.model -- written by nhref.model.from_sympy from a SymPy %s (SymPy %s)."
           % (mname, s.kind, version),
           "# The %s form; the format: include/nhref_model_file.h."
           % ("Lagrangian" if s.form == "lagrangian" else "mass-matrix"),
           "[model]", "name = %s" % mname]
    out.append(_entry("title", _plain(title or "%s from SymPy" % s.kind, "title")))
    out.append(_entry("description", _plain(description or "Exported from %s." % s.about,
                                            "description")))
    out.append(_entry("source", _plain(source or "SymPy %s, sympy.physics.mechanics.%s, "
                                       "exported by nhref.model.from_sympy" % (version, s.kind),
                                       "source")))
    if t_end is not None:
        out.append("t-end = %s" % _decimal(sm, t_end, "t_end"))
    if dt_out is not None:
        out.append("dt-out = %s" % _decimal(sm, dt_out, "dt_out"))

    def unit(section_lines, n):
        if n in units:
            section_lines.append("%s.unit = %s" % (n, _plain(units[n], "unit of %s" % n)))

    if pnames:
        out.append("\n[parameters]")
        for n, v in pnames:
            out.append("%s = %s" % (n, v))
            unit(out, n)
    if s.form == "lagrangian":
        nq = len(s.coords)
        out.append("\n[coordinates]")
        for n, _, _ in states[:nq]:
            out.append("%s = %s" % (n, given.get(n, "0")))
            unit(out, n)
        out.append("\n[velocities]")
        for (qn, _, _), (n, _, _) in zip(states[:nq], states[nq:]):
            if n != qn + "_dot":
                raise ValueError("from_sympy: the velocity of %s must be named %s_dot in the "
                                 "Lagrangian form (not %s)" % (qn, qn, n))
            out.append("%s = %s" % (n, given.get(n, "0")))
            unit(out, n)
    else:
        out.append("\n[state]")
        for n, _, meaning in states:
            out.append("%s = %s" % (n, given.get(n, "0")))
            unit(out, n)
            if meaning:
                out.append("%s.description = %s" % (n, meaning))
    section = None
    for sec, key, e, *attrs in entries:
        if sec != section:
            out.append("\n[%s]" % sec)
            section = sec
        out.append(_entry(key, e if isinstance(e, str) else
                          printer.doprint(e, "[%s] %s" % (sec, key))))
        for a, v in attrs:
            out.append("%s.%s = %s" % (key, a, v))
        if sec == "integrals":
            unit(out, key)
    return "\n".join(out) + "\n"
