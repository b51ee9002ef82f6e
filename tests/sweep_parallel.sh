#!/bin/sh
# sweep_parallel.sh -- a small sweep in 3 shards through GNU Parallel on this machine
# (examples/parallel_sweep.sh, plain and with --sshlogin ':', GNU Parallel's name for
# this machine), against the same sweep unsharded: the merged outputs, the manifest and
# the catalogue must be the same, byte for byte (the identity: shards partition the
# cases, and each output is a function of its case only).  Skipped (77) without
# GNU Parallel (Debian: parallel).
. "$(dirname "$0")/testlib.sh"
top=${top_srcdir:-..}
command -v parallel > /dev/null || { echo "SKIP: GNU Parallel not installed (Debian: parallel)"; exit 77; }
NHREF=$(cd "$(dirname "$NHREF")" && pwd)/$(basename "$NHREF")
export NHREF

cat > "$tmp/small.sweep" <<'EOF'
# 12 skater cases: A1 x Omega1(0), FTLE at T = 2, 4 s
model = skater
[m]
param g = -9.81
param A1 = 0, 0.1, 0.2
init Omega1 = linspace(0.5, 2, 4)
times = 2, 4
digits = 12
EOF
opts="--components theta,Omega1,Omega2,v --project E"

# the reference: one process, no shards
"$NHREF" sweep -q --command lyapunov "$tmp/small.sweep" -o "$tmp/one" -- $opts || bad "unsharded sweep"
"$NHREF" catalogue -q "$tmp/one" || bad "catalogue of the unsharded sweep"
[ "$(ls "$tmp/one/skater" | wc -l)" -eq 12 ] && ok || bad "unsharded: $(ls "$tmp/one/skater" | wc -l) outputs, want 12"

same() { # DIR: the same files as the reference, byte for byte
    if diff -r "$tmp/one" "$1" > "$tmp/diff"; then ok; else bad "$1 differs from the unsharded run: $(head -5 "$tmp/diff")"; fi
}

# 3 shards through GNU Parallel, locally
if sh "$top/examples/parallel_sweep.sh" -n 3 -j 3 -c lyapunov "$tmp/small.sweep" "$tmp/three" -- $opts 2> "$tmp/err"; then ok; else bad "parallel_sweep.sh: $(cat "$tmp/err")"; fi
grep -q '12 rows: 12 ok, 0 missing, 0 duplicate, 0 corrupt' "$tmp/err" && ok || bad "catalogue: $(cat "$tmp/err")"
same "$tmp/three"

# the same through --sshlogin (':' is this machine), 2 jobs at a time for 3 shards
if sh "$top/examples/parallel_sweep.sh" -n 3 -S 2/: -c lyapunov "$tmp/small.sweep" "$tmp/ssh" -- $opts 2> "$tmp/err"; then ok; else bad "parallel_sweep.sh -S 2/: : $(cat "$tmp/err")"; fi
same "$tmp/ssh"

# a shard that did not run: the catalogue names its cases missing and exits 1
for k in 1 3; do "$NHREF" sweep -q --shard $k/3 --command lyapunov "$tmp/small.sweep" -o "$tmp/two" -- $opts; done
if "$NHREF" catalogue "$tmp/two" 2> "$tmp/err"; then bad "catalogue without shard 2 exited 0"; else ok; fi
n=$(grep -c '	missing	' "$tmp/two/catalogue.tsv")
[ "$n" -eq 4 ] && ok || bad "$n missing rows without shard 2/3, want 4"
awk -F'\t' '$4 == "missing" { sub(/^m-/, "", $1); if ($1 % 3 != 1) bad = 1 } END { exit bad }' "$tmp/two/catalogue.tsv" &&
    ok || bad "the missing cases are not shard 2's (index mod 3 = 1)"
"$NHREF" sweep -q --shard 2/3 --command lyapunov "$tmp/small.sweep" -o "$tmp/two" -- $opts
"$NHREF" catalogue -q "$tmp/two" && ok || bad "catalogue after shard 2/3"
same "$tmp/two"

summary sweep_parallel.sh
