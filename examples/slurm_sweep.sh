#!/bin/sh
# slurm_sweep.sh -- run an nhref sweep as a Slurm job array of N shards, then the
# catalogue as a job that depends on it.
#
# Usage: slurm_sweep.sh [-n SHARDS] [-c run|lyapunov] [-p PARTITION] [-w] \
#                       FILE OUTDIR [-- COMMAND-OPTION...]
#   -n SHARDS  array tasks (default 10): sbatch --array=1-SHARDS
#   -c CMD     the command per case (default run)
#   -w         wait for the catalogue job and exit with its status (sbatch --wait)
#   -p PART    the partition (sbatch --partition)
# OUTDIR must be on a file system the nodes share.  The job logs go to
# OUTDIR/slurm-<job>_<task>.out and OUTDIR/slurm-catalogue-<job>.out.
# Example: slurm_sweep.sh -n 64 -c lyapunov data/cases/skater_ftle_map.sweep ftle \
#              -- --components theta,Omega1,Omega2,v --project E
set -eu
here=$(cd "$(dirname "$0")" && pwd)
shards=10 cmd=run wait= part=
while getopts n:c:wp: opt; do
    case $opt in
    n) shards=$OPTARG ;;
    c) cmd=$OPTARG ;;
    w) wait=--wait ;;
    p) part=$OPTARG ;;
    *) sed -n '5,15p' "$0" >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || { sed -n '5,15p' "$0" >&2; exit 2; }
file=$(realpath "$1") out=$(realpath -m "$2")
shift 2
[ "${1:-}" = -- ] && shift
mkdir -p "$out"
# the nodes run the same nhref: an absolute path (NHREF is exported by sbatch's default
# --export=ALL)
NHREF=$(command -v "${NHREF:-nhref}") && export NHREF
array=$(sbatch --parsable ${part:+--partition="$part"} --array=1-"$shards" \
    --output="$out/slurm-%A_%a.out" "$here/nhref_shard.sbatch" "$file" "$out" "$cmd" "$@")
array=${array%%;*}
echo "submitted the array job $array ($shards shards of $file)" >&2
rc=0
cat=$(sbatch --parsable $wait ${part:+--partition="$part"} --dependency=afterany:"$array" \
    --output="$out/slurm-catalogue-%j.out" "$here/nhref_catalogue.sbatch" "$out") || rc=$?
echo "submitted the catalogue job ${cat%%;*} after it: $out/catalogue.tsv, $out/catalogue.json" >&2
exit $rc
