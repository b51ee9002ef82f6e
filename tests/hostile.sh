#!/bin/sh
# hostile.sh -- every reproducer of issue 16's items 1, 2, 3 and 10 replayed against
# the command-line tool: hostile input must end at once with exit status 2 and a
# one-line message that names the fault and the limit, never with a crash, a hang,
# unbounded memory or a silently wrong answer.  Each command runs under a time
# limit, so a regression to a hang fails instead of stalling make check.
. "$(dirname "$0")/testlib.sh"
LIMIT=${HOSTILE_LIMIT:-120} # seconds for one command (they take well under one second)

short() { printf '%s' "$1" | cut -c1-160; }

# expect RC PATTERN -- ARGS: exit status RC and PATTERN (grep -E) in stdout+stderr
expect() {
    rc_want=$1 pat=$2
    shift 3
    out=$(timeout "$LIMIT" "$NHREF" "$@" 2>&1)
    rc=$?
    if [ "$rc" -ne "$rc_want" ]; then
        bad "nhref $(short "$*"): exit $rc, want $rc_want; output: $(printf '%s' "$out" | head -3 | cut -c1-300)"
    elif ! printf '%s\n' "$out" | grep -Eq -- "$pat"; then
        bad "nhref $(short "$*"): output lacks /$pat/: $(printf '%s' "$out" | head -3 | cut -c1-300)"
    else
        ok
    fi
}

# N copies of OPEN, then BODY, then N closing parentheses
nest() {
    awk -v n="$1" -v o="$2" -v b="$3" 'BEGIN { for (i = 0; i < n; i++) printf "%s", o;
        printf "%s", b; for (i = 0; i < n; i++) printf ")"; }'
}

S=chaplygin_sleigh

# ---------------------------------------------------------------- 1. parser depth
expect 2 "--stop-when '\(\(\(.*\.\.\.': column 1001: parentheses nested deeper than 1000 levels" \
    -- run $S --stop-when "$(nest 30000 '(' y)"
expect 2 "column 4004: parentheses nested deeper than 1000 levels" \
    -- run $S --event "$(nest 20000 'sin(' y)"
# at the limit the expression is an ordinary event: x + 5 crosses zero before t = 10
expect 0 "^# outcome: stopped by the event" -- run $S -q -T 10 --stop-when "$(nest 1000 '(' 'x + 5')"
expect 2 "exponent '99999999999999999999' out of range \(an integer between -2147483647 and 2147483647\)" \
    -- run $S --stop-when 'y^99999999999999999999'

# ---------------------------------------------------------------- 2. huge values
expect 2 "--init phi: '1e100000000' is too large in magnitude: \|x\| must be below 2\^8448 \(about 1\.26e2543\), 64 times the precision of 132 bits" \
    -- run $S --init phi=1e100000000
expect 2 "--stop-when 'sin\(1e100000000\)\+y': column 5: '1e100000000' is too large in magnitude: \|x\| must be below 2\^4096" \
    -- run $S --stop-when 'sin(1e100000000)+y'
expect 2 "--stop-when 'x - 6e1000': a constant in it overflows double, the type of --fast" \
    -- run $S --fast --stop-when 'x - 6e1000'
expect 2 "--param m: '1e100000000' is too large in magnitude: \|x\| must be below 2\^4096 .*\(admissible range: m > 0\)" \
    -- run $S --param m=1e100000000
expect 2 "--t-end: '1e100000000' is too large in magnitude" -- run $S -T 1e100000000
expect 2 "--dt-out: '1e-400000000' is too small in magnitude" -- run $S --dt-out 1e-400000000
expect 2 "--times: '1e100000000' is too large in magnitude" -- lyapunov $S --times 1,1e100000000
for key in 'param m' 'init phi' 't-end' 'event-horizon'; do
    printf '[x]\nmodel = %s\ndigits = 20\ntimes = 1\n%s = 1e100000000\n' $S "$key" > "$tmp/huge.cases"
    expect 2 "huge.cases:5: $key: '1e100000000' is too large in magnitude: \|x\| must be below 2\^4096" \
        -- golden -l "$tmp/huge.cases"
done
# computed huge arguments of sin and cos (they hung in argument reduction): undefined,
# so the event is refused before the run
expect 2 "--stop-when 'sin\(exp\(exp\(20\)\)\)\+y': a part of it that depends only on the parameters is undefined .*sin or cos of a value of magnitude 2\^8448 or more" \
    -- run $S --stop-when 'sin(exp(exp(20)))+y'
