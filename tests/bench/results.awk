# results.awk -- the "result KEY=VALUE ... note=TEXT" records of the bench programs as
# rows of tests/bench/results.tsv (bench.sh and bench_proven.sh), one column per key
# in the order below, "-" for a key a record does not give; the note is the rest of
# the line (tabs made spaces).  Other lines are skipped, except that with -v header=1
# the comment lines (#) pass through and the header row comes before the first row.
BEGIN {
    ncol = split("name measure value better_if nhref_s peer_s prec digits tol T err_nhref err_peer peer peer_version rounds note", col, " ")
}
header && /^#/ { print; next }
$0 !~ /^result / { next }
header && !hdr { for (i = 1; i <= ncol; i++) printf "%s%s", col[i], i < ncol ? "\t" : "\n"; hdr = 1 }
{
    line = $0; delete rec
    p = index(line, " note=")
    if (p > 0) { rec["note"] = substr(line, p + 6); line = substr(line, 1, p - 1) }
    n = split(line, f, " ")
    for (i = 2; i <= n; i++) if ((q = index(f[i], "=")) > 0) rec[substr(f[i], 1, q - 1)] = substr(f[i], q + 1)
    gsub(/\t/, " ", rec["note"])
    for (i = 1; i <= ncol; i++)
        printf "%s%s", (col[i] in rec && rec[col[i]] != "") ? rec[col[i]] : "-", i < ncol ? "\t" : "\n"
}
