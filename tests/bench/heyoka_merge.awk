# heyoka_merge.awk -- the records of several bench_heyoka processes as one
# record per case and the rows of results.tsv (bench.sh, section 6).
#
# About one heyoka double instance in ten runs 1.5-1.9x slower for its whole
# life (issue 27), so one process's rounds share its luck: bench.sh runs
# bench_heyoka in several fresh processes and this script takes, per case, the
# median over the processes of each process's median.
#
# Input: the outputs of the processes, one after the other; each begins with
# its "heyoka version=.." line, then one "hycase KEY=VALUE..." line per case
# (bench_heyoka.cpp says the keys).  Other lines are ignored.
# Output, per case in the order of first appearance:
#   hycase ...   the record with ratio, t_nhref, t_heyoka, t_new, t_jit the
#                medians over the processes, ratio_lo / ratio_hi the smallest
#                and largest per-process ratio, rounds their sum, procs the
#                number of processes, ratios the per-process ratios (comma-
#                separated, in process order), same = 1 only if every process
#                said same = 1, agree = 1 if every process took the same steps
#                and ended with the same errors (both sides are deterministic);
#   result name=heyoka/PROBLEM/KIND/LEVEL measure=nhref/heyoka ...   the ratio;
#   result name=construct/heyoka/PREC/PROBLEM-LEVEL measure=cpu_s ...   heyoka's
#                construction (taylor_adaptive's constructor: the LLVM JIT);
#   result name=construct/nhref/PREC/PROBLEM-LEVEL measure=cpu_s ...   nhref's
#                (nhref_integrator_new / _new_d);
#   (PREC: mpfr or double; LEVEL: the digits, the tolerance, or ha-TOL for
#   heyoka's high_accuracy cases) -- rows of results.tsv (bench.sh's columns).
# The first "heyoka version=" line is passed through (the report prints it).
#
# Usage: awk -f heyoka_merge.awk RAW...

