#!/bin/sh
# verify.sh -- `nhref verify` as a user meets it: nhref's own output verified to
# its printed digits, a perturbed value caught and located, rows in any order and
# before t-start, the --golden form, the convergence order of a plain RK4 written
# in Python (tests/rk4_sleigh.py: digits rise by log10(16) = 1.2 per halving of
# h), the fail-safe verdict (rows after the skater's fall, a wrong mass without
# -m, per-column and drift thresholds), the CSV dialects (';', tab, quotes, CRLF,
# BOM, pandas' index column, --map) and the forms not read (NUL, UTF-16, CR, ...,
# 100 000 columns), JSON and JUnit output, golden files by name, and every kind
# of bad input (exit 2, one line).
# Expected digits come from the orders of the methods, the digits printed, the
# golden files (the fall time) and identities (the same numbers in another
# dress give the same digits), not from nhref.
. "$(dirname "$0")/testlib.sh"

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

# ---------------------------------------------------------------- fail safe (issue 13)
# the default threshold is 6 digits, printed; a trajectory with the wrong mass fails without -m
"$NHREF" run chaplygin_sleigh -q --param m=2.5 -o "$tmp/mass.csv" 2> "$tmp/err" || bad "run m=2.5: $(cat "$tmp/err")"
"$NHREF" verify "$tmp/mass.csv" chaplygin_sleigh -q > "$tmp/mass.out" 2>&1
rc=$?
[ $rc -eq 1 ] && ok || bad "wrong mass without -m: exit $rc, want 1: $(tail -1 "$tmp/mass.out")"
tail -1 "$tmp/mass.out" | grep -Eq '^FAIL: minimum -?[0-9.]+ digits \(.* < --min-digits 6( |$)' && ok ||
    bad "wrong mass, last line: $(tail -1 "$tmp/mass.out")"
grep -q '^threshold:  --min-digits 6 (the default) for every compared column$' "$tmp/mass.out" && ok ||
    bad "the default threshold is not printed: $(grep threshold "$tmp/mass.out")"
usage_error "--min-digits: '0' is not a plain decimal number in \(0, 100000\] \(a threshold of 0 would pass anything\)" -- verify "$tmp/run40.csv" chaplygin_sleigh -m 0
usage_error "--min-digits x: '0' is not a plain decimal number in \(0, 100000\]" -- verify "$tmp/run40.csv" chaplygin_sleigh -m x=0

# the skater falls at t = 1.3292844320015225928876160521... (data/golden/skater/fall-A1-0.csv);
# a trajectory that prints zeros after the fall fails, naming the event, its time and the first row
t_fall=$(sed -n 's/^# event: fall at t = \([0-9.]*\)e+00 .*/\1/p' "$top_srcdir/data/golden/skater/fall-A1-0.csv")
t_fall25=$(printf '%s' "$t_fall" | cut -c1-26)
[ -n "$t_fall" ] && ok || bad "no fall time in data/golden/skater/fall-A1-0.csv"
"$NHREF" run skater -q -p g=9.81 -p A1=0 -T 3 --dt-out 0.1 -o "$tmp/fall.csv" 2> "$tmp/err" || bad "run skater: $(cat "$tmp/err")"
"$NHREF" verify "$tmp/fall.csv" skater -q > "$tmp/fall.out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok || bad "the skater's own trajectory up to the fall: exit $rc: $(tail -1 "$tmp/fall.out")"
{
    grep -v '^#' "$tmp/fall.csv"
    for t in 1.4 1.5 2 2.5 3; do echo "$t,0,0,0,0,0,0,0,0,0,0"; done
} > "$tmp/fall0.rows"
{ grep '^# columns:' "$tmp/fall.csv"; cat "$tmp/fall0.rows"; } > "$tmp/fall0.csv"
line=$(grep -n '^1\.4,' "$tmp/fall0.csv" | cut -d: -f1)
"$NHREF" verify "$tmp/fall0.csv" skater -q > "$tmp/fall0.out" 2>&1
rc=$?
[ $rc -eq 1 ] && ok || bad "zeros after the fall: exit $rc, want 1: $(tail -1 "$tmp/fall0.out")"
tail -1 "$tmp/fall0.out" | grep -Eq "^FAIL: 5 rows lie beyond the reference's end, the event 'fall' at t = $t_fall25[0-9]* \(the first: t = 1\.4, line $line\)" && ok ||
    bad "zeros after the fall, last line: $(tail -1 "$tmp/fall0.out") (want the event 'fall' at t = $t_fall25..., t = 1.4, line $line)"
