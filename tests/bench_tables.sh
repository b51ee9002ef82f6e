#!/bin/sh
# bench_tables.sh -- the bench's own arithmetic and tables (issue 27 item 5), on made-up
# records whose answers are known (no benchmark is run, no heyoka needed):
#   1. tests/bench/heyoka_merge.awk: per case, the median over the processes of the
#      per-process ratios and times (odd and even counts: the middle one, the mean of the
#      middle two), one slow heyoka process left out by the median, the range, the
#      rounds summed, the flags same/agree, and the rows it writes: the ratio and the two
#      construction times (heyoka's JIT, nhref's), named as perf_table.sh groups them;
#      bench_heyoka.sh runs the double and the MPFR cases in their numbers of fresh
#      processes, and its --update replaces only the heyoka/ and construct/ rows;
#   2. tests/bench/perf_table.sh: the summary groups the levels of a comparison on one
#      line, quotes every golden case (not bench_proven.sh's four cases of issue 12 nor
#      its per-case rows, which the full table keeps), names the worst case of a worst
#      row, prints small times with their digits; --update replaces only what lies
#      between the markers, leaves a file without markers as it was, and leaves no
#      temporary file;
#   3. bench_proven.sh refuses an unknown part of NHREF_BENCH_PROVEN, naming the
#      variable and the admissible parts.
. "$(dirname "$0")/testlib.sh"
bench=$top_srcdir/tests/bench

# ------------------------------------------------------------------ 1. heyoka_merge.awk
# a case in 5 processes: per-process ratios 1.10 1.00 0.55 (the slow heyoka instance)
# 1.20 1.05, median 1.05; nhref's times 4 5 4.5 4.4 4.6 us, median 4.5; heyoka's 3.6 5
# 8.2 3.7 4.4 us, median 4.4; JIT 0.5 0.7 0.6 0.9 0.4 s, median 0.6; nhref's
# construction 1e-5 .. 5e-5 s, median 3e-5; rounds 5 each, 25 in all.  A second case in
# 4 processes: ratios 0.30 0.40 0.50 0.90, median 0.45; JIT 2 4 6 8, median 5; its third
# process ends with another error (agree = 0) and its fourth says same = 0.
hy() { # CASE KIND TOL RATIO T_NHREF T_HEYOKA T_JIT T_NEW SAME ERR_HEYOKA
    printf 'hycase case=%s problem=%s kind=%s prec=%s digits=%s tol=%s T=10 order_nhref=11 order_heyoka=11 steps_nhref=19 steps_heyoka=19 t_new=%s t_jit=%s reps=100 rounds=5 t_nhref=%s t_heyoka=%s ratio=%s ratio_lo=0.1 ratio_hi=9 err_nhref=7.2e-11 err_heyoka=%s same=%s ref=oracle-256bits mode=%s heyoka_version=7.2.1\n' \
        "$1" "${1%%:*}" "$2" "$([ "$2" = mp ] && echo 132 || echo 53)" "$([ "$2" = mp ] && echo 30 || echo -)" "$3" \
        "$8" "$7" "$5" "$6" "$4" "${10}" "$9" "$([ "$2" = mp ] && echo compact || echo default)"
}
{
    for p in 1 2 3 4 5; do
        echo "heyoka version=7.2.1 mppp=2.0.0 cxx=12.2.0"
        set -- 1.10:4e-06:3.6e-06:0.5:1e-05 1.00:5e-06:5e-06:0.7:2e-05 0.55:4.5e-06:8.2e-06:0.6:3e-05 \
            1.20:4.4e-06:3.7e-06:0.9:4e-05 1.05:4.6e-06:4.4e-06:0.4:5e-05
        eval "v=\${$p}"
        IFS=: read -r r tn th tj tw <<EOF
$v
EOF
        hy sleigh:d:1e-8 d 1e-8 "$r" "$tn" "$th" "$tj" "$tw" 1 7.2e-11
        if [ "$p" -le 4 ]; then
            set -- 0.30 0.40 0.50 0.90
            eval "r=\${$p}"
            hy skater:mp:30 mp 1e-30 "$r" 0.04 0.1 "$((2 * p))" 0.001 "$([ "$p" = 4 ] && echo 0 || echo 1)" \
                "$([ "$p" = 3 ] && echo 8e-32 || echo 7.9e-32)"
        fi
        echo "a line that is not a record"
    done
} >"$tmp/raw.txt"
awk -f "$bench/heyoka_merge.awk" "$tmp/raw.txt" >"$tmp/merged.txt" 2>"$tmp/err" || bad "heyoka_merge.awk failed: $(cat "$tmp/err")"

