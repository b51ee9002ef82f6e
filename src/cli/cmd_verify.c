/* cmd_verify.c -- `nhref verify TRAJECTORY.csv (--golden FILE | MODEL ...)`:
 * check a trajectory written by any program against nhref's reference.  A thin
 * wrapper over nhref_verify.h: the command line becomes calls of the library,
 * and its report becomes text on stdout, and JSON or JUnit XML files.  Exit
 * status: 0 pass, 1 fail (or the reference failed, or an output could not be
 * written), 2 bad usage or input. */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define MAX_ASSIGN 256

static void usage(FILE *out)
{
    fprintf(out,
            "Usage: nhref verify TRAJECTORY.csv MODEL [OPTION]...\n"
            "   or: nhref verify TRAJECTORY.csv --golden FILE|MODEL/CASE [OPTION]...\n"
            "   or: nhref verify --study RUN.csv RUN.csv... MODEL|--golden FILE [OPTION]...\n"
            "Check a trajectory computed by any program against nhref's reference and\n"
            "report, per column, the largest error and the digits of agreement, and the\n"
            "drift of the model's first integrals along the given trajectory.\n\n"
            "TRAJECTORY.csv ('-' for standard input): numbers separated by ',', ';' or tab\n"
            "(detected, or --sep), with a header row of column names ('t,x,y,...'), or the\n"
            "'# columns: ...' line of an nhref file; lines starting with '#' are comments.\n"
            "Quoted fields, CRLF line ends, a UTF-8 byte-order mark and pandas' unnamed\n"
            "index column (df.to_csv()) are read; an empty field or 'nan' is NaN.  The time\n"
            "column is 't' (or --map yours=t); every column named after a state variable\n"
            "or first integral of the model is compared (see 'nhref describe MODEL'),\n"
            "other columns are listed as not compared.  Rows may come in any order and at\n"
            "any times, also before t-start.\n\n"
            "The reference: MODEL (a built-in model, or a model file: a name with '/' or\n"
            "'.' is a path) with its default parameters and initial state, changed by\n"
            "--param and --init, starting at --t-start; or the model, parameters,\n"
            "initial state, t-start and digits of the metadata of a golden file or of the\n"
            "output of 'nhref run' (--golden; MODEL/CASE is looked up in $NHREF_GOLDEN_DIR,\n"
            "the installed catalogue, then ./data/golden; a file made from a model file\n"
            "names it by a path relative to itself, '# model-file:', and is refused if that\n"
            "file has changed since, '# model-sha256:').  It is nhref's Taylor\n"
            "integrator at DREF digits evaluated at exactly the times of the trajectory by\n"
            "dense output; where the model has a closed form, the reference is checked\n"
            "against it at up to %d rows spread over the trajectory.\n\n"
            "  -p, --param NAME=VALUE  set a parameter of MODEL: a decimal or a constant\n"
            "                          expression ('a=pi/7', 'v=sqrt(2)/2'); with\n"
            "                          --rigorous also a set, MID+-RAD or [LO, HI]: the\n"
            "                          reference is then the enclosure of every\n"
            "                          trajectory for every value in it\n"
            "  -i, --init NAME=VALUE   set an initial state component of MODEL (as --param)\n"
            "      --t-start T0        time of the initial state [s] (default 0)\n"
            "  -g, --golden FILE       take the reference's model and values from FILE, a\n"
            "                          path or MODEL/CASE (instead of MODEL, --param,\n"
            "                          --init, --t-start)\n"
            "  -m, --min-digits D      pass only if every compared column (state or\n"
            "                          integral) agrees to at least D digits, 0 < D <= %g\n"
            "                          (default %g); NAME=D[,NAME=D...] sets one column's\n"
            "                          threshold (e.g. -m 10 -m x=12,phi=14)\n"
            "      --min-drift-digits D  pass only if every first integral drifts by at\n"
            "                          most D digits along the trajectory; NAME=D for one\n"
            "                          (default: drift is reported, not judged)\n"
            "  -d, --digits DREF       digits of the reference (1 <= DREF <= %g):\n"
            "                          tolerance 10^-DREF, precision DREF log2(10) + %d\n"
            "                          bits (default max(30, largest threshold + 15); at\n"
            "                          least FILE's)\n"
            "      --map YOURS=NAME    compare your column YOURS as the model's NAME\n"
            "                          (repeatable, or a comma-separated list)\n"
            "      --define NAME=EXPR  the model's column NAME (a state variable or first\n"
            "                          integral) is EXPR, an expression over your columns,\n"
            "                          t, pi and the model's parameters, evaluated at the\n"
            "                          reference's precision (repeatable; e.g. --define\n"
            "                          'v=vx*cos(phi)+vy*sin(phi)'); the columns it reads\n"
            "                          are used, not listed as not compared\n"
            "      --chart NAME        your file is written in the model's chart NAME\n"
            "                          (its defines, e.g. 'com' for the sleigh's centre of\n"
            "                          mass; 'nhref describe MODEL' lists the charts)\n"
            "      --angles wrapped[=NAME,...]  compare angles modulo 2 pi: the model's\n"
            "                          state variables in rad, or those named (for a\n"
            "                          heading kept in (-pi, pi]); the error is the\n"
            "                          distance on the circle ('unwrapped': the default)\n"
            "      --rigorous          also judge against PROVEN enclosures of the true\n"
            "                          solution (validated Taylor in Arb balls, forward\n"
            "                          from t-start): per column a proven lower bound of\n"
            "                          the digits; a value farther from the enclosure\n"
            "                          than its own printed half-unit and the threshold\n"
            "                          is a definite FAIL naming the row and column; PASS\n"
            "                          only if every column is PROVEN PASS (an enclosure\n"
            "                          too wide to decide fails safe: UNDECIDED)\n"
            "      --sep SEP           the separator: ',', ';', 'tab' or 'auto' (default)\n"
            "      --json FILE         write the report as JSON to FILE ('-': standard\n"
            "                          output, the text report is then left out and the\n"
            "                          verdict goes to stderr); schema in docs/verify.md\n"
            "      --junit FILE        write JUnit XML to FILE: one test case per column\n"
            "      --errors FILE       write every row's error to FILE ('-': standard\n"
            "                          output), a CSV in time order: t, line, per column\n"
            "                          COL_err, COL_digits (and COL_dist with --rigorous),\n"
            "                          per first integral I_drift, and where (0 compared,\n"
            "                          1 at the reference's end, 2 beyond it: not judged)\n"
            "      --report FILE.html  write a self-contained HTML page: the verdict, the\n"
            "                          tables, the metadata, and plots of the digits and\n"
            "                          the drift vs t (drawn by gnuplot: without it the\n"
            "                          page says why the plots are missing)\n"
            "      --study             an order study: every RUN.csv (runs of one integrator\n"
            "                          at decreasing steps or tolerances) is verified as\n"
            "                          above; per column the digits of each run, the\n"
            "                          observed order between successive runs and, with\n"
            "                          costs, the digits-vs-cost table (see below)\n"
            "      --steps H1,H2,...   the runs' steps, one per RUN.csv (default: each\n"
            "                          file's '# step: H' line)\n"
            "      --costs C1,C2,...   the runs' costs (default: each file's '# cost: N'\n"
            "                          line, else the largest value of its column 'cost')\n"
            "      --table FILE        write the study as a plain CSV table to FILE (one\n"
            "                          row per run; numpy.genfromtxt and gnuplot read it);\n"
            "                          --json FILE writes the study's JSON\n"
            "  -q, --quiet             no progress on stderr\n"
            "  -h, --help              show this help and exit\n\n"
            "Digits of agreement of a value a with the reference b:\n"
            "    digits = -log10(|a - b| / max(|b|, 1)),\n"
            "the minimum over the rows is reported with the time and file line of the\n"
            "worst row; it cannot exceed about DREF.  Drift of a first integral I along the\n"
            "trajectory: max |I(t) - I(t_first)| over the rows, as digits\n"
            "-log10(drift / max(1, |I(t_first)|)), t_first the earliest row, for every\n"
            "integral whose state variables are all columns (after --map, --define and\n"
            "--chart); the others are listed as skipped, with the variable missing.  All\n"
            "values of TRAJECTORY.csv are parsed as decimal strings at the reference's\n"
            "precision, never through double.\n\n"
            "The verdict fails safe: rows beyond the reference's end (a terminal event such\n"
            "as the skater's fall, a blow-up) fail, naming the event, its time and the\n"
            "first such row.  A row whose time has at least 15 significant digits and lies\n"
            "past the end by at most 10 units of its last digit is compared with the state\n"
            "at the end (a computed event time, rounded when printed).\n"
            "With --rigorous: rows before t-start and a threshold above DREF are refused\n"
            "(exit 2); the last line is PROVEN PASS, FAIL (proven wrong at ...), FAIL\n"
            "(undecided: ...) or the FAIL of the checks above.\n"
            "The last line is PASS or FAIL.  Exit status: 0 pass, 1 fail (or the reference\n"
            "could not be computed, or an output file not written), 2 bad usage or input.\n\n"
            "Order studies (--study): the digits d_k of run k are its columns' digits as\n"
            "above; between runs k-1 and k, with steps h, the observed order is\n"
            "    p = (d_k - d_{k-1}) / log10(h_{k-1} / h_k),\n"
            "and with costs c (any unit: evaluations, seconds) the work-precision slope\n"
            "    s = (d_k - d_{k-1}) / log10(c_k / c_{k-1})  (digits per decade of cost).\n"
            "Every run must compare the same columns; steps and costs are given for every\n"
            "run or none.  The exit status of a study is 0 when it is made (the runs'\n"
            "verdicts are shown, not judged); --junit and --errors are not written for a\n"
            "study; --report writes its page (tables, digits vs step and vs cost).\n\n"
            "Examples:\n"
            "  python3 rk4_sleigh.py 0.05 10 > rk4.csv\n"
            "  nhref verify rk4.csv chaplygin_sleigh --min-digits 6\n"
            "  nhref verify mine.csv --golden chaplygin_sleigh/PUB-1 -m 12 --json report.json\n"
            "  nhref verify df.csv skater --map time=t --sep ';' --junit verify.xml\n"
            "  nhref verify mine.csv --golden chaplygin_sleigh/PUB-1 -m 15 --rigorous\n"
            "  nhref verify --study h1.csv h2.csv h3.csv chaplygin_sleigh --table o.csv\n",
            NHREF_VERIFY_CLOSED_FORM_SAMPLES, NHREF_VERIFY_DIGITS_MAX,
            NHREF_VERIFY_MIN_DIGITS_DEFAULT, NHREF_VERIFY_DREF_MAX, NHREF_GUARD_BITS);
}