# the fall time as a double program prints it (17 significant digits) is the end, not beyond it
t17=$(awk -v t="$t_fall" 'BEGIN { printf "%.16e", t + 4e-17 }')
{ grep '^# columns:' "$tmp/fall.csv"; grep -v '^#' "$tmp/fall.csv" | sed '$d'
  grep -v '^#' "$tmp/fall.csv" | tail -1 | sed "s/^[^,]*,/$t17,/"; } > "$tmp/fall17.csv"
"$NHREF" verify "$tmp/fall17.csv" skater -q > "$tmp/fall17.out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok || bad "the fall row at t = $t17: exit $rc: $(tail -1 "$tmp/fall17.out")"
grep -q '1 row at the end time within the rounding of their time' "$tmp/fall17.out" && ok || bad "the fall row at $t17 not taken as the end"

# a blow-up ends the reference too: suslov_servo P2 "blows up at t ~ 14.71689"
# (data/golden/suslov_servo/P2.csv); a row at t = 16 lies beyond
p2=$top_srcdir/data/golden/suslov_servo/P2.csv
grep -q 'blows up at t ~ 14.71689' "$p2" && ok || bad "P2's blow-up time is not in its description"
{ grep -v '^#' "$p2"; grep -v '^#' "$p2" | tail -1 | sed 's/^[^,]*,/16,/'; } > "$tmp/p2x.csv"
line=$(grep -c '' "$tmp/p2x.csv")
expect 1 "^FAIL: 1 row lies beyond the reference's end, a finite-time blow-up ahead \(estimated at t = 14\.71(68|69|7)[0-9]*; the reference stops at t = 14\.71[0-9]*\) \(the first: t = 16, line $line\): it cannot be judged$" -- verify "$tmp/p2x.csv" --golden "$p2" -q

# per-column and drift thresholds
expect 1 "^FAIL: minimum [0-9.]+ digits \(x at t = [0-9.]+, line [0-9]+\) < --min-digits x=45$" -- verify "$tmp/run40.csv" chaplygin_sleigh -q -m 30 -m x=45
expect 0 "^PASS: minimum 3[89]\.[0-9]+ digits \(x at t = [0-9.]+\) >= --min-digits x=35$" -- verify "$tmp/run40.csv" chaplygin_sleigh -q -m 30,x=35
usage_error "minimum digits q=7: not a state variable or first integral of the model" -- verify "$tmp/run40.csv" chaplygin_sleigh -m q=7
expect 0 '^PASS' -- verify "$tmp/run40.csv" chaplygin_sleigh -q --min-drift-digits 35
expect 1 "^FAIL: drift of E: .* < --min-drift-digits 80$" -- verify "$tmp/run40.csv" chaplygin_sleigh -q -d 50 --min-drift-digits E=80
usage_error "minimum drift digits Q=7: model chaplygin_sleigh has no first integral 'Q' \(integrals: E, P1, P2, t0\)" -- verify "$tmp/run40.csv" chaplygin_sleigh --min-drift-digits Q=7

