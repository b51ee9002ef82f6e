#!/bin/sh
# sweep.sh -- nhref sweep, --shard, --resume and nhref catalogue on small sweeps, as a
# user meets them; the case-file fixes of issue 16 item 4 from the command line; the
# sweep values against an independent Python implementation of their documented
# definition (nhref_golden.h).  Expected values come from identities (a sweep's output
# is the command's own output with the sweep's line; shards partition the cases; a
# checksum is what sha256sum says) or from that Python code, never from nhref itself.
. "$(dirname "$0")/testlib.sh"

data() { grep -v '^#' "$1"; }
# damage FILE: one more digit in its first data row
damage() { awk '!/^#/ && !d { sub(/,/, "1,"); d = 1 } { print }' "$1" > "$1.x" && mv "$1.x" "$1"; }
claimed() { sed -n 's/^# sha256: \([0-9a-f]\{64\}\).*/\1/p' "$1" | tail -1; }
# unswept FILE: FILE without the '# sweep:' line a sweep adds to the command's output
unswept() { grep -v '^# sweep: ' "$1"; }
# sweep_id FILE COMMAND: the sweep's hash as docs/cluster.md defines it
sweep_id() { { cat "$1"; printf '\0%s' "$2"; } | sha256sum | cut -c1-64; }

# ---------------------------------------------------------------- issue 16 item 4 (CLI side)
# a ':' in a path is a path: FILE:NAME only when FILE exists
mkdir "$tmp/a:b"
cat > "$tmp/a:b/x.cases" <<'EOF'
model = chaplygin_sleigh
digits = 12
[c1]
times = 0, 1
[c2]
times = 0, 1
EOF
n=$("$NHREF" golden -l "$tmp/a:b/x.cases" 2>&1 | grep -c 'a:b/x.cases:c[12] ')
[ "$n" -eq 2 ] && ok || bad "golden -l of a file in a:b listed $n cases, want 2"
n=$("$NHREF" golden -l "$tmp/a:b/x.cases:c2" 2>&1 | grep -c ':c[12] ')
[ "$n" -eq 1 ] && ok || bad "golden -l FILE:c2 listed $n cases, want 1"
expect 2 'no case \[c3\]' -- golden -l "$tmp/a:b/x.cases:c3"
# digits is decimal: 0x14 is not 20
printf 'model = chaplygin_sleigh\n[a]\ntimes = 1\ndigits = 0x14\n' > "$tmp/hex.cases"
expect 2 "hex.cases:4: digits: '0x14' is not a plain decimal number" -- golden -l "$tmp/hex.cases"
# a long description does not spill into a key; defaults (init) reach every case
{
    printf 'model = chaplygin_sleigh\ndigits = 12\ninit omega = 0.75\nt-end = 1\ndt-out = 1\n[long]\n'
    printf 'description = '
    python3 -c 'print("x" * (4095 - len("description = ")), end="")' 2>/dev/null ||
        awk 'BEGIN { while (n++ < 4081) printf "x" }'
    printf 'param m = 7\n'
} > "$tmp/long.cases"
if "$NHREF" sweep -q "$tmp/long.cases" -o "$tmp/long" 2> "$tmp/err"; then
    f=$tmp/long/chaplygin_sleigh/long.csv
    grep -q '^# param: m = 2 \[kg\]$' "$f" && ok || bad "the long line set m: $(grep '^# param: m' "$f")"
    grep -q '^# init: omega = 0.75 \[rad/s\]$' "$f" && ok || bad "the default init was ignored: $(grep '^# init: omega' "$f")"
else
    bad "sweep of long.cases: $(cat "$tmp/err")"
fi

# ---------------------------------------------------------------- checksums of run and lyapunov
"$NHREF" run chaplygin_sleigh -q -T 2 --dt-out 0.5 -o "$tmp/run.csv" &&
"$NHREF" run chaplygin_sleigh -q -T 2 --dt-out 0.5 --fast -o "$tmp/fast.csv" &&
"$NHREF" lyapunov chaplygin_sleigh --digits 12 --times 1,2 -o "$tmp/ly.csv" || bad "run/lyapunov failed"
for f in run fast ly; do
    want=$(data "$tmp/$f.csv" | sha256sum | cut -c1-64)
    [ "$(claimed "$tmp/$f.csv")" = "$want" ] && ok || bad "$f.csv: sha256 line $(claimed "$tmp/$f.csv"), grep -v '^#' | sha256sum $want"
    tail -1 "$tmp/$f.csv" | grep -q '^# sha256: ' && ok || bad "$f.csv: the sha256 line is not the last"
done
# the format and version lines of a Lyapunov output (docs/trajectory.md), the version
# that of configure.ac; lyfmt FILE: those lines, the library versions cut, on one line
version=$(sed -n 's/^AC_INIT(\[nhref\], \[\([^]]*\)\].*/\1/p' "$top_srcdir/configure.ac")
lyfmt() { printf '%s|%s' "$(grep '^# format: ' "$1")" "$(grep '^# nhref: ' "$1" | sed 's/ (MPFR [0-9.]*, GMP [0-9.]*)$//')"; }
[ "$(lyfmt "$tmp/ly.csv")" = "# format: nhref-lyapunov 1|# nhref: $version" ] && ok || bad "lyapunov: the format and nhref lines: $(lyfmt "$tmp/ly.csv")"
# the same library versions as a trajectory's
[ "$(grep '^# nhref: ' "$tmp/ly.csv")" = "$(grep '^# nhref: ' "$tmp/run.csv")" ] && ok || bad "lyapunov's nhref line differs from run's"

# ---------------------------------------------------------------- sweep values vs Python
cat > "$tmp/values.cases" <<'EOF'
model = chaplygin_sleigh
digits = 12
times = 1
[s]
param m = logspace(-1, 1, 3)
init v = normal(0.5, 2, n=4, seed=123456789)
param a = 0.5, 1.5
init omega = uniform(-1, 1e-3, n=4, seed=18446744073709551615)
[lin]
init phi = linspace(-0.3, 1, 7)
EOF
if "$NHREF" sweep --list "$tmp/values.cases" > "$tmp/values.tsv" 2> "$tmp/err"; then ok; else bad "sweep --list: $(cat "$tmp/err")"; fi
py=
for p in "${PYTHON3:-}" /usr/bin/python3 python3; do
    [ -n "$p" ] && "$p" -c 'import mpmath' 2>/dev/null && { py=$p; break; }
