#!/bin/sh
# write_safety.sh -- what the nhref commands do to the path they write (issue 16,
# items 6-7): every write or close error is an error naming the path, exit 1,
# for every command; devices, FIFOs, symbolic and hard links are respected;
# /dev/null and /dev/stdout work for an ordinary user; SIGINT, SIGTERM and SIGHUP
# leave no temporary file; an overwritten file keeps its mode.
# The expected bytes come from a plain 'nhref run -o regular-file' of the same run.
# As root, no test writes to /dev/full, /dev/null or /dev/stdout by name: links
# to them are used, so that a faulty build could only replace the link.
. "$(dirname "$0")/testlib.sh"

# expect_write_error MESSAGE-PATTERN -- ARGS...: exit 1, one line naming the cause
expect_write_error() {
    pat=$1
    shift 2
    "$NHREF" "$@" > "$tmp/out" 2> "$tmp/err"
    rc=$?
    if [ $rc -ne 1 ]; then
        bad "nhref $*: exit $rc, want 1 ($(head -2 "$tmp/err"))"
    elif ! grep -Eq -- "$pat" "$tmp/err"; then
        bad "nhref $*: stderr lacks /$pat/: $(head -2 "$tmp/err")"
    else
        ok
    fi
}
# the same with standard output on the full device
expect_stdout_error() {
    "$NHREF" "$@" > "$tmp/full" 2> "$tmp/err"
    rc=$?
    if [ $rc -ne 1 ]; then
        bad "nhref $* > full device: exit $rc, want 1 ($(head -2 "$tmp/err"))"
    elif ! grep -q "cannot write standard output: No space left on device" "$tmp/err"; then
        bad "nhref $* > full device: $(head -2 "$tmp/err")"
    elif [ "$(wc -l < "$tmp/err")" -ne 1 ]; then
        bad "nhref $* > full device: $(wc -l < "$tmp/err") lines on stderr, want 1"
    else
        ok
    fi
}

[ -c /dev/full ] || { echo "SKIP: no /dev/full"; exit 77; }
ln -s /dev/full "$tmp/full"
ln -s /dev/null "$tmp/null"
ln -s /dev/stdout "$tmp/stdout"
NHREF_CASES_DIR=${top_srcdir:-..}/data/cases
export NHREF_CASES_DIR
run1="run chaplygin_sleigh -q -T 2 --dt-out 0.5"
"$NHREF" $run1 -o "$tmp/ref.csv" || { bad "reference run failed"; exit 1; }

# ---------------------------------------------------------------- write errors, every command
"$NHREF" $run1 -o "$tmp/traj.csv"
expect_stdout_error list
expect_stdout_error describe chaplygin_sleigh
expect_stdout_error golden -l chaplygin_sleigh/PUB-1
expect_stdout_error verify "$tmp/traj.csv" chaplygin_sleigh -q
expect_stdout_error lyapunov chaplygin_sleigh --times 1
expect_stdout_error run chaplygin_sleigh -q
expect_stdout_error run chaplygin_sleigh -q -T 100 --dt-out 0.01   # fails while writing
expect_stdout_error run chaplygin_sleigh -q --fast -T 100 --dt-out 0.01
expect_stdout_error run --help
expect_stdout_error --version
expect_write_error "cannot write '$tmp/full': No space left on device" -- run chaplygin_sleigh -q -o "$tmp/full"
expect_write_error "cannot write '$tmp/full': No space left on device" -- run chaplygin_sleigh -q -T 100 --dt-out 0.01 -o "$tmp/full"
expect_write_error "cannot write '$tmp/full': No space left on device" -- run chaplygin_sleigh -q --fast -T 100 --dt-out 0.01 -o "$tmp/full"
expect_write_error "cannot write '$tmp/full': No space left on device" -- lyapunov chaplygin_sleigh --times 1 -o "$tmp/full"
mkdir -p "$tmp/g/chaplygin_sleigh"
ln -s /dev/full "$tmp/g/chaplygin_sleigh/a-zero.csv"
expect_write_error "cannot write '$tmp/g/chaplygin_sleigh/a-zero.csv': No space left on device" -- golden -q -o "$tmp/g" chaplygin_sleigh/a-zero
[ -c /dev/full ] && ok || bad "/dev/full is no longer a device"
expect_write_error "cannot write '$tmp': Is a directory" -- run chaplygin_sleigh -q -o "$tmp"