# ---------------------------------------------------------------- dialects (issue 13)
# the same numbers in other dress give the same digits, column by column
grep -v '^#' "$tmp/run40.csv" > "$tmp/plain.csv"  # the header row and the data rows
"$NHREF" verify "$tmp/plain.csv" chaplygin_sleigh -q -m 35 > "$tmp/plain.out" 2>&1 || bad "plain CSV: $(tail -1 "$tmp/plain.out")"
same_digits() { # NAME FILE ARGS...: verify FILE, every column's digits as for plain.csv
    name=$1 f=$2
    shift 2
    "$NHREF" verify "$f" chaplygin_sleigh -q -m 35 "$@" > "$tmp/d.out" 2>&1
    rc=$?
    if [ $rc -ne 0 ]; then bad "$name: exit $rc: $(tail -1 "$tmp/d.out")"; return; fi
    for c in $STATE E P1 P2 t0; do
        [ "$(digits $c "$tmp/d.out")" = "$(digits $c "$tmp/plain.out")" ] ||
            { bad "$name, column $c: $(digits $c "$tmp/d.out") digits, plain CSV $(digits $c "$tmp/plain.out")"; return; }
    done
    ok
}
tr ',' ';' < "$tmp/plain.csv" > "$tmp/semi.csv"
same_digits "';' separator" "$tmp/semi.csv"
same_digits "';' separator given" "$tmp/semi.csv" --sep ';'
tr ',' '\t' < "$tmp/plain.csv" > "$tmp/tab.csv"
same_digits "tab separator" "$tmp/tab.csv"
same_digits "tab separator given" "$tmp/tab.csv" --sep tab
sed 's/\([^,]*\)/"\1"/g' "$tmp/plain.csv" > "$tmp/quoted.csv"
same_digits "quoted header and cells" "$tmp/quoted.csv"
sed 's/$/\r/' "$tmp/plain.csv" > "$tmp/crlf.csv"
same_digits "CRLF line ends" "$tmp/crlf.csv"
{ printf '\357\273\277'; cat "$tmp/plain.csv"; } > "$tmp/bom.csv"
same_digits "UTF-8 byte-order mark" "$tmp/bom.csv"
{ printf '\357\273\277'; sed 's/\([^;]*\)/"\1"/g; s/$/\r/' "$tmp/semi.csv"; } > "$tmp/all.csv"
same_digits "BOM, quotes, ';' and CRLF together" "$tmp/all.csv"
awk -F, -v OFS=, 'NR == 1 { print "", $0; next } { print NR - 2, $0 }' "$tmp/plain.csv" > "$tmp/index.csv"
same_digits "an unnamed index column" "$tmp/index.csv"
grep -q 'an unnamed index column dropped' "$tmp/d.out" && ok || bad "the dropped index column is not reported"
sed '1s/.*/time,X,Y,PHI,V,OMEGA,E,P1,P2,t0/' "$tmp/plain.csv" > "$tmp/names.csv"
"$NHREF" verify "$tmp/names.csv" chaplygin_sleigh -q -m 35 --map time=t,X=x,Y=y --map PHI=phi --map V=v --map OMEGA=omega > "$tmp/map.out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok || bad "--map: exit $rc: $(tail -1 "$tmp/map.out")"
for c in x y phi v omega; do
    C=$(echo $c | tr a-z A-Z)
    [ "$(digits $C "$tmp/map.out")" = "$(digits $c "$tmp/plain.out")" ] && ok ||
        bad "--map, column $C: $(digits $C "$tmp/map.out") digits, plain CSV $(digits $c "$tmp/plain.out")"
done
grep -Eq '^X +state .*\[as x\]$' "$tmp/map.out" && ok || bad "--map: the report does not say X is compared as x"
usage_error "map Q=x: no column 'Q' in .*names\.csv" -- verify "$tmp/names.csv" chaplygin_sleigh --map Q=x
usage_error "map X=q: 'q' is not 't', a state variable or a first integral of model chaplygin_sleigh" -- verify "$tmp/names.csv" chaplygin_sleigh --map X=q,time=t
usage_error "columns 'X' and 'Y' are both compared as 'x'" -- verify "$tmp/names.csv" chaplygin_sleigh --map X=x,Y=x,time=t

# pandas' df.to_csv(): the index column included
pd_py=
for p in "${PYTHON:-}" "${PYTHON3:-}" /usr/bin/python3 python3; do
    if [ -n "$p" ] && "$p" -c 'import pandas' 2>/dev/null; then pd_py=$p; break; fi
