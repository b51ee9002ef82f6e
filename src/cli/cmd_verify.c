/* cmd_verify.c -- `nhref verify TRAJECTORY.csv (--golden FILE | MODEL ...)`:
 * check a trajectory written by any program against nhref's reference.
 *
 * The reference is nhref's Taylor integrator at DREF digits, started from the
 * model's initial state at t-start and evaluated at exactly the trajectory's
 * times by dense output (forward for times >= t-start, backward for earlier
 * ones; the rows may come in any order).  Where the oracle has a closed form,
 * the reference is itself checked against it.  Agreement is measured with the
 * one measure of nhref_oracle.h, digits = -log10(|a - b| / max(|b|, 1)); the
 * first integrals are also evaluated along the given trajectory (its own state
 * values) to show their drift.  Exit status: 0 every compared state column
 * agrees to >= --min-digits, 1 not (or the reference failed), 2 bad usage or
 * input. */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "internal.h"

#define MAX_ASSIGN 64
#define DIGITS_MAX 100000

static void usage(FILE *out)
{
    fprintf(out,
            "Usage: nhref verify TRAJECTORY.csv MODEL [OPTION]...\n"
            "   or: nhref verify TRAJECTORY.csv --golden FILE [OPTION]...\n"
            "Check a trajectory computed by any program against nhref's reference and\n"
            "report, per column, the largest error and the digits of agreement, and the\n"
            "drift of the model's first integrals along the given trajectory.\n\n"
            "TRAJECTORY.csv ('-' for standard input): comma-separated numbers with a header\n"
            "row of column names ('t,x,y,...'), or the '# columns: ...' line of an nhref\n"
            "file; lines starting with '#' are comments.  The time column must be named\n"
            "'t'; every column named after a state variable or first integral of the model\n"
            "is compared (see 'nhref describe MODEL'), other columns are listed as not\n"
            "compared.  Rows may come in any order and at any times, also before t-start.\n\n"
            "The reference: MODEL with its default parameters and initial state, changed\n"
            "by --param and --init, starting at --t-start; or the model, parameters,\n"
            "initial state and t-start of the metadata of FILE (a golden file or the\n"
            "output of 'nhref run': lines '# model: NAME', '# param: NAME = VALUE [unit]',\n"
            "'# init: NAME = VALUE [unit]', '# t-start: T0', '# digits: D').  It is\n"
            "nhref's Taylor integrator at DREF digits evaluated at exactly the times of\n"
            "the trajectory by dense output; where the model has a closed form, the\n"
            "reference is checked against it too.\n\n"
            "  -p, --param NAME=VALUE  set a parameter of MODEL (decimal)\n"
            "  -i, --init NAME=VALUE   set an initial state component of MODEL (decimal)\n"
            "      --t-start T0        time of the initial state [s] (default 0)\n"
            "  -g, --golden FILE       take the reference's model and values from FILE\n"
            "                          (instead of MODEL, --param, --init, --t-start)\n"
            "  -m, --min-digits D      pass if every compared state column agrees to at\n"
            "                          least D digits (0 <= D <= %d; default 0, which\n"
            "                          fails only on NaN or errors above max(|b|, 1))\n"
            "  -d, --digits DREF       digits of the reference (1 <= DREF <= %d):\n"
            "                          tolerance 10^-DREF, precision DREF log2(10) + %d\n"
            "                          bits (default max(30, D + 15); at least FILE's)\n"
            "  -q, --quiet             no progress on stderr\n"
            "  -h, --help              show this help and exit\n\n"
            "Digits of agreement of a value a with the reference b:\n"
            "    digits = -log10(|a - b| / max(|b|, 1)),\n"
            "the minimum over the rows is reported with the time and file line of the\n"
            "worst row; it cannot exceed about DREF.  Where the model has a closed form the\n"
            "report says to how many digits the reference agrees with it.\n"
            "Columns of first integrals are compared too but do not decide the verdict\n"
            "(unless no state column is present).  Drift of a first integral I along the\n"
            "trajectory: max |I(t) - I(t_first)| over the rows, as digits\n"
            "-log10(drift / max(1, |I(t_first)|)), t_first the earliest row; it needs every\n"
            "state column.  All values are parsed as decimal strings at the reference's\n"
            "precision, never through double.\n\n"
            "The last line is PASS or FAIL.  Exit status: 0 pass, 1 fail (or the reference\n"
            "could not be computed), 2 bad usage or input.\n\n"
            "Examples:\n"
            "  python3 rk4_sleigh.py 0.05 10 > rk4.csv\n"
            "  nhref verify rk4.csv chaplygin_sleigh --min-digits 6\n"
            "  nhref run chaplygin_sleigh -o ref.csv\n"
            "  nhref verify mine.csv --golden ref.csv --min-digits 12\n",
            DIGITS_MAX, DIGITS_MAX, NHREF_GUARD_BITS);
}