/* ------------------------------------------------------------------ the command line */
typedef struct {
    const char *traj, *golden, *model_name, *t_start, *json, *junit;
    const char *errors, *report; /* --errors, --report */
    char *param[MAX_ASSIGN], *init[MAX_ASSIGN], *min[MAX_ASSIGN], *drift[MAX_ASSIGN],
        *map[MAX_ASSIGN], *define[MAX_ASSIGN];
    size_t nparam, ninit, nmin, ndrift, nmap, ndefine;
    const char *chart, *angles;
    unsigned long digits; /* --digits, 0 if not given */
    char sep;
    int quiet;
    int rigorous;
    /* --study: the runs (TRAJECTORY... [MODEL]), --steps, --costs, --table */
    int study;
    char **runs;
    size_t nrun;
    const char *steps, *costs, *table;
} args_t;

/* a threshold in (0, DIGITS_MAX] */
static int parse_digits(double *d, const char *s, const char *option)
{
    char *end;
    errno = 0;
    *d = strtod(s, &end);
    /* the plain grammar (nhref_plain_number): strtod would read '0x10' as 16 */
    if (nhref_plain_number(s) == 0 || s[nhref_plain_number(s)] != '\0' || *end != '\0' ||
        errno != 0 || !(*d > 0 && *d <= NHREF_VERIFY_DIGITS_MAX)) {
        cli_error("%s: '%s' is not a plain decimal number in (0, %g] (a threshold of 0 would "
                  "pass anything)",
                  option, s, NHREF_VERIFY_DIGITS_MAX);
        return -1;
    }
    return 0;
}

static int add_arg(char **list, size_t *n, char *arg, const char *option)
{
    if (*n == MAX_ASSIGN) {
        cli_error("too many %s options (at most %d)", option, MAX_ASSIGN);
        return -1;
    }
    list[(*n)++] = arg;
    return 0;
}

/* --study RUN.csv RUN.csv ... [MODEL]: the runs, the last operand the model unless
 * --golden is given */
static int parse_study_args(args_t *a, int argc, char **argv)
{
    size_t n = optind < argc ? (size_t)(argc - optind) : 0;
    if (a->golden == NULL && n > 0) {
        a->model_name = argv[argc - 1];
        n--;
    }
    a->runs = argv + optind;
    a->nrun = n;
    if (a->golden == NULL && a->model_name == NULL) {
        cli_error("--study: missing RUN.csv files and MODEL (see 'nhref verify --help')");
        return CLI_USAGE;
    }
    if (n < 2) {
        cli_error("--study needs at least 2 runs (RUN.csv files) before %s, got %zu",
                  a->golden != NULL ? "the end" : "MODEL", n);
        return CLI_USAGE;
    }
    if (a->junit != NULL) {
        cli_error("--junit is not written for a study: give --json FILE or --table FILE");
        return CLI_USAGE;
    }
    if (a->errors != NULL) {
        cli_error("--errors is not written for a study (one file per run: verify each run "
                  "with --errors); give --json FILE or --table FILE");
        return CLI_USAGE;
    }
    if (a->golden != NULL && (a->nparam > 0 || a->ninit > 0 || a->t_start != NULL)) {
        cli_error("--%s cannot be combined with --golden (the file fixes the reference)",
                  a->nparam > 0  ? "param"
                  : a->ninit > 0 ? "init"
                                 : "t-start");
        return CLI_USAGE;
    }
    if (a->json != NULL && a->table != NULL &&
        (strcmp(a->json, "-") == 0 ? strcmp(a->table, "-") == 0
                                   : cli_same_file(a->json, a->table))) {
        cli_error("--json and --table name the same file '%s': give two files", a->json);
        return CLI_USAGE;
    }
    for (size_t k = 0; k < n; k++) {
        const char *out[2] = {a->json, a->table}, *oname[2] = {"--json", "--table"};
        if (strcmp(a->runs[k], "-") == 0) {
            cli_error("--study: run %zu is standard input ('-'): a study reads its runs from "
                      "files",
                      k + 1);
            return CLI_USAGE;
        }
        for (int o = 0; o < 2; o++)
            if (out[o] != NULL && cli_same_file(out[o], a->runs[k])) {
                cli_error("%s '%s' is the run file %s: the study would replace its input; "
                          "write it elsewhere",
                          oname[o], out[o], a->runs[k]);
                return CLI_USAGE;
            }
    }
    return CLI_OK;
}

