#!/bin/sh
# perf_table.sh -- the performance tables of docs/performance.md (and of the
# README) from the results.tsv that `make bench` writes (bench.sh says the
# columns), so that the documents quote one run and nothing is typed by hand.
#
# Usage:
#   perf_table.sh --summary RESULTS.tsv    the summary table (Markdown) on stdout:
#                                          one line per comparison, its levels
#                                          and ratios side by side
#   perf_table.sh --full RESULTS.tsv       every row: ratio, times, precision,
#                                          tolerance, errors, peer version
#   perf_table.sh --update RESULTS.tsv FILE...
#       replace, in each FILE, the lines between
#           <!-- bench-table:summary:begin -->  and  <!-- bench-table:summary:end -->
#           <!-- bench-table:full:begin -->     and  <!-- bench-table:full:end -->
#       by the tables (written atomically); a FILE without the markers is left
#       alone (and said so on stderr).
# A comparison is the row name without its last component (heyoka/sleigh/mpfr
# for heyoka/sleigh/mpfr/30); known comparisons get a label below, any other
# (a new benchmark's rows) is shown under its own name.
set -u

usage() {
    echo "usage: perf_table.sh --summary|--full RESULTS.tsv" >&2
    echo "       perf_table.sh --update RESULTS.tsv FILE..." >&2
    exit 2
}