# the median of A[1..N] (sorts a copy)
function median(a, n,    i, j, b, x) {
    for (i = 1; i <= n; i++) b[i] = a[i] + 0
    for (i = 2; i <= n; i++) {
        x = b[i]
        for (j = i - 1; j >= 1 && b[j] > x; j--) b[j + 1] = b[j]
        b[j + 1] = x
    }
    return n % 2 ? b[(n + 1) / 2] : 0.5 * (b[n / 2] + b[n / 2 + 1])
}
# the median of field K over the processes of case C
function med(c, k,    i, a) {
    for (i = 1; i <= NP[c]; i++) a[i] = V[c, i, k]
    return median(a, NP[c])
}
$1 == "heyoka" && $2 ~ /^version=/ {
    if (!nproc++) print
    next
}
$1 == "hycase" {
    delete rec
    for (i = 2; i <= NF; i++)
        if ((q = index($i, "=")) > 0) rec[substr($i, 1, q - 1)] = substr($i, q + 1)
    c = rec["case"]
    if (c == "") next
    if (!(c in NP)) { ncase++; CASE[ncase] = c }
    p = ++NP[c]
    for (k in rec) V[c, p, k] = rec[k]
    next
}
END {
    for (n = 1; n <= ncase; n++) {
        c = CASE[n]; np = NP[c]
        same = 1; agree = 1; rounds = 0; ratios = ""
        lo = hi = V[c, 1, "ratio"] + 0
        for (p = 1; p <= np; p++) {
            if (V[c, p, "same"] != 1) same = 0
            for (f = 1; f <= 4; f++) {
                k = f == 1 ? "steps_nhref" : f == 2 ? "steps_heyoka" : f == 3 ? "err_nhref" : "err_heyoka"
                if (V[c, p, k] != V[c, 1, k]) agree = 0
            }
            rounds += V[c, p, "rounds"]
            r = V[c, p, "ratio"] + 0
            if (r < lo) lo = r
            if (r > hi) hi = r
            ratios = ratios (p > 1 ? "," : "") sprintf("%.3f", r)
        }
        ratio = med(c, "ratio"); tn = med(c, "t_nhref"); th = med(c, "t_heyoka")
        tnew = med(c, "t_new"); tjit = med(c, "t_jit")
        # the merged record: the medians in place of the first process's values
        line = "hycase"
        nk = split("case problem kind prec digits tol T order_nhref order_heyoka steps_nhref steps_heyoka", keys, " ")
        for (i = 1; i <= nk; i++) line = line " " keys[i] "=" V[c, 1, keys[i]]
        line = line sprintf(" t_new=%.4g t_jit=%.4g reps=%s rounds=%d t_nhref=%.6g t_heyoka=%.6g ratio=%.4f ratio_lo=%.4f ratio_hi=%.4f",
                            tnew, tjit, V[c, 1, "reps"], rounds, tn, th, ratio, lo, hi)
        line = line sprintf(" err_nhref=%s err_heyoka=%s same=%d ref=%s mode=%s heyoka_version=%s procs=%d ratios=%s agree=%d",
                            V[c, 1, "err_nhref"], V[c, 1, "err_heyoka"], same, V[c, 1, "ref"], V[c, 1, "mode"],
                            V[c, 1, "heyoka_version"], np, ratios, agree)
        print line

        pb = V[c, 1, "problem"]; kind = V[c, 1, "kind"]; lev = c; sub(/.*:/, "", lev)
        mode = V[c, 1, "mode"]; gsub(/\+/, ", ", mode); gsub(/_/, " ", mode)
        ver = V[c, 1, "heyoka_version"]
        cond = "prec=" V[c, 1, "prec"] " digits=" V[c, 1, "digits"] " tol=" V[c, 1, "tol"] " T=" V[c, 1, "T"]
        warn = ""
        if (!same) warn = warn "; WARNING: repeated runs of a side did not end on the same state"
        if (!agree) warn = warn "; WARNING: the processes differ in steps or errors"
        printf "result name=heyoka/%s/%s/%s measure=nhref/heyoka value=%.4f better_if=<1 nhref_s=%.6g peer_s=%.6g %s " \
               "err_nhref=%s err_peer=%s peer=heyoka peer_version=%s rounds=%d note=heyoka %s mode; the median over %d " \
               "fresh processes of each process\047s median per-round ratio (per process: %s), %d rounds in all, " \
               "nhref and heyoka in one process, interleaved, CPU time; orders %s/%s, steps %s/%s (nhref/heyoka); " \
               "construction excluded (rows construct/); reference %s%s\n",
               pb, kind == "mp" ? "mpfr" : kind, lev, ratio, tn, th, cond, V[c, 1, "err_nhref"], V[c, 1, "err_heyoka"],
               ver, rounds, mode, np, ratios, rounds, V[c, 1, "order_nhref"], V[c, 1, "order_heyoka"],
               V[c, 1, "steps_nhref"], V[c, 1, "steps_heyoka"], V[c, 1, "ref"], warn
        prec = kind == "mp" ? "mpfr" : "double"
        clev = pb "-" (kind == "dha" ? "ha-" lev : lev)
        printf "result name=construct/heyoka/%s/%s measure=cpu_s value=%.4g better_if=lower nhref_s=%.4g peer_s=%.4g %s " \
               "peer=heyoka peer_version=%s rounds=%d note=CPU seconds of heyoka\047s taylor_adaptive constructor (the LLVM " \
               "JIT compilation of the system, %s mode), the median over %d fresh processes; nhref\047s construction " \
               "of the same case in nhref_s (row construct/nhref/%s/%s)\n",
               prec, clev, tjit, tnew, tjit, cond, ver, np, mode, np, prec, clev
        printf "result name=construct/nhref/%s/%s measure=cpu_s value=%.4g better_if=lower nhref_s=%.4g peer_s=%.4g %s " \
               "peer=heyoka peer_version=%s rounds=%d note=CPU seconds of nhref\047s construction of the integrator " \
               "(nhref_integrator_new%s: its jets and work space, compilation included when nhref compiles the jets at " \
               "run time), the median over %d fresh processes; heyoka\047s (its JIT) in peer_s\n",
               prec, clev, tnew, tnew, tjit, cond, ver, np, kind == "mp" ? "" : "_d", np
    }
}
