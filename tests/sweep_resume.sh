#!/bin/sh
# sweep_resume.sh -- --resume after kill -9: two shards run at once, one is killed
# mid-case; resuming it completes the sweep with no case lost (every output present,
# checking out, equal byte for byte to an uninterrupted run's) and none done twice (the
# outputs written before the kill are untouched, and the resumed shard computes exactly
# the others).
. "$(dirname "$0")/testlib.sh"
pid=
trap '[ -n "$pid" ] && kill -9 "$pid" 2>/dev/null; rm -rf "$tmp"' EXIT

# 12 cases of about 0.15 s each (the skater over 30 s at 20 digits)
cat > "$tmp/k.sweep" <<'EOF'
model = skater
[k]
param g = -9.81
param A1 = 0.05, 0.1
init Omega1 = linspace(0.4, 1.6, 6)
t-end = 30
dt-out = 5
digits = 20
EOF

# the uninterrupted run
"$NHREF" sweep -q "$tmp/k.sweep" -o "$tmp/ref" || bad "the reference sweep"

# shard 1/2 and 2/2 at once; shard 1 is killed once it has written 2 outputs
"$NHREF" sweep -q --shard 2/2 "$tmp/k.sweep" -o "$tmp/out" &
pid2=$!
"$NHREF" sweep --shard 1/2 "$tmp/k.sweep" -o "$tmp/out" 2> "$tmp/log1" &
pid=$!
n=0
for i in $(seq 1 600); do # at most 30 s
    n=$(grep -c ': done in' "$tmp/log1")
    [ "$n" -ge 2 ] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.05
done
if kill -9 "$pid" 2>/dev/null; then ok; else bad "shard 1/2 ended before it could be killed"; fi
wait "$pid" 2>/dev/null
pid=
wait "$pid2" || bad "shard 2/2 failed"
done1=$(grep ': done in' "$tmp/log1" | sed 's/.*\] \(k-[0-9]*\): done.*/\1/' | sort)
ndone=$(printf '%s\n' "$done1" | grep -c .)
[ "$ndone" -ge 2 ] && [ "$ndone" -lt 6 ] && ok || bad "shard 1/2 was killed after $ndone of its 6 cases"
# what the kill left: every finished output complete; the current one absent (its
# temporary file at most)
for c in $done1; do
    f=$tmp/out/skater/$c.csv
    cmp -s "$f" "$tmp/ref/skater/$c.csv" || bad "$c, written before the kill, differs from the reference"
done
ls -l --time-style=+%s.%N $(for c in $done1; do echo "$tmp/out/skater/$c.csv"; done) > "$tmp/before"
nfiles=$(ls "$tmp/out/skater" | grep -c '\.csv$')
[ "$nfiles" -eq $((ndone + 6)) ] && ok || bad "$nfiles outputs after the kill, want $((ndone + 6)) (no half-written file)"

# resume shard 1/2
"$NHREF" sweep --resume --shard 1/2 "$tmp/k.sweep" -o "$tmp/out" 2> "$tmp/log2" || bad "the resumed shard failed: $(cat "$tmp/log2")"
skipped=$(grep 'skipped: its output checks out' "$tmp/log2" | sed 's/.*\] \(k-[0-9]*\): .*/\1/' | sort)
computed=$(grep ': done in' "$tmp/log2" | sed 's/.*\] \(k-[0-9]*\): done.*/\1/' | sort)
[ "$skipped" = "$done1" ] && ok || bad "resume skipped [$skipped], want the cases done before the kill [$done1]"
# shard 1/2's cases are k-00000, k-00002, ..., k-00010: each done exactly once in all
mine=$(for i in 0 2 4 6 8 10; do printf 'k-%05d\n' $i; done)
[ "$(printf '%s\n%s\n' "$done1" "$computed" | sort)" = "$mine" ] && ok ||
    bad "done before the kill [$done1] + after [$computed] is not shard 1/2's cases, once each"
ls -l --time-style=+%s.%N $(for c in $done1; do echo "$tmp/out/skater/$c.csv"; done) | cmp -s - "$tmp/before" && ok ||
    bad "the resume rewrote outputs done before the kill"
ls "$tmp/out/skater" | grep -q '\.tmp\.' && bad "a temporary file is left: $(ls "$tmp/out/skater")" || ok
# nothing lost: the same files and catalogue as the uninterrupted run
"$NHREF" catalogue -q "$tmp/ref" && "$NHREF" catalogue -q "$tmp/out" && ok || bad "catalogue"
diff -r "$tmp/ref" "$tmp/out" > "$tmp/diff" && ok || bad "the resumed sweep differs from the uninterrupted one: $(head -5 "$tmp/diff")"

# two --resume runs of one shard at once (a job submitted twice, a requeue overlapping
# the old task), 20 times: both exit 0, each case is computed by one of them exactly
# once (the other waits for the case's lock and skips it), no temporary file is left,
# and the outputs equal an uninterrupted run's.  Before the lock each removed the other's
# temporary files: false "cannot write" errors (issue 28)
cat > "$tmp/two.sweep" <<'EOF'
model = chaplygin_sleigh
[c]
param a = 0.5, 1
init omega = 0.5, 1, 1.5
t-end = 20
dt-out = 5
digits = 25
EOF
"$NHREF" sweep -q "$tmp/two.sweep" -o "$tmp/two-ref" || bad "the reference of two.sweep"
nbad=0
for i in $(seq 1 20); do
    rm -rf "$tmp/two"
    "$NHREF" sweep --resume "$tmp/two.sweep" -o "$tmp/two" 2> "$tmp/twoA" & pa=$!
    "$NHREF" sweep --resume "$tmp/two.sweep" -o "$tmp/two" 2> "$tmp/twoB" & pb=$!
    wait "$pa"; ra=$?
    wait "$pb"; rb=$?
    ndone=$(cat "$tmp/twoA" "$tmp/twoB" | grep -c ': done in')
    nskip=$(cat "$tmp/twoA" "$tmp/twoB" | grep -c 'skipped: its output checks out')
    if [ "$ra" -ne 0 ] || [ "$rb" -ne 0 ] || [ "$ndone" -ne 6 ] || [ "$nskip" -ne 6 ] ||
        ls "$tmp/two/chaplygin_sleigh" | grep -q '\.tmp\.' ||
        ! diff -r "$tmp/two-ref" "$tmp/two" > /dev/null; then
        nbad=$((nbad + 1))
        [ "$nbad" -eq 1 ] && echo "round $i: exit $ra and $rb, $ndone computed, $nskip skipped: $(cat "$tmp/twoA" "$tmp/twoB" | grep -v 'done in\|skipped' | head -4)"
    fi
done
[ "$nbad" -eq 0 ] && ok || bad "two --resume runs of one shard at once failed in $nbad of 20 rounds"

summary sweep_resume.sh