done
if [ -n "$py" ]; then
    if "$py" - "$tmp/values.tsv" <<'EOF'
# The documented definition (include/nhref_golden.h), written independently.
import sys
from decimal import Decimal, getcontext
from fractions import Fraction
import mpmath
mpmath.mp.prec = 400
M = 2**64
def mix(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) % M
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) % M
    return z ^ (z >> 31)
def fnv(key):
    h = 0xcbf29ce484222325
    for b in key.encode():
        h = ((h ^ b) * 0x100000001b3) % M
    return h
def u(seed, key, j, s):
    w = mix(((seed ^ fnv(key)) + (2 * j + s + 1) * 0x9E3779B97F4A7C15) % M)
    return Fraction(2 * w + 1, 2**65)
def r20(fr):                       # exact rational, rounded to 20 significant digits
    getcontext().prec = 20
    return Decimal(fr.numerator) / Decimal(fr.denominator)
def m20(x):                        # a 400-bit value, to 20 significant digits
    return Decimal(mpmath.nstr(x, 20, strip_zeros=False))
def uniform(a, b, n, seed, key):
    a, b = Fraction(a), Fraction(b)
    return [r20(a + (b - a) * u(seed, key, j, 0)) for j in range(n)]
def normal(mu, sg, n, seed, key):
    out = []
    for j in range(n):
        u1, u2 = u(seed, key, j, 0), u(seed, key, j, 1)
        z = mpmath.sqrt(-2 * mpmath.log(mpmath.mpf(u1.numerator) / u1.denominator)) * \
            mpmath.cos(2 * mpmath.pi * mpmath.mpf(u2.numerator) / u2.denominator)
        out.append(m20(mpmath.mpf(mu) + mpmath.mpf(sg) * z))
    return out
m = [m20(mpmath.power(10, mpmath.mpf(e))) for e in (-1, 0, 1)]
v = normal('0.5', '2', 4, 123456789, 'init v')
om = uniform('-1', '1e-3', 4, 18446744073709551615, 'init omega')
a = ['0.5', '1.5']
want = {}
for k in range(24):                # axes m (3), the samples (4), a (2); the last fastest
    i, j, l = k // 8, (k // 2) % 4, k % 2
    want['s-%05d' % k] = {'param m': m[i], 'init v': v[j], 'param a': Decimal(a[l]),
                          'init omega': om[j]}
for k in range(7):
    want['lin-%05d' % k] = {'init phi': r20(Fraction('-0.3') + Fraction('1.3') * k / 6)}
got = {}
for line in open(sys.argv[1]):
    idx, case, model, swept = line.rstrip('\n').split('\t')
    got[case] = {kv.split(' = ')[0]: Decimal(kv.split(' = ')[1]) for kv in swept.split(', ')}
    assert want[case].keys() == got[case].keys(), (case, got[case])
    for key in want[case]:
        assert got[case][key] == want[case][key], (case, key, got[case][key], want[case][key])
assert got.keys() == want.keys(), sorted(set(want) ^ set(got))
EOF
    then ok; else bad "sweep values differ from the documented generator (Python)"; fi
else
    echo "SKIP: python3 with mpmath not available for the sweep-values check"
fi
# the shards of --list partition the cases: shard K/3 has the indices i with i mod 3 = K - 1
for k in 1 2 3; do
    "$NHREF" sweep --list --shard $k/3 "$tmp/values.cases" > "$tmp/shard$k.tsv"
    awk -F'\t' -v k=$k '$1 % 3 != k - 1 { bad = 1 } END { exit bad }' "$tmp/shard$k.tsv" && ok ||
        bad "shard $k/3 lists an index of another shard"
done
cat "$tmp/shard1.tsv" "$tmp/shard2.tsv" "$tmp/shard3.tsv" | sort -n | cmp -s - "$tmp/values.tsv" && ok ||
    bad "the union of the shards' lists is not the whole list"
expect 2 "shard: '4/3' is not K/N" -- sweep --list --shard 4/3 "$tmp/values.cases"
expect 2 "shard: '0/3' is not K/N" -- sweep --list --shard 0/3 "$tmp/values.cases"
# a bad sample is named, and nothing runs
printf 'model = skater\ndigits = 12\ntimes = 1\n[lean]\ninit theta = linspace(0, 2, 5)\n' > "$tmp/lean.cases"
expect 2 'case \[lean-00004\] \(init theta = 2\): the initial state is not admissible' -- sweep "$tmp/lean.cases" -o "$tmp/lean"
[ ! -e "$tmp/lean" ] && ok || bad "a sweep with a bad sample started"

# ---------------------------------------------------------------- a sweep runs the commands themselves
cat > "$tmp/sl.cases" <<'EOF'
model = chaplygin_sleigh
digits = 14
t-end = 2
dt-out = 0.5
[g]
param m = 1, 3
init omega = linspace(0.5, 1.5, 3)
EOF
{ cat "$tmp/sl.cases"; printf '[ly]\ninit omega = 0.5, 1\ntimes = 0, 1, 2\n'; } > "$tmp/sl2.cases"
# a case with a list of times runs too: its rows are at those times (each case is a spec)
"$NHREF" sweep -q "$tmp/sl2.cases" -o "$tmp/sw" 2> "$tmp/err" && ok || bad "sweep --command run: $(cat "$tmp/err")"
[ "$(ls "$tmp/sw/chaplygin_sleigh" | wc -l)" -eq 8 ] && ok || bad "not every case was done: $(ls "$tmp/sw/chaplygin_sleigh")"
[ "$(grep -v '^#' "$tmp/sw/chaplygin_sleigh/ly-00001.csv" | sed 1d | cut -d, -f1 | tr '\n' ' ')" = "0.0000000000000e+00 1.0000000000000e+00 2.0000000000000e+00 " ] &&
    ok || bad "the case with times 0, 1, 2 has other rows: $(grep -v '^#' "$tmp/sw/chaplygin_sleigh/ly-00001.csv" | cut -d, -f1 | tr '\n' ' ')"
