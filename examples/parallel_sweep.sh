#!/bin/sh
# parallel_sweep.sh -- run an nhref sweep in N shards with GNU Parallel (Debian: parallel),
# on this machine or on ssh hosts, then index the outputs with `nhref catalogue`.
#
# Usage: parallel_sweep.sh [-n SHARDS] [-j JOBS] [-S SSHLOGIN] [-c run|lyapunov]
#                          FILE OUTDIR [-- COMMAND-OPTION...]
#   -n SHARDS    how many shards (default: the number of processors here)
#   -j JOBS      shards at a time per host (default: one per processor of the host)
#   -S SSHLOGIN  GNU Parallel's --sshlogin, e.g. '4/node1,4/node2' or ':' for this machine;
#                the hosts need nhref in their PATH (or $NHREF) and OUTDIR on a file system
#                they share (NFS, Lustre...), at the same path
#   -c CMD       the command per case (default run)
# The shards run with --resume: running the script again after an interruption (a
# killed host, a lost connection) computes only what is missing.  The exit status is
# the catalogue's: 0 when every case has exactly one output that checks out.
#
# Example: parallel_sweep.sh -n 8 -c lyapunov data/cases/skater_ftle_map.sweep ftle \
#              -- --components theta,Omega1,Omega2,v --project E
set -eu
NHREF=${NHREF:-nhref}
shards=$(nproc 2>/dev/null || echo 2)
jobs=
sshlogin=
cmd=run
while getopts n:j:S:c: opt; do
    case $opt in
    n) shards=$OPTARG ;;
    j) jobs=$OPTARG ;;
    S) sshlogin=$OPTARG ;;
    c) cmd=$OPTARG ;;
    *) sed -n '4,14p' "$0" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || { sed -n '4,14p' "$0" >&2; exit 2; }
file=$1 out=$2
shift 2
[ "${1:-}" = -- ] && shift
command -v parallel >/dev/null || { echo "$0: GNU Parallel not found (Debian: parallel)" >&2; exit 2; }

set -- "$@"
# --halt never: a failed shard does not stop the others; the catalogue then names
# what is missing.  {} is the shard number 1..N.
set +e
if [ -n "$sshlogin" ]; then
    parallel --will-cite --quote --halt never ${jobs:+-j "$jobs"} --sshlogin "$sshlogin" \
        "$NHREF" sweep "$(realpath "$file")" --command "$cmd" -o "$(realpath -m "$out")" \
        --resume --quiet --shard '{}'/"$shards" -- "$@" ::: $(seq 1 "$shards")
else
    parallel --will-cite --quote --halt never ${jobs:+-j "$jobs"} \
        "$NHREF" sweep "$file" --command "$cmd" -o "$out" --resume --quiet \
        --shard '{}'/"$shards" -- "$@" ::: $(seq 1 "$shards")
fi
rc=$?
set -e
[ $rc -eq 0 ] || echo "$0: $rc shard(s) failed; the catalogue names the missing cases" >&2
exec "$NHREF" catalogue "$out"