/* Parse the command line into A.  Returns CLI_OK, CLI_USAGE after an error,
 * or -1 after --help. */
static int parse_args(args_t *a, int argc, char **argv)
{
    enum { OPT_T_START = 256, OPT_DRIFT, OPT_MAP, OPT_SEP, OPT_JSON, OPT_JUNIT, OPT_RIGOROUS,
           OPT_ERRORS, OPT_REPORT, OPT_DEFINE, OPT_CHART, OPT_ANGLES };
    enum { OPT_STUDY = 384, OPT_STEPS, OPT_COSTS, OPT_TABLE };
    static const struct option longopts[] = {{"param", required_argument, NULL, 'p'},
                                             {"init", required_argument, NULL, 'i'},
                                             {"t-start", required_argument, NULL, OPT_T_START},
                                             {"golden", required_argument, NULL, 'g'},
                                             {"min-digits", required_argument, NULL, 'm'},
                                             {"min-drift-digits", required_argument, NULL,
                                              OPT_DRIFT},
                                             {"digits", required_argument, NULL, 'd'},
                                             {"map", required_argument, NULL, OPT_MAP},
                                             {"sep", required_argument, NULL, OPT_SEP},
                                             {"json", required_argument, NULL, OPT_JSON},
                                             {"junit", required_argument, NULL, OPT_JUNIT},
                                             {"rigorous", no_argument, NULL, OPT_RIGOROUS},
                                             {"errors", required_argument, NULL, OPT_ERRORS},
                                             {"report", required_argument, NULL, OPT_REPORT},
                                             {"study", no_argument, NULL, OPT_STUDY},
                                             {"steps", required_argument, NULL, OPT_STEPS},
                                             {"costs", required_argument, NULL, OPT_COSTS},
                                             {"table", required_argument, NULL, OPT_TABLE},
                                             {"define", required_argument, NULL, OPT_DEFINE},
                                             {"chart", required_argument, NULL, OPT_CHART},
                                             {"angles", required_argument, NULL, OPT_ANGLES},
                                             {"quiet", no_argument, NULL, 'q'},
                                             {"help", no_argument, NULL, 'h'},
                                             {NULL, 0, NULL, 0}};
    int c;

    memset(a, 0, sizeof *a);
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":p:i:g:m:d:qh", longopts, NULL)) != -1) {
        switch (c) {
        case 'p':
            if (add_arg(a->param, &a->nparam, optarg, "--param") != 0)
                return CLI_USAGE;
            break;
        case 'i':
            if (add_arg(a->init, &a->ninit, optarg, "--init") != 0)
                return CLI_USAGE;
            break;
        case OPT_T_START:
            a->t_start = optarg;
            break;
        case 'g':
            a->golden = optarg;
            break;
        case 'm':
            if (add_arg(a->min, &a->nmin, optarg, "--min-digits") != 0)
                return CLI_USAGE;
            break;
        case OPT_DRIFT:
            if (add_arg(a->drift, &a->ndrift, optarg, "--min-drift-digits") != 0)
                return CLI_USAGE;
            break;
        case OPT_MAP:
            if (add_arg(a->map, &a->nmap, optarg, "--map") != 0)
                return CLI_USAGE;
            break;
        case OPT_DEFINE:
            if (add_arg(a->define, &a->ndefine, optarg, "--define") != 0)
                return CLI_USAGE;
            break;
        case OPT_CHART:
            a->chart = optarg;
            break;
        case OPT_ANGLES:
            a->angles = optarg;
            break;
        case 'd':
            if (cli_ulong(&a->digits, optarg, "--digits", 1,
                          (unsigned long)NHREF_VERIFY_DREF_MAX) != 0)
                return CLI_USAGE;
            break;
        case OPT_SEP:
            if (strcmp(optarg, ",") == 0 || strcmp(optarg, ";") == 0 || strcmp(optarg, "\t") == 0)
                a->sep = optarg[0];
            else if (strcmp(optarg, "tab") == 0 || strcmp(optarg, "\\t") == 0)
                a->sep = '\t';
            else if (strcmp(optarg, "auto") == 0)
                a->sep = 0;
            else {
                cli_error("--sep: '%s' is not a separator read (',', ';', 'tab' or 'auto')",
                          optarg);
                return CLI_USAGE;
            }
            break;
        case OPT_JSON:
            a->json = optarg;
            break;
        case OPT_JUNIT:
            a->junit = optarg;
            break;
        case 'q':
            a->quiet = 1;
            break;
        case OPT_ERRORS:
            a->errors = optarg;
            break;
        case OPT_REPORT:
            a->report = optarg;
            break;
        case OPT_RIGOROUS:
            a->rigorous = 1;
            break;
        case OPT_STUDY:
            a->study = 1;
            break;
        case OPT_STEPS:
            a->steps = optarg;
            break;
        case OPT_COSTS:
            a->costs = optarg;
            break;
        case OPT_TABLE:
            a->table = optarg;
            break;
        case 'h':
            usage(stdout);
            return -1;
        case ':':
            cli_error("option '%s' needs a value (see 'nhref verify --help')", argv[optind - 1]);
            return CLI_USAGE;
        default:
            cli_error("unknown option '%s' (see 'nhref verify --help')", argv[optind - 1]);
            return CLI_USAGE;
        }
    }
    if (a->study)
        return parse_study_args(a, argc, argv);
    if (a->steps != NULL || a->costs != NULL || a->table != NULL) {
        cli_error("--%s is an option of an order study: give --study RUN.csv RUN.csv ...",
                  a->steps != NULL   ? "steps"
                  : a->costs != NULL ? "costs"
                                     : "table");
        return CLI_USAGE;
    }
    if (optind >= argc) {
        cli_error("missing TRAJECTORY.csv (see 'nhref verify --help')");
        return CLI_USAGE;
    }
    a->traj = argv[optind];
    if (optind + 1 < argc)
        a->model_name = argv[optind + 1];
    if (optind + 2 < argc) {
        cli_error("unexpected argument '%s' after the model", argv[optind + 2]);
        return CLI_USAGE;
    }
    if (a->golden != NULL && a->model_name != NULL) {
        cli_error("give MODEL or --golden FILE, not both");
        return CLI_USAGE;
    }
    if (a->golden == NULL && a->model_name == NULL) {
        cli_error("missing MODEL or --golden FILE after '%s' (see 'nhref list' and "
                  "'nhref verify --help')",
                  a->traj);
        return CLI_USAGE;
    }
    if (a->golden != NULL && (a->nparam > 0 || a->ninit > 0 || a->t_start != NULL)) {
        cli_error("--%s cannot be combined with --golden (the file fixes the reference)",
                  a->nparam > 0  ? "param"
                  : a->ninit > 0 ? "init"
                                 : "t-start");
        return CLI_USAGE;
    }
    if (a->golden != NULL && strcmp(a->golden, "-") == 0 && strcmp(a->traj, "-") == 0) {
        cli_error("TRAJECTORY and --golden FILE cannot both be standard input ('-')");
        return CLI_USAGE;
    }
    /* an output onto another output or onto an input: one report would replace the other,
     * or the report the data it was made from */
    {
        enum { NOUT = 4 };
        const char *out[NOUT] = {a->json, a->junit, a->errors, a->report};
        const char *oname[NOUT] = {"--json", "--junit", "--errors", "--report"};
        const char *in[2] = {a->traj, a->golden}, *iname[2] = {"TRAJECTORY", "--golden"};
        for (int o = 0; o < NOUT; o++)
            for (int p = 0; p < o; p++) {
                if (out[o] == NULL || out[p] == NULL)
                    continue;
                if (strcmp(out[o], "-") == 0 && strcmp(out[p], "-") == 0) {
                    cli_error("%s and %s cannot both write to standard output ('-')", oname[p],
                              oname[o]);
                    return CLI_USAGE;
                }
                if (cli_same_file(out[p], out[o])) {
                    cli_error("%s and %s name the same file '%s': give two files", oname[p],
                              oname[o], out[p]);
                    return CLI_USAGE;
                }
            }
        for (int o = 0; o < NOUT; o++)
            for (int i = 0; i < 2; i++)
                if (out[o] != NULL && in[i] != NULL && cli_same_file(out[o], in[i])) {
                    cli_error("%s '%s' is the %s file: the report would replace its input; "
                              "write it elsewhere",
                              oname[o], out[o], iname[i]);
                    return CLI_USAGE;
                }
    }
    return CLI_OK;
}

