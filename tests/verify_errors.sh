#!/bin/sh
# verify_errors.sh -- `nhref verify --errors FILE` and the JSON series (issue 25
# item 2): every input row's error and digits, in time order with its line.
# Expected values come from identities between two outputs (the errors file's
# worst row is the report's max_error, digits and worst line; its least digits
# survive in the decimated JSON series), from the documented measure
# -log10(err / max(|reference|, 1)) recomputed from the input's values, and
# from a perturbation put in by hand (its size, row and time known).  Reads the
# files with numpy ($PYTHON); skipped (77) without it.
. "$(dirname "$0")/testlib.sh"

PY=${PYTHON:-/usr/bin/python3}
if ! "$PY" -c 'import numpy' >/dev/null 2>&1; then
    echo "verify_errors.sh: no Python with numpy ('$PY'): skipped"
    exit 77
fi
RK4="$top_srcdir/tests/rk4_sleigh.py"

# ---------------------------------------------------------------- an RK4 trajectory
"$PY" "$RK4" 0.05 10 > "$tmp/rk4.csv" || bad "rk4_sleigh.py failed"
"$NHREF" verify "$tmp/rk4.csv" chaplygin_sleigh -q --errors "$tmp/err.csv" --json "$tmp/rep.json" > "$tmp/out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok || bad "verify --errors of RK4 h = 0.05: exit $rc, want 0: $(tail -1 "$tmp/out")"
head -1 "$tmp/err.csv" | grep -qx 't,line,x_err,x_digits,y_err,y_digits,phi_err,phi_digits,v_err,v_digits,omega_err,omega_digits,E_drift,P1_drift,P2_drift,t0_drift,where' &&
    ok || bad "errors file header: $(head -1 "$tmp/err.csv")"
# the identities: per column min digits, max error and the worst row's line agree with
# the JSON report; the digits are -log10(err / max(|reference|, 1)) with reference =
# yours -+ err (|yours| instead of |reference| moves the digits by < 1e-6 here);
# rows in time order, one per input row, each with its line
"$PY" - "$tmp/err.csv" "$tmp/rep.json" "$tmp/rk4.csv" > "$tmp/py.out" 2>&1 <<'EOF'
import json, sys
import numpy as np
err = np.genfromtxt(sys.argv[1], delimiter=",", names=True, comments="#")
rep = json.load(open(sys.argv[2]))
inp = np.genfromtxt(sys.argv[3], delimiter=",", names=True, comments="#")
bad = []
if len(err) != rep["input"]["rows"] or len(err) != len(inp):
    bad.append("rows: %d in the errors file, %d in the report" % (len(err), rep["input"]["rows"]))
if not np.all(np.diff(err["t"]) >= 0):
    bad.append("rows not in time order")
# the input's line of each row: the lines after the header that are not '#' comments
lines = [i + 1 for i, l in enumerate(open(sys.argv[3]).read().splitlines())
         if i > 0 and l.strip() and not l.startswith("#")]
if not np.array_equal(err["line"], np.array(lines)) or not np.array_equal(err["t"], inp["t"]):
    bad.append("lines or times differ from the input's")
for c in rep["columns"]:
    n = c["name"]
    e, d = err[n + "_err"], err[n + "_digits"]
    i = int(np.argmin(d))
    if abs(d[i] - c["digits"]) > 1e-12:
        bad.append("%s: min digits %r in the file, %r in the report" % (n, d[i], c["digits"]))
    if np.max(e) != c["max_error"]:
        bad.append("%s: max err %r in the file, %r in the report" % (n, np.max(e), c["max_error"]))
    if int(err["line"][i]) != c["worst"]["line"] or err["t"][i] != c["worst"]["t"]:
        bad.append("%s: worst row line %d t %r, report line %d t %r" % (n, err["line"][i], err["t"][i], c["worst"]["line"], c["worst"]["t"]))
    pos = e > 0
    want = -np.log10(e[pos] / np.maximum(np.abs(inp[n][pos]), 1))
    if not np.all(np.abs(d[pos] - want) < 1e-6):
        bad.append("%s: digits differ from -log10(err / max(|ref|, 1)) by %g" % (n, np.max(np.abs(d[pos] - want))))
    if not np.all(np.isinf(d[~pos])):
        bad.append("%s: a row with err 0 without digits inf" % n)