# FIELD of the record or row whose first words match PATTERN
field() { grep -E "^$1 " "$tmp/merged.txt" | head -n 1 | sed 's/ note=.*//' | tr ' ' '\n' | sed -n "s/^$2=//p"; }
# numeric equality within 1e-9 relative
same_num() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(a != "" && d <= 1e-9 * (b < 0 ? -b : b) + 1e-300) }'; }
check() { # WHAT GOT WANT
    if same_num "$2" "$3"; then ok; else bad "heyoka_merge: $1 = '$2', want $3"; fi
}
[ "$(grep -c '^heyoka version=' "$tmp/merged.txt")" = 1 ] && ok || bad "heyoka_merge: the version line is not passed once"
[ "$(grep -c '^hycase ' "$tmp/merged.txt")" = 2 ] && ok || bad "heyoka_merge: $(grep -c '^hycase ' "$tmp/merged.txt") merged records, want 2"
h='hycase case=sleigh:d:1e-8'
check "sleigh ratio" "$(field "$h" ratio)" 1.05
check "sleigh t_nhref" "$(field "$h" t_nhref)" 4.5e-06
check "sleigh t_heyoka" "$(field "$h" t_heyoka)" 4.4e-06
check "sleigh t_jit" "$(field "$h" t_jit)" 0.6
check "sleigh t_new" "$(field "$h" t_new)" 3e-05
check "sleigh ratio_lo" "$(field "$h" ratio_lo)" 0.55
check "sleigh ratio_hi" "$(field "$h" ratio_hi)" 1.2
check "sleigh rounds" "$(field "$h" rounds)" 25
check "sleigh procs" "$(field "$h" procs)" 5
[ "$(field "$h" ratios)" = "1.100,1.000,0.550,1.200,1.050" ] && ok || bad "heyoka_merge: sleigh ratios = '$(field "$h" ratios)'"
[ "$(field "$h" same)" = 1 ] && [ "$(field "$h" agree)" = 1 ] && ok || bad "heyoka_merge: sleigh same/agree not 1"
h='hycase case=skater:mp:30'
check "skater ratio (even count)" "$(field "$h" ratio)" 0.45
check "skater t_jit (even count)" "$(field "$h" t_jit)" 5
[ "$(field "$h" same)" = 0 ] && ok || bad "heyoka_merge: skater same = '$(field "$h" same)', want 0 (one process said 0)"
[ "$(field "$h" agree)" = 0 ] && ok || bad "heyoka_merge: skater agree = '$(field "$h" agree)', want 0 (one process's error differs)"
r='result name=heyoka/sleigh/d/1e-8'
check "row heyoka/sleigh/d/1e-8 value" "$(field "$r" value)" 1.05
check "row heyoka/sleigh/d/1e-8 peer_s" "$(field "$r" peer_s)" 4.4e-06
[ "$(field "$r" measure)" = nhref/heyoka ] && [ "$(field "$r" better_if)" = "<1" ] && ok || bad "heyoka_merge: the ratio row's measure or better_if"
check "row heyoka/skater/mpfr/30 value" "$(field 'result name=heyoka/skater/mpfr/30' value)" 0.45
grep '^result name=heyoka/skater/mpfr/30 ' "$tmp/merged.txt" | grep -q 'WARNING: repeated runs' && ok ||
    bad "heyoka_merge: the skater row does not warn that runs were not reproducible"