/* ------------------------------------------------------------------ to the library */
/* the exit code of a library error, after its message */
static int lib_error(const nhref_verify_t *v, int status, const char *prefix)
{
    cli_error("%s%s", prefix, status == NHREF_ENOMEM ? "out of memory" : nhref_verify_error(v));
    return status == NHREF_ENOMEM ? CLI_FAIL : CLI_USAGE;
}

/* "NAME=VALUE" lists of OPTION applied with SET; comma lists when COMMAS */
static int apply_assignments(nhref_verify_t *v, char **args, size_t n, const char *option,
                             int (*set)(nhref_verify_t *, const char *, const char *))
{
    for (size_t i = 0; i < n; i++) {
        char *name, *value;
        int status;
        if (cli_split_assignment(args[i], option, &name, &value) != 0)
            return CLI_USAGE;
        if ((status = set(v, name, value)) != NHREF_OK)
            return lib_error(v, status, "");
    }
    return CLI_OK;
}

/* --min-digits / --min-drift-digits: "D", "NAME=D", or comma lists of them */
static int apply_thresholds(nhref_verify_t *v, char **args, size_t n, const char *option,
                            int (*set)(nhref_verify_t *, const char *, double))
{
    for (size_t i = 0; i < n; i++) {
        char *item = args[i], *next;
        for (; item != NULL; item = next) {
            char *eq, what[160];
            double d;
            int status;
            if ((next = strchr(item, ',')) != NULL)
                *next++ = '\0';
            if ((eq = strchr(item, '=')) != NULL) {
                *eq = '\0';
                if (*item == '\0') {
                    cli_error("%s expects D or NAME=D, got '=%s'", option, eq + 1);
                    return CLI_USAGE;
                }
                snprintf(what, sizeof what, "%s %s", option, item);
                if (parse_digits(&d, eq + 1, what) != 0)
                    return CLI_USAGE;
            } else if (parse_digits(&d, item, option) != 0) {
                return CLI_USAGE;
            }
            if ((status = set(v, eq != NULL ? item : NULL, d)) != NHREF_OK)
                return lib_error(v, status, "");
        }
    }
    return CLI_OK;
}

static int apply_maps(nhref_verify_t *v, char **args, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char *item = args[i], *next;
        for (; item != NULL; item = next) {
            char *name, *value;
            int status;
            if ((next = strchr(item, ',')) != NULL)
                *next++ = '\0';
            if (cli_split_assignment(item, "--map", &name, &value) != 0)
                return CLI_USAGE;
            if (*value == '\0') {
                cli_error("--map expects YOURS=NAME, got '%s='", name);
                return CLI_USAGE;
            }
            if ((status = nhref_verify_map(v, name, value)) != NHREF_OK)
                return lib_error(v, status, "--map: ");
        }
    }
    return CLI_OK;
}

/* --define NAME=EXPR: NAME trimmed, EXPR as given (one expression per option: the
 * grammar has no commas) */
static int apply_defines(nhref_verify_t *v, char **args, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char *name, *value, *end;
        int status;
        if (cli_split_assignment(args[i], "--define", &name, &value) != 0)
            return CLI_USAGE;
        while (isspace((unsigned char)*name))
            name++;
        for (end = name + strlen(name); end > name && isspace((unsigned char)end[-1]);)
            *--end = '\0';
        while (isspace((unsigned char)*value))
            value++;
        if (*name == '\0' || *value == '\0') {
            cli_error("--define expects NAME=EXPR with both given, got '%s=%s'", name, value);
            return CLI_USAGE;
        }
        if ((status = nhref_verify_define(v, name, value)) != NHREF_OK)
            return lib_error(v, status, "--define: ");
    }
    return CLI_OK;
}

static void progress(void *arg, const char *what, double f)
{
    cli_progress_t *p = arg;
    p->what = what;
    cli_progress(p, f);
}

/* ------------------------------------------------------------------ the text report */
/* "(line 12)" or "(row 12)" */
static const char *at_str(char *buf, size_t len, const nhref_verify_where_t *w)
{
    if (w->line > 0)
        snprintf(buf, len, "(line %zu)", w->line);
    else
        snprintf(buf, len, "(row %zu)", w->row + 1);
    return buf;
}

static void print_end(FILE *out, const nhref_verify_end_t *e, const char *dir)
{
    char at[48];
    if (!e->used)
        return;
    if (e->outcome == NHREF_OUTCOME_REACHED)
        fprintf(out, "  %s: reached every row's time\n", dir);
    else
        fprintf(out, "  %s: ends early, at %s\n", dir, e->why != NULL ? e->why : "?");
    if (e->nat_end > 0)
        fprintf(out, "    %zu row%s at the end time within the rounding of their time: "
                     "compared with the state at the end\n",
                e->nat_end, e->nat_end == 1 ? "" : "s");
    if (e->nbeyond > 0)
        fprintf(out, "    %zu row%s beyond the end, not judged (the first: t = %s %s)\n",
                e->nbeyond, e->nbeyond == 1 ? "" : "s", e->first_beyond.t_str,
                at_str(at, sizeof at, &e->first_beyond));
}

