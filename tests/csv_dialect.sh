#!/bin/sh
# csv_dialect.sh -- one CSV dialect for `nhref run` output and golden files
# (issue 15 item 5): both load identically with
#     pandas.read_csv(path, comment='#')
#     numpy.genfromtxt(path, delimiter=',', names=True, comments='#')
# -- same column names, same rows (the t = 0 row included), same numbers (numpy
# and pandas' float_precision='round_trip' correctly rounded, pandas' default
# parser within 2 ulps) -- and agree with the file's own text read line by line; files in the old layouts
# (version 1: metadata before the header; run's header as a "# t,x" comment) are
# still read by nhref itself (nhref verify --golden).
. "$(dirname "$0")/testlib.sh"

for py in "${PYTHON3:-}" /usr/bin/python3 python3; do
    [ -n "$py" ] && "$py" -c 'import numpy, pandas' 2>/dev/null && break
    py=
done
[ -n "$py" ] || { echo "SKIP: no Python with numpy and pandas (Debian: python3-numpy python3-pandas)"; exit 77; }

"$NHREF" run chaplygin_sleigh -q -T 3 --dt-out 0.5 -o "$tmp/run.csv" || bad "run failed"
"$NHREF" run skater -q --fast -T 1 --dt-out 0.25 -o "$tmp/fast.csv" || bad "run --fast failed"
"$NHREF" run suslov_servo -q -p I13=0 -p I23=0 -p b1=0.5 -p b2=1 -p b3=0.7 -p c1=1 -p c2=-0.5 \
    -i omega1=0.3 -i omega2=-0.2 -T 20 --dt-out 5 -o "$tmp/blowup.csv" 2>/dev/null
[ -s "$tmp/blowup.csv" ] || bad "blow-up run wrote nothing"

# load PATH both ways and check against the text; prints nothing on success
check() {
    "$py" - "$1" <<'PY'
import sys, math
import numpy as np, pandas as pd
path = sys.argv[1]
lines = [l.rstrip('\n') for l in open(path) if l.strip() and not l.startswith('#')]
names = lines[0].split(',')
rows = [[float(v) for v in l.split(',')] for l in lines[1:]]
df = pd.read_csv(path, comment='#')
ga = np.genfromtxt(path, delimiter=',', names=True, comments='#')
ga = np.atleast_1d(ga)
exact = pd.read_csv(path, comment='#', float_precision='round_trip')
def same(a, b, ulps=0):
    # pandas' default parser is fast, not correctly rounded: within 2 ulps there
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return abs(a - b) <= ulps * math.ulp(b)
assert list(df.columns) == names, ("pandas names", list(df.columns), names)
assert list(ga.dtype.names) == names, ("numpy names", ga.dtype.names, names)
assert df.shape == (len(rows), len(names)), ("pandas shape", df.shape, len(rows))
assert ga.shape == (len(rows),), ("numpy shape", ga.shape, len(rows))
assert rows[0][0] == 0.0 and df['t'].iloc[0] == 0.0 and ga['t'][0] == 0.0, "the t = 0 row"
for i, r in enumerate(rows):
    for k, n in enumerate(names):
        assert same(float(df[n].iloc[i]), r[k], 2), ("pandas", i, n, df[n].iloc[i], r[k])
        assert same(float(exact[n].iloc[i]), r[k]), ("pandas round_trip", i, n, exact[n].iloc[i], r[k])
        assert same(float(ga[n][i]), r[k]), ("numpy", i, n, ga[n][i], r[k])
loaded = np.loadtxt(path, delimiter=',', skiprows=1)
loaded = np.atleast_2d(loaded)
assert loaded.shape == (len(rows), len(names)), ("loadtxt", loaded.shape)
PY
}
for f in "$tmp/run.csv" "$tmp/fast.csv" "$tmp/blowup.csv" \
    "$top_srcdir/data/golden/chaplygin_sleigh/PUB-1.csv" \
    "$top_srcdir/data/golden/chaplygin_sleigh/omega0-zero.csv" \
    "$top_srcdir/data/golden/skater/fall-A1-0.1.csv" \
    "$top_srcdir/data/golden/hcat/P3.csv"; do
    if out=$(check "$f" 2>&1); then ok; else bad "$(basename "$f"): $(printf '%s' "$out" | tail -1)"; fi
done
# every golden file: the header row is the first line
for f in "$top_srcdir"/data/golden/*/*.csv; do
    case $(head -1 "$f") in t,*) ok ;; *) bad "$f: first line is not the header row" ;; esac
done

# ---------------------------------------------------------------- old layouts still read
# version 1 golden layout: metadata, then the header row
{ grep '^#' "$top_srcdir/data/golden/chaplygin_sleigh/PUB-1.csv"; grep -v '^#' "$top_srcdir/data/golden/chaplygin_sleigh/PUB-1.csv"; } > "$tmp/old_golden.csv"
# version 1 run layout: "# columns:" and a commented header, no header row
{ grep '^#' "$tmp/run.csv" | grep -v '^# outcome' ; echo "# columns: $(head -1 "$tmp/run.csv")"; echo "# $(head -1 "$tmp/run.csv")"; sed 1d "$tmp/run.csv" | grep -v '^#'; } > "$tmp/old_run.csv"
"$NHREF" run chaplygin_sleigh -q -T 10 --dt-out 1 --digits 40 -o "$tmp/mine.csv"
for ref in "$top_srcdir/data/golden/chaplygin_sleigh/PUB-1.csv" "$tmp/old_golden.csv"; do
    if "$NHREF" verify "$tmp/mine.csv" --golden "$ref" -q -m 35 > "$tmp/v.out" 2>&1; then ok; else bad "verify --golden $(basename "$ref"): $(tail -1 "$tmp/v.out")"; fi
done
if "$NHREF" verify "$tmp/old_run.csv" chaplygin_sleigh -q -m 25 > "$tmp/v.out" 2>&1; then ok; else bad "verify of an old-layout run file: $(tail -1 "$tmp/v.out")"; fi
if "$NHREF" verify "$tmp/old_golden.csv" chaplygin_sleigh -q -m 35 > "$tmp/v.out" 2>&1; then ok; else bad "verify of an old-layout golden file: $(tail -1 "$tmp/v.out")"; fi

summary csv_dialect