expect 2 "--stop-when 'sin\(1e1000\^300000\)\+y': a part of it that depends only on the parameters is undefined" \
    -- run $S --stop-when 'sin(1e1000^300000)+y'
expect 2 "--event 'cos\(exp\(exp\(20\)\)\*\(y \+ 1\)\)' is undefined at the initial state" \
    -- run $S --event 'cos(exp(exp(20))*(y + 1))'
# one CSV cell: refused at once (it hung for minutes in argument reduction)
"$NHREF" run $S -q -T 2 -o "$tmp/traj.csv" && ok || bad "run for the verify test"
awk -F, -v OFS=, '!/^#/ && !done && $1 ~ /^1\./ { $1 = "1e100000000"; done = 1 } { print }' \
    "$tmp/traj.csv" > "$tmp/huge.csv"
grep -q '^1e100000000,' "$tmp/huge.csv" && ok || bad "no huge cell in the verify test file"
expect 2 "huge\.csv:[0-9]+: column 't': '1e100000000' is too large in magnitude: \|x\| must be below 2\^8448" \
    -- verify "$tmp/huge.csv" $S

# ---------------------------------------------------------------- 3. bounded grids and work
expect 2 "--t-end 10 / --dt-out 1e-7 gives 100000001 output rows, more than the limit of 10000000 output rows" \
    -- run $S -T 10 --dt-out 1e-7
expect 2 "gives 100000001 output rows, more than the limit of 10000000" -- run $S --fast -T 10 --dt-out 1e-7
expect 2 "--t-end 1e8 / --dt-out 1 gives 100000001 output rows" -- run $S -T 1e8
expect 2 "gives 11 output rows, more than the limit of 10 output rows .*--max-rows" -- run $S --max-rows 10
out=$("$NHREF" run $S -q --max-rows 11 2>&1) && [ "$(printf '%s\n' "$out" | grep -vc '^#')" -eq 12 ] && ok ||
    bad "--max-rows 11 should allow the default 11 rows: $(short "$out")"
expect 2 "--max-rows: '0' is not a whole number" -- run $S --max-rows 0
expect 2 "--order: '100001' is not a whole number in \[2, 100000\]" -- run $S --order 100001
expect 2 "--stages: '2001' is not a whole number in \[1, 128\]" -- run $S --stages 2001 --scheme gauss
expect 2 "--tau 1e-9: 100 / 1e-9 = 1e\+11 renormalisations, more than the limit of 10000000" \
    -- lyapunov $S --tau 1e-9
# an 85-byte case file asked for 300-million-character times (1.6 GB, a 600 MB file)
printf '[tiny]\nmodel = %s\ndigits = 20\nt-end = 3e-300000000\ndt-out = 1e-300000000\n' $S > "$tmp/tiny.cases"
if timeout "$LIMIT" "$NHREF" golden -q -o "$tmp/g" "$tmp/tiny.cases" 2> "$tmp/err"; then
    size=$(wc -c < "$tmp/g/$S/tiny.csv")
    [ "$size" -lt 20000 ] && ok || bad "tiny-time golden file has $size bytes"
    grep -q '^2e-300000000,' "$tmp/g/$S/tiny.csv" && ok || bad "tiny-time golden file lacks the time 2e-300000000"
else
    bad "golden on tiny times: $(cat "$tmp/err")"
fi
# memory estimated before allocating (ulimit -v: not under AddressSanitizer, which
# reserves terabytes of address space)
if [ -z "${ASAN_OPTIONS:-}" ]; then
    mem() { (ulimit -v 1500000 && exec timeout "$LIMIT" "$NHREF" "$@") 2>&1; }
    memexpect() {
        rc_want=$1 pat=$2
        shift 2
        out=$(mem "$@")
        rc=$?
        if [ "$rc" -ne "$rc_want" ] || ! printf '%s\n' "$out" | grep -Eq -- "$pat"; then
            bad "ulimit -v 1500000; nhref $*: exit $rc, want $rc_want and /$pat/: $(short "$out")"
        else
            ok
        fi
    }
    memexpect 2 "not enough memory: the Taylor jets \([0-9]+ tape nodes to order 23027 at 66471 bits: .* GB\) and the output grid \(11 rows .* need about .* GB, more than the 1\.5[0-9]* GB this process may use" \
        run $S --digits 20000
    memexpect 2 "not enough memory: .*the output grid \(10000001 rows at 3354 bits: 4\.[0-9]+ GB\)" \
        run $S --digits 1000 -T 1e7 --dt-out 1 --max-rows 20000000
    memexpect 2 "not enough memory: .*the output grid \(1000000001 rows in double: 8[.0]* GB\)" \
        run $S --fast -T 10 --dt-out 1e-8 --max-rows 2000000000
    memexpect 2 "not enough memory: the Taylor jets" lyapunov $S --digits 20000
    memexpect 0 "^# outcome: reached the final time" run $S -q --digits 100 -T 1