"$NHREF" run chaplygin_sleigh -q --init omega=1 --times 0,1,2 --digits 14 -o "$tmp/direct-times.csv"
unswept "$tmp/sw/chaplygin_sleigh/ly-00001.csv" | cmp -s "$tmp/direct-times.csv" - && ok || bad "the sweep's ly-00001 differs from nhref run --times with its options"
"$NHREF" run chaplygin_sleigh -q --param m=3 --init omega=1 -T 2 --dt-out 0.5 --digits 14 -o "$tmp/direct.csv"
unswept "$tmp/sw/chaplygin_sleigh/g-00004.csv" | cmp -s "$tmp/direct.csv" - && ok || bad "the sweep's g-00004 differs from nhref run with its options"
"$NHREF" sweep -q --command lyapunov "$tmp/sl2.cases" -o "$tmp/swl" -- --method benettin --delta0 1e-9 2> "$tmp/err" || bad "sweep --command lyapunov: $(cat "$tmp/err")"
"$NHREF" lyapunov chaplygin_sleigh --init omega=1 --times 1,2 --digits 14 --method benettin --delta0 1e-9 -o "$tmp/directly.csv"
unswept "$tmp/swl/chaplygin_sleigh/ly-00001.csv" | cmp -s "$tmp/directly.csv" - && ok || bad "the sweep's ly-00001 differs from nhref lyapunov with its options"
[ "$(lyfmt "$tmp/swl/chaplygin_sleigh/ly-00001.csv")" = "# format: nhref-lyapunov 1|# nhref: $version" ] && ok || bad "a lyapunov sweep's output: the format and nhref lines: $(lyfmt "$tmp/swl/chaplygin_sleigh/ly-00001.csv")"
grep -q '^# command: lyapunov --method benettin --delta0 1e-9$' "$tmp/swl/sl2.manifest" && ok || bad "the manifest lacks the command"
# every output records its sweep: the hash of the sweep file's bytes, a NUL and the
# command, computed here by sha256sum; the same in the manifest; the second line of the
# output's '#' lines, the kind staying the first
h=$(sweep_id "$tmp/sl2.cases" 'lyapunov --method benettin --delta0 1e-9')
grep -q "^# sweep: $h " "$tmp/swl/sl2.manifest" && ok || bad "the manifest's sweep line: $(grep '^# sweep' "$tmp/swl/sl2.manifest"), want $h"
n=0
for f in "$tmp"/swl/chaplygin_sleigh/*.csv; do
    [ "$(grep '^#' "$f" | sed -n 2p | cut -c1-73)" = "# sweep: $h" ] || n=$((n + 1))
done
[ "$n" -eq 0 ] && ok || bad "$n outputs of the lyapunov sweep lack its '# sweep:' line"
h=$(sweep_id "$tmp/sl2.cases" run)
[ "$(grep -l "^# sweep: $h " "$tmp"/sw/chaplygin_sleigh/*.csv | wc -l)" -eq 8 ] && ok || bad "the run sweep's outputs lack its '# sweep:' line"
# plain 'nhref run' and 'nhref lyapunov' write none
! grep -q '^# sweep' "$tmp/direct.csv" "$tmp/directly.csv" && ok || bad "a plain run wrote a '# sweep:' line"
# verify and the Python golden reader read a sweep's output (the line is metadata)
expect 0 '' -- verify "$tmp/sw/chaplygin_sleigh/g-00004.csv" chaplygin_sleigh -p m=3 -i omega=1 --digits 14
# (the package loads libnhref.so: not in a static build, such as .ci/run's sanitizer build)
if "${PYTHON:-python3}" -c 'import numpy' 2>/dev/null &&
    ls "${top_builddir:-..}"/src/.libs/libnhref.so* > /dev/null 2>&1; then
    PYTHONPATH="$(cd "$top_srcdir/python" && pwd)" NHREF_BUILDDIR="$(cd "${top_builddir:-..}" && pwd)" \
        "${PYTHON:-python3}" -c "
import nhref.golden as g, sys
x = g.Golden(sys.argv[1])
assert x.meta['sweep'][0].startswith(sys.argv[2]), x.meta.get('sweep')
assert x.params['m'] == '3' and len(x) == 5
" "$tmp/sw/chaplygin_sleigh/g-00004.csv" "$h" && ok || bad "the Python reader of a sweep's output"
fi
# options after '--' may not replace the case's values or its output
expect 2 "'--digits' after '--' would replace what the sweep gives each case" -- sweep -q "$tmp/sl.cases" -o "$tmp/x" -- --digits 30
expect 2 "'-o' after '--' would replace" -- sweep -q "$tmp/sl.cases" -o "$tmp/x" -- -o f.csv
expect 2 "'--par=m=1' after '--' would replace what the sweep gives each case \(--param\)" -- sweep -q "$tmp/sl.cases" -o "$tmp/x" -- --par=m=1
[ ! -e "$tmp/x" ] && ok || bad "a refused sweep wrote $tmp/x"
# another sweep into the same directory is refused
mkdir -p "$tmp/o" && sed 's/m = 1, 3/m = 1, 4/' "$tmp/sl2.cases" > "$tmp/o/sl2.cases"
expect 2 'is the manifest of another sweep' -- sweep -q "$tmp/o/sl2.cases" -o "$tmp/swl" --command lyapunov -- --method benettin --delta0 1e-9
# two sweeps with other stems into one directory (issue 28's reproducer: both exited 0,
# the second overwrote the first's outputs, and catalogue called the result ok): the
# second is refused before it writes anything, naming both sweeps and the file
printf 'model = chaplygin_sleigh\ndigits = 10\n[g]\nt-end = 1\ndt-out = 0.5\nparam m = 1, 2\n' > "$tmp/a.sweep"
printf 'model = chaplygin_sleigh\ndigits = 10\n[g]\ntimes = 0, 1, 2\nparam m = 3, 4\n' > "$tmp/b.sweep"
"$NHREF" sweep -q -o "$tmp/own" "$tmp/a.sweep" || bad "sweep a.sweep"
ls -lR --time-style=+%s.%N "$tmp/own" > "$tmp/own.before"
expect 2 "b.sweep \(command lyapunov\) would overwrite .*/own/chaplygin_sleigh/g-00000.csv, an output of another sweep: a.sweep \(command run, manifest .*/own/a.manifest\); nothing was written" -- sweep -q -o "$tmp/own" "$tmp/b.sweep" --command lyapunov
expect 2 "b.sweep \(command run\) would overwrite" -- sweep -q -o "$tmp/own" "$tmp/b.sweep"
ls -lR --time-style=+%s.%N "$tmp/own" | cmp -s - "$tmp/own.before" && ok || bad "a refused sweep changed $tmp/own"
"$NHREF" sweep -q -o "$tmp/own" "$tmp/a.sweep" && ok || bad "the same sweep again into its own directory"
# the two started at once, 10 rounds: the check and the manifest hold DIR's lock, so
# exactly one of them runs and the other is refused
nrace=0
for i in 1 2 3 4 5 6 7 8 9 10; do
    rm -rf "$tmp/race"
    "$NHREF" sweep -q -o "$tmp/race" "$tmp/a.sweep" 2>/dev/null & p1=$!
    "$NHREF" sweep -q -o "$tmp/race" "$tmp/b.sweep" --command lyapunov 2>/dev/null & p2=$!
    wait "$p1"; r1=$?
    wait "$p2"; r2=$?
    [ "$(printf '%s\n' "$r1" "$r2" | sort | tr '\n' ' ')" = "0 2 " ] || nrace=$((nrace + 1))