done
if [ -n "$pd_py" ]; then
    "$pd_py" -c 'import sys, pandas as pd; pd.read_csv(sys.argv[1]).to_csv(sys.argv[2])' "$tmp/plain.csv" "$tmp/pandas.csv" ||
        bad "pandas could not write the file"
    head -1 "$tmp/pandas.csv" | grep -q '^,t,x,' && ok || bad "pandas did not write its index column: $(head -1 "$tmp/pandas.csv")"
    "$NHREF" verify "$tmp/pandas.csv" chaplygin_sleigh -q > "$tmp/pandas.out" 2>&1
    rc=$?
    [ $rc -eq 0 ] && ok || bad "pandas df.to_csv() file: exit $rc: $(tail -1 "$tmp/pandas.out")"
    # pandas writes repr() doubles: every column to about 15 digits of the 40 printed
    for c in $STATE; do ge "$(digits $c "$tmp/pandas.out")" 14 && ok || bad "pandas file, column $c: $(digits $c "$tmp/pandas.out") digits"; done
else
    echo "SKIP: no Python with pandas for the df.to_csv() test"
fi

# forms that are not read: one line naming the form, the file and the line
printf 't,x\n0,0\n0.5,\0001\n1,2\n' > "$tmp/nul.csv"
usage_error "nul\.csv:3: a NUL byte \(byte 5 of the line\): not a text file" -- verify "$tmp/nul.csv" chaplygin_sleigh
{ printf '\377\376'; printf 't\0,\0x\0\n\0'; } > "$tmp/utf16.csv"
usage_error "utf16\.csv:1: UTF-16 text \(byte-order mark FF FE\) is not read: save the file as UTF-8" -- verify "$tmp/utf16.csv" chaplygin_sleigh
printf 't,x\r0,0\r1,1\r' > "$tmp/cr.csv"
usage_error "cr\.csv:1: a carriage return inside the line" -- verify "$tmp/cr.csv" chaplygin_sleigh
printf 't,x\n0,"0\n1,1\n' > "$tmp/openquote.csv"
usage_error "openquote\.csv:2: a quoted field does not end on its line" -- verify "$tmp/openquote.csv" chaplygin_sleigh
printf 't,x\n0,"0"1\n' > "$tmp/afterquote.csv"
usage_error "afterquote\.csv:2: text after the closing quote of a field" -- verify "$tmp/afterquote.csv" chaplygin_sleigh
printf 't;x\n0;0,5\n' > "$tmp/comma.csv"
usage_error "comma\.csv:2: column 'x': '0,5' is not a number \(a decimal comma\?" -- verify "$tmp/comma.csv" chaplygin_sleigh
printf 't x y\n0 0 0\n' > "$tmp/blank.csv"
usage_error "blank\.csv:2: column 't x y': '0 0 0' is not a number \(values separated by blanks\?" -- verify "$tmp/blank.csv" chaplygin_sleigh
usage_error "semi\.csv:2: column 't;x;y;phi;v;omega;E;P1;P2;t0': '0\.0+e\+00;0\.0+\.\.\.' is not a number \(the separator is ',', and the value contains ';': see --sep\)" -- verify "$tmp/semi.csv" chaplygin_sleigh --sep ,
usage_error "--sep: ':' is not a separator read" -- verify "$tmp/semi.csv" chaplygin_sleigh --sep :
printf ',t,x\n0,0,0\n1,0,0,0\n' > "$tmp/idxbad.csv"
usage_error "idxbad\.csv:3: expected 3 values \(one per column, the index included\), found 4" -- verify "$tmp/idxbad.csv" chaplygin_sleigh

# 100 000 columns: read in linear time; a duplicate among them is named with both columns
awk 'BEGIN { printf "t,x"; for (i = 3; i <= 100000; i++) printf ",c%d", i; printf "\n"
             printf "0,0"; for (i = 3; i <= 100000; i++) printf ",0"; printf "\n"
             printf "1,0.3797338702834876681956126080142"; for (i = 3; i <= 100000; i++) printf ",1"; printf "\n" }' > "$tmp/wide.csv"