/* the rigorous judgement: the proven run, then one line per column */
static void print_rigorous(FILE *out, const nhref_verify_report_t *rep)
{
    const nhref_verify_proven_t *p = &rep->proven;
    char d[32], at[48];
    fprintf(out, "\nrigorous:   validated Taylor in Arb balls, order %u, %ld bits, %zu grid "
                 "times, %lu steps: ",
            p->order, p->prec, p->grid, p->nsteps);
    if (p->outcome == NHREF_OUTCOME_REACHED)
        fprintf(out, "every row's time enclosed\n");
    else
        fprintf(out, "stopped: %s\n", p->why != NULL ? p->why : "?");
    if (p->rows_at_event > 0)
        fprintf(out, "    %zu row%s in the event's time ball: compared with the enclosure over "
                     "it\n",
                p->rows_at_event, p->rows_at_event == 1 ? "" : "s");
    if (p->not_enclosed > 0)
        fprintf(out, "    %zu row%s not enclosed (the first: t = %s %s): undecided\n",
                p->not_enclosed, p->not_enclosed == 1 ? "" : "s", p->first_not_enclosed.t_str,
                at_str(at, sizeof at, &p->first_not_enclosed));
    fprintf(out, "proven digits: a lower bound of -log10((|yours - m| + r) / max(|m| - r, 1))\n"
                 "over the enclosures m +- r of the true values; OUTSIDE: |yours - m| - r >\n"
                 "max(half a unit of your last printed digit, 10^-T max(|m| + r, 1)), T = min\n");
    fprintf(out, "%-10s %8s %7s %10s %10s %8s  %-13s %s\n", "column", "proven", "min",
            "max radius", "max rel.r", "outside", "verdict", "worst at t (line)");
    for (size_t j = 0; j < rep->ncolumn; j++) {
        const nhref_verify_column_t *c = rep->column + j;
        fprintf(out, "%-10s %8s %7g %10.3g %10.3g %8zu  %-13s", c->name,
                isnan(c->proven_digits) ? "-"
                                        : nhref_verify_digits_text(d, sizeof d, c->proven_digits),
                c->min_digits, c->max_radius, c->max_rel_radius, c->outside, nhref_verify_proof_str(c->proof));
        if (c->outside > 0)
            fprintf(out, " first outside: t = %s %s: yours %.17g, enclosure %.17g +- %.3g, "
                         "distance >= %.3e > %.3g allowed",
                    c->first_outside.t_str, at_str(at, sizeof at, &c->first_outside),
                    c->outside_value, c->outside_mid, c->outside_radius, c->outside_distance,
                    c->outside_allowed);
        else if (c->enclosed > 0)
            fprintf(out, " %s %s", c->proven_worst.t_str, at_str(at, sizeof at, &c->proven_worst));
        if (c->not_enclosed > 0)
            fprintf(out, "; %zu row%s not enclosed", c->not_enclosed,
                    c->not_enclosed == 1 ? "" : "s");
        fprintf(out, "\n");
    }
}

static void print_report(FILE *out, const nhref_verify_report_t *rep)
{
    char d[32], at[48];
    int named = 0, any_drift_threshold = 0;

    fprintf(out, "trajectory: %s: %zu rows, t from %s to %s%s\n",
            strcmp(rep->source, "-") == 0 ? "(standard input)" : rep->source, rep->nrows,
            rep->first.t_str, rep->last.t_str,
            rep->index_dropped ? " (an unnamed index column dropped)" : "");
    fprintf(out, "reference:  %s, %s at %g digits (%ld bits)%s, from t-start = %s; %lu steps\n",
            rep->model, rep->scheme, rep->digits, rep->prec,
            rep->digits_raised ? " (--digits raised to the golden file's)" : "", rep->t_start,
            rep->nsteps);
    if (rep->golden != NULL)
        fprintf(out, "            as defined by %s\n", rep->golden);
    fprintf(out, "  param:");
    for (size_t k = 0; k < rep->nparam; k++)
        fprintf(out, "%s %s = %s", k ? "," : "", rep->param_name[k], rep->param_value[k]);
    fprintf(out, "\n  init: ");
    for (size_t k = 0; k < rep->ninit; k++)
        fprintf(out, "%s %s = %s", k ? "," : "", rep->init_name[k], rep->init_value[k]);
    fprintf(out, "\n");
    print_end(out, rep->end, "backward (rows before t-start)");
    print_end(out, rep->end + 1, "forward");
    if (rep->chart != NULL)
        fprintf(out, "chart:      %s (--chart; 'nhref describe %s' lists its defines)\n",
                rep->chart, rep->model);
    if (rep->nnot_compared > 0) {
        fprintf(out, "not compared: ");
        for (size_t i = 0; i < rep->nnot_compared && i < 20; i++)
            fprintf(out, "%s%s", i ? ", " : "", rep->not_compared[i]);
        if (rep->nnot_compared > 20)
            fprintf(out, ", ... (%zu in all)", rep->nnot_compared);
        fprintf(out, " (not a state variable or first integral of %s", rep->model);
        if (rep->chart_hint != NULL)
            fprintf(out, "; the columns of its chart '%s': try --chart %s", rep->chart_hint,
                    rep->chart_hint);
        fprintf(out, ")\n");
    }
    fprintf(out, "threshold:  --min-digits %g%s for every compared column", rep->min_digits,
            rep->min_digits == NHREF_VERIFY_MIN_DIGITS_DEFAULT ? " (the default)" : "");
    for (size_t j = 0; j < rep->ncolumn; j++)
        if (rep->column[j].named)
            fprintf(out, "%s %s %g", named++ ? "," : "; own:", rep->column[j].compared_as,
                    rep->column[j].min_digits);
    fprintf(out, "\n");
    if (rep->closed_form == 1) {
        fprintf(out,
                "reference checked against the closed form to %s digits at %zu rows (worst: %s "
                "at t = %s)\n",
                nhref_verify_digits_text(d, sizeof d, rep->closed_form_digits),
                rep->closed_form_samples, rep->closed_form_worst, rep->closed_form_at.t_str);
        if (rep->closed_form_warning)
            fprintf(out, "warning: the reference is not accurate enough to judge the thresholds: "
                         "raise --digits\n");
    } else {
        fprintf(out, "closed form: %s\n", rep->closed_form_note);
    }

    fprintf(out, "\n%-10s %-9s %12s %8s %7s %-4s  %s\n", "column", "kind", "max |error|", "digits",
            "min", "", "worst at t (line)");
    for (size_t j = 0; j < rep->ncolumn; j++) {
        const nhref_verify_column_t *c = rep->column + j;
        char as[160] = "";
        if (c->wrapped)
            snprintf(as, sizeof as, " [modulo 2 pi; %zu row%s unwrapped]", c->wrapped_rows,
                     c->wrapped_rows == 1 ? "" : "s");
        else if (c->defined_as != NULL)
            snprintf(as, sizeof as, " [= %s]", c->defined_as);
        else if (strcmp(c->name, c->compared_as) != 0)
            snprintf(as, sizeof as, " [as %s]", c->compared_as);
        fprintf(out, "%-10s %-9s %12.3e %8s %7g %-4s  %s %s", c->name,
                c->kind == NHREF_VERIFY_STATE ? "state" : "integral", c->max_error,
                nhref_verify_digits_text(d, sizeof d, c->digits), c->min_digits,
                c->pass ? "ok" : "FAIL", c->worst.t_str, at_str(at, sizeof at, &c->worst));
        if (c->nan_rows > 0)
            fprintf(out, "; rows with NaN on one side only: %zu", c->nan_rows);
        /* where the digits count decimal places, the significant ones too */
        if (c->sig_rows > 0 && c->sig_digits < c->digits)
            fprintf(out, "; where |reference| < 1 (%zu rows): %s significant digits at t = %s %s",
                    c->sig_rows, nhref_verify_digits_text(d, sizeof d, c->sig_digits),
                    c->sig_worst.t_str, at_str(at, sizeof at, &c->sig_worst));
        fprintf(out, "%s\n", as);
    }

    if (rep->proven.ran)
        print_rigorous(out, rep);
    fprintf(out, "\n");
    if (!rep->drift_computed) {
        fprintf(out, "first-integral drift: skipped (%s)\n",
                rep->drift_note != NULL ? rep->drift_note : "?");
        for (size_t k = 0; k < rep->ndrift; k++)
            if (rep->drift[k].skipped != NULL)
                fprintf(out, "  %-10s %s\n", rep->drift[k].name, rep->drift[k].skipped);
    } else {
        for (size_t k = 0; k < rep->ndrift; k++)
            any_drift_threshold |= !isnan(rep->drift[k].min_digits);
        fprintf(out,
                "first-integral drift along the given trajectory (at its own state values),\n"
                "from its earliest row, t_first = %s %s:\n",
                rep->drift_from.t_str, at_str(at, sizeof at, &rep->drift_from));
        fprintf(out, "%-10s %23s %12s %8s%s  %s\n", "integral", "I(t_first)", "max |drift|",
                "digits", any_drift_threshold ? "     min     " : "", "worst at t (line)");
        for (size_t k = 0; k < rep->ndrift; k++) {
            const nhref_verify_drift_t *dr = rep->drift + k;
            if (dr->skipped != NULL) {
                fprintf(out, "%-10s skipped: it %s%s\n", dr->name, dr->skipped,
                        dr->pass ? "" : "  FAIL");
                continue;
            }
            if (!dr->defined) {
                fprintf(out, "%-10s skipped: undefined (NaN) at the first row (defined where %s)%s\n",
                        dr->name, dr->holds, dr->pass ? "" : "  FAIL");
                continue;
            }
            fprintf(out, "%-10s %23s %12.3e %8s", dr->name, dr->first_str, dr->max_drift,
                    nhref_verify_digits_text(d, sizeof d, dr->digits));
            if (any_drift_threshold) {
                if (isnan(dr->min_digits))
                    fprintf(out, " %7s %-4s", "-", "");
                else
                    fprintf(out, " %7g %-4s", dr->min_digits, dr->pass ? "ok" : "FAIL");
            }
            if (dr->rows + dr->nan_rows == 0)
                fprintf(out, "  (a single row)");
            else
                fprintf(out, "  %s %s", dr->worst.t_str, at_str(at, sizeof at, &dr->worst));
            if (dr->nan_rows > 0)
                fprintf(out, "; rows where it is NaN: %zu", dr->nan_rows);
            fprintf(out, "\n");
        }
    }
    fprintf(out, "\n%s\n", rep->summary);
}