done
[ "$nrace" -eq 0 ] && ok || bad "two sweeps started at once into one DIR: not one run and one refused in $nrace of 10 rounds"
# catalogue: an output that is not the case its manifest lists is foreign (exit 1)
"$NHREF" sweep -q -o "$tmp/own-b" "$tmp/b.sweep" --command lyapunov || bad "sweep b.sweep"
expect 0 '2 rows: 2 ok, 0 missing, 0 duplicate, 0 corrupt, 0 unchecked, 0 foreign' -- catalogue "$tmp/own"
cp "$tmp/own-b/chaplygin_sleigh/g-00000.csv" "$tmp/own/chaplygin_sleigh/g-00000.csv" # another command's
expect 1 '2 rows: 1 ok, 0 missing, 0 duplicate, 0 corrupt, 0 unchecked, 1 foreign' -- catalogue "$tmp/own"
grep -q '^g-00000	chaplygin_sleigh	lyapunov	foreign	' "$tmp/own/catalogue.tsv" && ok || bad "the foreign row: $(grep g-00000 "$tmp/own/catalogue.tsv")"
"$NHREF" sweep -q -o "$tmp/own" "$tmp/a.sweep" || bad "sweep a.sweep again"
sed 's/^# param: m = 1 \[kg\]$/# param: m = 5 [kg]/' "$tmp/own/chaplygin_sleigh/g-00000.csv" > "$tmp/g0" &&
    mv "$tmp/g0" "$tmp/own/chaplygin_sleigh/g-00000.csv" # the same command, another swept value
expect 1 'foreign chaplygin_sleigh/g-00000: chaplygin_sleigh/g-00000.csv' -- catalogue "$tmp/own"
# the same values, kind and command, but another sweep's output: foreign by its '# sweep:'
# line (another sweep file with the same cases, and the same sweep with other options
# after '--'); a plain 'nhref run' of the case copied in: unchecked (no '# sweep:' line)
"$NHREF" sweep -q -o "$tmp/own" "$tmp/a.sweep" || bad "sweep a.sweep again"
{ cat "$tmp/a.sweep"; echo '# another sweep file, the same cases'; } > "$tmp/a2.sweep"
"$NHREF" sweep -q -o "$tmp/own-a2" "$tmp/a2.sweep" || bad "sweep a2.sweep"
"$NHREF" sweep -q -o "$tmp/own-ag" "$tmp/a.sweep" -- --scheme gauss || bad "sweep a.sweep -- --scheme gauss"
for other in own-a2 own-ag; do
    cp "$tmp/own/chaplygin_sleigh/g-00001.csv" "$tmp/g1.keep"
    cp "$tmp/$other/chaplygin_sleigh/g-00001.csv" "$tmp/own/chaplygin_sleigh/g-00001.csv"
    [ "$(grep -v '^# \(sweep\|scheme\|sha256\|steps\|nhref\)' "$tmp/$other/chaplygin_sleigh/g-00001.csv" | grep '^# param: m')" = "# param: m = 2 [kg]" ] || bad "$other: not the same case"
    expect 1 "foreign chaplygin_sleigh/g-00001: chaplygin_sleigh/g-00001.csv" -- catalogue "$tmp/own"
    grep -q '^g-00001	chaplygin_sleigh	run	foreign	' "$tmp/own/catalogue.tsv" && ok || bad "$other's output in own: $(grep g-00001 "$tmp/own/catalogue.tsv")"
    cp "$tmp/g1.keep" "$tmp/own/chaplygin_sleigh/g-00001.csv"