check "row construct/heyoka/double/sleigh-1e-8" "$(field 'result name=construct/heyoka/double/sleigh-1e-8' value)" 0.6
check "row construct/nhref/double/sleigh-1e-8" "$(field 'result name=construct/nhref/double/sleigh-1e-8' value)" 3e-05
check "row construct/heyoka/mpfr/skater-30" "$(field 'result name=construct/heyoka/mpfr/skater-30' value)" 5
[ "$(grep -c '^result ' "$tmp/merged.txt")" = 6 ] && ok || bad "heyoka_merge: $(grep -c '^result ' "$tmp/merged.txt") rows, want 6"
# the rows make a results.tsv that perf_table.sh reads
awk -v header=1 -f "$bench/results.awk" "$tmp/merged.txt" >"$tmp/hy.tsv"
[ "$(grep -c '^construct/' "$tmp/hy.tsv")" = 4 ] && ok || bad "results.awk: the construct rows are not rows of results.tsv"

# bench_heyoka.sh: the processes (the double cases in NHREF_BENCH_HEYOKA_PROCS of them, the
# MPFR cases in NHREF_BENCH_HEYOKA_MP_PROCS, alternately) of a stand-in program whose
# ratio is its call number / 10: calls 1 (d), 2 (mp), 3 (d), 4 (d), so the d case's
# median is 0.3 and the mp case's 0.2; --update replaces the heyoka/ and construct/ rows
{
    echo '#!/bin/sh'
    echo "count=$tmp/count calls=$tmp/calls"
    cat <<'FAKE'
n=$(($(cat "$count" 2>/dev/null || echo 0) + 1))
echo $n >"$count"
echo "$*" >>"$calls"
echo "heyoka version=7.2.1 mppp=2.0.0 cxx=12"
shift 2
for c in "$@"; do
    echo "hycase case=$c problem=${c%%:*} kind=$(echo $c | cut -d: -f2) prec=53 digits=- tol=1e-8 T=10 order_nhref=11 order_heyoka=11 steps_nhref=19 steps_heyoka=19 t_new=1e-05 t_jit=0.5 reps=9 rounds=5 t_nhref=1e-06 t_heyoka=1e-06 ratio=0.$n ratio_lo=0 ratio_hi=1 err_nhref=1e-11 err_heyoka=1e-11 same=1 ref=r mode=default heyoka_version=7.2.1"
done
FAKE
} >"$tmp/fake"
chmod +x "$tmp/fake"
{
    printf '# nhref make bench results\n# heyoka rows skipped: no heyoka\n'
    printf 'name\tmeasure\tvalue\tnote\n'
    printf 'floor/sleigh/mpfr/30\tnhref/floor\t0.59\tkept\n'
    printf 'heyoka/sleigh/d/1e-8\tnhref/heyoka\t9.99\told\n'
    printf 'construct/heyoka/double/sleigh-1e-8\tcpu_s\t9.99\told\n'
} >"$tmp/res.tsv"
NHREF_BENCH_HEYOKA_CASES="sleigh:d:1e-8 skater:mp:30" NHREF_BENCH_HEYOKA_PROCS=3 NHREF_BENCH_HEYOKA_MP_PROCS=1 \
    NHREF_BENCH_HEYOKA_ROUNDS=7 sh "$bench/bench_heyoka.sh" --update "$tmp/res.tsv" "$bench" "$tmp/fake" \
    >"$tmp/hyout" 2>"$tmp/err" || bad "bench_heyoka.sh failed: $(cat "$tmp/err")"
[ "$(tr '\n' '|' <"$tmp/calls")" = "-r 5 sleigh:d:1e-8|-r 7 skater:mp:30|-r 5 sleigh:d:1e-8|-r 5 sleigh:d:1e-8|" ] && ok ||
    bad "bench_heyoka.sh: the processes were: $(tr '\n' '|' <"$tmp/calls")"