/* write the report REP with WR, or the study ST with WS, to PATH atomically ("-":
 * standard output); OPTION names the output in messages */
static int write_file(const char *path, const char *option, const nhref_verify_report_t *rep,
                      int (*wr)(FILE *, const nhref_verify_report_t *),
                      const nhref_verify_study_t *st,
                      int (*ws)(FILE *, const nhref_verify_study_t *))
{
    nhref_outfile_t *f;
    int status = nhref_outfile_open(&f, path);
    if (status != NHREF_OK) {
        cli_error("%s %s: cannot write: %s", option, path, strerror(errno));
        return CLI_FAIL;
    }
    status = wr != NULL ? wr(nhref_outfile_stream(f), rep) : ws(nhref_outfile_stream(f), st);
    if (status != NHREF_OK) {
        int e = errno;
        nhref_outfile_abort(f);
        cli_error("%s %s: %s", option, path,
                  status == NHREF_ENOMEM ? "out of memory" : strerror(e));
        return CLI_FAIL;
    }
    if (nhref_outfile_commit(f) != NHREF_OK) {
        cli_write_error(path, errno);
        return CLI_FAIL;
    }
    return CLI_OK;
}

static int write_output(const nhref_verify_report_t *rep, const char *path, const char *option,
                        int (*write)(FILE *, const nhref_verify_report_t *))
{
    return write_file(path, option, rep, write, NULL, NULL);
}

/* --errors: one row per input row in time order (docs/verify.md, "Error over time") */
static int write_errors(FILE *out, const nhref_verify_report_t *rep)
{
    fprintf(out, "t,line");
    for (size_t j = 0; j < rep->ncolumn; j++) {
        const char *n = rep->column[j].name;
        fprintf(out, ",%s_err,%s_digits", n, n);
        if (rep->column[j].row_dist != NULL)
            fprintf(out, ",%s_dist", n);
    }
    for (size_t k = 0; k < rep->ndrift; k++)
        if (rep->drift[k].row_drift != NULL)
            fprintf(out, ",%s_drift", rep->drift[k].name);
    fprintf(out, ",where\n");
    fprintf(out, "# nhref verify errors: per-row errors of %s against %s\n",
            strcmp(rep->source, "-") == 0 ? "(standard input)" : rep->source, rep->model);
    fprintf(out, "# reference: %s at %g digits (%ld bits); level %s\n", rep->scheme, rep->digits,
            rep->prec, rep->level != NULL ? rep->level : "VALIDATED");
    fprintf(out, "# COL_err = |yours - reference|; COL_digits = -log10(COL_err / max(|reference|, "
                 "1)) (inf: equal; -inf: NaN on one side; nan: not judged)\n");
    if (rep->proven.ran)
        fprintf(out, "# COL_dist: a lower bound of the distance from yours to the proven "
                     "enclosure (0: within it; nan: no enclosure)\n");
    fprintf(out, "# I_drift = I(t) - I(t_first) along your states (nan: not measured)\n");
    fprintf(out, "# where: 0 compared, 1 past the reference's end within the resolution of its "
                 "time, 2 beyond the end (not judged)\n");
    fprintf(out, "# line: the input's file line (0 for array input)\n");
    for (size_t i = 0; i < rep->nrows; i++) {
        fprintf(out, "%.17g,%zu", rep->row_t[i], rep->row_line[i]);
        for (size_t j = 0; j < rep->ncolumn; j++) {
            const nhref_verify_column_t *c = rep->column + j;
            double dg = c->row_digits[i];
            fprintf(out, ",%.17g,", c->row_error[i]);
            if (dg >= NHREF_ORACLE_DIGITS_EXACT)
                fputs("inf", out);
            else
                fprintf(out, "%.17g", dg);
            if (c->row_dist != NULL)
                fprintf(out, ",%.17g", c->row_dist[i]);
        }
        for (size_t k = 0; k < rep->ndrift; k++)
            if (rep->drift[k].row_drift != NULL)
                fprintf(out, ",%.17g", rep->drift[k].row_drift[i]);
        fprintf(out, ",%d\n", (int)rep->row_where[i]);
    }
    return fflush(out) != 0 || ferror(out) ? NHREF_EIO : NHREF_OK;
}