# ---------------------------------------------------------------- links, FIFOs, devices
echo old > "$tmp/target.csv"
ln -s target.csv "$tmp/link.csv"
"$NHREF" $run1 -o "$tmp/link.csv" && ok || bad "run -o symlink failed"
[ -L "$tmp/link.csv" ] && ok || bad "the symbolic link was replaced by a file"
cmp -s "$tmp/target.csv" "$tmp/ref.csv" && ok || bad "the link's target does not hold the run"
echo old > "$tmp/one.csv"
ln "$tmp/one.csv" "$tmp/two.csv"
"$NHREF" $run1 -o "$tmp/two.csv" && ok || bad "run -o hard link failed"
cmp -s "$tmp/one.csv" "$tmp/ref.csv" && ok || bad "the hard link was broken (one.csv is not the run)"
[ "$(stat -c %h "$tmp/one.csv")" = 2 ] && ok || bad "one.csv has $(stat -c %h "$tmp/one.csv") links, want 2"
mkfifo "$tmp/fifo"
timeout 60 cat "$tmp/fifo" > "$tmp/from_fifo" &
reader=$!
"$NHREF" $run1 -o "$tmp/fifo" && ok || bad "run -o FIFO failed"
wait $reader
[ -p "$tmp/fifo" ] && ok || bad "the FIFO was replaced by a file"
cmp -s "$tmp/from_fifo" "$tmp/ref.csv" && ok || bad "the FIFO's reader did not get the run"
"$NHREF" $run1 -o "$tmp/null" && ok || bad "run -o /dev/null failed"
[ -c /dev/null ] && ok || bad "/dev/null is no longer a device"
"$NHREF" $run1 -o "$tmp/stdout" > "$tmp/stdout.csv" && ok || bad "run -o /dev/stdout failed"
cmp -s "$tmp/stdout.csv" "$tmp/ref.csv" && ok || bad "-o /dev/stdout differs from -o FILE"
{ echo first; "$NHREF" $run1 -o "$tmp/stdout"; } > "$tmp/both.csv"
[ "$(head -1 "$tmp/both.csv")" = first ] && ok || bad "-o /dev/stdout replaced what the shell wrote first"
# as an ordinary user (the reported failure): only when root can switch to nobody
if [ "$(id -u)" -eq 0 ] && command -v setpriv > /dev/null &&
    setpriv --reuid=65534 --regid=65534 --clear-groups true 2>/dev/null &&
    setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$NHREF"; then
    as_user() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
    as_user "$NHREF" $run1 -o /dev/null 2> "$tmp/err" && ok || bad "as nobody, -o /dev/null: $(cat "$tmp/err")"
    as_user "$NHREF" $run1 -o /dev/stdout > "$tmp/user.csv" 2> "$tmp/err" && ok ||
        bad "as nobody, -o /dev/stdout: $(cat "$tmp/err")"
    cmp -s "$tmp/user.csv" "$tmp/ref.csv" && ok || bad "as nobody, -o /dev/stdout wrote something else"
    as_user "$NHREF" $run1 -o /dev/stdout 2> "$tmp/err" | cat > "$tmp/user2.csv"
    cmp -s "$tmp/user2.csv" "$tmp/ref.csv" && ok || bad "as nobody, -o /dev/stdout into a pipe: $(cat "$tmp/err")"
elif [ "$(id -u)" -ne 0 ]; then
    "$NHREF" $run1 -o /dev/stdout 2> "$tmp/err" | cat > "$tmp/user2.csv"
    cmp -s "$tmp/user2.csv" "$tmp/ref.csv" && ok || bad "-o /dev/stdout into a pipe: $(cat "$tmp/err")"
else
    echo "SKIP: cannot run as an ordinary user here"
fi

# ---------------------------------------------------------------- mode kept
echo old > "$tmp/mode.csv"
chmod 640 "$tmp/mode.csv"
"$NHREF" $run1 -o "$tmp/mode.csv" && ok || bad "run -o mode.csv failed"
[ "$(stat -c %a "$tmp/mode.csv")" = 640 ] && ok || bad "mode 640 became $(stat -c %a "$tmp/mode.csv")"
"$NHREF" lyapunov chaplygin_sleigh --times 1 -o "$tmp/mode.csv" && ok || bad "lyapunov -o mode.csv failed"
[ "$(stat -c %a "$tmp/mode.csv")" = 640 ] && ok || bad "lyapunov: mode 640 became $(stat -c %a "$tmp/mode.csv")"

# ---------------------------------------------------------------- signals
# A shell starts background jobs with SIGINT ignored; env --default-signal gives
# the run the disposition it has in a terminal.
if env --default-signal=INT true 2>/dev/null; then
    for sig in INT TERM HUP; do
        echo "keep me" > "$tmp/sig.csv"
        env --default-signal=INT,TERM,HUP "$NHREF" run chaplygin_sleigh -q --digits 300 -T 400 \
            --dt-out 0.01 -o "$tmp/sig.csv" &
        pid=$!
        n=0
        while ! ls "$tmp" | grep -q '^sig\.csv\.tmp\.' && [ $n -lt 200 ]; do
            sleep 0.05
            n=$((n + 1))
        done
        ls "$tmp" | grep -q '^sig\.csv\.tmp\.' && ok || bad "SIG$sig: no temporary file seen"
        kill -$sig $pid
        wait $pid
        rc=$?
        case $sig in INT) want=130 ;; TERM) want=143 ;; HUP) want=129 ;; esac
        [ $rc -eq $want ] && ok || bad "SIG$sig: exit $rc, want $want (killed by the signal)"
        left=$(ls "$tmp" | grep '\.tmp\.')
        [ -z "$left" ] && ok || bad "SIG$sig left $left"
        [ "$(cat "$tmp/sig.csv")" = "keep me" ] && ok || bad "SIG$sig: the old file was touched"
    done
else
    echo "SKIP: env --default-signal not available (coreutils < 8.31)"
fi

summary write_safety
