#!/bin/sh
# verify.sh -- `nhref verify` as a user meets it: nhref's own output verified to
# its printed digits, a perturbed value caught and located, rows in any order and
# before t-start, the --golden form, the convergence order of a plain RK4 written
# in Python (tests/rk4_sleigh.py: digits rise by log10(16) = 1.2 per halving of
# h), and every kind of bad input (exit 2, one line).
# Expected digits come from the orders of the methods and the digits printed,
# not from nhref.
set -u
NHREF=${NHREF:-../src/nhref}
top_srcdir=${top_srcdir:-..}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# expect RC PATTERN -- ARGS: exit status RC, PATTERN (grep -E) in stdout+stderr
expect() {
    rc_want=$1 pat=$2
    shift 3
    out=$("$NHREF" "$@" 2>&1)
    rc=$?
    if [ "$rc" -ne "$rc_want" ]; then
        bad "nhref $*: exit $rc, want $rc_want; output: $(printf '%s' "$out" | head -3)"
    elif ! printf '%s\n' "$out" | grep -Eq -- "$pat"; then
        bad "nhref $*: output lacks /$pat/: $(printf '%s' "$out" | head -3)"
    else
        ok
    fi
}

# usage_error PATTERN -- ARGS: exit 2, nothing on stdout, one line on stderr matching PATTERN
usage_error() {
    pat=$1
    shift 2
    "$NHREF" "$@" > "$tmp/ue.out" 2> "$tmp/ue.err"
    rc=$?
    n=$(wc -l < "$tmp/ue.err")
    if [ "$rc" -ne 2 ]; then
        bad "nhref $*: exit $rc, want 2: $(head -2 "$tmp/ue.err")"
    elif [ "$n" -ne 1 ] || [ -s "$tmp/ue.out" ]; then
        bad "nhref $*: want one line on stderr and nothing on stdout, got $n lines: $(head -3 "$tmp/ue.err")"
    elif ! grep -Eq -- "$pat" "$tmp/ue.err"; then
        bad "nhref $*: message lacks /$pat/: $(cat "$tmp/ue.err")"
    else
        ok
    fi
}

# digits COLUMN REPORT -- the digits of agreement of COLUMN in a verify report
digits() {
    awk -v c="$1" '$1 == c && ($2 == "state" || $2 == "integral") { print $4; exit }' "$2"
}

