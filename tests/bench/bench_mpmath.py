#!/usr/bin/env python3
"""bench_mpmath.py -- the peer a user would pick instead of nhref: mpmath.odefun
(Taylor series, python3-mpmath) on the same Chaplygin sleigh case as
bench_sleigh.c, timed, with the accuracy measured the same way.

Case: shared/models/chaplygin-sleigh.md §10 PUB-1 (paper Fig. 2): m = 2, J = 30,
a = 1; s0 = (x, y, phi, v, omega) = (0, 0, 0, 0, 1); T = 10; right-hand side of
spec §3.1:  x' = v cos phi, y' = v sin phi, phi' = omega, v' = a omega^2,
omega' = -(m a / (J + m a^2)) v omega.

What is timed: with mp.dps = DPS, building mp.odefun(F, 0, s0) and evaluating it
at t = 10 (a fresh odefun every repetition, since an odefun caches its series),
CPU time of the process by time.process_time (as the C benchmarks: other
processes on a shared machine do not count); the median over the repetitions
is reported.

Accuracy: min over the components of -log10(|s_i - ref_i| / max(1, |ref_i|)),
computed at DPS + 40 digits, exactly as bench_sleigh.c does; ref is given by
--ref (bench_sleigh's "ref" line: the oracle's closed form to 80 digits) or, by
default, the 30-digit values of spec §10 PUB-1 (then no accuracy above about 29
digits can be seen).

Equal accuracy: with --target ACC, the first run is at DPS = DIGITS and DPS is
raised (by the missing digits, at least 1) until the accuracy reaches ACC or
DPS exceeds DIGITS + --max-extra; those trial runs are reported on their own
lines and the last one counts as the first repetition at the final DPS.

Usage: bench_mpmath.py DIGITS REPS [--target ACC] [--ref "x=.. y=.. phi=.. v=.. omega=.."]
The backend (mpmath.libmp.BACKEND: "gmpy" when gmpy2 is importable, Debian
python3-gmpy2, else "python", several times slower) is printed; bench.sh picks
a Python whose mpmath has the gmpy backend when there is one.

Output (one key=value record per line, times in seconds):
  mpmath version=.. python=.. backend=gmpy|python gmpy2=VERSION|none
  mpmath_try dps=.. t=.. acc=..
  mpmath digits=.. dps=.. reps=.. t=.. t_min=.. acc=.. target=.. matched=0|1 x=..
"""

import argparse
import math
import statistics
import sys
import time

try:
    import mpmath
    from mpmath import mp
except ImportError:
    print("mpmath missing python=%s" % sys.executable)
    sys.exit(3)

NAMES = ("x", "y", "phi", "v", "omega")
# spec §10 PUB-1 (closed form at 130 digits, truncated to 30 significant)
PUB1 = {
    "x": "-1.30363549404995138366439519437",
    "y": "-14.9261616624965221473959179613",
    "phi": "5.62797427574461501349372327669",
    "v": "3.94645719260572115552510415695",
    "omega": "0.163071231929977826043195139321",
}


def rhs_factory():
    """The sleigh's right-hand side with its constants at the current mp.dps."""
    m, J, a = mp.mpf("2"), mp.mpf("30"), mp.mpf("1")
    g = m * a / (J + m * a * a)

    def F(t, s):
        x, y, phi, v, w = s
        return [v * mp.cos(phi), v * mp.sin(phi), w, a * w * w, -g * v * w]

    return F


def run_once(dps):
    """(seconds, state at T = 10) of one fresh odefun at DPS digits."""
    mp.dps = dps
    t0 = time.process_time()
    F = rhs_factory()
    f = mp.odefun(F, 0, [mp.mpf(0), mp.mpf(0), mp.mpf(0), mp.mpf(0), mp.mpf(1)])
    s = f(mp.mpf(10))
    t1 = time.process_time()
    return t1 - t0, list(s)


def accuracy(s, ref, dps):
    """min_i -log10(|s_i - ref_i| / max(1, |ref_i|)), at DPS + 40 digits."""
    with mp.workdps(dps + 40):
        worst = mp.mpf(0)
        for si, name in zip(s, NAMES):
            r = mp.mpf(ref[name])
            e = abs(mp.mpf(si) - r) / max(mp.mpf(1), abs(r))
            worst = max(worst, e)
        if worst == 0:
            return float(dps + 40)
        return -float(mp.log10(worst))


def parse_ref(text):
    ref = {}
    for item in text.split():
        if "=" in item:
            k, v = item.split("=", 1)
            if k in NAMES:
                ref[k] = v
    missing = [n for n in NAMES if n not in ref]
    if missing:
        raise SystemExit("bench_mpmath.py: --ref lacks %s" % ", ".join(missing))
    return ref


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("digits", type=int)
    ap.add_argument("reps", type=int)
    ap.add_argument("--target", type=float, default=None,
                    help="accuracy (digits) to reach by raising mp.dps")
    ap.add_argument("--ref", default=None, help="reference state at T = 10")
    ap.add_argument("--max-extra", type=int, default=20,
                    help="raise mp.dps by at most this much over DIGITS")
    args = ap.parse_args()
    ref = parse_ref(args.ref) if args.ref else PUB1

    gmpy_version = "none"
    if mpmath.libmp.BACKEND == "gmpy":
        gmpy_version = mpmath.libmp.backend.gmpy.version()
    print("mpmath version=%s python=%s backend=%s gmpy2=%s ref=%s"
          % (mpmath.__version__, sys.executable, mpmath.libmp.BACKEND, gmpy_version,
             "oracle" if args.ref else "spec30"))
    sys.stdout.flush()

    dps = args.digits
    while True:
        t, s = run_once(dps)
        acc = accuracy(s, ref, dps)
        print("mpmath_try dps=%d t=%.6g acc=%.2f" % (dps, t, acc))
        sys.stdout.flush()
        if args.target is None or acc >= args.target or dps >= args.digits + args.max_extra:
            break
        dps += max(1, math.ceil(args.target - acc))
        dps = min(dps, args.digits + args.max_extra)

    times = [t]
    for _ in range(args.reps - 1):
        t, s = run_once(dps)
        times.append(t)
    matched = 1 if args.target is None or acc >= args.target else 0
    with mp.workdps(dps):
        x = mp.nstr(s[0], 40)
    print("mpmath digits=%d dps=%d reps=%d t=%.6g t_min=%.6g acc=%.2f target=%s matched=%d x=%s"
          % (args.digits, dps, len(times), statistics.median(times), min(times), acc,
             "none" if args.target is None else "%.2f" % args.target, matched, x))


if __name__ == "__main__":
    main()