[ $# -ge 2 ] || usage
mode=$1
tsv=$2
shift 2
[ -r "$tsv" ] || { echo "perf_table.sh: cannot read $tsv" >&2; exit 1; }

# table KIND (summary | full) of $tsv on stdout
table() {
    awk -F '\t' -v kind="$1" '
    BEGIN {
        # labels and level units of the known comparisons
        lab["heyoka/sleigh/mpfr"] = "sleigh vs heyoka, MPFR (heyoka compact mode)"; unit["heyoka/sleigh/mpfr"] = "digits"
        lab["heyoka/skater/mpfr"] = "skater C2 vs heyoka, MPFR (compact mode)"; unit["heyoka/skater/mpfr"] = "digits"
        lab["heyoka/sleigh/d"] = "sleigh vs heyoka, double, same tolerance"; unit["heyoka/sleigh/d"] = "tol"
        lab["heyoka/sleigh/dha"] = "sleigh vs heyoka (high_accuracy), double, equal error"; unit["heyoka/sleigh/dha"] = "tol"
        lab["heyoka/skater/d"] = "skater C2 vs heyoka, double, same tolerance"; unit["heyoka/skater/d"] = "tol"
        lab["heyoka/skater/dha"] = "skater C2 vs heyoka (high_accuracy), double, equal error"; unit["heyoka/skater/dha"] = "tol"
        lab["gsl/sleigh/T10"] = "sleigh vs GSL rk8pd, double, T = 10, equal error"; unit["gsl/sleigh/T10"] = "error"
        lab["gsl/sleigh/T100"] = "sleigh vs GSL rk8pd, double, T = 100, equal error"; unit["gsl/sleigh/T100"] = "error"
        lab["batch/sleigh"] = "sleigh PUB-1, batch mode (double, 1e-15) vs B separate runs, throughput"; unit["batch/sleigh"] = "lanes"
        lab["batch/skater-C2"] = "skater C2, batch mode (double, 1e-15) vs B separate runs, throughput"; unit["batch/skater-C2"] = "lanes"
        lab["floor/sleigh/mpfr"] = "sleigh, MPFR Taylor vs its cost floor (nhref'"'"'s own operation count, not a lower bound)"; unit["floor/sleigh/mpfr"] = "digits"
        lab["mpmath/sleigh/mpfr"] = "sleigh vs mpmath.odefun, equal accuracy"; unit["mpmath/sleigh/mpfr"] = "digits"
        lab["odeint/sleigh/168bits"] = "sleigh vs Boost.odeint (mpfr_float, 168 bits), equal accuracy"; unit["odeint/sleigh/168bits"] = "digits"
        lab["mpfr53/sleigh/T10"] = "sleigh, nhref MPFR at 53 bits vs the fast path"; unit["mpfr53/sleigh/T10"] = ""
        lab["model-file/sleigh/mpfr"] = "sleigh, model file (its Lagrangian: 6 states, a KKT solve) vs the built-in (5 reduced equations), MPFR"; unit["model-file/sleigh/mpfr"] = "digits"
        lab["model-file/sleigh/double"] = "sleigh, model file (its Lagrangian) vs the built-in, double"; unit["model-file/sleigh/double"] = ""
        lab["model-file/one_wheel/mpfr"] = "one_wheel, model file (mass-matrix form, same equations) vs the built-in, MPFR"; unit["model-file/one_wheel/mpfr"] = "digits"
        lab["model-file/one_wheel/double"] = "one_wheel, model file (mass-matrix form) vs the built-in, double"; unit["model-file/one_wheel/double"] = ""
        lab["model-file/suslov_servo/mpfr"] = "suslov_servo, model file (explicit ODE, same equations) vs the built-in, MPFR"; unit["model-file/suslov_servo/mpfr"] = "digits"
        lab["proven/cost"] = "nhref run --rigorous vs the plain MPFR run, four cases (5 rounds)"; unit["proven/cost"] = ""
        lab["proven/summary/radius-share"] = "--rigorous: share of the cases with radius <= 10^-(D-5) at the final time (bench_proven.sh: every golden case, 20 fresh ones)"; unit["proven/summary/radius-share"] = "cases"
        lab["proven/summary/ratio-median"] = "--rigorous vs plain: median CPU ratio over those cases (each the median of its rounds)"; unit["proven/summary/ratio-median"] = "cases"
        lab["proven/summary/ratio-worst"] = "--rigorous vs plain: worst CPU ratio"; unit["proven/summary/ratio-worst"] = "cases"
        lab["proven/summary/net-ratio-median"] = "--rigorous vs plain, net of the process start: median"; unit["proven/summary/net-ratio-median"] = "cases"
        lab["proven/summary/net-ratio-worst"] = "--rigorous vs plain, net of the process start: worst"; unit["proven/summary/net-ratio-worst"] = "cases"
        lab["proven/summary/golden-proven"] = "golden files PROVEN in every column"; unit["proven/summary/golden-proven"] = ""
        lab["model-file/suslov_servo/double"] = "suslov_servo, model file (explicit ODE) vs the built-in, double"; unit["model-file/suslov_servo/double"] = ""
        lab["construct/heyoka/mpfr"] = "heyoka: constructing the MPFR integrator (its LLVM JIT, compact mode), CPU s, not in the ratios"; unit["construct/heyoka/mpfr"] = "digits"
        lab["construct/nhref/mpfr"] = "nhref: constructing the MPFR integrator, CPU s, not in the ratios"; unit["construct/nhref/mpfr"] = "digits"
        lab["construct/heyoka/double"] = "heyoka: constructing the double integrator (its LLVM JIT; ha: high_accuracy), CPU s, not in the ratios"; unit["construct/heyoka/double"] = "tol"
        lab["construct/nhref/double"] = "nhref: constructing the double integrator, CPU s, not in the ratios"; unit["construct/nhref/double"] = "tol"
    }
    function cell(s) { gsub(/\|/, "\\|", s); return s }
    function fmtv(v) {
        if (v == "NA" || v == "-") return "n/a"
        v += 0
        if (v > 0 && v < 0.1) return sprintf("%.2g", v)
        return v >= 100 ? sprintf("%.0f", v) : v >= 10 ? sprintf("%.1f", v) : sprintf("%.2f", v)
    }
    /^#/ {
        if ($0 ~ /^# date=/) {
            meta = substr($0, 3)
            d = meta; sub(/^date=/, "", d); sub(/ cpu=.*/, "", d)
            c = meta; sub(/.* cpu=/, "", c); sub(/ cores=.*/, "", c)
            n = meta; sub(/.* cores=/, "", n); sub(/ load_start=.*/, "", n)
            ls = meta; sub(/.* load_start=/, "", ls); sub(/ load_end=.*/, "", ls)
            le = meta; sub(/.* load_end=/, "", le)
        }
        if ($0 ~ /^# nhref=/) ver = substr($0, 3)
        if ($0 ~ /^# proven: /) proven = substr($0, 11)
        if ($0 ~ /^# heyoka: /) heyrun = substr($0, 11)
        if ($0 ~ /^# batch: /) batchrun = substr($0, 10)
        if ($0 ~ /^# floor: /) floorrun = substr($0, 10)
        if ($0 ~ /^# model-files: /) mfrun = substr($0, 16)
        if ($0 ~ /^# heyoka rows skipped/) skipped = substr($0, 3)
        next
    }
    !hdr { for (i = 1; i <= NF; i++) C[$i] = i; hdr = 1; next }
    # the summary leaves out the per-case rows of bench_proven.sh and its four
    # cases of issue 12 (the full table has them): it quotes every golden case
    kind == "summary" && $1 ~ /^proven\/(radius|ratio|fresh|cost)\// { next }
    {
        nr++
        for (k in C) R[nr, k] = $(C[k])
        name = $(C["name"]); p = name; sub(/\/[^\/]*$/, "", p); lv = name; sub(/.*\//, "", lv)
        key = p SUBSEP $(C["measure"])
        if (!(key in G)) { ng++; G[key] = ng; GP[ng] = p; GM[ng] = $(C["measure"]); GB[ng] = $(C["better_if"]) }
        g = G[key]
        GL[g] = GL[g] (GL[g] == "" ? "" : " / ") lv
        v = $(C["measure"]) == "files" && $(C["value"]) ~ /^[0-9]+$/ ? $(C["value"]) : fmtv($(C["value"]))
        # a worst case: its name, from the note ("... cases: MODEL/CASE; ...")
        if (p ~ /^proven\/summary\/(net-)?ratio-worst$/ && v != "n/a") {
            w = $(C["note"])
            if (sub(/.* cases: /, "", w)) { sub(/[ ;].*/, "", w); v = v " (" w ")" }
        }
        GV[g] = GV[g] (GV[g] == "" ? "" : " / ") v
        if ($(C["peer_version"]) != "-") GVER[g] = $(C["peer"]) " " $(C["peer_version"])
    }
    END {
        if (nr == 0) { print "(no results)"; exit }
        printf "From one `make bench` run, %s, on %s (%s cores online; load averages over 1, 5 and 15 minutes %s at the start, %s at the end; %s).", d, c, n, ls, le, ver
        print " Ratios are medians of per-round ratios; the machine is shared, so read the ratios rather than the times."
        if (skipped != "") print "(" skipped ")"
        if (heyrun != "") print "The heyoka/ and construct/ rows come from a later run of " heyrun " (`make bench-heyoka`)."
        if (batchrun != "") print "The batch/ rows come from a later run, " batchrun " (`make bench-batch`)."
        if (floorrun != "") print "The floor/ rows come from a later run, " floorrun " (`make bench-floor`)."
        if (mfrun != "") print "The model-file/ rows come from a later run, " mfrun " (`make bench-model-files`)."
        if (proven != "") print "The proven/ rows come from a later run of " proven "; each per-case ratio is the median of its rounds (docs/performance.md, Proven trajectories)."
        print ""
        if (kind == "summary") {
            print "| comparison | ratio (good for nhref) | at | values |"
            print "|---|---|---|---|"
            for (g = 1; g <= ng; g++) {
                l = (GP[g] in lab) ? lab[GP[g]] : GP[g]
                u = (GP[g] in unit) ? unit[GP[g]] : ""
                printf "| %s | %s (%s) | %s%s | %s |\n", cell(l), cell(GM[g]), cell(GB[g]),
                       cell(GL[g]), u != "" ? " " u : "", cell(GV[g])
            }
        } else {
            print "| name | measure | value | nhref [s] | peer [s] | bits | tol or error level | T | error nhref | error peer | peer | rounds |"
            print "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|"
            for (i = 1; i <= nr; i++)
                printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", cell(R[i, "name"]),
                       cell(R[i, "measure"]), fmtv(R[i, "value"]), R[i, "nhref_s"], R[i, "peer_s"], R[i, "prec"],
                       R[i, "tol"], R[i, "T"], R[i, "err_nhref"], R[i, "err_peer"],
                       cell(R[i, "peer"] " " R[i, "peer_version"]), R[i, "rounds"]
            print ""
            print "How each row was measured is in its `note` column of `tests/bench/results.tsv`."
        }
    }' "$tsv"
}

case $mode in
--summary) table summary ;;
--full) table full ;;
--update)
    [ $# -ge 1 ] || usage
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/perf_table.XXXXXX") || exit 1
    trap 'rm -rf "$tmp"' EXIT INT TERM
    table summary >"$tmp/summary.md" || exit 1
    table full >"$tmp/full.md" || exit 1
    for f in "$@"; do
        if [ ! -f "$f" ] || ! grep -E -q '<!-- bench-table:(summary|full):begin -->' "$f"; then
            echo "perf_table.sh: $f has no bench-table markers: left alone" >&2
            continue
        fi
        awk -v summary="$tmp/summary.md" -v full="$tmp/full.md" '
        function dump(file,    line) { while ((getline line < file) > 0) print line; close(file) }
        /<!-- bench-table:summary:begin -->/ { print; dump(summary); skip = 1; next }
        /<!-- bench-table:full:begin -->/ { print; dump(full); skip = 1; next }
        /<!-- bench-table:(summary|full):end -->/ { skip = 0 }
        !skip { print }' "$f" >"$f.tmp.$$" && mv "$f.tmp.$$" "$f" || { rm -f "$f.tmp.$$"; exit 1; }
        echo "perf_table.sh: updated $f" >&2
    done
    ;;
*) usage ;;
esac