else
    echo "SKIP: ulimit -v tests under AddressSanitizer"
fi

# ---------------------------------------------------------------- 8. one blow-up behaviour
# The P2 case of suslov_servo blows up at t = 14.71689...: every scheme, type and
# precision reports it, with the 15 rows before it and the last state written (gauss,
# --digits 5 and lyapunov failed with "step size underflow" and wrote nothing);
# golden across it exits 1 with the outcome (it exited 2, the bad-input code).
P2="-p I11=2 -p I12=0.3 -p I13=0 -p I22=1.5 -p I23=0 -p b1=0.5 -p b2=1 -p b3=0.7 -p c1=1 -p c2=-0.5 -p c3=0 -i omega1=0.3 -i omega2=-0.2 -i gamma1=0.6 -i gamma2=0 -i gamma3=0.8 -i W=0"
for o in "" "--scheme gauss" "--digits 5" "--fast" "--fast --scheme gauss" "--fast --digits 5" \
    "--scheme gauss --digits 5"; do
    # shellcheck disable=SC2086
    if timeout "$LIMIT" "$NHREF" run suslov_servo $P2 $o -q -T 20 --dt-out 1 -o "$tmp/p2.csv" \
        2> "$tmp/err"; then
        grep -Eq "^# outcome: stopped before a finite-time blow-up: the solution leaves every bound near t = 14\.71(68|69)" "$tmp/p2.csv" &&
            [ "$(grep -vc '^#' "$tmp/p2.csv")" -eq 17 ] && ok ||
            bad "run P2 $o: $(grep '^# outcome' "$tmp/p2.csv"), $(grep -vc '^#' "$tmp/p2.csv") lines"
    else
        bad "run P2 $o: exit status not 0: $(cat "$tmp/err")"
    fi
done
# shellcheck disable=SC2086
expect 0 "^# outcome: stopped before a finite-time blow-up: the solution leaves every bound near t = 14\.7168.*the 3 of 4 times" \
    -- lyapunov suslov_servo $P2 -q --times 5,10,14,20
# shellcheck disable=SC2086
expect 0 "^14,[0-9.e+-]+$" -- lyapunov suslov_servo $P2 -q --times 5,10,14,20
awk '/^\[P2\]/ { p = 1 } /^\[S0/ { p = 0 } p || /^model/' "${top_srcdir:-..}/data/cases/suslov_servo.cases" |
    sed -e 's/^times = .*/times = 0, 5, 10, 15, 20/' > "$tmp/p2.cases"
expect 1 "case \[P2\]: route taylor@p: stopped before a finite-time blow-up: the solution leaves every bound near t = 14\.7168.*before the last time 20" \
    -- golden -q -o "$tmp/g" "$tmp/p2.cases"

# ---------------------------------------------------------------- 9. parameters that round differently
# b3 = 0.375 + 1e-29 makes the realizability determinant 2.91e-29; in double it is a
# rounding residue of the other sign: MPFR saw a blow-up at 3e-29 s, --fast reached
# the end.  The fast path now refuses, naming the difference.
expect 2 "--fast: with the parameters rounded to double, the right-hand side at the initial state differs from the decimal parameters' by 1 .*domega1/dt = 1\.77098e\+28, in double -2\.32.*e\+15" \
    -- run suslov_servo -p b1=2.91 -p b2=0 -p b3=0.37500000000000000000000000001 --fast
expect 0 "^# outcome: stopped before a finite-time blow-up: the solution leaves every bound near t = 3\.04.*e-29" \
    -- run suslov_servo -p b1=2.91 -p b2=0 -p b3=0.37500000000000000000000000001 -q
expect 2 "--fast: the parameters rounded to double are not admissible: the block \[\[I11, I12\], \[I12, I22\]\] must be positive definite" \
    -- run suslov_servo -p I11=1.00000000000000000001 -p I12=1 -p I22=1 -p I13=0 -p I23=0 --fast