# ge A B -- A >= B for digits A ("exact" is above everything); between A LO HI
ge() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a == "exact" || (a ~ /^-?[0-9.]+$/ && a + 0 >= b + 0)) }'; }
between() { awk -v a="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(a ~ /^-?[0-9.]+$/ && a + 0 >= lo + 0 && a + 0 <= hi + 0) }'; }

STATE="x y phi v omega"

# ---------------------------------------------------------------- help
expect 0 '^Usage: nhref verify TRAJECTORY.csv MODEL' -- verify --help
expect 0 '--golden FILE' -- verify --help
expect 0 '--min-digits D' -- verify --help
expect 0 'digits = -log10\(\|a - b\| / max\(\|b\|, 1\)\)' -- verify --help
expect 0 'verify +check a trajectory' -- --help

# ---------------------------------------------------------------- nhref's own output
# printed with 40 digits: every state column agrees to >= 38 digits
if "$NHREF" run chaplygin_sleigh -q --digits 40 -o "$tmp/run40.csv" 2> "$tmp/err"; then ok; else bad "run --digits 40: $(cat "$tmp/err")"; fi
"$NHREF" verify "$tmp/run40.csv" chaplygin_sleigh --min-digits 35 -q > "$tmp/self.out" 2> "$tmp/err"
rc=$?
[ $rc -eq 0 ] && ok || bad "verify of nhref's own output: exit $rc, want 0: $(cat "$tmp/err")"
for c in $STATE; do
    d=$(digits $c "$tmp/self.out")
    ge "$d" 38 && ok || bad "own output, column $c: $d digits, want >= 38"
done
# the integral columns are compared too, and the drift along the trajectory shown
for c in E P1 P2 t0; do
    d=$(digits $c "$tmp/self.out")
    ge "$d" 38 && ok || bad "own output, integral column $c: $d digits, want >= 38"
done
grep -Eq '^E +1\.6000+e\+01 ' "$tmp/self.out" && ok || bad "no drift row for E = 16"
d=$(sed -n 's/^reference checked against the closed form to \([0-9.]*\) digits.*/\1/p' "$tmp/self.out")
ge "$d" 45 && ok || bad "closed-form check of the 50-digit reference: '$d' digits, want >= 45"
tail -1 "$tmp/self.out" | grep -Eq '^PASS: minimum 3[89]\.[0-9]+ digits .* >= --min-digits 35$' && ok ||
    bad "last line: $(tail -1 "$tmp/self.out")"
[ -s "$tmp/err" ] && bad "stderr not empty: $(cat "$tmp/err")" || ok

# the same with the reference taken from the file's own metadata (--golden)
"$NHREF" verify "$tmp/run40.csv" --golden "$tmp/run40.csv" -m 35 > "$tmp/gold.out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok || bad "--golden form: exit $rc: $(tail -2 "$tmp/gold.out")"
[ "$(digits y "$tmp/gold.out")" = "$(digits y "$tmp/self.out")" ] && ok ||
    bad "--golden and MODEL forms differ: $(digits y "$tmp/gold.out") vs $(digits y "$tmp/self.out")"

# ---------------------------------------------------------------- a value off in the 10th digit
# y at t = 4 (3.205331761..., positive): change its 10th significant digit
awk -F, -v OFS=, '!/^#/ && $1 + 0 == 4 { d = substr($3, 11, 1); $3 = substr($3, 1, 10) ((d + 1) % 10) substr($3, 12) } { print }' \
    "$tmp/run40.csv" > "$tmp/perturbed.csv"
cmp -s "$tmp/run40.csv" "$tmp/perturbed.csv" && bad "the perturbation changed nothing" || ok
line=$(grep -n '^4\.0*e+00,' "$tmp/perturbed.csv" | cut -d: -f1)
"$NHREF" verify "$tmp/perturbed.csv" chaplygin_sleigh --min-digits 12 -q > "$tmp/pert.out" 2>&1
rc=$?
[ $rc -eq 1 ] && ok || bad "perturbed file: exit $rc, want 1"
tail -1 "$tmp/pert.out" | grep -Eq "^FAIL: minimum (8|9|10)\.[0-9]+ digits \(y at t = 4, line $line\) < --min-digits 12$" && ok ||
    bad "perturbed file, last line: $(tail -1 "$tmp/pert.out") (want y at t = 4, line $line)"
grep -Eq "^y +state .* 4 \(line $line\)$" "$tmp/pert.out" && ok || bad "y row does not name t = 4: $(grep '^y ' "$tmp/pert.out")"
ge "$(digits x "$tmp/pert.out")" 28 && ok || bad "perturbing y changed x (reference at 30 digits)"

# ---------------------------------------------------------------- any order, any times
# the rows shuffled, the columns reordered, an extra column, and the reference
# started at t = 3 from the row there (so rows t < 3 need a backward integration)
row3=$(grep '^3\.0*e+00,' "$tmp/run40.csv")
set -- $(printf '%s\n' "$row3" | tr ',' ' ')
{
    echo "omega,t,note,x,y,v,phi"
    grep -v -e '^#' -e '^t,' "$tmp/run40.csv" | awk -F, '{ print $6 "," $1 ",7," $2 "," $3 "," $5 "," $4 }' | sort -t, -k4
} > "$tmp/shuffled.csv"
"$NHREF" verify "$tmp/shuffled.csv" chaplygin_sleigh -q -m 35 --t-start "$1" --init x="$2" \
    --init y="$3" --init phi="$4" --init v="$5" --init omega="$6" > "$tmp/shuf.out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok || bad "shuffled rows from t-start 3: exit $rc: $(tail -2 "$tmp/shuf.out")"
for c in $STATE; do
    d=$(digits $c "$tmp/shuf.out")
    ge "$d" 37 && ok || bad "shuffled rows, column $c: $d digits, want >= 37"
done
grep -q '^not compared: note ' "$tmp/shuf.out" && ok || bad "extra column not listed as not compared"
grep -q 't_first = 0 ' "$tmp/shuf.out" && ok || bad "drift not from the earliest row"
# standard input
{ echo "t,x,y,phi,v,omega,E,P1,P2,t0"; grep -v -e '^#' -e '^t,' "$tmp/run40.csv"; } |
    "$NHREF" verify - chaplygin_sleigh -q -m 35 > "$tmp/stdin.out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok || bad "from standard input: exit $rc: $(tail -2 "$tmp/stdin.out")"

# ---------------------------------------------------------------- RK4 in Python: order 4
py=
for p in "${PYTHON3:-}" /usr/bin/python3 python3; do
    if [ -n "$p" ] && "$p" -c 'import math' 2>/dev/null; then py=$p; break; fi
done
if [ -n "$py" ]; then
    for h in 0.1 0.05 0.025; do
        "$py" "$top_srcdir/tests/rk4_sleigh.py" $h 10 > "$tmp/rk4_$h.csv" || bad "rk4_sleigh.py $h failed"
        "$NHREF" verify "$tmp/rk4_$h.csv" chaplygin_sleigh -q > "$tmp/rk4_$h.out" 2>&1
        rc=$?
        [ $rc -eq 0 ] && ok || bad "verify rk4 h = $h: exit $rc: $(tail -2 "$tmp/rk4_$h.out")"
    done
    # each halving of h adds log10(2^4) = 1.2 digits to every state column
    for c in $STATE; do
        d1=$(digits $c "$tmp/rk4_0.1.out")
        d2=$(digits $c "$tmp/rk4_0.05.out")
        d3=$(digits $c "$tmp/rk4_0.025.out")
        for pair in "$d1 $d2" "$d2 $d3"; do
            set -- $pair
            inc=$(awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }')
            between "$inc" 0.9 1.5 && ok || bad "RK4, column $c: digits $1 -> $2 when h halves (+$inc, want 0.9..1.5)"
        done
    done
    # the first integrals drift along the RK4 trajectory, and a threshold decides
    grep -Eq '^E +1\.6000+e\+01 +[0-9.]+e-[0-9]+ +[0-9.]+ ' "$tmp/rk4_0.05.out" && ok || bad "no E drift for RK4"
    expect 0 '^PASS: minimum 7\.[0-9]+ digits \(x at t = ' -- verify "$tmp/rk4_0.05.csv" chaplygin_sleigh -q -m 7
    expect 1 '^FAIL: minimum 7\.[0-9]+ digits \(x at t = ' -- verify "$tmp/rk4_0.05.csv" chaplygin_sleigh -q -m 8
    # the reference from a run's metadata
    expect 0 'as defined by' -- verify "$tmp/rk4_0.05.csv" --golden "$tmp/run40.csv" -q -m 7
else
    echo "SKIP: no python3 for the RK4 example"
fi

# ---------------------------------------------------------------- wheels = skates, in double
# (issue 8): the double fast path of one model judged by the MPFR reference of another.
# The gv_wheels platform moves as gv_skates does; the wheel-spin substitution is right;
# the HH-A and knife-edge substitutions are wrong, and verify says so.
pipe_verify() { # RC DIGITS RUN-ARGS -- VERIFY-MODEL
    want=$1 digits=$2
    shift 2
    model=
    args=
    while [ "$1" != "--" ]; do args="$args $1"; shift; done
    model=$2
    # shellcheck disable=SC2086
    "$NHREF" run $args --fast -q | "$NHREF" verify - "$model" --min-digits "$digits" > "$tmp/pv.txt" 2>&1
    rc=$?
    if [ $rc -eq "$want" ]; then ok; else bad "run$args --fast | verify $model --min-digits $digits: exit $rc, want $want: $(tail -1 "$tmp/pv.txt")"; fi
}
pipe_verify 0 12 gv_wheels -T 3 --dt-out 0.5 -- gv_skates
pipe_verify 0 12 hh_b_spin_substituted -T 5 --dt-out 0.5 -- hh_b_dalembert
pipe_verify 1 3 hh_a_substituted -T 3 --dt-out 0.5 -- hh_a_dalembert
pipe_verify 1 3 hh_b_knife_substituted -T 5 --dt-out 0.5 -- one_wheel

# ---------------------------------------------------------------- bad input: exit 2, one line
printf 'time,x,y\n0,0,0\n' > "$tmp/not.csv"
usage_error "not\.csv: no time column 't' \(columns found: time, x, y\)" -- verify "$tmp/not.csv" chaplygin_sleigh
printf 't,x,v\n0,0,0\n1,0.5,abc\n' > "$tmp/abc.csv"
usage_error "abc\.csv:3: column 'v': 'abc' is not a number" -- verify "$tmp/abc.csv" chaplygin_sleigh
usage_error "unknown model 'sleigh'" -- verify "$tmp/run40.csv" sleigh
usage_error "unknown parameter 'q' of model chaplygin_sleigh \(parameters: m, J, a\)" -- verify "$tmp/run40.csv" chaplygin_sleigh --param q=1
usage_error "--param m: 'x' is not a finite decimal number" -- verify "$tmp/run40.csv" chaplygin_sleigh --param m=x
usage_error "parameter m must be > 0" -- verify "$tmp/run40.csv" chaplygin_sleigh --param m=-1
usage_error "unknown state variable 'theta'" -- verify "$tmp/run40.csv" chaplygin_sleigh --init theta=1
usage_error "--golden .*nosuch\.csv: No such file" -- verify "$tmp/run40.csv" --golden "$tmp/nosuch.csv"
usage_error "nosuch\.csv: No such file" -- verify "$tmp/nosuch.csv" chaplygin_sleigh
grep -v '^# model:' "$tmp/run40.csv" > "$tmp/nomodel.csv"
usage_error "nomodel\.csv: no '# model: NAME' line" -- verify "$tmp/run40.csv" --golden "$tmp/nomodel.csv"
sed 's/^# param: m = 2 \[kg\]$/# param: m 2/' "$tmp/run40.csv" > "$tmp/badparam.csv"
usage_error "badparam\.csv: malformed '# param: m 2' line" -- verify "$tmp/run40.csv" --golden "$tmp/badparam.csv"
printf 't,a\n0,1\n' > "$tmp/nomatch.csv"
usage_error "no column is a state variable or first integral of model chaplygin_sleigh" -- verify "$tmp/nomatch.csv" chaplygin_sleigh
printf 't,x\nnan,1\n' > "$tmp/nant.csv"
usage_error "nant\.csv:2: column 't': 'nan' is not a finite time" -- verify "$tmp/nant.csv" chaplygin_sleigh
usage_error "missing MODEL or --golden FILE" -- verify "$tmp/run40.csv"
usage_error "missing TRAJECTORY" -- verify
usage_error "give MODEL or --golden FILE, not both" -- verify "$tmp/run40.csv" chaplygin_sleigh --golden "$tmp/run40.csv"
usage_error "--init cannot be combined with --golden" -- verify "$tmp/run40.csv" --golden "$tmp/run40.csv" --init v=1
usage_error "--min-digits: 'many' is not a number in \[0, 100000\]" -- verify "$tmp/run40.csv" chaplygin_sleigh --min-digits many
usage_error "--digits: '0' is not a whole number" -- verify "$tmp/run40.csv" chaplygin_sleigh --digits 0
usage_error "--t-start: 'soon' is not a finite decimal number" -- verify "$tmp/run40.csv" chaplygin_sleigh --t-start soon
usage_error "unknown option '--frob'" -- verify "$tmp/run40.csv" chaplygin_sleigh --frob
usage_error "unexpected argument 'extra'" -- verify "$tmp/run40.csv" chaplygin_sleigh extra

echo "verify: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