v=$(awk -F '\t' '$1 == "heyoka/sleigh/d/1e-8" { print $3 }' "$tmp/res.tsv")
[ "$v" = 0.3000 ] && ok || bad "bench_heyoka.sh --update: heyoka/sleigh/d/1e-8 = '$v', want 0.3000 once"
v=$(awk -F '\t' '$1 == "heyoka/skater/mpfr/30" { print $3 }' "$tmp/res.tsv")
[ "$v" = 0.2000 ] && ok || bad "bench_heyoka.sh --update: heyoka/skater/mpfr/30 = '$v', want 0.2000"
grep -q '^floor/sleigh/mpfr/30	' "$tmp/res.tsv" && ok || bad "bench_heyoka.sh --update dropped another row"
grep -q '9\.99\|heyoka rows skipped' "$tmp/res.tsv" && bad "bench_heyoka.sh --update kept an old heyoka row or line" || ok
[ "$(grep -c '^construct/' "$tmp/res.tsv")" = 4 ] && ok || bad "bench_heyoka.sh --update: $(grep -c '^construct/' "$tmp/res.tsv") construct rows, want 4"
awk '/^# heyoka: bench_heyoka.sh, date=/ { h = NR } /^name\t/ { n = NR } END { exit !(h && n == h + 1) }' "$tmp/res.tsv" && ok ||
    bad "bench_heyoka.sh --update: no '# heyoka:' line just before the header row"
out=$(NHREF_BENCH_HEYOKA_PROCS=two sh "$bench/bench_heyoka.sh" "$bench" "$tmp/fake" 2>&1)
[ $? = 2 ] && printf '%s\n' "$out" | grep -q "_PROCS and _MP_PROCS must be whole numbers (not 'two')" && ok ||
    bad "bench_heyoka.sh NHREF_BENCH_HEYOKA_PROCS=two: $out"

# ------------------------------------------------------------------ 2. perf_table.sh
tab=$(printf '\t')
row() { # NAME MEASURE VALUE BETTER NOTE
    printf '%s\t%s\t%s\t%s\t-\t-\t-\t-\t-\t-\t-\t-\tnhref\tthis\t1\t%s\n' "$1" "$2" "$3" "$4" "$5"
}
{
    echo "# nhref make bench results: one row per measured ratio"
    echo "# date=2026-01-02 03:04 UTC cpu=Test CPU cores=2 load_start=1.00 1.00 1.00 load_end=2.00 2.00 2.00"
    echo "# nhref=abc1234 mpfr=4.2.0 gmp=6.2.1"
    echo "# proven: bench_proven.sh radius fresh, date=2026-01-02 04:00 UTC"
    printf 'name%smeasure%svalue%sbetter_if%snhref_s%speer_s%sprec%sdigits%stol%sT%serr_nhref%serr_peer%speer%speer_version%srounds%snote\n' \
        "$tab" "$tab" "$tab" "$tab" "$tab" "$tab" "$tab" "$tab" "$tab" "$tab" "$tab" "$tab" "$tab" "$tab" "$tab"
    row heyoka/sleigh/mpfr/30 nhref/heyoka 0.3214 "<1" "n"
    row heyoka/sleigh/mpfr/300 nhref/heyoka 0.6789 "<1" "n"
    row construct/heyoka/double/sleigh-1e-8 cpu_s 0.01234 lower "n"
    row proven/cost/skater-C1 rigorous/plain 6.9 "<=5" "four cases"
    row proven/ratio/skater/C1 rigorous/plain 7.7 "<=5" "one case"
    row proven/summary/ratio-worst/golden rigorous/plain 255 "<=30" "the worst rigorous/plain CPU ratio over 58 golden cases: cbcat/P1; target <= 30 (issue 26)"
    row proven/summary/ratio-worst/fresh rigorous/plain 306.8 "<=30" "the worst rigorous/plain CPU ratio over 20 fresh cases: gv_wheels/gv_wheels-F1 (TIMEOUT: a lower bound); target <= 30"
    row proven/summary/golden-proven/files files 51 ">=58" "n"
} >"$tmp/r.tsv"
sh "$bench/perf_table.sh" --summary "$tmp/r.tsv" >"$tmp/summary.md" 2>"$tmp/err" || bad "perf_table.sh --summary failed: $(cat "$tmp/err")"
grep -q '^| sleigh vs heyoka, MPFR (heyoka compact mode) | nhref/heyoka (<1) | 30 / 300 digits | 0.32 / 0.68 |$' "$tmp/summary.md" && ok ||
    bad "perf_table summary: the heyoka MPFR line: $(grep heyoka "$tmp/summary.md" | head -n 1)"