timeout 120 "$NHREF" verify "$tmp/wide.csv" chaplygin_sleigh -q > "$tmp/wide.out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok || bad "100 000 columns: exit $rc: $(tail -1 "$tmp/wide.out" | cut -c1-200)"
grep -q '^not compared: c3, c4, .*(99998 in all)' "$tmp/wide.out" && ok || bad "100 000 columns: not-compared list: $(grep '^not compared' "$tmp/wide.out" | cut -c1-120)"
sed '1s/,c99999,/,c7,/' "$tmp/wide.csv" > "$tmp/widedup.csv"
usage_error "widedup\.csv:1: column name 'c7' appears twice \(columns 7 and 99999\)" -- verify "$tmp/widedup.csv" chaplygin_sleigh

# ---------------------------------------------------------------- machine-readable output (issue 13)
js_py=
for p in "${PYTHON3:-}" /usr/bin/python3 python3; do
    if [ -n "$p" ] && "$p" -c 'import json, xml.etree.ElementTree' 2>/dev/null; then js_py=$p; break; fi
done
if [ -n "$js_py" ]; then
    "$NHREF" verify "$tmp/mass.csv" chaplygin_sleigh --json - > "$tmp/mass.json" 2> "$tmp/mass.err"
    rc=$?
    [ $rc -eq 1 ] && ok || bad "--json -: exit $rc, want 1"
    "$js_py" -m json.tool < "$tmp/mass.json" > /dev/null && ok || bad "--json - is not JSON: $(head -3 "$tmp/mass.json")"
    grep -q '^FAIL: ' "$tmp/mass.err" && ok || bad "--json -: no verdict on stderr: $(cat "$tmp/mass.err")"
    # per-column digits, as in the text report
    "$js_py" - "$tmp/mass.json" "$tmp/mass.out" <<'PY' && ok || bad "--json: per-column digits"
import json, sys
d = json.load(open(sys.argv[1]))
text = {l.split()[0]: l.split()[3] for l in open(sys.argv[2]) if len(l.split()) > 4 and l.split()[1] in ("state", "integral")}
assert d["schema"] == "nhref-verify/1" and d["pass"] is False and d["min_digits"] == 6
assert d["reference"]["params"]["m"] == "2" and d["reference"]["forward"]["outcome"] == "reached"
cols = {c["name"]: c for c in d["columns"]}
assert set(cols) == set(text), (sorted(cols), sorted(text))
for name, c in cols.items():
    assert "%.2f" % c["digits"] == text[name], (name, c["digits"], text[name])
    assert c["pass"] == (c["digits"] >= c["min_digits"])
PY
    "$NHREF" verify "$tmp/fall0.csv" skater -q --json "$tmp/fall0.json" > /dev/null 2>&1
    "$js_py" - "$tmp/fall0.json" "$t_fall25" <<'PY' && ok || bad "--json: the rows beyond the fall"
import json, sys
d = json.load(open(sys.argv[1]))
f = d["reference"]["forward"]
assert f["outcome"] == "event" and f["event"] == "fall" and f["t_end"].startswith(sys.argv[2]), f
assert f["rows_beyond"] == 5 and f["first_beyond"]["t_text"] == "1.4", f
assert d["pass"] is False
PY
    # JUnit XML: one test case per column, and the time range
    # (the wrong mass: omega agrees to 1.2 digits, P1 and t0 to 34, the others fail)
    "$NHREF" verify "$tmp/mass.csv" chaplygin_sleigh -q -m 6,omega=1 --junit "$tmp/mass.xml" > /dev/null 2>&1
    "$js_py" - "$tmp/mass.xml" <<'PY' && ok || bad "--junit: test cases"