for k in rep["drift"]["integrals"]:
    dr = err[k["name"] + "_drift"]
    if np.max(np.abs(dr)) != k["max_drift"] or dr[0] != 0:
        bad.append("%s: max |drift| %r in the file, %r in the report" % (k["name"], np.max(np.abs(dr)), k["max_drift"]))
if not np.all(err["where"] == 0):
    bad.append("a row not marked compared")
s = rep["series"]
if s is None or s["max_points"] != 2000 or s["columns"]["x"]["points"] != len(inp):
    bad.append("JSON series of %d rows: %r" % (len(inp), s and s["columns"]["x"]["points"]))
elif not np.array_equal(np.array(s["columns"]["x"]["digits"][1:]), err["x_digits"][1:]):
    bad.append("JSON series of x differs from the errors file")
print("\n".join(bad) if bad else "ok")
sys.exit(1 if bad else 0)
EOF
[ $? -eq 0 ] && ok || bad "errors file against the report: $(cat "$tmp/py.out")"

# numpy.loadtxt reads it as it is (header row skipped, '#' lines comments)
"$PY" -c "import numpy as np, sys; a = np.loadtxt(sys.argv[1], delimiter=',', skiprows=1); assert a.shape == (101, 17), a.shape" "$tmp/err.csv" 2> "$tmp/py.err" &&
    ok || bad "numpy.loadtxt on the errors file: $(tail -1 "$tmp/py.err")"

# ---------------------------------------------------------------- a perturbed row
# nhref's own trajectory to 30 digits, x at t = 5 moved by 1e-5: that row, and no
# other, shows the error 1e-5 at its line and time (in any order of the rows)
"$NHREF" run chaplygin_sleigh -q --digits 30 -T 10 --dt-out 0.5 -o "$tmp/own.csv" 2> "$tmp/err" || bad "run: $(cat "$tmp/err")"
awk -F, 'BEGIN { OFS = "," } /^#/ || NR == 1 { print; next } { rows[++n] = $0 }
    END { for (i = n; i >= 1; i--) { split(rows[i], f, ","); if (f[1] + 0 == 5) { f[2] = sprintf("%.20e", f[2] + 1e-5); s = f[1]; for (k = 2; k <= length(f); k++) s = s "," f[k]; rows[i] = s } print rows[i] } }' \
    "$tmp/own.csv" > "$tmp/pert.csv"
line=$(awk -F, '!/^#/ && NR > 1 && $1 + 0 == 5 { print NR; exit }' "$tmp/pert.csv")
"$NHREF" verify "$tmp/pert.csv" chaplygin_sleigh -q -m 20 --errors "$tmp/pert_err.csv" > "$tmp/out" 2>&1
rc=$?
[ $rc -eq 1 ] && ok || bad "perturbed x at t = 5: exit $rc, want 1: $(tail -1 "$tmp/out")"
[ -s "$tmp/pert_err.csv" ] && ok || bad "no errors file written for a failing trajectory"
"$PY" - "$tmp/pert_err.csv" "$line" > "$tmp/py.out" 2>&1 <<'EOF'
import sys
import numpy as np
e = np.genfromtxt(sys.argv[1], delimiter=",", names=True, comments="#")
line = int(sys.argv[2])
i = int(np.argmax(e["x_err"]))
bad = []
if e["line"][i] != line or e["t"][i] != 5.0:
    bad.append("largest x error at line %d t %r, want line %d t 5" % (e["line"][i], e["t"][i], line))
if not 0.999e-5 < e["x_err"][i] < 1.001e-5:
    bad.append("x_err there %r, want 1e-5" % e["x_err"][i])