/* --report: the HTML page; why its plots are missing in HTML_NOTE */
static char html_note[700];
static int write_html(FILE *out, const nhref_verify_report_t *rep)
{
    return nhref_verify_report_write_html(out, rep, html_note, sizeof html_note);
}

/* ------------------------------------------------------------------ the order study */
/* --steps / --costs: N positive plain decimals, comma-separated, one per run */
static int parse_list(double *x, size_t n, const char *list, const char *option)
{
    const char *s = list;
    size_t k = 0;
    while (1) {
        char item[64], *end;
        size_t len = strcspn(s, ",");
        if (k == n) {
            cli_error("%s '%s': more values than the %zu runs", option, list, n);
            return -1;
        }
        snprintf(item, sizeof item, "%.*s", (int)(len < sizeof item ? len : sizeof item - 1), s);
        errno = 0;
        x[k] = strtod(item, &end);
        if (len >= sizeof item || nhref_plain_number(item) != len || *end != '\0' || errno != 0 ||
            !(isfinite(x[k]) && x[k] > 0)) {
            cli_error("%s: '%.*s' (value %zu) is not a positive plain decimal number", option,
                      (int)(len < 60 ? len : 60), s, k + 1);
            return -1;
        }
        k++;
        if (s[len] == '\0')
            break;
        s += len + 1;
    }
    if (k != n) {
        cli_error("%s '%s': %zu value%s for %zu runs: give one per run, in their order", option,
                  list, k, k == 1 ? "" : "s", n);
        return -1;
    }
    return 0;
}

static void print_num(FILE *out, double x, int width)
{
    char d[32];
    if (isnan(x))
        fprintf(out, " %*s", width, "-");
    else
        fprintf(out, " %*s", width, nhref_verify_digits_text(d, sizeof d, x));
}

/* one table: per column, VALUES[k * ncolumn + j] for the runs k from FIRST on,
 * then the runs' minimum (MIN) */
static void print_table(FILE *out, const nhref_verify_study_t *st, const double *values,
                        const double *min, size_t first, int arrows)
{
    char head[48];
    fprintf(out, "%-10s", "column");
    for (size_t k = first; k < st->nrun; k++) {
        if (arrows)
            snprintf(head, sizeof head, "%zu->%zu", k, k + 1);
        else
            snprintf(head, sizeof head, "run %zu", k + 1);
        fprintf(out, " %8s", head);
    }
    fprintf(out, "\n");
    for (size_t j = 0; j < st->ncolumn; j++) {
        fprintf(out, "%-10s", st->column[j]);
        for (size_t k = first; k < st->nrun; k++)
            print_num(out, values[k * st->ncolumn + j], 8);
        fprintf(out, "\n");
    }
    fprintf(out, "%-10s", "(minimum)");
    for (size_t k = first; k < st->nrun; k++)
        print_num(out, min != NULL ? min[k] : st->run[k].min_digits, 8);
    fprintf(out, "\n");
}

static void print_study(FILE *out, const nhref_verify_study_t *st)
{
    const nhref_verify_report_t *r0 = st->run[0].report;
    char d[32];
    fprintf(out, "study: %zu runs against %s, %s at %g digits (%ld bits), from t-start = %s\n",
            st->nrun, r0->model, r0->scheme, r0->digits, r0->prec, r0->t_start);
    if (r0->golden != NULL)
        fprintf(out, "       as defined by %s\n", r0->golden);
    fprintf(out, "\n%-4s %-28s %12s %12s %10s  %s\n", "run", "file", "step", "cost", "min digits",
            "verdict (as nhref verify judges it)");
    for (size_t k = 0; k < st->nrun; k++) {
        const nhref_verify_study_run_t *r = st->run + k;
        char sc[2][32];
        for (int i = 0; i < 2; i++) {
            double x = i == 0 ? r->step : r->cost;
            if (isnan(x))
                snprintf(sc[i], sizeof sc[i], "-");
            else
                snprintf(sc[i], sizeof sc[i], "%.6g", x);
        }
        fprintf(out, "%-4zu %-28s %12s %12s %10s  %s\n", k + 1, r->source, sc[0], sc[1],
                nhref_verify_digits_text(d, sizeof d, r->min_digits), r->report->summary);
    }
    fprintf(out, "\ndigits of each run (-log10(|error| / max(|reference|, 1)), the worst row):\n");
    print_table(out, st, st->digits, NULL, 0, 0);
    if (st->has_step) {
        fprintf(out, "\nobserved order between runs k-1 and k: p = (d_k - d_{k-1}) / "
                     "log10(h_{k-1} / h_k)\n");
        print_table(out, st, st->order, st->min_order, 1, 1);
    } else {
        fprintf(out, "\nobserved order: not computed (no steps: give '# step: H' lines or "
                     "--steps H1,H2,...)\n");
    }
    if (st->has_cost) {
        fprintf(out, "\nwork-precision slope between runs k-1 and k (digits per decade of "
                     "cost):\n  s = (d_k - d_{k-1}) / log10(c_k / c_{k-1})\n");
        print_table(out, st, st->slope, st->min_slope, 1, 1);
        fprintf(out, "\ndigits vs cost:\n%-4s %12s %10s\n", "run", "cost", "min digits");
        for (size_t k = 0; k < st->nrun; k++)
            fprintf(out, "%-4zu %12.6g %10s\n", k + 1, st->run[k].cost,
                    nhref_verify_digits_text(d, sizeof d, st->run[k].min_digits));
    }
    if (st->near_reference)
        fprintf(out,
                "\nwarning: a run agrees with the reference to within 2 of its %g digits: "
                "orders there measure the reference; raise --digits\n",
                st->ref_digits);
    fprintf(out, "\n");
    if (st->has_step)
        fprintf(out, "observed order (minimum digits) between the last two runs: %s\n",
                isnan(st->min_order[st->nrun - 1])
                    ? "-"
                    : nhref_verify_digits_text(d, sizeof d, st->min_order[st->nrun - 1]));
    else if (st->has_cost)
        fprintf(out, "work-precision slope (minimum digits) between the last two runs: %s\n",
                isnan(st->min_slope[st->nrun - 1])
                    ? "-"
                    : nhref_verify_digits_text(d, sizeof d, st->min_slope[st->nrun - 1]));
    else
        fprintf(out, "no steps and no costs: the digits only\n");
}

/* write ST with WRITE to PATH atomically ("-": standard output) */
static int write_study(const nhref_verify_study_t *st, const char *path, const char *option,
                       int (*write)(FILE *, const nhref_verify_study_t *))
{
    return write_file(path, option, NULL, NULL, st, write);
}

/* --report with --study: the study's page; why its plots are missing in STUDY_NOTE */
static char study_note[700];
static int write_study_html(FILE *out, const nhref_verify_study_t *st)
{
    return nhref_verify_study_write_html(out, st, study_note, sizeof study_note);
}

/* --study: verify every run with V, then the text, --json and --table.  Exit status 0
 * when the study is made (the runs' verdicts are reported, not judged). */