/* ------------------------------------------------------------------ small helpers */
/* A real number in [LO, HI] for OPTION.  Returns 0 or -1 after an error. */
static int parse_real(double *v, const char *s, const char *option, double lo, double hi)
{
    char *end;
    double r;
    errno = 0;
    r = strtod(s, &end);
    if (*s == '\0' || isspace((unsigned char)*s) || *end != '\0' || errno != 0 ||
        !(r >= lo && r <= hi)) {
        cli_error("%s: '%s' is not a number in [%g, %g]", option, s, lo, hi);
        return -1;
    }
    *v = r;
    return 0;
}

/* "NAME = VALUE [unit]" (a param or init metadata value) as a malloc'ed
 * "NAME=VALUE": VALUE is the token after '=' up to blank or '['.  NULL if
 * malformed (or out of memory). */
static char *meta_assignment(const char *s)
{
    const char *eq = strchr(s, '='), *ns = s, *ne, *vs, *ve;
    char *r;
    if (eq == NULL)
        return NULL;
    while (isspace((unsigned char)*ns))
        ns++;
    for (ne = eq; ne > ns && isspace((unsigned char)ne[-1]); ne--)
        ;
    for (vs = eq + 1; isspace((unsigned char)*vs); vs++)
        ;
    for (ve = vs; *ve != '\0' && !isspace((unsigned char)*ve) && *ve != '['; ve++)
        ;
    if (ne == ns || ve == vs)
        return NULL;
    r = malloc((size_t)(ne - ns) + (size_t)(ve - vs) + 2);
    if (r != NULL)
        sprintf(r, "%.*s=%.*s", (int)(ne - ns), ns, (int)(ve - vs), vs);
    return r;
}

/* "12.34", "exact", "-inf" */
static const char *digits_str(char *buf, size_t len, double d)
{
    if (d >= NHREF_ORACLE_DIGITS_EXACT)
        snprintf(buf, len, "exact");
    else if (isinf(d))
        snprintf(buf, len, "%s", d < 0 ? "-inf" : "inf");
    else
        snprintf(buf, len, "%.2f", d);
    return buf;
}

/* ------------------------------------------------------------------ state of one run */
/* The command line. */
typedef struct {
    const char *traj, *golden, *model_name, *t_start;
    char *param[MAX_ASSIGN], *init[MAX_ASSIGN];
    size_t nparam, ninit;
    double min_digits;
    unsigned long digits; /* --digits, 0 if not given */
    int quiet;
} args_t;

/* Where the reference's definition comes from: the command line, or the
 * metadata of a golden file (then the messages name the file). */
typedef struct {
    const char *model_name, *t_start;
    char **param, **init;
    size_t nparam, ninit;
    const char *where, *param_opt, *init_opt, *t_start_opt;
    double digits;       /* the file's "digits", 0 if none */
    nhref_table_t *gtab; /* the golden file, or NULL */
    char **owned;        /* the "NAME=VALUE" strings made from the file */
    size_t nowned;
    char where_buf[300], t_start_buf[320];
} refdef_t;

/* Rows by time (ties in file order). */
typedef struct {
    mpfr_srcptr t;
    size_t row;
} row_key_t;

typedef struct {
    const nhref_model_t *model; /* the reference's model */
    nhref_system_t *sys;        /* with its parameters */
    nhref_integrator_t *ig;     /* Taylor at DREF digits */
    mpfr_prec_t prec;           /* its precision, also of the values read */
    int raised;                 /* --digits raised to the golden file's digits */
    __mpfr_struct *x0;          /* nstate: the initial state */
    const char **init_str;      /* nstate: its decimal strings */
    mpfr_t t0;                  /* t-start */
    const char *t_start;        /* its decimal string */
    nhref_table_t *tab;         /* the trajectory */
    int tcol;                   /* its time column */
    int *state_col;             /* nstate: the column of each state component, or -1 */
    int *integral_col;          /* nintegral: the column of each first integral, or -1 */
    size_t *order;              /* nrow: the rows sorted by time */
    __mpfr_struct *ref;         /* nrow x nstate: the reference at each row */
    __mpfr_struct *refI;        /* nrow x nintegral: its first integrals, or NULL */
    const size_t *sink_rows;    /* grid row i > 0 of the running integration: row sink_rows[i-1] */
    unsigned long nsteps;       /* steps of the reference integration */
    mpfr_t one;                 /* the scale of the digits measure */
    cli_progress_t progress;    /* on stderr, when a terminal */
} verify_t;

/* The time of row R for the report, with at most 15 significant digits
 * ("10", "0.35"); the report gives the file line too. */
typedef struct {
    char s[64];
} tstr_t;

static const char *row_time(tstr_t *buf, const verify_t *v, size_t r)
{
    mpfr_snprintf(buf->s, sizeof buf->s, "%.15Rg", v->tab->v + r * v->tab->ncol + (size_t)v->tcol);
    return buf->s;
}