others = np.delete(e["x_err"], i)
if not np.all(others < 1e-25):
    bad.append("other rows' x errors up to %g" % others.max())
if not np.all(np.diff(e["t"]) > 0):
    bad.append("rows not in time order")
print("\n".join(bad) if bad else "ok")
sys.exit(1 if bad else 0)
EOF
[ $? -eq 0 ] && ok || bad "perturbed row: $(cat "$tmp/py.out")"

# ---------------------------------------------------------------- under --rigorous
# the distance to the enclosure at the perturbed row is the perturbation, less the
# enclosure's radius (< 1e-20); elsewhere 0 (within it) or below 1e-25
head -1 "$tmp/own.csv" > "$tmp/pert5.csv"
grep '^#' "$tmp/own.csv" >> "$tmp/pert5.csv"
grep -v '^#' "$tmp/pert.csv" | sed 1d | awk -F, '$1 + 0 <= 5' | sort -t, -k1,1g >> "$tmp/pert5.csv"
"$NHREF" verify "$tmp/pert5.csv" chaplygin_sleigh -q -m 20 --rigorous --errors "$tmp/rig.csv" > "$tmp/out" 2>&1
rc=$?
[ $rc -eq 1 ] && ok || bad "--rigorous, perturbed: exit $rc, want 1: $(tail -1 "$tmp/out")"
"$PY" - "$tmp/rig.csv" > "$tmp/py.out" 2>&1 <<'EOF'
import sys
import numpy as np
e = np.genfromtxt(sys.argv[1], delimiter=",", names=True, comments="#")
bad = []
if "x_dist" not in e.dtype.names:
    bad.append("no x_dist column: %s" % (e.dtype.names,))
else:
    i = int(np.argmax(e["x_dist"]))
    if e["t"][i] != 5.0 or not 0.999e-5 < e["x_dist"][i] <= e["x_err"][i]:
        bad.append("largest x_dist %r at t %r (x_err %r), want about 1e-5 at t 5" % (e["x_dist"][i], e["t"][i], e["x_err"][i]))
    if not np.all(np.delete(e["x_dist"], i) < 1e-25):
        bad.append("other rows' distances up to %g" % np.delete(e["x_dist"], i).max())
print("\n".join(bad) if bad else "ok")
sys.exit(1 if bad else 0)
EOF
[ $? -eq 0 ] && ok || bad "--rigorous distances: $(cat "$tmp/py.out")"

# ---------------------------------------------------------------- rows past the skater's fall
skater_fall 0.1 "$tmp/fall0.csv"
"$NHREF" verify "$tmp/fall0.csv" skater -q --errors "$tmp/fall_err.csv" > "$tmp/out" 2>&1
rc=$?
[ $rc -eq 1 ] && ok || bad "skater after the fall: exit $rc, want 1"
n2=$(awk -F, '!/^#/ && NR > 1 && $NF == 2' "$tmp/fall_err.csv" | wc -l)
t2=$(awk -F, '!/^#/ && NR > 1 && $NF == 2 { printf "%s ", $1 }' "$tmp/fall_err.csv")
[ "$n2" -eq 5 ] && [ "$t2" = "1.3999999999999999 1.5 2 2.5 3 " ] && ok ||
    bad "rows beyond the fall marked 2: $n2 ($t2), want the 5 rows from t = 1.4"
awk -F, '!/^#/ && NR > 1 && $NF == 2 && $4 != "nan" { exit 1 }' "$tmp/fall_err.csv" && ok ||
    bad "a row beyond the fall has digits (want nan: not judged)"