# ---------------------------------------------------------------- 10. messages that name the fault
expect 2 "--digits 100000: the Taylor order ceil\(1\.1513 D \+ 1\) = 115131 is above the Taylor scheme's limit of 100000: give --digits <= 86857, or --order N \(N <= 100000\), or --scheme gauss" \
    -- run $S --digits 100000
expect 2 "--digits 86858: the Taylor order ceil\(1\.1513 D \+ 1\) = 100001 is above" -- run $S --digits 86858
expect 2 "--prec: '16777216' is not a whole number in \[16, 3321931\]" -- run $S --prec 16777216
expect 2 "--digits: '100000' is not a whole number in \[1, 86857\]" -- verify "$tmp/traj.csv" $S --digits 100000
# 300000 log10(2) - 1 = 90307.9987, 1.1513 * 90307.9987 + 1 = 103972.6
expect 2 "--prec 300000 implies 90307 digits and a Taylor order ceil\(1\.1513 D \+ 1\) = 103973, above the Taylor scheme's limit of 100000: give --prec <= 288537" \
    -- run $S --prec 300000
expect 2 "--digits 100000: the Taylor order .* give --digits <= 86857, or --order N \(N <= 100000\), or --scheme gauss$" -- lyapunov $S --digits 100000
expect 2 "--prec: '16777216' is not a whole number in \[16, 3321931\]" -- lyapunov $S --prec 16777216
expect 2 "--tau = -1 is out of range \(admissible range: S > 0\)" -- lyapunov $S --tau -1
expect 2 "--tau = 0 is out of range" -- lyapunov $S --tau 0
expect 2 "--tau: 'x' is not a finite decimal number \(admissible range: S > 0\)" -- lyapunov $S --tau x
expect 2 "--delta0 = 0 is out of range \(admissible range: D > 0\)" -- lyapunov $S --method benettin --delta0 0
expect 2 "--direction: every value is zero" -- lyapunov $S --direction 0,0,0,0,0
expect 2 "--direction: 'u' is not a finite decimal number" -- lyapunov $S --direction 1,u,0,0,0
expect 2 "--stop-when 'y/0' is undefined at the initial state, t = 0" -- run $S --stop-when 'y/0'
expect 2 "--event 'log\(-1\)\+y': a part of it that depends only on the parameters is undefined" \
    -- run $S --event 'log(-1)+y'