/* Value of column C in row R of the trajectory. */
static mpfr_srcptr cell(const verify_t *v, size_t r, int c)
{
    return v->tab->v + r * v->tab->ncol + (size_t)c;
}

/* "a, b, c": the column names of TAB */
static void column_list(char *buf, size_t len, const nhref_table_t *tab)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < tab->ncol && used < len; k++)
        used += (size_t)snprintf(buf + used, len - used, "%s%s", k ? ", " : "", tab->name[k]);
}

/* ------------------------------------------------------------------ steps */
/* Parse the command line into A.  Returns CLI_OK, CLI_USAGE after an error,
 * or -1 after --help. */
static int parse_args(args_t *a, int argc, char **argv)
{
    static const struct option longopts[] = {{"param", required_argument, NULL, 'p'},
                                             {"init", required_argument, NULL, 'i'},
                                             {"t-start", required_argument, NULL, 'S'},
                                             {"golden", required_argument, NULL, 'g'},
                                             {"min-digits", required_argument, NULL, 'm'},
                                             {"digits", required_argument, NULL, 'd'},
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
        case 'i':
            if ((c == 'p' ? a->nparam : a->ninit) == MAX_ASSIGN) {
                cli_error("too many --%s options (at most %d)", c == 'p' ? "param" : "init",
                          MAX_ASSIGN);
                return CLI_USAGE;
            }
            if (c == 'p')
                a->param[a->nparam++] = optarg;
            else
                a->init[a->ninit++] = optarg;
            break;
        case 'S':
            a->t_start = optarg;
            break;
        case 'g':
            a->golden = optarg;
            break;
        case 'm':
            if (parse_real(&a->min_digits, optarg, "--min-digits", 0, DIGITS_MAX) != 0)
                return CLI_USAGE;
            break;
        case 'd':
            if (cli_ulong(&a->digits, optarg, "--digits", 1, DIGITS_MAX) != 0)
                return CLI_USAGE;
            break;
        case 'q':
            a->quiet = 1;
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
    return CLI_OK;
}

static void refdef_free(refdef_t *d)
{
    for (size_t k = 0; k < d->nowned; k++)
        free(d->owned[k]);
    free(d->owned);
    nhref_table_free(d->gtab);
}

/* The reference's definition from the command line, or from the metadata of
 * the golden file: "model", "param" and "init" ("NAME = VALUE [unit]"),
 * "t-start", "digits".  Returns CLI_OK, CLI_USAGE or CLI_FAIL after an error. */
static int refdef_load(refdef_t *d, args_t *a)
{
    char err[1024];
    const char *s;

    memset(d, 0, sizeof *d);
    d->where = "";
    d->param_opt = "--param";
    d->init_opt = "--init";
    d->t_start_opt = "--t-start";
    if (a->golden == NULL) {
        d->model_name = a->model_name;
        d->t_start = a->t_start;
        d->param = a->param;
        d->nparam = a->nparam;
        d->init = a->init;
        d->ninit = a->ninit;
        return CLI_OK;
    }
    if (nhref_table_read(&d->gtab, a->golden, 64, err, sizeof err) != NHREF_OK) {
        cli_error("--golden %s", err);
        return CLI_USAGE;
    }
    snprintf(d->where_buf, sizeof d->where_buf, "%s: ", a->golden);
    snprintf(d->t_start_buf, sizeof d->t_start_buf, "%st-start", d->where_buf);
    d->where = d->where_buf;
    d->t_start_opt = d->t_start_buf;
    d->param_opt = "param";
    d->init_opt = "init";
    d->model_name = nhref_table_meta(d->gtab, "model", NULL);
    if (d->model_name == NULL) {
        cli_error("%s: no '# model: NAME' line (expected a golden file or the output of "
                  "'nhref run')",
                  a->golden);
        return CLI_USAGE;
    }
    d->owned = calloc(d->gtab->nmeta + 1, sizeof *d->owned);
    if (d->owned == NULL) {
        cli_error("out of memory");
        return CLI_FAIL;
    }
    for (int pass = 0; pass < 2; pass++) {
        const char *key = pass == 0 ? "param" : "init";
        size_t from = 0, first = d->nowned;
        while ((s = nhref_table_meta(d->gtab, key, &from)) != NULL) {
            char *assignment = meta_assignment(s);
            if (assignment == NULL) {
                cli_error("%s: malformed '# %s: %s' line (expected 'NAME = VALUE [unit]')",
                          a->golden, key, s);
                return CLI_USAGE;
            }
            d->owned[d->nowned++] = assignment;
        }
        if (pass == 0) {
            d->param = d->owned;
            d->nparam = d->nowned;
        } else {
            d->init = d->owned + first;
            d->ninit = d->nowned - first;
        }
    }
    d->t_start = nhref_table_meta(d->gtab, "t-start", NULL);
    if ((s = nhref_table_meta(d->gtab, "digits", NULL)) != NULL) {
        char *end;
        errno = 0;
        d->digits = strtod(s, &end);
        if (end == s || errno != 0 || !(d->digits > 0 && d->digits <= DIGITS_MAX) ||
            (*end != '\0' && !isspace((unsigned char)*end))) {
            cli_error("%s: malformed '# digits: %s' line (expected a number of digits in "
                      "(0, %d])",
                      a->golden, s, DIGITS_MAX);
            return CLI_USAGE;
        }
    }
    return CLI_OK;
}

static void verify_free(verify_t *v)
{
    const nhref_model_t *m = v->model;
    if (m != NULL) {
        nhref_vec_free(v->x0, m->nstate);
        if (v->tab != NULL) {
            nhref_vec_free(v->ref, v->tab->nrow * m->nstate);
            nhref_vec_free(v->refI, v->tab->nrow * m->nintegral);
        }
    }
    mpfr_clears(v->t0, v->one, (mpfr_ptr)0);
    free(v->init_str);
    free(v->state_col);
    free(v->integral_col);
    free(v->order);
    nhref_integrator_free(v->ig);
    nhref_system_free(v->sys);
    nhref_table_free(v->tab);
}

/* The system, the reference's precision, the initial state and time.
 * V->model etc. are set; V->t0 and V->one initialised by the caller.
 * Returns CLI_OK, CLI_USAGE or CLI_FAIL after an error. */
static int setup_reference(verify_t *v, nhref_options_t *opt, const refdef_t *d, const args_t *a)
{
    double dref;

    if ((v->model = cli_model(d->model_name)) == NULL)
        return CLI_USAGE;
    if (nhref_system_new(&v->sys, v->model) != NHREF_OK) {
        cli_error("cannot build model %s", v->model->name);
        return CLI_FAIL;
    }
    if (cli_assign_params(v->sys, d->param, d->nparam, d->where, d->param_opt) != 0)
        return CLI_USAGE;

    /* DREF digits: --digits, else max(30, D + 15); at least the golden file's */
    dref = a->digits != 0 ? (double)a->digits : fmax(30, ceil(a->min_digits) + 15);
    if (dref < ceil(d->digits)) {
        dref = ceil(d->digits);
        v->raised = a->digits != 0;
    }
    nhref_options_default(opt);
    opt->scheme = "taylor";
    opt->digits = dref;
    if (nhref_options_resolve(opt) != NHREF_OK) {
        cli_error("--digits %g is out of range [1, %d]", dref, DIGITS_MAX);
        return CLI_USAGE;
    }
    v->prec = opt->prec;

    v->x0 = nhref_vec_new(v->model->nstate, v->prec);
    v->init_str = calloc(v->model->nstate ? v->model->nstate : 1, sizeof *v->init_str);
    if (v->x0 == NULL || v->init_str == NULL) {
        cli_error("out of memory");
        return CLI_FAIL;
    }
    if (cli_assign_inits(v->x0, v->init_str, v->model, d->init, d->ninit, d->where, d->init_opt) !=
            0 ||
        cli_check_init(v->sys, v->x0, d->where) != 0)
        return CLI_USAGE;
    mpfr_set_prec(v->t0, v->prec);
    v->t_start = d->t_start != NULL ? d->t_start : "0";
    if (cli_decimal(v->t0, v->t_start, d->t_start_opt, "any finite real") != 0)
        return CLI_USAGE;
    return CLI_OK;
}

static int cmp_row_key(const void *a, const void *b)
{
    const row_key_t *p = a, *q = b;
    int c = mpfr_cmp(p->t, q->t);
    return c != 0 ? c : (p->row > q->row) - (p->row < q->row);
}

/* Read the trajectory at the reference's precision, find its columns and sort
 * its rows by time.  Returns CLI_OK, CLI_USAGE or CLI_FAIL after an error. */
static int load_trajectory(verify_t *v, const char *path)
{
    const nhref_model_t *m = v->model;
    nhref_table_t *tab;
    row_key_t *keys;
    size_t nmatched = 0;
    char err[1024];
    int status;

    status = nhref_table_read(&v->tab, path, v->prec, err, sizeof err);
    if (status != NHREF_OK) {
        cli_error("%s", status == NHREF_ENOMEM ? "out of memory" : err);
        return status == NHREF_ENOMEM ? CLI_FAIL : CLI_USAGE;
    }
    tab = v->tab;
    if ((v->tcol = nhref_table_column(tab, "t")) < 0) {
        column_list(err, sizeof err, tab);
        cli_error("%s: no time column 't' (columns found: %s)", tab->path, err);
        return CLI_USAGE;
    }
    v->state_col = malloc((m->nstate ? m->nstate : 1) * sizeof *v->state_col);
    v->integral_col = malloc((m->nintegral ? m->nintegral : 1) * sizeof *v->integral_col);
    v->order = malloc(tab->nrow * sizeof *v->order);
    if (v->state_col == NULL || v->integral_col == NULL || v->order == NULL) {
        cli_error("out of memory");
        return CLI_FAIL;
    }
    for (size_t k = 0; k < m->nstate; k++)
        if ((v->state_col[k] = nhref_table_column(tab, m->state[k].name)) >= 0)
            nmatched++;
    for (size_t k = 0; k < m->nintegral; k++)
        if ((v->integral_col[k] = nhref_table_column(tab, m->integral[k].name)) >= 0)
            nmatched++;
    if (nmatched == 0) {
        column_list(err, sizeof err, tab);
        cli_error("%s: no column is a state variable or first integral of model %s (columns "
                  "found: %s; see 'nhref describe %s')",
                  tab->path, m->name, err, m->name);
        return CLI_USAGE;
    }

    keys = malloc(tab->nrow * sizeof *keys);
    if (keys == NULL) {
        cli_error("out of memory");
        return CLI_FAIL;
    }
    for (size_t r = 0; r < tab->nrow; r++) {
        if (!mpfr_number_p(cell(v, r, v->tcol))) {
            cli_error("%s:%zu: column 't': '%s' is not a finite time", tab->path, tab->line[r],
                      tab->text[r * tab->ncol + (size_t)v->tcol]);
            free(keys);
            return CLI_USAGE;
        }
        keys[r].t = cell(v, r, v->tcol);
        keys[r].row = r;
    }
    qsort(keys, tab->nrow, sizeof *keys, cmp_row_key);
    for (size_t r = 0; r < tab->nrow; r++)
        v->order[r] = keys[r].row;
    free(keys);
    return CLI_OK;
}

/* on_row: grid row i > 0 is the reference at table row sink_rows[i - 1] */
static int store_row(void *arg, size_t i, mpfr_srcptr t, mpfr_srcptr x)
{
    verify_t *v = arg;
    (void)t;
    if (i > 0) {
        size_t ns = v->model->nstate;
        mpfr_ptr dst = v->ref + v->sink_rows[i - 1] * ns;
        for (size_t k = 0; k < ns; k++)
            mpfr_set(dst + k, x + k, MPFR_RNDN);
    }
    return 0;
}

/* The reference at the time of every row, by dense output from (t0, x0):
 * backward through the rows before t0, forward through the others; then its
 * first integrals.  Returns CLI_OK, or CLI_USAGE / CLI_FAIL after an error. */
static int compute_reference(verify_t *v, nhref_options_t *opt, int quiet)
{
    const nhref_table_t *tab = v->tab;
    const nhref_model_t *m = v->model;
    size_t nrow = tab->nrow, nback = 0, *back;
    int status = NHREF_OK;
    tstr_t tb;

    cli_progress_init(&v->progress, "integrating the reference");
    v->progress.active = v->progress.active && !quiet;
    opt->progress = cli_progress;
    opt->progress_arg = &v->progress;
    opt->on_row = store_row;
    opt->on_row_arg = v;
    { /* bounded work: the Taylor order limit and the memory, before allocating */
        cli_work_t w = {.scheme = opt->scheme,
                        .digits = opt->digits,
                        .prec = v->prec,
                        .nnodes = nhref_tape_nnodes(nhref_system_rhs_tape(v->sys)),
                        .nstate = m->nstate,
                        .grid_bytes = (double)nrow * (double)(m->nstate + m->nintegral + 1) *
                                      cli_mpfr_bytes(v->prec),
                        .nrows = nrow,
                        .grid_what = "the reference values"};
        if (cli_check_scheme(&w) != 0)
            return CLI_USAGE;
    }
    status = nhref_integrator_new(&v->ig, v->sys, opt);
    if (status != NHREF_OK) {
        cli_error("cannot set up the reference integrator: %s", nhref_strerror(status));
        return status == NHREF_EDOMAIN || status == NHREF_EINVAL ? CLI_USAGE : CLI_FAIL;
    }
    v->ref = nhref_vec_new(nrow * m->nstate, v->prec);
    while (nback < nrow && mpfr_cmp(cell(v, v->order[nback], v->tcol), v->t0) < 0)
        nback++;
    back = malloc((nback ? nback : 1) * sizeof *back);
    if (v->ref == NULL || back == NULL) {
        free(back);
        cli_error("out of memory");
        return CLI_FAIL;
    }
    for (size_t k = 0; k < nback; k++) /* descending times */
        back[k] = v->order[nback - 1 - k];

    for (int pass = 0; pass < 2 && status == NHREF_OK; pass++) {
        size_t n = pass == 0 ? nback : nrow - nback;
        __mpfr_struct *grid;
        nhref_stats_t stats;
        if (n == 0)
            continue;
        v->sink_rows = pass == 0 ? back : v->order + nback;
        grid = nhref_vec_new(n + 1, v->prec);
        if (grid == NULL) {
            status = NHREF_ENOMEM;
            break;
        }
        mpfr_set(grid, v->t0, MPFR_RNDN);
        for (size_t k = 0; k < n; k++)
            mpfr_set(grid + k + 1, cell(v, v->sink_rows[k], v->tcol), MPFR_RNDN);
        status = nhref_integrate_grid(v->ig, NULL, v->x0, grid, n + 1, &stats);
        v->nsteps += stats.nsteps;
        nhref_vec_free(grid, n + 1);
        if (status != NHREF_OK) {
            size_t next = v->sink_rows[stats.nrows > 0 && stats.nrows <= n ? stats.nrows - 1 : 0];
            cli_progress_end(&v->progress);
            cli_error("the reference integration (%s from t-start) failed after %lu steps "
                      "before t = %s (line %zu): %s",
                      pass == 0 ? "backward" : "forward", stats.nsteps, row_time(&tb, v, next),
                      tab->line[next], nhref_strerror(status));
        }
    }
    cli_progress_end(&v->progress);
    free(back);
    if (status == NHREF_ENOMEM)
        cli_error("out of memory");
    if (status != NHREF_OK)
        return CLI_FAIL;

    if (m->nintegral > 0) {
        if ((v->refI = nhref_vec_new(nrow * m->nintegral, v->prec)) == NULL) {
            cli_error("out of memory");
            return CLI_FAIL;
        }
        for (size_t r = 0; r < nrow; r++)
            nhref_integrator_integrals(v->ig, v->refI + r * m->nintegral, cell(v, r, v->tcol),
                                       v->ref + r * m->nstate);
    }
    return CLI_OK;
}

/* ------------------------------------------------------------------ the report */
static void print_header(const verify_t *v, const char *golden)
{
    const nhref_model_t *m = v->model;
    const nhref_table_t *tab = v->tab;
    tstr_t t1, t2;
    int any = 0;

    printf("trajectory: %s: %zu rows, t from %s to %s\n",
           strcmp(tab->path, "-") == 0 ? "(standard input)" : tab->path, tab->nrow,
           row_time(&t1, v, v->order[0]), row_time(&t2, v, v->order[tab->nrow - 1]));
    printf("reference:  %s, %s at %g digits (%ld bits)%s, from t-start = %s; %lu steps\n", m->name,
           nhref_integrator_scheme(v->ig)->name, nhref_integrator_digits(v->ig), (long)v->prec,
           v->raised ? " (--digits raised to the golden file's)" : "", v->t_start, v->nsteps);
    if (golden != NULL)
        printf("            as defined by %s\n", golden);
    printf("  param:");
    for (size_t k = 0; k < m->nparam; k++)
        printf("%s %s = %s", k ? "," : "", m->param[k].name, nhref_system_param_str(v->sys, k));
    printf("\n  init: ");
    for (size_t k = 0; k < m->nstate; k++)
        printf("%s %s = %s", k ? "," : "", m->state[k].name, v->init_str[k]);
    printf("\n");
    for (size_t c = 0; c < tab->ncol; c++) {
        int matched = (int)c == v->tcol;
        for (size_t k = 0; k < m->nstate; k++)
            matched |= v->state_col[k] == (int)c;
        for (size_t k = 0; k < m->nintegral; k++)
            matched |= v->integral_col[k] == (int)c;
        if (!matched) {
            printf("%s%s", any ? ", " : "not compared: ", tab->name[c]);
            any = 1;
        }
    }
    if (any)
        printf(" (not a state variable or first integral of %s)\n", m->name);
    fflush(stdout);
}

/* Evaluate the closed form at every row (at t - t0: the models with a closed
 * form are autonomous) and print how well the reference agrees with it, with a
 * warning if that is too few digits to judge MIN_DIGITS. */
static void print_closed_form(verify_t *v, double min_digits)
{
    const nhref_model_t *m = v->model;
    const nhref_oracle_t *oracle = nhref_oracle_find(m->name);
    size_t ns = m->nstate, worst_k = 0;
    __mpfr_struct *p, *cf;
    void *sol = NULL;
    nhref_oracle_column_t worst;
    mpfr_t dt;
    tstr_t tb;
    char d[32];
    int status;

    if (oracle == NULL || oracle->solution_new == NULL) {
        printf("closed form: none for model %s\n", m->name);
        return;
    }
    if (oracle->nstate != ns || oracle->nparam != m->nparam) {
        printf("closed form: skipped (the oracle's tables do not match the model's)\n");
        return;
    }
    p = nhref_vec_new(m->nparam, v->prec);
    cf = nhref_vec_new(ns, v->prec);
    if (p == NULL || cf == NULL) {
        nhref_vec_free(p, m->nparam);
        nhref_vec_free(cf, ns);
        printf("closed form: skipped (out of memory)\n");
        return;
    }
    mpfr_init2(dt, v->prec + 64);
    nhref_system_params(p, v->sys);
    status = oracle->solution_new(&sol, p, v->x0, v->prec);
    nhref_oracle_column_init(&worst);
    v->progress.what = "evaluating the closed form";
    for (size_t i = 0; i < v->tab->nrow && status == NHREF_OK; i++) {
        size_t r = v->order[i];
        mpfr_sub(dt, cell(v, r, v->tcol), v->t0, MPFR_RNDN);
        status = oracle->solution_state(cf, sol, dt);
        for (size_t k = 0; k < ns && status == NHREF_OK; k++) {
            nhref_oracle_column_t col;
            nhref_oracle_column_init(&col);
            nhref_oracle_column_add(&col, r, v->ref + r * ns + k, cf + k, v->one);
            if (col.digits < worst.digits) {
                worst = col;
                worst_k = k;
            }
        }
        cli_progress(&v->progress, (double)(i + 1) / (double)v->tab->nrow);
    }
    cli_progress_end(&v->progress);
    if (status == NHREF_ENOTFOUND)
        printf("closed form: none for these parameters and this initial state\n");
    else if (status != NHREF_OK)
        printf("closed form: not available here (%s)\n", nhref_strerror(status));
    else {
        printf("reference checked against the closed form to %s digits (worst: %s at t = %s)\n",
               digits_str(d, sizeof d, worst.digits), m->state[worst_k].name,
               row_time(&tb, v, worst.worst_row));
        if (worst.digits < min_digits + 1)
            printf("warning: the reference is not accurate enough to judge %g digits: raise "
                   "--digits\n",
                   min_digits);
    }
    if (sol != NULL)
        oracle->solution_free(sol);
    mpfr_clear(dt);
    nhref_vec_free(cf, ns);
    nhref_vec_free(p, m->nparam);
}

/* The table of compared columns; *VERDICT gets the worst state column (the
 * worst integral column if no state column is present), *VERDICT_COL its name
 * (NULL if every value agrees exactly). */
static void print_columns(const verify_t *v, nhref_oracle_column_t *verdict,
                          const char **verdict_col)
{
    const nhref_model_t *m = v->model;
    const nhref_table_t *tab = v->tab;
    int have_state = 0;
    tstr_t tb;
    char d[32];

    for (size_t k = 0; k < m->nstate; k++)
        have_state |= v->state_col[k] >= 0;
    nhref_oracle_column_init(verdict);
    *verdict_col = NULL;
    printf("\n%-10s %-9s %12s %8s  %s\n", "column", "kind", "max |error|", "digits",
           "worst at t (line)");
    for (size_t c = 0; c < tab->ncol; c++) {
        int ks = -1, ki = -1;
        nhref_oracle_column_t col;
        for (size_t k = 0; k < m->nstate; k++)
            if (v->state_col[k] == (int)c)
                ks = (int)k;
        for (size_t k = 0; k < m->nintegral; k++)
            if (v->integral_col[k] == (int)c)
                ki = (int)k;
        if (ks < 0 && ki < 0)
            continue;
        nhref_oracle_column_init(&col);
        for (size_t i = 0; i < tab->nrow; i++) {
            size_t r = v->order[i];
            mpfr_srcptr b = ks >= 0 ? v->ref + r * m->nstate + (size_t)ks
                                    : v->refI + r * m->nintegral + (size_t)ki;
            nhref_oracle_column_add(&col, r, cell(v, r, (int)c), b, v->one);
        }
        printf("%-10s %-9s %12.3e %8s  %s (line %zu)", tab->name[c], ks >= 0 ? "state" : "integral",
               col.max_abs, digits_str(d, sizeof d, col.digits), row_time(&tb, v, col.worst_row),
               tab->line[col.worst_row]);
        if (col.nan_rows > 0)
            printf("; rows with NaN on one side only: %zu", col.nan_rows);
        printf("\n");
        if ((ks >= 0 || !have_state) && col.digits < verdict->digits) {
            *verdict = col;
            *verdict_col = tab->name[c];
        }
    }
}

/* The drift of the first integrals along the trajectory's own state values,
 * from its earliest row.  Returns 0, or -1 if out of memory. */
static int print_drift(const verify_t *v)
{
    const nhref_model_t *m = v->model;
    const nhref_table_t *tab = v->tab;
    size_t ns = m->nstate, ni = m->nintegral, r0 = v->order[0], used = 0;
    __mpfr_struct *x, *I, *I0;
    nhref_oracle_column_t *drift;
    char missing[512] = "", d[32];
    tstr_t tb;

    printf("\n");
    if (ni == 0) {
        printf("first-integral drift: model %s has no first integrals\n", m->name);
        return 0;
    }
    for (size_t k = 0; k < ns; k++)
        if (v->state_col[k] < 0 && used < sizeof missing)
            used += (size_t)snprintf(missing + used, sizeof missing - used, "%s%s",
                                     used ? ", " : "", m->state[k].name);
    if (used > 0) {
        printf("first-integral drift: skipped (it needs every state column; missing: %s)\n",
               missing);
        return 0;
    }
    x = nhref_vec_new(ns, v->prec);
    I = nhref_vec_new(ni, v->prec);
    I0 = nhref_vec_new(ni, v->prec);
    drift = malloc(ni * sizeof *drift);
    if (x != NULL && I != NULL && I0 != NULL && drift != NULL) {
        for (size_t k = 0; k < ni; k++)
            nhref_oracle_column_init(drift + k);
        for (size_t i = 0; i < tab->nrow; i++) {
            size_t r = v->order[i];
            for (size_t k = 0; k < ns; k++)
                mpfr_set(x + k, cell(v, r, v->state_col[k]), MPFR_RNDN);
            nhref_integrator_integrals(v->ig, i == 0 ? I0 : I, cell(v, r, v->tcol), x);
            for (size_t k = 0; i > 0 && k < ni; k++)
                nhref_oracle_column_add(drift + k, r, I + k, I0 + k, v->one);
        }
        printf("first-integral drift along the given trajectory (at its own state values),\n"
               "from its earliest row, t_first = %s (line %zu):\n",
               row_time(&tb, v, r0), tab->line[r0]);
        printf("%-10s %23s %12s %8s  %s\n", "integral", "I(t_first)", "max |drift|", "digits",
               "worst at t (line)");
        for (size_t k = 0; k < ni; k++) {
            if (mpfr_nan_p(I0 + k)) {
                printf("%-10s skipped: undefined (NaN) at the first row (defined where %s)\n",
                       m->integral[k].name, m->integral[k].holds);
                continue;
            }
            mpfr_printf("%-10s %23.15Re %12.3e %8s", m->integral[k].name, I0 + k, drift[k].max_abs,
                        digits_str(d, sizeof d, drift[k].digits));
            if (drift[k].rows + drift[k].nan_rows == 0)
                printf("  (a single row)");
            else
                printf("  %s (line %zu)", row_time(&tb, v, drift[k].worst_row),
                       tab->line[drift[k].worst_row]);
            if (drift[k].nan_rows > 0)
                printf("; rows where it is NaN: %zu", drift[k].nan_rows);
            printf("\n");
        }
    }
    nhref_vec_free(x, ns);
    nhref_vec_free(I, ni);
    nhref_vec_free(I0, ni);
    if (drift == NULL)
        return -1;
    free(drift);
    return 0;
}

/* The last line.  Returns CLI_OK (pass) or CLI_FAIL. */
static int print_verdict(const verify_t *v, const nhref_oracle_column_t *verdict,
                         const char *verdict_col, double min_digits)
{
    tstr_t tb;
    char d[32];

    printf("\n");
    if (verdict_col == NULL) {
        printf("PASS: every compared value equals the reference (>= --min-digits %g)\n",
               min_digits);
        return CLI_OK;
    }
    if (verdict->digits >= min_digits) {
        printf("PASS: minimum %s digits (%s at t = %s) >= --min-digits %g\n",
               digits_str(d, sizeof d, verdict->digits), verdict_col,
               row_time(&tb, v, verdict->worst_row), min_digits);
        return CLI_OK;
    }
    printf("FAIL: minimum %s digits (%s at t = %s, line %zu) < --min-digits %g\n",
           digits_str(d, sizeof d, verdict->digits), verdict_col,
           row_time(&tb, v, verdict->worst_row), v->tab->line[verdict->worst_row], min_digits);
    return CLI_FAIL;
}

/* ------------------------------------------------------------------ the command */
int cmd_verify(int argc, char **argv)
{
    args_t a;
    refdef_t d;
    verify_t v;
    nhref_options_t opt;
    nhref_oracle_column_t verdict;
    const char *verdict_col;
    int rc;

    rc = parse_args(&a, argc, argv);
    if (rc != CLI_OK)
        return rc < 0 ? CLI_OK : rc;
    memset(&v, 0, sizeof v);
    mpfr_inits2(MPFR_PREC_MIN, v.t0, v.one, (mpfr_ptr)0);
    mpfr_set_ui(v.one, 1, MPFR_RNDN);
    if ((rc = refdef_load(&d, &a)) == CLI_OK &&
        (rc = setup_reference(&v, &opt, &d, &a)) == CLI_OK &&
        (rc = load_trajectory(&v, a.traj)) == CLI_OK &&
        (rc = compute_reference(&v, &opt, a.quiet)) == CLI_OK) {
        print_header(&v, a.golden);
        print_closed_form(&v, a.min_digits);
        print_columns(&v, &verdict, &verdict_col);
        if (print_drift(&v) != 0) {
            cli_error("out of memory");
            rc = CLI_FAIL;
        } else {
            rc = print_verdict(&v, &verdict, verdict_col, a.min_digits);
        }
    }
    verify_free(&v);
    refdef_free(&d);
    return rc;
}
