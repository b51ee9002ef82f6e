#!/bin/sh
# sweep_slurm.sh -- a sweep as a Slurm job array (examples/slurm_sweep.sh: 3 array tasks
# running `nhref sweep --shard $SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT`, then the
# catalogue as a job depending on it) on a one-node cluster this test configures and
# starts itself in a temporary directory (slurmctld + slurmd, auth/none, its own ports;
# Debian: slurm-wlm).  The outputs and the catalogue must equal an unsharded run's, byte
# for byte.  Skipped (77), saying why, where Slurm cannot be started here.
. "$(dirname "$0")/testlib.sh"
top=${top_srcdir:-..}
skip() { echo "SKIP: $*"; exit 77; }
for p in slurmctld slurmd sbatch sinfo; do
    command -v $p > /dev/null || skip "$p not found (Debian: slurm-wlm)"
done
[ "$(id -u)" -eq 0 ] || skip "slurmd must run as root to start jobs (this test runs as $(id -un))"
[ -e /usr/lib/x86_64-linux-gnu/slurm-wlm/auth_none.so ] || ls /usr/lib/*/slurm*/auth_none.so > /dev/null 2>&1 ||
    skip "Slurm's auth/none plugin is not installed"
NHREF=$(cd "$(dirname "$NHREF")" && pwd)/$(basename "$NHREF")
top=$(cd "$top" && pwd)
export NHREF
ctld= slurmd=
cleanup() {
    [ -n "$slurmd" ] && kill "$slurmd" 2> /dev/null
    [ -n "$ctld" ] && kill "$ctld" 2> /dev/null
    [ -n "$slurmd" ] && wait "$slurmd" 2> /dev/null
    [ -n "$ctld" ] && wait "$ctld" 2> /dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT

# two free TCP ports
ports=$(python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(" ".join(str(x.getsockname()[1]) for x in s))' 2> /dev/null) || ports="$((20000 + $$ % 20000)) $((40000 + $$ % 20000))"
set -- $ports
mkdir -p "$tmp/state" "$tmp/spool" "$tmp/out"
cat > "$tmp/slurm.conf" <<EOF
ClusterName=nhreftest
SlurmctldHost=localhost
AuthType=auth/none
CredType=cred/none
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$1
SlurmdPort=$2
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/pgid
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/builtin
SchedulerParameters=sched_interval=1
SlurmdParameters=config_overrides
MpiDefault=none
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
MinJobAge=5
KillWait=1
NodeName=localhost NodeAddr=127.0.0.1 CPUs=4 State=UNKNOWN
PartitionName=nhreftest Nodes=localhost Default=YES MaxTime=10 State=UP
EOF
export SLURM_CONF=$tmp/slurm.conf
slurmctld -D -i -f "$SLURM_CONF" > "$tmp/slurmctld.out" 2>&1 &
ctld=$!
slurmd -D -f "$SLURM_CONF" -N localhost > "$tmp/slurmd.out" 2>&1 &
slurmd=$!
up=
for i in $(seq 1 60); do # at most 15 s
    if sinfo -h -o '%T' 2> /dev/null | grep -q '^idle'; then up=1; break; fi
    kill -0 "$ctld" 2> /dev/null && kill -0 "$slurmd" 2> /dev/null || break
    sleep 0.25
done
if [ -z "$up" ]; then
    why=$(tail -n 3 "$tmp/slurmctld.log" "$tmp/slurmd.log" "$tmp/slurmctld.out" "$tmp/slurmd.out" 2> /dev/null | grep -i error | head -2)
    skip "a one-node Slurm could not be started here${why:+: $why}"
fi

cat > "$tmp/s.sweep" <<'EOF'
model = chaplygin_sleigh
[s]
param a = 0.5, 1
init omega = linspace(0.5, 2, 4)
t-end = 4
dt-out = 1
digits = 20
EOF
"$NHREF" sweep -q "$tmp/s.sweep" -o "$tmp/one" && "$NHREF" catalogue -q "$tmp/one" || bad "the unsharded sweep"

# the array job and the catalogue after it; wait (at most 120 s) until the queue is empty
t0=$(date +%s)
if sh "$top/examples/slurm_sweep.sh" -n 3 -c run "$tmp/s.sweep" "$tmp/out" > "$tmp/submit" 2>&1; then ok; else
    bad "slurm_sweep.sh: $(cat "$tmp/submit")"
fi
for i in $(seq 1 600); do
    [ -z "$(squeue -h -o %i 2> /dev/null)" ] && break
    sleep 0.2
done
[ -z "$(squeue -h -o %i 2> /dev/null)" ] && ok || bad "the jobs did not finish in 120 s: $(squeue 2>&1)"
echo "sweep_slurm.sh: the jobs ran in $(( $(date +%s) - t0 )) s"
[ "$(ls "$tmp/out" | grep -c '^slurm-[0-9]*_[123]\.out$')" -eq 3 ] && ok || bad "not 3 array tasks: $(ls "$tmp/out")"
for k in 1 2 3; do # shard K/3 of 8 cases: the indices i with i mod 3 = K - 1
    n=$(( (8 - k) / 3 + 1 ))
    grep -q "shard $k/3: $n cases: $n computed, 0 skipped, 0 failed" "$tmp/out"/slurm-*_$k.out 2> /dev/null && ok ||
        bad "array task $k: $(tail -n 2 "$tmp/out"/slurm-*_$k.out 2> /dev/null)"
done
grep -h '8 rows: 8 ok, 0 missing, 0 duplicate, 0 corrupt' "$tmp/out"/slurm-catalogue-*.out > /dev/null 2>&1 && ok ||
    bad "the catalogue job: $(cat "$tmp/out"/slurm-catalogue-*.out 2> /dev/null)"
if diff -r -x 'slurm-*' "$tmp/one" "$tmp/out" > "$tmp/diff"; then ok; else bad "the Slurm sweep differs from the unsharded one: $(head -5 "$tmp/diff")"; fi

summary sweep_slurm.sh