import sys, xml.etree.ElementTree as ET
suite = ET.parse(sys.argv[1]).getroot().find("testsuite")
cases = {c.get("name"): c for c in suite.findall("testcase")}
assert set(cases) == {"time range"} | {"column " + n for n in "x y phi v omega E P1 P2 t0".split()}, sorted(cases)
failed = {n for n, c in cases.items() if c.find("failure") is not None}
assert failed == {"column " + n for n in "x y phi v E P2".split()}, failed
assert int(suite.get("failures")) == len(failed) and int(suite.get("tests")) == len(cases)
PY
else
    echo "SKIP: no python3 for the JSON and JUnit tests"
fi

# ---------------------------------------------------------------- golden files by name (issue 13)
# from another directory, with and without $NHREF_GOLDEN_DIR: the golden file's own values
# agree with the reference to its certified 40 digits (minus the margin)
gold=$top_srcdir/data/golden/chaplygin_sleigh/PUB-1.csv
nhref_abs=$(cd "$(dirname "$NHREF")" && pwd)/$(basename "$NHREF")
gold_abs=$(cd "$(dirname "$gold")" && pwd)/$(basename "$gold")
(cd "$tmp" && env -u NHREF_GOLDEN_DIR "$nhref_abs" verify "$gold_abs" --golden chaplygin_sleigh/PUB-1 -q -m 38) > "$tmp/byname.out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok || bad "--golden chaplygin_sleigh/PUB-1 from $tmp: exit $rc: $(tail -1 "$tmp/byname.out")"
grep -q "as defined by .*chaplygin_sleigh/PUB-1\.csv" "$tmp/byname.out" && ok || bad "--golden by name: the file is not named"
(cd "$tmp" && NHREF_GOLDEN_DIR=$(dirname "$(dirname "$gold_abs")") "$nhref_abs" verify "$gold_abs" --golden chaplygin_sleigh/PUB-1 -q -m 38) > /dev/null 2>&1 &&
    ok || bad "--golden by name through \$NHREF_GOLDEN_DIR"
usage_error "--golden: no golden file 'chaplygin_sleigh/NOPE' \(looked in " -- verify "$tmp/run40.csv" --golden chaplygin_sleigh/NOPE

# ---------------------------------------------------------------- bad input: exit 2, one line
printf 'time,x,y\n0,0,0\n' > "$tmp/not.csv"
usage_error "not\.csv: no time column 't' \(columns found: time, x, y; name it with a map, e\.g\. --map time=t\)" -- verify "$tmp/not.csv" chaplygin_sleigh
printf 't,x,v\n0,0,0\n1,0.5,abc\n' > "$tmp/abc.csv"
usage_error "abc\.csv:3: column 'v': 'abc' is not a number" -- verify "$tmp/abc.csv" chaplygin_sleigh
usage_error "unknown model 'sleigh'" -- verify "$tmp/run40.csv" sleigh
usage_error "unknown parameter 'q' of model chaplygin_sleigh \(parameters: m, J, a\)" -- verify "$tmp/run40.csv" chaplygin_sleigh --param q=1
usage_error "parameter m: 'x' is not a finite decimal number \(admissible range: m > 0\)" -- verify "$tmp/run40.csv" chaplygin_sleigh --param m=x
usage_error "parameter m must be > 0" -- verify "$tmp/run40.csv" chaplygin_sleigh --param m=-1
usage_error "unknown state variable 'theta'" -- verify "$tmp/run40.csv" chaplygin_sleigh --init theta=1
usage_error "--golden: .*nosuch\.csv: No such file" -- verify "$tmp/run40.csv" --golden "$tmp/nosuch.csv"
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
usage_error "--min-digits: 'many' is not a plain decimal number in \(0, 100000\]" -- verify "$tmp/run40.csv" chaplygin_sleigh --min-digits many
usage_error "--digits: '0' is not a whole number" -- verify "$tmp/run40.csv" chaplygin_sleigh --digits 0
usage_error "--t-start: 'soon' is not a finite decimal number" -- verify "$tmp/run40.csv" chaplygin_sleigh --t-start soon
usage_error "unknown option '--frob'" -- verify "$tmp/run40.csv" chaplygin_sleigh --frob
usage_error "unexpected argument 'extra'" -- verify "$tmp/run40.csv" chaplygin_sleigh extra

summary verify