# ---------------------------------------------------------------- decimation
# 10001 rows: the JSON series keeps 2000 points, among them the worst row
"$PY" "$RK4" 0.001 10 1 > "$tmp/long.csv"
"$NHREF" verify "$tmp/long.csv" chaplygin_sleigh -q --errors "$tmp/long_err.csv" --json "$tmp/long.json" > "$tmp/out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok || bad "10001 rows: exit $rc: $(tail -1 "$tmp/out")"
"$PY" - "$tmp/long_err.csv" "$tmp/long.json" > "$tmp/py.out" 2>&1 <<'EOF'
import json, sys
import numpy as np
e = np.genfromtxt(sys.argv[1], delimiter=",", names=True, comments="#")
rep = json.load(open(sys.argv[2]))
bad = []
for c in rep["columns"]:
    s = rep["series"]["columns"][c["name"]]
    d = np.array([np.nan if v is None else v for v in s["digits"]])
    if s["points"] != 2000 or len(s["t"]) != 2000 or s["rows"] != len(e):
        bad.append("%s: %d points of %d rows" % (c["name"], s["points"], s["rows"]))
    if np.min(d) != np.min(e[c["name"] + "_digits"]) or np.min(d) != c["digits"]:
        bad.append("%s: series min %r, file min %r" % (c["name"], np.min(d), np.min(e[c["name"] + "_digits"])))
    if not np.all(np.diff(s["t"]) > 0):
        bad.append("%s: series not in time order" % c["name"])
    # each point is the least of its bucket of 10001 / 2000 rows
    n = len(e)
    for b in (0, 777, 1999):
        lo, hi = b * n // 2000, (b + 1) * n // 2000
        if d[b] != np.min(e[c["name"] + "_digits"][lo:hi]) and not (b == 0 and np.isinf(np.min(e[c["name"] + "_digits"][lo:hi]))):
            bad.append("%s: bucket %d keeps %r, its least is %r" % (c["name"], b, d[b], np.min(e[c["name"] + "_digits"][lo:hi])))
for name, s in rep["series"]["drift"].items():
    k = [i for i in rep["drift"]["integrals"] if i["name"] == name][0]
    if np.max(np.abs(s["drift"])) != k["max_drift"]:
        bad.append("drift %s: series max %r, report %r" % (name, np.max(np.abs(s["drift"])), k["max_drift"]))
print("\n".join(bad) if bad else "ok")
sys.exit(1 if bad else 0)
EOF
[ $? -eq 0 ] && ok || bad "decimated series: $(cat "$tmp/py.out")"

# ---------------------------------------------------------------- bad use
"$NHREF" verify "$tmp/rk4.csv" chaplygin_sleigh -q --errors "$tmp/same" --json "$tmp/same" > "$tmp/out" 2> "$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -q -- "--json and --errors name the same file" "$tmp/err" && ok ||
    bad "--errors and --json onto one file: exit $rc: $(cat "$tmp/err")"
cp "$tmp/rk4.csv" "$tmp/keep.csv"
"$NHREF" verify "$tmp/keep.csv" chaplygin_sleigh -q --errors "$tmp/keep.csv" > "$tmp/out" 2> "$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -q -- "--errors '.*keep.csv' is the TRAJECTORY file" "$tmp/err" && cmp -s "$tmp/rk4.csv" "$tmp/keep.csv" && ok ||
    bad "--errors onto the trajectory: exit $rc: $(cat "$tmp/err")"
expect 2 "option '--errors' needs a value" -- verify "$tmp/rk4.csv" chaplygin_sleigh --errors
"$NHREF" verify "$tmp/rk4.csv" chaplygin_sleigh -q --errors "$tmp/no/such/dir/e.csv" > "$tmp/out" 2> "$tmp/err"
rc=$?
[ $rc -eq 1 ] && grep -q -- "--errors .*no/such/dir/e.csv" "$tmp/err" && ok ||
    bad "--errors into a missing directory: exit $rc: $(cat "$tmp/err")"
# standard output: the errors there, the verdict on stderr
"$NHREF" verify "$tmp/rk4.csv" chaplygin_sleigh -q --errors - > "$tmp/out" 2> "$tmp/err"
rc=$?
[ $rc -eq 0 ] && head -1 "$tmp/out" | grep -q '^t,line,x_err' && grep -q '^PASS' "$tmp/err" && ok ||
    bad "--errors -: exit $rc: $(head -1 "$tmp/out") / $(cat "$tmp/err")"

summary verify_errors.sh
