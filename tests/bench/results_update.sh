#!/bin/sh
# results_update.sh -- merge the "result KEY=VALUE ... note=TEXT" lines of one bench
# program (standard input) into results.tsv, for the bench targets that run one section
# alone (make bench-batch, make bench-floor; `make bench` rewrites the whole file):
#   results_update.sh RESULTS SRCDIR TAG
# Each new row replaces the row of the same name, or is appended; every other row and
# comment stays.  A comment line "# TAG: ..." (date, load, nhref's commit) replaces the
# previous one of the same TAG.  Written atomically; RESULTS is left as it was when no
# row was measured.  Rows: results.awk (bench.sh says the columns).
set -u
[ $# -eq 3 ] || { echo "usage: results_update.sh RESULTS SRCDIR TAG < result-lines" >&2; exit 2; }
results=$1 srcdir=$2 tag=$3
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
load_start=$(cut -d ' ' -f 1-3 /proc/loadavg 2>/dev/null || echo ?)
grep '^result ' > "$tmp/new"
[ -s "$tmp/new" ] || { echo "results_update.sh: no rows measured; $results left as it was" >&2; exit 1; }
awk -v header=0 -f "$srcdir/results.awk" "$tmp/new" > "$tmp/rows" || exit 1
line="# $tag: $(date -u '+%Y-%m-%d %H:%M UTC') load=$load_start nhref=$(git -C "$srcdir" describe --always --dirty 2>/dev/null || echo unknown)"
{
    if [ -s "$results" ]; then
        awk -F '\t' -v line="$line" -v tag="# $tag: " -v rows="$tmp/rows" '
            BEGIN { while ((getline r < rows) > 0) { split(r, f, "\t"); new[f[1]] = r; order[++n] = f[1] } }
            index($0, tag) == 1 { next }
            !hdr && !/^#/ { print line; hdr = 1 }
            /^#/ || $1 == "name" { print; next }
            $1 in new { print new[$1]; done[$1] = 1; next }
            { print }
            END { for (i = 1; i <= n; i++) if (!(order[i] in done)) print new[order[i]] }' "$results"
    else
        printf '# nhref make bench results: one row per measured ratio (tests/bench/bench.sh says the columns)\n'
        printf '%s\n' "$line"
        awk -v header=1 -f "$srcdir/results.awk" "$tmp/new"
    fi
} > "$results.tmp.$$" && mv "$results.tmp.$$" "$results" &&
    echo "results_update.sh: $(wc -l < "$tmp/rows") rows into $results" >&2 || {
    rm -f "$results.tmp.$$"
    echo "results_update.sh: cannot write $results" >&2
    exit 1
}