grep -q '| sleigh-1e-8 tol | 0.012 |$' "$tmp/summary.md" && ok ||
    bad "perf_table summary: a JIT time of 0.01234 s is not 0.012: $(grep construct "$tmp/summary.md"; grep JIT "$tmp/summary.md")"
grep -q '| golden / fresh cases | 255 (cbcat/P1) / 307 (gv_wheels/gv_wheels-F1) |$' "$tmp/summary.md" && ok ||
    bad "perf_table summary: the worst cases are not named: $(grep -i worst "$tmp/summary.md")"
grep -q '| files | 51 |$' "$tmp/summary.md" && ok || bad "perf_table summary: 51 files: $(grep files "$tmp/summary.md")"
grep -Eq 'skater-C1|skater/C1|6\.9|7\.7' "$tmp/summary.md" && bad "perf_table summary quotes bench_proven.sh's four cases or a per-case row" || ok
sh "$bench/perf_table.sh" --full "$tmp/r.tsv" >"$tmp/full.md" 2>"$tmp/err" || bad "perf_table.sh --full failed: $(cat "$tmp/err")"
grep -q '^| proven/cost/skater-C1 | rigorous/plain | 6.90 |' "$tmp/full.md" && grep -q '^| proven/ratio/skater/C1 |' "$tmp/full.md" && ok ||
    bad "perf_table full: the proven per-case rows are missing"
# --update: only between the markers; a file without markers stays as it was
{
    echo "before 1.23"
    echo "<!-- bench-table:summary:begin -->"
    echo "an old table 9.99"
    echo "<!-- bench-table:summary:end -->"
    echo "after 4.56"
} >"$tmp/doc.md"
printf 'no markers here\n' >"$tmp/plain.md"
cp "$tmp/plain.md" "$tmp/plain.orig"
sh "$bench/perf_table.sh" --update "$tmp/r.tsv" "$tmp/doc.md" "$tmp/plain.md" 2>"$tmp/err" || bad "perf_table.sh --update failed: $(cat "$tmp/err")"
{
    echo "before 1.23"
    echo "<!-- bench-table:summary:begin -->"
    cat "$tmp/summary.md"
    echo "<!-- bench-table:summary:end -->"
    echo "after 4.56"
} >"$tmp/want.md"
cmp -s "$tmp/doc.md" "$tmp/want.md" && ok || bad "perf_table --update: $(diff "$tmp/want.md" "$tmp/doc.md" | head -n 5)"
cmp -s "$tmp/plain.md" "$tmp/plain.orig" && ok || bad "perf_table --update changed a file without markers"
grep -q 'plain.md has no bench-table markers' "$tmp/err" && ok || bad "perf_table --update does not say it left plain.md alone"
[ -z "$(find "$tmp" -name '*.tmp.*')" ] && ok || bad "perf_table --update left a temporary file"

# ------------------------------------------------------------------ 3. bench_proven.sh's parts
out=$(NHREF_BENCH_PROVEN="radius costs" sh "$bench/bench_proven.sh" "$bench" 2>&1)
rc=$?
[ "$rc" = 2 ] && printf '%s\n' "$out" | grep -q "NHREF_BENCH_PROVEN must be one or more of cost, radius, fresh, all (not 'costs'" && ok ||
    bad "bench_proven.sh NHREF_BENCH_PROVEN='radius costs': exit $rc: $out"

summary bench_tables.sh