static int run_study(const args_t *a, nhref_verify_t *v, cli_progress_t *prog)
{
    nhref_verify_study_t *st = NULL;
    double *steps = NULL, *costs = NULL;
    int rc = CLI_OK, status;

    if ((a->steps != NULL && (steps = malloc(a->nrun * sizeof *steps)) == NULL) ||
        (a->costs != NULL && (costs = malloc(a->nrun * sizeof *costs)) == NULL)) {
        free(steps);
        cli_error("out of memory");
        return CLI_FAIL;
    }
    if ((steps != NULL && parse_list(steps, a->nrun, a->steps, "--steps") != 0) ||
        (costs != NULL && parse_list(costs, a->nrun, a->costs, "--costs") != 0))
        rc = CLI_USAGE;
    if (rc == CLI_OK) {
        nhref_verify_set_progress(v, progress, prog);
        status = nhref_verify_study(&st, v, a->nrun, (const char *const *)a->runs, steps, costs);
        cli_progress_end(prog);
        if (status != NHREF_OK)
            rc = lib_error(v, status, "--study: ");
    }
    free(steps);
    free(costs);
    if (rc != CLI_OK)
        return rc;
    if (!((a->json != NULL && strcmp(a->json, "-") == 0) ||
          (a->table != NULL && strcmp(a->table, "-") == 0))) {
        print_study(stdout, st);
        if (fflush(stdout) != 0 || ferror(stdout)) {
            cli_write_error("-", errno);
            rc = CLI_FAIL;
        }
    }
    if (rc == CLI_OK && a->json != NULL)
        rc = write_study(st, a->json, "--json", nhref_verify_study_write_json);
    if (rc == CLI_OK && a->table != NULL)
        rc = write_study(st, a->table, "--table", nhref_verify_study_write_csv);
    if (rc == CLI_OK && a->report != NULL) {
        rc = write_study(st, a->report, "--report", write_study_html);
        if (rc == CLI_OK && study_note[0] != '\0')
            cli_error("warning: --report %s: %s", a->report, study_note);
    }
    nhref_verify_study_free(st);
    return rc;
}

/* ------------------------------------------------------------------ the command */
int cmd_verify(int argc, char **argv)
{
    args_t a;
    nhref_verify_t *v = NULL;
    nhref_verify_report_t *rep = NULL;
    cli_progress_t prog;
    int rc, status;
    int json_stdout, text_out;

    rc = parse_args(&a, argc, argv);
    if (rc != CLI_OK)
        return rc < 0 ? CLI_OK : rc;
    if (nhref_verify_new(&v) != NHREF_OK) {
        cli_error("out of memory");
        return CLI_FAIL;
    }
    if (a.golden != NULL)
        status = nhref_verify_set_golden(v, a.golden);
    else
        status = nhref_verify_set_model(v, a.model_name);
    if (status != NHREF_OK)
        rc = lib_error(v, status, a.golden != NULL ? "--golden: " : "");
    if (rc == CLI_OK)
        rc = apply_assignments(v, a.param, a.nparam, "--param", nhref_verify_set_param);
    if (rc == CLI_OK)
        rc = apply_assignments(v, a.init, a.ninit, "--init", nhref_verify_set_init);
    if (rc == CLI_OK && a.t_start != NULL &&
        (status = nhref_verify_set_t_start(v, a.t_start)) != NHREF_OK)
        rc = lib_error(v, status, "--");
    if (rc == CLI_OK)
        rc = apply_thresholds(v, a.min, a.nmin, "--min-digits", nhref_verify_set_min_digits);
    if (rc == CLI_OK)
        rc = apply_thresholds(v, a.drift, a.ndrift, "--min-drift-digits",
                              nhref_verify_set_min_drift_digits);
    if (rc == CLI_OK)
        rc = apply_maps(v, a.map, a.nmap);
    if (rc == CLI_OK)
        rc = apply_defines(v, a.define, a.ndefine);
    if (rc == CLI_OK && a.chart != NULL &&
        (status = nhref_verify_set_chart(v, a.chart)) != NHREF_OK)
        rc = lib_error(v, status, "");
    if (rc == CLI_OK && a.angles != NULL &&
        (status = nhref_verify_set_angles(v, a.angles)) != NHREF_OK)
        rc = lib_error(v, status, "");
    if (rc == CLI_OK && a.digits != 0 &&
        (status = nhref_verify_set_digits(v, (double)a.digits)) != NHREF_OK)
        rc = lib_error(v, status, "--digits: ");
    if (rc == CLI_OK && (status = nhref_verify_set_separator(v, a.sep)) != NHREF_OK)
        rc = lib_error(v, status, "--sep: ");
    if (rc == CLI_OK && (status = nhref_verify_set_rigorous(v, a.rigorous)) != NHREF_OK)
        rc = lib_error(v, status, "--rigorous: ");
    /* the per-row errors: for --errors, --report and the JSON series */
    if (rc == CLI_OK &&
        (status = nhref_verify_set_errors(v, a.errors != NULL || a.report != NULL ||
                                                 a.json != NULL)) != NHREF_OK)
        rc = lib_error(v, status, "--errors: ");
    if (rc != CLI_OK) {
        nhref_verify_free(v);
        return rc;
    }

    cli_progress_init(&prog, "verifying");
    prog.active = prog.active && !a.quiet;
    if (a.study) {
        rc = run_study(&a, v, &prog);
        nhref_verify_free(v);
        return rc;
    }
    nhref_verify_set_progress(v, progress, &prog);
    status = nhref_verify_file(&rep, v, a.traj);
    cli_progress_end(&prog);
    if (status != NHREF_OK) {
        rc = lib_error(v, status, "");
        nhref_verify_free(v);
        return rc;
    }

    json_stdout = (a.json != NULL && strcmp(a.json, "-") == 0) ||
                  (a.junit != NULL && strcmp(a.junit, "-") == 0) ||
                  (a.errors != NULL && strcmp(a.errors, "-") == 0) ||
                  (a.report != NULL && strcmp(a.report, "-") == 0);
    text_out = !json_stdout;
    if (text_out) {
        print_report(stdout, rep);
        if (fflush(stdout) != 0 || ferror(stdout)) {
            cli_write_error("-", errno);
            rc = CLI_FAIL;
        }
    } else {
        fprintf(stderr, "%s\n", rep->summary);
    }
    if (rc == CLI_OK && a.json != NULL)
        rc = write_output(rep, a.json, "--json", nhref_verify_report_write_json);
    if (rc == CLI_OK && a.junit != NULL)
        rc = write_output(rep, a.junit, "--junit", nhref_verify_report_write_junit);
    if (rc == CLI_OK && a.errors != NULL)
        rc = write_output(rep, a.errors, "--errors", write_errors);
    if (rc == CLI_OK && a.report != NULL) {
        html_note[0] = '\0';
        rc = write_output(rep, a.report, "--report", write_html);
        if (html_note[0] != '\0')
            cli_error("warning: --report %s: %s", a.report, html_note);
    }
    if (rc == CLI_OK && !rep->pass)
        rc = CLI_FAIL;
    nhref_verify_report_free(rep);
    nhref_verify_free(v);
    return rc;
}
