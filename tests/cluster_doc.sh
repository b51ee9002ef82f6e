#!/bin/sh
# cluster_doc.sh -- every example of docs/cluster.md pastes and runs (issue 25 item 6):
#   - each sweep file (a block with a 'model =' line; inline '#' comments included) is
#     read by `nhref sweep --list` with the cases its comments announce, and a case of
#     each section runs;
#   - each sh block is valid shell, and the scripts it names exist;
#   - each python block compiles (when a python3 is found).
# The GNU Parallel and Slurm runs themselves are tests/sweep_parallel.sh and
# tests/sweep_slurm.sh; the sweep identity's sha256sum line is tests/sweep.sh's.
. "$(dirname "$0")/testlib.sh"
doc=$top_srcdir/docs/cluster.md
[ -s "$doc" ] || { echo "FAIL: no $doc"; exit 1; }

# the fenced blocks: ex.N.LANG ('txt' for a block without a language)
awk -v dir="$tmp" '
    /^ *```/ {
        if (out) { close(out); out = ""; next }
        lang = $0; sub(/^ *```/, "", lang); if (lang == "") lang = "txt"
        out = sprintf("%s/ex.%d.%s", dir, ++n, lang); printf "" > out; next
    }
    out { sub(/^  /, ""); print > out }' "$doc"
nsweep=0
for f in "$tmp"/ex.*; do
    case $f in
    *.txt)
        grep -q '^model = ' "$f" || continue # pseudo-code or a message, not input
        nsweep=$((nsweep + 1))
        cp "$f" "$tmp/example$nsweep.sweep"
        if "$NHREF" sweep "$tmp/example$nsweep.sweep" --list > "$tmp/list" 2> "$tmp/err"; then ok; else
            bad "docs/cluster.md's sweep example $nsweep: $(head -3 "$tmp/err")"
            continue
        fi
        grep -q '[^ ]  *# ' "$f" && ok || bad "sweep example $nsweep has no inline comment (is this still the example?)"
        # the cases its comments announce: 'N x M = K cases: NAME-00000 ..', 'K ...: NAME-00000 ..'
        sed -n 's/^\[\([^]]*\)\].*# \(.* = \)\{0,1\}\([0-9][0-9]*\) .*/\1 \3/p' "$f" | while read -r sec k; do
            got=$(grep -c "	$sec-[0-9]*	" "$tmp/list")
            [ "$got" -eq "$k" ] && echo ok || echo "bad [$sec]: $got cases listed, the comment says $k"
        done > "$tmp/counts"
        [ -s "$tmp/counts" ] && ok || bad "sweep example $nsweep: no section announces its cases"
        while read -r r; do case $r in ok) ok ;; *) bad "sweep example $nsweep: $r" ;; esac; done < "$tmp/counts"
        # the first case of each section runs (one shard of one case each)
        total=$(wc -l < "$tmp/list")
        for i in $(awk -F '\t' '{ s = $2; sub(/-[0-9]+$/, "", s); if (!(s in seen)) { seen[s] = 1; print $1 + 1 } }' "$tmp/list"); do
            if (cd "$tmp" && "$NHREF" sweep "example$nsweep.sweep" --shard "$i/$total" -q -o "out$nsweep") 2> "$tmp/err"; then
                ok
            else
                bad "sweep example $nsweep, case $((i - 1)): $(head -3 "$tmp/err")"
            fi
        done ;;
    *.sh)
        sh -n "$f" 2> "$tmp/err" && ok || bad "a sh block of docs/cluster.md is not valid shell: $(cat "$tmp/err")"
        for s in $(grep -o 'examples/[A-Za-z0-9_.]*' "$f"); do
            [ -f "$top_srcdir/$s" ] && ok || bad "docs/cluster.md runs $s, which does not exist"
        done ;;
    *.python)
        py=${PYTHON:-python3}
        command -v "$py" > /dev/null 2>&1 || continue
        "$py" -c "import sys; compile(open(sys.argv[1]).read(), 'cluster.md', 'exec')" "$f" 2> "$tmp/err" && ok ||
            bad "a python block of docs/cluster.md does not compile: $(tail -1 "$tmp/err")"
        ;;
    esac
done
[ "$nsweep" -ge 1 ] && ok || bad "no sweep file example found in docs/cluster.md"
summary cluster_doc
