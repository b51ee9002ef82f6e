#!/bin/sh
# jit_cache.sh -- `nhref cache` and the first-use message of the jets compiled at run
# time (nhref_jit.h, issue 27): on an empty cache the first run says it compiles, with
# the time, and writes one object; the second run is silent and loads it; the output is
# the same; --dir, --build, --clear, bad usage.  check_jit tests the library side.
. "${top_srcdir:-..}/tests/testlib.sh"

if "$NHREF" cache | grep -q "^run-time compilation: off"; then
    echo "SKIP: jets are not compiled at run time here"
    exit 77
fi
NHREF_CACHE_DIR=$tmp/cache
export NHREF_CACHE_DIR
unset NHREF_JIT_QUIET

[ "$("$NHREF" cache --dir)" = "$NHREF_CACHE_DIR" ] && ok || bad "cache --dir"
expect 0 "^jets: +0 compiled" -- cache
"$NHREF" run chaplygin_sleigh -T 5 --dt-out 1 --fast > "$tmp/out1" 2> "$tmp/err1" || bad "first run"
grep -q "^nhref: compiling the double jets of chaplygin_sleigh (22 nodes, unrolled form; first use, cached in $NHREF_CACHE_DIR) \.\.\. [0-9.]* s$" "$tmp/err1" &&
    ok || bad "the first run says it compiles, with the time: $(cat "$tmp/err1")"
[ "$(ls "$NHREF_CACHE_DIR" | grep -c '^[0-9a-f]\{64\}\.so$')" = 1 ] && ok || bad "one object"
"$NHREF" run chaplygin_sleigh -T 5 --dt-out 1 --fast > "$tmp/out2" 2> "$tmp/err2" || bad "second run"
[ -s "$tmp/err2" ] && bad "the second run is silent: $(cat "$tmp/err2")" || ok
cmp -s "$tmp/out1" "$tmp/out2" && ok || bad "the same trajectory from the cached jets"
expect 0 "^jets: +1 compiled" -- cache
"$NHREF" cache --build chaplygin_sleigh "$top_srcdir/data/models/sleigh_cartesian.model" > "$tmp/b" 2>&1 ||
    bad "cache --build: $(cat "$tmp/b")"
grep -q "^nhref: compiling the double jets of sleigh_cartesian" "$tmp/b" && ok || bad "--build compiles the model file"
# the sleigh's four-lane jets (batches) too; sleigh_cartesian's jet has the loop form: no lanes
grep -q "^nhref: compiling the four-lane double jets of chaplygin_sleigh" "$tmp/b" && ok ||
    bad "--build compiles the sleigh's four-lane jets: $(cat "$tmp/b")"
grep -q "four-lane double jets of sleigh_cartesian" "$tmp/b" &&
    bad "--build compiles four-lane jets of a loop form: $(cat "$tmp/b")" || ok
grep -q ": 3 compiled jets" "$tmp/b" && ok || bad "--build's summary: $(cat "$tmp/b")"
"$NHREF" cache --build chaplygin_sleigh 2>&1 | grep -q "compiling" &&
    bad "--build reuses the cached sleigh" || ok
expect 0 "^removed 6 files from $NHREF_CACHE_DIR" -- cache --clear
expect 0 "^jets: +0 compiled" -- cache
expect 2 "unknown option '--bogus'" -- cache --bogus
expect 2 "models are given with --build only" -- cache chaplygin_sleigh
expect 2 "unknown model 'nosuch_model'" -- cache --build nosuch_model
NHREF_CC=/nonexistent/cc expect 1 "cannot run the compiler '/nonexistent/cc'" -- cache --build chaplygin_sleigh
NHREF_JIT=0 expect 1 "not compiled at run time" -- cache --build chaplygin_sleigh
summary jit_cache