done
"$NHREF" run chaplygin_sleigh -q --digits 10 -T 1 --dt-out 0.5 -p m=2 -o "$tmp/own/chaplygin_sleigh/g-00001.csv"
expect 0 '2 rows: 1 ok, 0 missing, 0 duplicate, 0 corrupt, 1 unchecked, 0 foreign' -- catalogue "$tmp/own"
grep -q '^g-00001	chaplygin_sleigh	run	unchecked	' "$tmp/own/catalogue.tsv" && ok || bad "a plain run's output in own: $(grep g-00001 "$tmp/own/catalogue.tsv")"
# two '# sweep:' lines: foreign
{ sed -n 1,2p "$tmp/g1.keep"; grep '^# sweep: ' "$tmp/own-a2/chaplygin_sleigh/g-00001.csv"; sed 1,2d "$tmp/g1.keep"; } > "$tmp/own/chaplygin_sleigh/g-00001.csv"
expect 1 "foreign chaplygin_sleigh/g-00001" -- catalogue "$tmp/own"
# --resume recomputes an output of another sweep or without the line, and only those
cp "$tmp/own-ag/chaplygin_sleigh/g-00001.csv" "$tmp/own/chaplygin_sleigh/g-00001.csv"
out=$("$NHREF" sweep --resume -o "$tmp/own" "$tmp/a.sweep" 2>&1)
printf '%s\n' "$out" | grep -q 'g-00001: done' && printf '%s\n' "$out" | grep -q 'g-00000: skipped' && ok || bad "--resume over another sweep's output: $out"
cmp -s "$tmp/g1.keep" "$tmp/own/chaplygin_sleigh/g-00001.csv" && ok || bad "--resume did not restore the sweep's own output"
expect 0 '2 rows: 2 ok' -- catalogue "$tmp/own"
# a manifest and outputs of an nhref before the '# sweep:' lines: the manifest is this
# sweep's and gets the line; --resume recomputes the outputs without one
cp -r "$tmp/own" "$tmp/own-old"
sed -i '/^# sweep: /d' "$tmp/own-old/a.manifest" "$tmp"/own-old/chaplygin_sleigh/*.csv
expect 0 '2 rows: 2 ok' -- catalogue "$tmp/own-old"
out=$("$NHREF" sweep --resume -o "$tmp/own-old" "$tmp/a.sweep" 2>&1) && ok || bad "--resume of an older nhref's sweep: $out"
[ "$(printf '%s\n' "$out" | grep -c ': done in')" -eq 2 ] && ok || bad "--resume of an older nhref's outputs: $out"
cmp -s "$tmp/own/a.manifest" "$tmp/own-old/a.manifest" && diff -r "$tmp/own/chaplygin_sleigh" "$tmp/own-old/chaplygin_sleigh" > /dev/null && ok || bad "the older nhref's sweep, resumed, differs from a new one"

# ---------------------------------------------------------------- --resume
"$NHREF" sweep -q "$tmp/sl.cases" -o "$tmp/r" 2>/dev/null
ls -l --time-style=+%s.%N "$tmp/r/chaplygin_sleigh" > "$tmp/before"
out=$("$NHREF" sweep --resume "$tmp/sl.cases" -o "$tmp/r" 2>&1)
n=$(printf '%s\n' "$out" | grep -c 'skipped: its output checks out')
[ "$n" -eq 6 ] && ok || bad "--resume skipped $n of 6 done cases: $out"
ls -l --time-style=+%s.%N "$tmp/r/chaplygin_sleigh" | cmp -s - "$tmp/before" && ok || bad "--resume rewrote done cases"
cp "$tmp/r/chaplygin_sleigh/g-00002.csv" "$tmp/g2.orig"
damage "$tmp/r/chaplygin_sleigh/g-00002.csv"
sed -i 's/^# param: m = 3 \[kg\]$/# param: m = 4 [kg]/' "$tmp/r/chaplygin_sleigh/g-00004.csv"  # another case's file
touch "$tmp/r/chaplygin_sleigh/g-00001.csv.tmp.AbC123"                              # a killed writer's leftover
out=$("$NHREF" sweep --resume "$tmp/sl.cases" -o "$tmp/r" 2>&1)
printf '%s\n' "$out" | grep -q 'g-00002: done' && ok || bad "--resume kept a damaged output: $out"
printf '%s\n' "$out" | grep -q 'g-00004: done' && ok || bad "--resume kept another case's output: $out"
[ "$(printf '%s\n' "$out" | grep -c 'skipped: its output')" -eq 4 ] && ok || bad "--resume: $out"
cmp -s "$tmp/g2.orig" "$tmp/r/chaplygin_sleigh/g-00002.csv" && ok || bad "the recomputed g-00002 differs from the first"
[ ! -e "$tmp/r/chaplygin_sleigh/g-00001.csv.tmp.AbC123" ] && ok || bad "--resume left a temporary file"

# ---------------------------------------------------------------- catalogue
expect 0 '6 rows: 6 ok, 0 missing, 0 duplicate, 0 corrupt' -- catalogue "$tmp/r"
head -1 "$tmp/r/catalogue.tsv" | grep -q '^case	model	kind	status	outcome	digits	certified	file	sha256	param:m	param:J	param:a	init:x' && ok || bad "catalogue.tsv header: $(head -1 "$tmp/r/catalogue.tsv")"
awk -F'\t' 'NR > 1 { print $8 }' "$tmp/r/catalogue.tsv" > "$tmp/files"
while read -r f; do
    want=$(data "$tmp/r/$f" | sha256sum | cut -c1-64)
    grep -q "	$f	$want	" "$tmp/r/catalogue.tsv" || { bad "catalogue: sha256 of $f"; break; }
done < "$tmp/files"
ok
${py:-python3} -c "
import json, sys
c = json.load(open('$tmp/r/catalogue.json'))
assert c['summary']['ok'] == 6 and c['summary']['expected'] == 6, c['summary']
assert [r['case'] for r in c['cases']] == ['g-%05d' % k for k in range(6)]
assert c['cases'][4]['param']['m'] == '3' and c['cases'][4]['init']['omega'] == '1'
" 2>/dev/null && ok || bad "catalogue.json does not list the six cases in order with their values"
rm "$tmp/r/chaplygin_sleigh/g-00003.csv"
expect 1 'missing chaplygin_sleigh/g-00003' -- catalogue "$tmp/r"
grep -q '^g-00003	chaplygin_sleigh		missing	.*	3	.*	0.5$' "$tmp/r/catalogue.tsv" && ok || bad "the missing row: $(grep g-00003 "$tmp/r/catalogue.tsv")"
"$NHREF" sweep -q --resume "$tmp/sl.cases" -o "$tmp/r" 2>/dev/null
mkdir -p "$tmp/r/elsewhere/chaplygin_sleigh" && cp "$tmp/r/chaplygin_sleigh/g-00005.csv" "$tmp/r/elsewhere/chaplygin_sleigh/"
expect 1 'duplicate chaplygin_sleigh/g-00005: elsewhere/chaplygin_sleigh/g-00005.csv' -- catalogue "$tmp/r"
rm -r "$tmp/r/elsewhere"
damage "$tmp/r/chaplygin_sleigh/g-00000.csv"
expect 1 'corrupt chaplygin_sleigh/g-00000' -- catalogue "$tmp/r"
# no sha256 line: unchecked, not an error; a killed writer's temporary file: counted
cp -r "$tmp/r" "$tmp/c"
sed '/^# sha256: /d' "$tmp/r/chaplygin_sleigh/g-00000.csv" > "$tmp/c/chaplygin_sleigh/g-00000.csv"
: > "$tmp/c/chaplygin_sleigh/g-00001.csv.tmp.AbC123"
expect 0 '6 rows: 5 ok, 0 missing, 0 duplicate, 0 corrupt, 1 unchecked, 0 foreign; 1 temporary files left by killed writers' -- catalogue "$tmp/c"
# a manifest that is not one, or a short line: bad usage, as are a bad DIR and 65 --cases
printf '# nhref sweep manifest\n0\tg-00000\tchaplygin_sleigh\n' > "$tmp/c/short.manifest"
expect 2 'short.manifest:2: expected index, case, model, file and swept values \(TSV\)' -- catalogue "$tmp/c"
printf 'index\tcase\n' > "$tmp/c/short.manifest"
expect 2 'short.manifest:1: not an nhref sweep manifest' -- catalogue "$tmp/c"
expect 2 'missing DIR' -- catalogue
expect 2 'one DIR only' -- catalogue "$tmp/c" "$tmp/r"
expect 2 'sl.cases. is not a directory' -- catalogue "$tmp/sl.cases"
set --
while [ $# -lt 130 ]; do set -- "$@" --cases "$tmp/sl.cases"; done
expect 2 'too many --cases files \(at most 64\)' -- catalogue "$@" "$tmp/c"

# ---------------------------------------------------------------- golden --shard and --resume
cat > "$tmp/gold.cases" <<'EOF'
model = chaplygin_sleigh
digits = 12
times = 0, 0.5, 1
[g]
param a = 0.5, 1
init omega = 0.5, 1.5
EOF
"$NHREF" golden -q -o "$tmp/gA" "$tmp/gold.cases" || bad "golden unsharded"
"$NHREF" golden -q -o "$tmp/gB" --shard 1/2 "$tmp/gold.cases" || bad "golden --shard 1/2"
[ "$(ls "$tmp/gB/chaplygin_sleigh" | wc -l)" -eq 2 ] && ok || bad "golden --shard 1/2 wrote $(ls "$tmp/gB/chaplygin_sleigh")"
"$NHREF" golden -q -o "$tmp/gB" --shard 2/2 "$tmp/gold.cases" || bad "golden --shard 2/2"
diff -r "$tmp/gA" "$tmp/gB" > /dev/null && ok || bad "golden shards 1/2 + 2/2 differ from the unsharded run"
"$NHREF" catalogue -q --cases "$tmp/gold.cases" "$tmp/gA" && "$NHREF" catalogue -q --cases "$tmp/gold.cases" "$tmp/gB" || bad "golden catalogue"
cmp -s "$tmp/gA/catalogue.tsv" "$tmp/gB/catalogue.tsv" && cmp -s "$tmp/gA/catalogue.json" "$tmp/gB/catalogue.json" && ok || bad "the golden catalogues differ"
grep -q '	golden	ok	certified	12	x=[0-9]* y=' "$tmp/gA/catalogue.tsv" && ok || bad "golden rows lack their certified digits: $(sed -n 2p "$tmp/gA/catalogue.tsv")"
rm "$tmp/gB/chaplygin_sleigh/g-00001.csv"
out=$("$NHREF" golden --resume -o "$tmp/gB" "$tmp/gold.cases" 2>&1)
[ "$(printf '%s\n' "$out" | grep -c 'skipped (--resume)')" -eq 3 ] && printf '%s\n' "$out" | grep -q 'wrote .*g-00001.csv' && ok || bad "golden --resume: $out"
diff -r "$tmp/gA/chaplygin_sleigh" "$tmp/gB/chaplygin_sleigh" > /dev/null && ok || bad "golden --resume did not restore the same file"
# no -o: golden/ in the current directory, said on stderr (it was data/golden, created
# silently wherever an installed nhref's user stood); -q says nothing
mkdir "$tmp/stand" && (cd "$tmp/stand" && "$NHREF" golden "$tmp/gold.cases:g-00001" > ../stand.out 2> ../stand.err) || bad "golden without -o: $(cat "$tmp/stand.err")"
cmp -s "$tmp/stand/golden/chaplygin_sleigh/g-00001.csv" "$tmp/gA/chaplygin_sleigh/g-00001.csv" && ok || bad "golden without -o: no golden/chaplygin_sleigh/g-00001.csv as -o wrote it: $(cd "$tmp/stand" && find .)"
[ ! -e "$tmp/stand/data" ] && ok || bad "golden without -o created data/ in the current directory"
[ "$(cat "$tmp/stand.err")" = "nhref golden: no -o DIR: writing under golden/ in the current directory
nhref golden: wrote golden/chaplygin_sleigh/g-00001.csv" ] && ok || bad "golden without -o said: $(cat "$tmp/stand.err")"
(cd "$tmp/stand" && "$NHREF" golden -q --resume "$tmp/gold.cases:g-00001" 2> ../stand.err) && [ ! -s "$tmp/stand.err" ] && ok || bad "golden -q --resume without -o: $(cat "$tmp/stand.err")"

# ---------------------------------------------------------------- bounded lines (issue 28 item 2)
# catalogue and --resume read outputs and manifests line by line: data lines are skipped
# as read, a '#' line is held up to 1 MiB; a file with a longer one is no nhref output,
# and a manifest with one is refused, naming the line
printf 'model = chaplygin_sleigh\ndigits = 10\n[g]\nt-end = 1\ndt-out = 0.5\nparam m = 1, 2\n' > "$tmp/bl.sweep"
"$NHREF" sweep -q -o "$tmp/bl" "$tmp/bl.sweep" || bad "bounded lines: the sweep"
{ printf '# nhref trajectory\n#'; head -c 3000000 /dev/zero | tr '\0' x; echo; } > "$tmp/bl/chaplygin_sleigh/huge.csv"
head -c 3000000 /dev/zero | tr '\0' y > "$tmp/bl/chaplygin_sleigh/nonl.csv"
expect 0 "2 rows: 2 ok, 0 missing" -- catalogue "$tmp/bl"
{ head -c 2000000 /dev/zero | tr '\0' '#'; echo; } >> "$tmp/bl/chaplygin_sleigh/g-00000.csv"
expect 0 "skipped: its output checks out .*g-00001|g-00000: done" -- sweep --resume -o "$tmp/bl" "$tmp/bl.sweep"
{ head -c 2000000 /dev/zero | tr '\0' z; echo; } >> "$tmp/bl/bl.manifest"
expect 2 "bl.manifest:[0-9]+: a line longer than 1048576 bytes \(the limit of a line\)" -- catalogue "$tmp/bl"

# ---------------------------------------------------------------- run --fast in batches
# a sweep of --fast runs integrates its cases in SIMD batches (nhref_spec_batch): every
# output is byte for byte what one case alone writes (one case per shard: no batch) --
# lanes that reach the end (g = -9.81) and lanes that stop at the fall event (the
# default g), which run alone after the batch
# (with the jets interpreted, NHREF_JIT=0, and compiled: the lanes' compiled jets are
# the double jets' variant, FMA included, so the outputs are byte for byte the same)
for jit in 0 1; do
for g in "param g = -9.81" ""; do
    printf 'model = skater\n[b]\nsource = test\ndescription = test\n%s\nparam A1 = linspace(0, 0.25, 3)\ninit Omega1 = linspace(0, 2.5, 4)\nt-end = 2\ndt-out = 0.25\ndigits = 15\n' "$g" > "$tmp/fastb.sweep"
    rm -rf "$tmp/fastb" "$tmp/fasts"
    NHREF_JIT=$jit "$NHREF" sweep -q "$tmp/fastb.sweep" -o "$tmp/fastb" -- --fast || bad "sweep --fast in batches failed"
    k=1
    while [ $k -le 12 ]; do
        NHREF_JIT=$jit "$NHREF" sweep -q --shard $k/12 "$tmp/fastb.sweep" -o "$tmp/fasts" -- --fast || bad "sweep --fast --shard $k/12 failed"
        k=$((k + 1))
    done
    [ "$(ls "$tmp/fastb/skater" | wc -l)" -eq 12 ] && ok || bad "sweep --fast in batches: $(ls "$tmp/fastb/skater" | wc -l) outputs, want 12"
    diff -r "$tmp/fastb/skater" "$tmp/fasts/skater" >/dev/null && ok ||
        bad "sweep --fast (${g:-default g}, NHREF_JIT=$jit): the batched outputs differ from the cases run alone"
done
done

# ---------------------------------------------------------------- lyapunov --fast in batches
# a sweep of --fast exponents runs its cases in batches of up to 8 (cli_lyap_batch:
# nhref_lyapunov_batch_d, the tangent equations of the lanes in one batch integrator):
# every output is byte for byte what the case alone writes (one case per shard: no
# batch; and nhref lyapunov --fast itself), jets interpreted and compiled
lopts="--components theta,Omega1,Omega2,v --project E"
for jit in 0 1; do
    printf 'model = skater\n[f]\nsource = test\ndescription = test\nparam g = -9.81\nparam A1 = linspace(0, 0.25, 3)\ninit Omega1 = linspace(0, 2.5, 4)\ntimes = 10,40\ndigits = 20\n' > "$tmp/fastl.sweep"
    rm -rf "$tmp/fastl" "$tmp/fastls"
    NHREF_JIT=$jit "$NHREF" sweep -q --command lyapunov "$tmp/fastl.sweep" -o "$tmp/fastl" -- --fast $lopts || bad "sweep --command lyapunov --fast in batches failed"
    k=1
    while [ $k -le 12 ]; do
        NHREF_JIT=$jit "$NHREF" sweep -q --shard $k/12 --command lyapunov "$tmp/fastl.sweep" -o "$tmp/fastls" -- --fast $lopts || bad "sweep lyapunov --fast --shard $k/12 failed"
        k=$((k + 1))
    done
    [ "$(ls "$tmp/fastl/skater" | wc -l)" -eq 12 ] && ok || bad "lyapunov --fast in batches: $(ls "$tmp/fastl/skater" | wc -l) outputs, want 12"
    diff -r "$tmp/fastl/skater" "$tmp/fastls/skater" >/dev/null && ok ||
        bad "sweep lyapunov --fast (NHREF_JIT=$jit): the batched outputs differ from the cases run alone"
    # f-00011: A1 = 0.25, Omega1 = 2.5: the case's own command line
    NHREF_JIT=$jit "$NHREF" lyapunov skater -q --fast --param g=-9.81 --param A1=0.25 --init Omega1=2.5 --times 10,40 --digits 20 $lopts -o "$tmp/fastl1.csv" || bad "lyapunov --fast failed"
    unswept "$tmp/fastl/skater/f-00011.csv" | cmp -s "$tmp/fastl1.csv" - && ok || bad "the sweep's f-00011 differs from nhref lyapunov --fast with its options"
    grep -q '^# precision: 53 bits (double, fast path), tolerance 1e-15$' "$tmp/fastl1.csv" && ok || bad "lyapunov --fast: no double precision line"
    [ "$(lyfmt "$tmp/fastl1.csv")" = "# format: nhref-lyapunov 1|# nhref: $version" ] && ok || bad "lyapunov --fast: the format and nhref lines: $(lyfmt "$tmp/fastl1.csv")"
    [ "$(lyfmt "$tmp/fastl/skater/f-00003.csv")" = "# format: nhref-lyapunov 1|# nhref: $version" ] && ok || bad "lyapunov --fast in a batch: the format and nhref lines: $(lyfmt "$tmp/fastl/skater/f-00003.csv")"
    # the perturbation the exponents measure (the norm's components and the projection)
    grep -q '^# perturbation: norm on (theta, Omega1, Omega2, v), direction (1, 1, 1, 1) projected on the level set of E$' \
        "$tmp/fastl1.csv" && ok || bad "lyapunov: no perturbation line: $(grep '^# pert' "$tmp/fastl1.csv")"
done
expect 2 "--method benettin: not with --fast" -- lyapunov skater --fast --method benettin --times 1
expect 2 "no --prec \(use the MPFR path\)" -- lyapunov skater --fast --prec 100 --times 1

# ---------------------------------------------------------------- sets of values in case files
# 'init omega = 1+-1e-8' and 'param a = [0.4,0.6]' are the sets nhref run --rigorous takes:
# the sweep's output under -- --rigorous is run --rigorous's with the same options, and
# --resume knows it; a malformed set gets the command line's message with FILE:LINE; the
# routes that integrate one point refuse the case and say why
printf 'model = chaplygin_sleigh\ndigits = 12\ntimes = 0, 1\n[s]\ninit omega = 1+-1e-8\nparam a = [0.4,0.6]\n' > "$tmp/sets.cases"
"$NHREF" sweep -q "$tmp/sets.cases" -o "$tmp/sets" -- --rigorous 2> "$tmp/err" && ok || bad "sweep of sets -- --rigorous: $(cat "$tmp/err")"
"$NHREF" run chaplygin_sleigh -q --rigorous -i omega=1+-1e-8 -p 'a=[0.4,0.6]' --times 0,1 --digits 12 -o "$tmp/sets1.csv" || bad "run --rigorous with sets failed"
unswept "$tmp/sets/chaplygin_sleigh/s.csv" | cmp -s "$tmp/sets1.csv" - && ok || bad "the sweep's case of sets differs from nhref run --rigorous with its options"
grep -q '^# init: omega = 1+-1e-8 \[rad/s\]$' "$tmp/sets1.csv" && grep -q '^# param: a = \[0.4, 0.6\] \[m\]$' "$tmp/sets1.csv" && ok || bad "the sets' lines: $(grep -e '^# init: omega' -e '^# param: a' "$tmp/sets1.csv")"
"$NHREF" sweep --resume "$tmp/sets.cases" -o "$tmp/sets" -- --rigorous 2> "$tmp/err" && grep -q 'skipped: its output checks out' "$tmp/err" && ok || bad "sweep --resume of sets: $(cat "$tmp/err")"
# the catalogue's columns: each set whole
"$NHREF" catalogue -q --cases "$tmp/sets.cases" "$tmp/sets" || bad "catalogue of the sets sweep"
[ "$(cut -f12,17 "$tmp/sets/catalogue.tsv" | tr '\t\n' '|;')" = "param:a|init:omega;[0.4, 0.6]|1+-1e-8;" ] && ok || bad "the catalogue's set columns: $(cut -f12,17 "$tmp/sets/catalogue.tsv" | tr '\t\n' '|;')"
expect 2 "^nhref golden: .*sets.cases:4: case \[s\]: init omega = 1\+-1e-8 is a set of initial values: a golden file certifies one trajectory" -- golden -q -o "$tmp/gsets" "$tmp/sets.cases"
[ ! -e "$tmp/gsets/chaplygin_sleigh/s.csv" ] && ok || bad "golden wrote a case of sets"
"$NHREF" sweep -q "$tmp/sets.cases" -o "$tmp/sets-plain" 2> "$tmp/err" && bad "a sweep without --rigorous ran a case of sets" ||
    { grep -q "init omega: '1+-1e-8' is a set of initial values: it needs --rigorous" "$tmp/err" && ok || bad "sweep of sets without --rigorous: $(cat "$tmp/err")"; }
"$NHREF" sweep -q --command lyapunov "$tmp/sets.cases" -o "$tmp/sets-ly" 2> "$tmp/err" && bad "a lyapunov sweep ran a case of sets" ||
    { grep -q "init omega: '1+-1e-8' is a set of initial values: the Lyapunov exponents are those of one trajectory" "$tmp/err" && ok || bad "lyapunov sweep of sets: $(cat "$tmp/err")"; }
# malformed sets: the command line's message after the label, the case file's line
for set in '[1.01, 0.99]' '[1, nan]' '1+-x' '+-1e-8' '[0.9' '[0.9, 1.0], [1.0, 1.1]'; do
    printf 'model = chaplygin_sleigh\ndigits = 12\ntimes = 0, 1\n[b]\ninit omega = %s\n' "$set" > "$tmp/bad-set.cases"
    cli=$("$NHREF" run chaplygin_sleigh --rigorous -i "omega=$set" -T 1 -q -o /dev/null 2>&1)
    file=$("$NHREF" sweep --list "$tmp/bad-set.cases" 2>&1)
    rc=$?
    [ $rc -eq 2 ] && [ "${file#nhref sweep: "$tmp"/bad-set.cases:5: init omega: }" = "${cli#nhref run: --init omega: }" ] &&
        [ "$cli" != "${cli#nhref run: --init omega: \'}" ] && ok ||
        bad "the set '$set' in a case file (exit $rc): '$file', on the command line: '$cli'"
done
# a parameter set reaching outside the model's range: the case named, as for a bad value
printf 'model = chaplygin_sleigh\ndigits = 12\ntimes = 0, 1\n[b]\nparam m = [-1, 2]\n' > "$tmp/bad-set.cases"
expect 2 "bad-set.cases:4: case \[b\]: param m: the set '\[-1, 2\]' reaches m = -1, not admissible: parameter m must be > 0" -- sweep --list "$tmp/bad-set.cases"

summary sweep.sh
