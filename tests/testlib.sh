# testlib.sh -- what the shell tests share; each sources it first thing after its
# header:  . "$(dirname "$0")/testlib.sh"
#   NHREF        the nhref program (default ../src/nhref), made absolute
#   top_srcdir   the source tree (default ..)
#   tmp          a scratch directory, removed on exit
#   ok, bad MSG  count a passed / failed check (bad prints "FAIL: MSG")
#   expect RC PATTERN -- ARGS   run nhref ARGS: exit status RC and PATTERN (grep -E)
#                in its stdout + stderr
#   summary NAME print "NAME: P passed, F failed"; its status is 0 iff none failed
set -u
NHREF=${NHREF:-../src/nhref}
case $NHREF in /*) ;; *) NHREF=$(pwd)/$NHREF ;; esac
top_srcdir=${top_srcdir:-..}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

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

summary() {
    echo "$1: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}

# skater_fall DT OUT -- the skater falling (g = 9.81, A1 = 0: the fall near t = 1.37)
# integrated to t = 3 with rows every DT, then five rows of zeros at t = 1.4 ... 3, past
# the reference's end: a trajectory whose last rows cannot be judged (verify's tests)
skater_fall() {
    "$NHREF" run skater -q -p g=9.81 -p A1=0 -T 3 --dt-out "$1" -o "$tmp/fall.csv" 2> "$tmp/err" ||
        bad "run skater: $(cat "$tmp/err")"
    { head -1 "$tmp/fall.csv"; grep -v '^#' "$tmp/fall.csv" | sed 1d
      for t in 1.4 1.5 2 2.5 3; do echo "$t,0,0,0,0,0,0,0,0,0,0"; done; } > "$2"
}