expect 2 "--event 'sqrt\(v - 1\)' is undefined at the initial state" -- run $S --event 'sqrt(v - 1)'
# a sign change across a pole is no event (1/(y-1) was reported where y = 1)
out=$("$NHREF" run $S -q -T 10 --event '1/(y-1)' --event 'y-1' 2>&1)
[ "$(printf '%s\n' "$out" | grep -c "^# event: 1/(y-1)")" -eq 0 ] && ok || bad "an event at the pole of 1/(y-1)"
[ "$(printf '%s\n' "$out" | grep -c "^# event: y-1 at")" -eq 2 ] && ok || bad "y-1 not recorded twice"
expect 0 "^# outcome: reached the final time" -- run $S -q -T 10 --stop-when '1/(y-1)'
# 300 times: 300 rows (it wrote 256 and exited 0)
times=$(awk 'BEGIN { for (i = 1; i <= 300; i++) printf "%s%d.%02d", (i > 1 ? "," : ""), int(i / 100), i % 100 }')
if "$NHREF" lyapunov $S -d 10 --times "$times" > "$tmp/ly.csv" 2> "$tmp/err"; then
    rows=$(grep -v '^#' "$tmp/ly.csv" | sed 1d | wc -l)
    [ "$rows" -eq 300 ] && ok || bad "lyapunov --times with 300 values wrote $rows rows"
    grep -v '^#' "$tmp/ly.csv" | tail -1 | grep -q '^3\.00,' && ok || bad "the last row is not T = 3.00"
else
    bad "lyapunov with 300 times: $(cat "$tmp/err")"
fi

# ---------------------------------------------------------------- issue 28 item 4: strict input
# numbers of settings follow one grammar (nhref_plain_number): no sign, blank or hex
expect 2 "--digits: '\+5' is not a whole number in \[1, 100000\]" -- run $S -T 1 --digits +5
expect 2 "--digits: ' 5' is not a whole number" -- run $S -T 1 --digits " 5"
"$NHREF" run $S -T 1 --dt-out 0.5 --digits 20 -o "$tmp/strict.csv" 2>/dev/null || bad "run for the strict-input checks"
expect 2 "--min-digits: '0x10' is not a plain decimal number in \(0, 100000\]" -- verify "$tmp/strict.csv" $S --min-digits 0x10
G=$top_srcdir/data/golden/chaplygin_sleigh/PUB-1.csv
sed 's/^# digits: .*/# digits: 0x28/' "$G" > "$tmp/g-hex.csv"
expect 2 "g-hex.csv: malformed '# digits: 0x28' line \(expected a plain decimal number" -- verify "$tmp/strict.csv" --golden "$tmp/g-hex.csv"
printf 'model = chaplygin_sleigh\n[g]\ndigits = +20\nt-end = 1\n' > "$tmp/plus.cases"
expect 2 "plus.cases:3: digits: '\+20' is not a plain decimal number in \[1, 10000\]" -- golden -o "$tmp/gout" "$tmp/plus.cases"
# a key twice: an error that names both lines (the last one won, or was ignored)
printf 'model = chaplygin_sleigh\ndigits = 10\n[g]\nt-end = 1\ndigits = 12\ndigits = 14\n' > "$tmp/twice.cases"
expect 2 "twice.cases:6: digits is given twice in \[g\] \(first at line 5\)" -- golden -o "$tmp/gout" "$tmp/twice.cases"
printf 'model = chaplygin_sleigh\nmodel = skater\n[g]\nt-end = 1\ndigits = 12\n' > "$tmp/twice2.cases"
expect 2 "twice2.cases:2: model is given twice in the defaults \(first at line 1\)" -- golden -o "$tmp/gout" "$tmp/twice2.cases"
awk '/^# param: m = / && !d { print "# param: m = 7 [kg]"; d = 1 } { print }' "$G" > "$tmp/g-param2.csv"
expect 2 "g-param2.csv: param m is given twice: '# param: m = 7 \[kg\]', then '# param: m = " -- verify "$tmp/strict.csv" --golden "$tmp/g-param2.csv"
awk '/^# model:/ { print "# model: skater" } { print }' "$G" > "$tmp/g-model2.csv"
expect 2 "g-model2.csv: the '# model:' line is given twice: 'skater', then 'chaplygin_sleigh'" -- verify "$tmp/strict.csv" --golden "$tmp/g-model2.csv"
awk '/^# t-start:/ { print } { print }' "$G" > "$tmp/g-t2.csv"
grep -q '^# t-start:' "$G" && expect 2 "g-t2.csv: the '# t-start:' line is given twice" -- verify "$tmp/strict.csv" --golden "$tmp/g-t2.csv"
[ -e "$tmp/gout" ] && bad "a refused case file wrote $tmp/gout" || ok
# a UTF-8 byte order mark is not part of the first key
printf '\357\273\277model = chaplygin_sleigh\ndigits = 8\n[g]\nt-end = 1\ndt-out = 1\n' > "$tmp/bom.cases"
"$NHREF" golden -q -o "$tmp/gbom" "$tmp/bom.cases" 2> "$tmp/err" && ok || bad "a case file with a byte order mark: $(cat "$tmp/err")"
# a file of another format as --golden: named, never quoted
printf 'root:secret-hash:20228:0:99999:7:::\ndaemon:*:20228:0:99999:7:::\n' > "$tmp/shadow"
expect 2 "shadow: not a golden file or trajectory of nhref's" -- verify "$tmp/strict.csv" --golden "$tmp/shadow"
"$NHREF" verify "$tmp/strict.csv" --golden "$tmp/shadow" 2>&1 | grep -q 'secret-hash' && bad "the message quotes the file" || ok
# output-path clashes: refused before anything is read or written
expect 2 "--json and --junit name the same file '$tmp/rep.json': give two files" -- verify "$tmp/strict.csv" $S --json "$tmp/rep.json" --junit "$tmp/./rep.json"
expect 2 "--json '$tmp/strict.csv' is the TRAJECTORY file: the report would replace its input" -- verify "$tmp/strict.csv" $S --json "$tmp/strict.csv"
expect 2 "--junit '$tmp/../$(basename "$tmp")/g-hex.csv' is the --golden file" -- verify "$tmp/strict.csv" --golden "$tmp/g-hex.csv" --junit "$tmp/../$(basename "$tmp")/g-hex.csv"
[ -e "$tmp/rep.json" ] && bad "a refused verify wrote $tmp/rep.json" || ok
head -1 "$tmp/strict.csv" | grep -q '^t,' && ok || bad "a refused verify changed its input"
mkdir -p "$tmp/cat"
expect 2 "--tsv and --json name the same file" -- catalogue --tsv "$tmp/cat/i" --json "$tmp/cat/./i" "$tmp/cat"
# an event horizon before the last time: named with its range (the route failed later with
# "cannot set up the integrator: " and nothing after it)
printf 'model = skater\ndigits = 10\n[g]\nt-end = 1\ndt-out = 0.5\nevent = fall\nevent-horizon = -1\n' > "$tmp/horizon.cases"
expect 2 "horizon.cases:3: case \[g\]: event-horizon = -1 is out of range \(admissible range: after the last time, 1\)" -- golden -o "$tmp/gout" "$tmp/horizon.cases"
# ---------------------------------------------------------------- issue 28 item 2: bounded input
# /dev/zero has no line end: refused after the first MiB (it read 4.1 GB before)
expect 2 "/dev/zero:1: a line longer than 1048576 bytes" -- verify /dev/zero $S
out=$(timeout "$LIMIT" "$NHREF" verify - $S < /dev/zero 2>&1)
printf '%s\n' "$out" | grep -q -- "-:1: a line longer than 1048576 bytes" && ok || bad "verify - < /dev/zero: $(short "$out")"
awk 'BEGIN { print "t,x"; printf "0,"; for (i = 0; i < 1100000; i++) printf "0"; print "" }' > "$tmp/longline.csv"
expect 2 "longline.csv:2: a line longer than 1048576 bytes" -- verify "$tmp/longline.csv" $S
expect 2 "/dev/zero:1: a line longer than 1048576 bytes" -- verify "$tmp/strict.csv" --golden /dev/zero

# Every reader, /dev/zero and an endless pipe: refused with exit 2, naming the file and
# the limit, within 10 s (30 s under AddressSanitizer) and 100 MB of resident memory (GNU
# time's maximum RSS), as it reads.  Under ulimit -v 1 GB and a timeout of twice the time
# bound, so that a reader without bounds fails here rather than filling the machine
# (describe /dev/zero took 17 GB before).
# bounded FEED PATTERN -- ARGS: nhref ARGS, its standard input the first 200 MB of FEED's
# output (a shell command; ':' for none)
if [ -x /usr/bin/time ] && /usr/bin/time -f %M -o /dev/null true 2> /dev/null; then
    rss() { /usr/bin/time -f 'maxrss %M' -o "$tmp/rss" "$@"; }
else
    echo "SKIP: the memory checks of the bounded readers (no GNU time: Debian 'time')"
    rss() { echo 'maxrss 0' > "$tmp/rss"; "$@"; }
fi
# the time bound of one bounded read: 10 s, 30 s under AddressSanitizer (2-5 times
# slower; 100000 case-file sections took 17 s there at load 7) -- a reader without
# bounds takes minutes and gigabytes (the 100 MB bound is checked without the sanitizers)
bound_s=10
[ -n "${ASAN_OPTIONS:-}" ] && bound_s=30
bounded() {
    feed=$1 pat=$2
    shift 3
    t0=$(date +%s.%N)
    out=$(sh -c "$feed" 2> /dev/null | head -c 200000000 | (
        [ -n "${ASAN_OPTIONS:-}" ] || ulimit -v 1000000
        rss timeout "$((bound_s * 2))" "$NHREF" "$@") 2>&1)
    rc=$?
    secs=$(echo "$t0 $(date +%s.%N)" | awk '{ printf "%.2f", $2 - $1 }')
    kb=$(sed -n 's/^maxrss //p' "$tmp/rss")
    what="nhref $(short "$*") (input: $feed): ${secs} s, ${kb} KB"
    if [ "$rc" -ne 2 ]; then
        bad "$what: exit $rc, want 2: $(short "$out" | head -3)"
    elif ! printf '%s\n' "$out" | grep -Eq -- "$pat"; then
        bad "$what: output lacks /$pat/: $(short "$out" | head -3)"
    elif [ "$(echo "$secs $bound_s" | awk '{ print ($1 < $2) }')" -ne 1 ]; then
        bad "$what: more than $bound_s s"
    elif [ -z "${ASAN_OPTIONS:-}" ] && [ "${kb:-0}" -ge 97656 ]; then
        bad "$what: more than 100 MB"
    else
        ok
    fi
    [ -n "${NHREF_BOUNDED_LOG:-}" ] && echo "$what" >> "$NHREF_BOUNDED_LOG"
    return 0
}
sections='printf "model = chaplygin_sleigh\ndigits = 10\ntimes = 0, 1\n"; awk "BEGIN { for (i = 0; ; i++) printf \"[a%d]\\n\", i }"'
table_pipe="more than 33554432 bytes \(the limit of a table read from a pipe"
line="a line longer than 1048576 bytes \(the limit of a line"
# verify FILE, verify -, --golden FILE (the table reader)
bounded : "/dev/zero:1: $line" -- verify /dev/zero $S
bounded 'yes 0,0' "/dev/stdin: $table_pipe" -- verify /dev/stdin $S
bounded 'cat /dev/zero' "-:1: $line" -- verify - $S
bounded 'yes 0,0' "-: $table_pipe" -- verify - $S
bounded : "/dev/zero:1: $line" -- verify "$tmp/strict.csv" --golden /dev/zero
bounded 'yes 0,0' "/dev/stdin: $table_pipe" -- verify "$tmp/strict.csv" --golden /dev/stdin
# a sparse regular file of 2 GB: refused before it is read
truncate -s 2G "$tmp/huge.csv" 2> /dev/null &&
    bounded : "huge.csv: more than 1073741824 bytes \(the limit of a table in a file" -- verify "$tmp/huge.csv" $S
rm -f "$tmp/huge.csv"
# case and sweep files (nhref golden, nhref sweep, catalogue --cases)
cases_line="/dev/(zero|stdin):1: a line longer than 1048576 bytes \(the limit of a line of a case or sweep file"
cases_bytes="/dev/stdin: more than 16777216 bytes by line [0-9]+ \(the limit of a case or sweep file"
bounded : "$cases_line" -- golden -l /dev/zero
bounded 'cat /dev/zero' "$cases_line" -- golden -l /dev/stdin
bounded "yes '# a comment'" "$cases_bytes" -- golden -l /dev/stdin
bounded "$sections" "/dev/stdin:100004: more than 100000 \[sections\] \(the limit of a case or sweep file" -- golden -l /dev/stdin
bounded : "$cases_line" -- sweep -l /dev/zero
bounded "yes '# a comment'" "$cases_bytes" -- sweep -q -o "$tmp/swz" /dev/stdin
bounded "$sections" "more than 100000 \[sections\]" -- sweep -l /dev/stdin
[ ! -e "$tmp/swz" ] && ok || bad "a refused sweep made its directory"
mkdir -p "$tmp/catz"
bounded "yes '# a comment'" "$cases_bytes" -- catalogue --cases /dev/stdin "$tmp/catz"
# sweeps expand to at most 10^6 cases in all, before expanding
# (two axes of 1000 values: 10^6 cases from 2000 values, which take seconds to make even
# under the sanitizers; one axis of 999001 values took over 20 s and 1.6 GB there)
printf 'model = chaplygin_sleigh\ndigits = 10\ntimes = 0, 1\n[a]\nparam m = linspace(1, 2, 1000)\n[b]\nparam m = linspace(1, 2, 1000)\ninit v = linspace(0, 1, 1000)\n' > "$tmp/many.sweep"
bounded : "many.sweep:6: case \[b\]: its 1000000 cases and the 1000 before it are more than 1000000" -- sweep -l "$tmp/many.sweep"
# model files (nhref run, describe, verify with a model file, a case's model)
mf="more than 1048576 bytes \(the limit of a model file"
bounded : "/dev/zero: $mf" -- run /dev/zero
bounded : "/dev/zero: $mf" -- describe /dev/zero
bounded "yes '# a comment'" "/dev/stdin: $mf" -- describe /dev/stdin
bounded 'yes x' "/dev/stdin: $mf" -- run /dev/stdin
bounded 'cat /dev/zero' "/dev/stdin: $mf" -- verify "$tmp/strict.csv" /dev/stdin
printf 'model = /dev/zero\ndigits = 10\n[a]\ntimes = 0, 1\n' > "$tmp/zmodel.cases"
bounded : "/dev/zero: $mf" -- golden -l "$tmp/zmodel.cases"

summary hostile
