/* cmd_lyapunov.c -- `nhref lyapunov MODEL`: finite-time Lyapunov exponents
 * FTLE(T) by the tangent equations or the two-trajectory recipe
 * (nhref_lyapunov.h), of a spec (nhref_run.h), written as CSV (T, FTLE). */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* renormalisations (T_last / tau) at most: each one is an integration */
#define MAX_INTERVALS 10000000UL

enum { OPT_METHOD = CLI_OPT_COMMAND_FIRST, OPT_TAU, OPT_DELTA0, OPT_COMPONENTS, OPT_DIRECTION,
       OPT_PROJECT };

static void usage(FILE *out)
{
    fprintf(out,
            "Usage: nhref lyapunov MODEL [OPTION]...\n"
            "Finite-time Lyapunov exponents FTLE(T) of MODEL from its initial state, written\n"
            "as CSV with columns T, FTLE [1/s] (format nhref-lyapunov 1: docs/trajectory.md).\n"
            "MODEL is a built-in model (see 'nhref list') or a model file (a name with '/'\n"
            "or '.': a path; see 'nhref run --help').\n\n"
            "  -p, --param NAME=VALUE   set a parameter: a decimal or a constant expression\n"
            "                           ('a=pi/7'; see 'nhref describe MODEL')\n"
            "  -i, --init NAME=VALUE    set an initial state component (as --param)\n"
            "      --times T1,T2,...    the final times T (increasing, > 0; default 10,20,50,100)\n"
            "      --method M           tangent (default: the variational equations from the\n"
            "                           model's tape) or benettin (two trajectories)\n"
            "      --tau S              renormalise every S seconds, S > 0 (default 1; at most\n"
            "                           %lu renormalisations up to the last time)\n"
            "      --delta0 D           benettin: the initial separation, D > 0 (default 1e-20)\n"
            "      --components A,B,... the state components of the norm (default: all)\n"
            "      --direction U1,U2,...the initial direction on them, not zero (default: all\n"
            "                           ones)\n"
            "      --project INTEGRAL   project the direction on the level set of this first\n"
            "                           integral (e.g. E: the energy surface)\n"
            "  -d, --digits D           digits (default 30; 1 <= D <= 100000, Taylor order\n"
            "                           ceil(1.1513 D + 1) <= 100000); --prec BITS the\n"
            "                           precision instead (16 <= BITS <= %lu)\n"
            "      --fast               in double precision (53 bits, tolerance at most 1e-15;\n"
            "                           tangent method only): the variational equations in\n"
            "                           the batch integrator, 17 digits printed, not\n"
            "                           certified; --prec does not apply\n"
            "      --scheme NAME        integration scheme (default taylor; see 'nhref list'),\n"
            "                           --order N (taylor) or --stages S (gauss) its option\n"
            "      --max-steps N        give up after N steps in all (default 10000000): a\n"
            "                           run of more renormalisation intervals is refused,\n"
            "                           one whose first steps show it would take over 4 N\n"
            "                           is stopped then, with the estimate\n"
            "  -o, --output FILE        write atomically to FILE (default: standard output)\n"
            "  -q, --quiet              no progress on stderr (shown when it is a terminal)\n"
            "  -h, --help               show this help and exit\n\n"
            "Example (docs/models/skater.md §6.2, case L1):\n"
            "  nhref lyapunov skater --param A1=0.1 --param g=-9.81 --init Omega1=1 \\\n"
            "      --components theta,Omega1,Omega2,v --project E --times 10,20,50,100\n",
            MAX_INTERVALS, cli_prec_max());
}

/* split a comma list (modified in place) into *ITEMS (malloc'ed, every item);
 * returns the number of items, or 0 after an error */
static size_t split_list(char *s, char ***items, const char *option)
{
    size_t n = 1, k = 0;
    for (const char *c = s; *c != '\0'; c++)
        n += *c == ',';
    if ((*items = malloc(n * sizeof **items)) == NULL) {
        cli_error("%s: %s", option, nhref_strerror(NHREF_ENOMEM));
        return 0;
    }
    for (char *p = s;;) {
        char *c = strchr(p, ',');
        if (c != NULL)
            *c = '\0';
        (*items)[k++] = cli_trim(p);
        if (c == NULL)
            break;
        p = c + 1;
    }
    return k;
}

int cli_lyap_args(cli_lyap_args_t *a, int argc, char **argv, int need_model)
{
    static const struct option longopts[] = {
        {"param", required_argument, NULL, 'p'},       {"init", required_argument, NULL, 'i'},
        {"times", required_argument, NULL, CLI_OPT_TIMES},
        {"digits", required_argument, NULL, 'd'},      {"prec", required_argument, NULL, CLI_OPT_PREC},
        {"scheme", required_argument, NULL, CLI_OPT_SCHEME},
        {"order", required_argument, NULL, CLI_OPT_ORDER},
        {"stages", required_argument, NULL, CLI_OPT_STAGES},
        {"max-steps", required_argument, NULL, CLI_OPT_MAX_STEPS},
        {"method", required_argument, NULL, OPT_METHOD}, {"tau", required_argument, NULL, OPT_TAU},
        {"delta0", required_argument, NULL, OPT_DELTA0},
        {"components", required_argument, NULL, OPT_COMPONENTS},
        {"direction", required_argument, NULL, OPT_DIRECTION},
        {"project", required_argument, NULL, OPT_PROJECT},
        {"fast", no_argument, NULL, CLI_OPT_FAST},
        {"output", required_argument, NULL, 'o'},      {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},              {NULL, 0, NULL, 0}};
    const char **slot;
    int c, h;

    memset(a, 0, sizeof *a);
    cli_spec_opts_init(&a->spec);
    a->output = "-";
    a->method = "tangent";
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":p:i:d:o:qh", longopts, NULL)) != -1) {
        if ((h = cli_spec_option(&a->spec, c, optarg)) != 0) {
            if (h < 0)
                return CLI_USAGE;
            continue;
        }
        slot = c == OPT_METHOD       ? &a->method
               : c == OPT_TAU        ? &a->tau
               : c == OPT_DELTA0     ? &a->delta0
               : c == OPT_COMPONENTS ? &a->components
               : c == OPT_DIRECTION  ? &a->direction
               : c == OPT_PROJECT    ? &a->project
               : c == 'o'            ? &a->output
                                     : NULL;
        if (slot != NULL) {
            *slot = optarg;
        } else if (c == 'q') {
            a->quiet = 1;
        } else if (c == 'h') {
            usage(stdout);
            return 1;
        } else {
            cli_error(c == ':' ? "option '%s' needs a value (see 'nhref lyapunov --help')"
                               : "unknown option '%s' (see 'nhref lyapunov --help')",
                      argv[optind - 1]);
            return CLI_USAGE;
        }
    }
    if (strcmp(a->method, "tangent") != 0 && strcmp(a->method, "benettin") != 0) {
        cli_error("--method: '%s' is not tangent or benettin", a->method);
        return CLI_USAGE;
    }
    if (a->spec.fast && strcmp(a->method, "tangent") != 0) {
        cli_error("--method %s: not with --fast (the exponents in double are by the tangent "
                  "method only)",
                  a->method);
        return CLI_USAGE;
    }
    if (need_model && optind + 1 != argc) {
        cli_error(optind >= argc ? "missing MODEL (see 'nhref lyapunov --help')"
                                 : "unexpected argument after the model");
        return CLI_USAGE;
    }
    if (!need_model && optind != argc) {
        cli_error("unexpected argument '%s'", argv[optind]);
        return CLI_USAGE;
    }
    a->model = need_model ? argv[optind] : NULL;
    return 0;
}

/* tau and delta0 at PREC bits (the library would only say "invalid argument"), and the
 * number of renormalisations T_last / tau */
static int check_tau(const nhref_lyap_opts_t *lo, const char *t_last, long prec, const char *who)
{
    mpfr_t v, t;
    int bad;
    mpfr_inits2(prec, v, t, (mpfr_ptr)0);
    nhref_decimal_set(t, t_last);
    bad = cli_decimal_in(who, v, lo->tau, "--tau", "S > 0") != 0;
    if (!bad && mpfr_sgn(v) <= 0) {
        cli_error_in(who, "--tau = %s is out of range (admissible range: S > 0)", lo->tau);
        bad = 1;
    }
    if (!bad) {
        mpfr_div(v, t, v, MPFR_RNDU);
        if (mpfr_cmp_ui(v, MAX_INTERVALS) > 0) {
            cli_error_in(who, "--tau %s: %s / %s = %.3g renormalisations, more than the limit of "
                              "%lu (raise --tau)",
                         lo->tau, t_last, lo->tau, mpfr_get_d(v, MPFR_RNDN), MAX_INTERVALS);
            bad = 1;
        }
    }
    if (!bad && (bad = cli_decimal_in(who, v, lo->delta0, "--delta0", "D > 0") != 0) == 0 &&
        mpfr_sgn(v) <= 0) {
        cli_error_in(who, "--delta0 = %s is out of range (admissible range: D > 0)", lo->delta0);
        bad = 1;
    }
    mpfr_clears(v, t, (mpfr_ptr)0);
    return bad ? -1 : 0;
}

/* the components of the norm, the initial direction and the projection into LO (the
 * lists in *ITEMS, malloc'ed) */
typedef struct {
    char *clist, *dlist;   /* copies of the lists, split in place */
    char **citems, **ditems;
    size_t *comp;
} lists_t;

static int check_direction(nhref_lyap_opts_t *lo, const cli_lyap_args_t *a,
                           const nhref_model_t *model, long prec, lists_t *l, const char *who)
{
    size_t nc = 0, nd;
    char ***citems = &l->citems, ***ditems = &l->ditems;
    size_t **comp = &l->comp;
    if (a->components != NULL) {
        char *list = l->clist = strdup(a->components);
        nc = list != NULL ? split_list(list, citems, "--components") : 0;
        if (nc == 0 || (*comp = malloc(nc * sizeof **comp)) == NULL)
            return -1;
        for (size_t i = 0; i < nc; i++) {
            int k = nhref_model_state_index(model, (*citems)[i]);
            if (k < 0) {
                cli_error_in(who, "--components: unknown state variable '%s' of model %s",
                             (*citems)[i], model->name);
                return -1;
            }
            (*comp)[i] = (size_t)k;
        }
        lo->ncomponent = nc;
        lo->component = *comp;
    }
    if (a->direction != NULL) {
        char *list = l->dlist = strdup(a->direction);
        mpfr_t v;
        int bad = 0, zero = 1;
        if (list == NULL || (nd = split_list(list, ditems, "--direction")) == 0)
            return -1;
        if (nd != (nc ? nc : model->nstate)) {
            cli_error_in(who, "--direction: %zu values for %zu components", nd,
                         nc ? nc : model->nstate);
            return -1;
        }
        mpfr_init2(v, prec);
        for (size_t i = 0; i < nd && !bad; i++) {
            bad = cli_decimal_in(who, v, (*ditems)[i], "--direction",
                                 "finite reals, not all zero") != 0;
            zero = zero && mpfr_zero_p(v);
        }
        mpfr_clear(v);
        if (!bad && zero)
            cli_error_in(who, "--direction: every value is zero (admissible: finite reals, not "
                              "all zero)");
        if (bad || zero)
            return -1;
        lo->direction = (const char *const *)*ditems;
    }
    if (a->project != NULL &&
        (lo->project_integral = nhref_model_integral_index(model, a->project)) < 0) {
        cli_error_in(who, "--project: unknown first integral '%s' of model %s", a->project,
                     model->name);
        return -1;
    }
    return 0;
}

/* the CSV (T, FTLE) of the N rows filled, with the outcome; atomically into OUTPUT */
static int write_exponents(const nhref_spec_t *spec, const nhref_lyap_opts_t *lo,
                           mpfr_srcptr f, int status, const nhref_stats_t *st, const char *output,
                           const char *who)
{
    const nhref_model_t *model = nhref_spec_model(spec);
    nhref_outfile_t *of;
    size_t nt = nhref_spec_nrows(spec);
    char ts[256], hex[65];
    int rc = status == NHREF_ESTEP ? CLI_FAIL : CLI_OK;
    FILE *out;
    int dbl = nhref_spec_type(spec) == NHREF_RUN_DOUBLE;

    if (nhref_outfile_open(&of, output) != NHREF_OK) {
        cli_write_error_in(who, output, errno);
        return CLI_FAIL;
    }
    out = nhref_outfile_stream(of);
    /* the CSV dialect of nhref_io.h: the header row, then the metadata */
    fprintf(out, "T,FTLE\n");
    fprintf(out, "# nhref finite-time Lyapunov exponents\n");
    {
        const char *v, *k = nhref_spec_meta(spec, &v); /* provenance: nhref_spec_set_meta */
        if (k != NULL)
            nhref_csv_meta(out, k, "%s", v);
    }
    /* the format and the versions, as the trajectory sink writes them (io/sink_csv.c) */
    nhref_csv_meta(out, "format", "nhref-lyapunov 1");
    nhref_csv_meta(out, "nhref", "%s (MPFR %s, GMP %s)", nhref_version(), nhref_mpfr_version(),
                   nhref_gmp_version());
    nhref_csv_meta(out, "model", "%s", model->name);
    for (size_t i = 0; i < model->nparam; i++)
        nhref_csv_meta(out, "param", "%s = %s [%s]", model->param[i].name,
                       nhref_spec_param_str(spec, i), model->param[i].unit);
    for (size_t i = 0; i < model->nstate; i++)
        nhref_csv_meta(out, "init", "%s = %s [%s]", model->state[i].name,
                       nhref_spec_init_str(spec, i), model->state[i].unit);
    nhref_csv_meta(out, "method", "%s, tau = %s%s%s", lo->method, lo->tau,
                   strcmp(lo->method, "benettin") == 0 ? ", delta0 = " : "",
                   strcmp(lo->method, "benettin") == 0 ? lo->delta0 : "");
    /* the perturbation: the norm's components, the initial direction, its projection */
    fprintf(out, "# perturbation: norm on (");
    for (size_t i = 0; i < (lo->ncomponent ? lo->ncomponent : model->nstate); i++)
        fprintf(out, "%s%s", i ? ", " : "",
                model->state[lo->ncomponent ? lo->component[i] : i].name);
    fprintf(out, "), direction (");
    for (size_t i = 0; i < (lo->ncomponent ? lo->ncomponent : model->nstate); i++)
        fprintf(out, "%s%s", i ? ", " : "", lo->direction != NULL ? lo->direction[i] : "1");
    fprintf(out, ")");
    if (lo->project_integral >= 0)
        fprintf(out, " projected on the level set of %s",
                model->integral[lo->project_integral].name);
    fputc('\n', out);
    if (dbl)
        nhref_csv_meta(out, "precision", "53 bits (double, fast path), tolerance 1e-%g",
                       nhref_spec_digits(spec));
    else
        nhref_csv_meta(out, "precision", "%ld bits, tolerance 1e-%g", nhref_spec_prec(spec),
                       nhref_spec_digits(spec));
    /* the times reached (all, unless a blow-up or an underflow came first) */
    for (size_t i = 0; i < st->nrows; i++) {
        nhref_spec_time_str(spec, i, ts, sizeof ts);
        fprintf(out, "%s,", ts);
        nhref_csv_value(out, f + i, dbl ? 17 : (int)nhref_spec_digits(spec));
        fputc('\n', out);
    }
    if (status == NHREF_EBLOWUP) {
        nhref_csv_meta(out, "outcome",
                       "stopped before a finite-time blow-up: the solution leaves every bound "
                       "near t = %.15g; the exponents for the %zu of %zu times before it",
                       st->t_blowup, st->nrows, nt);
        cli_error_in(who, "the solution leaves every bound near t = %.15g: %zu of %zu times "
                          "written",
                     st->t_blowup, st->nrows, nt);
    } else if (status == NHREF_ESTEP) {
        nhref_csv_meta(out, "outcome",
                       "stopped: step size underflow near t = %.15g (no finite-time blow-up "
                       "recognised); the exponents for the %zu of %zu times before it",
                       st->t_stop, st->nrows, nt);
        cli_error_in(who, "step size underflow near t = %.15g: %zu of %zu times written",
                     st->t_stop, st->nrows, nt);
    } else {
        nhref_csv_meta(out, "outcome", "%s", nhref_outcome_str(st->outcome));
    }
    if (nhref_outfile_data_sha256(of, hex) == NHREF_OK)
        fprintf(out, "# sha256: %s (of the lines not starting with '#': grep -v '^#' FILE | "
                     "sha256sum)\n",
                hex);
    if (nhref_outfile_commit(of) != NHREF_OK) {
        cli_write_error_in(who, output, errno);
        rc = CLI_FAIL;
    }
    return rc;
}

static void lists_free(lists_t *l)
{
    free(l->citems);
    free(l->ditems);
    free(l->comp);
    free(l->clist);
    free(l->dlist);
}

/* LO from A for SPEC, every option checked (messages prefixed with WHO; cli_silent:
 * none).  0, or the exit status */
static int lyap_opts(nhref_lyap_opts_t *lo, lists_t *l, nhref_spec_t *spec,
                     const cli_lyap_args_t *a, const char *who)
{
    char ts[256];
    int status;
    nhref_lyap_opts_default(lo);
    lo->method = a->method;
    lo->tau = a->tau != NULL ? a->tau : lo->tau;
    lo->delta0 = a->delta0 != NULL ? a->delta0 : lo->delta0;
    if ((status = nhref_lyapunov_check(spec)) != NHREF_OK) {
        cli_error_in(who, "%s", nhref_spec_error(spec));
        return cli_spec_exit(status);
    }
    nhref_spec_time_str(spec, nhref_spec_nrows(spec) - 1, ts, sizeof ts);
    if (check_tau(lo, ts, nhref_spec_prec(spec), who) != 0 ||
        check_direction(lo, a, nhref_spec_model(spec), nhref_spec_prec(spec), l, who) != 0)
        return CLI_USAGE;
    return 0;
}

int cli_lyap_spec_done(nhref_spec_t *spec, const cli_lyap_args_t *a, const char *who,
                       const cli_lyap_done_t *done)
{
    nhref_lyap_opts_t lo;
    __mpfr_struct *f = NULL;
    lists_t l = {0};
    size_t nt;
    nhref_stats_t st;
    cli_progress_t progress;
    int rc, status = NHREF_OK;

    if ((rc = lyap_opts(&lo, &l, spec, a, who)) != 0)
        goto done;
    nt = nhref_spec_nrows(spec);
    if ((f = nhref_vec_new(nt, nhref_spec_prec(spec))) == NULL) {
        rc = CLI_FAIL;
        goto done;
    }
    if (done != NULL) { /* computed ahead: the same numbers (cli_lyap_batch) */
        st = done->stats;
        for (size_t i = 0; i < nt; i++)
            mpfr_set_d(f + i, done->ftle[i], MPFR_RNDN);
    } else {
        cli_progress_init(&progress, "integrating");
        progress.active = progress.active && !a->quiet;
        nhref_spec_set_progress(spec, cli_progress, &progress);
        memset(&st, 0, sizeof st);
        status = nhref_lyapunov_run(f, spec, &lo, &st);
        cli_progress_end(&progress);
        nhref_spec_set_progress(spec, NULL, NULL);
    }
    if (status == NHREF_EINVAL && a->project != NULL &&
        strncmp(nhref_spec_error(spec), "cannot compute", 14) == 0) {
        /* every option was checked above but this one */
        cli_error_in(who, "--project %s: the initial direction is zero once projected on the "
                          "level set of %s (give a --direction not normal to it)",
                     a->project, a->project);
        rc = CLI_USAGE;
    } else if (status != NHREF_OK && status != NHREF_EBLOWUP && status != NHREF_ESTEP) {
        cli_error_in(who, "%s", nhref_spec_error(spec));
        rc = status == NHREF_EINVAL || status == NHREF_EPARSE ? CLI_USAGE : CLI_FAIL;
    } else {
        rc = write_exponents(spec, &lo, f, status, &st, a->output, who);
    }
done:
    nhref_vec_free(f, nhref_spec_nrows(spec));
    lists_free(&l);
    return rc;
}

int cli_lyap_spec(nhref_spec_t *spec, const cli_lyap_args_t *a, const char *who)
{
    return cli_lyap_spec_done(spec, a, who, NULL);
}

void cli_lyap_done_free(cli_lyap_done_t *d)
{
    if (d != NULL)
        free(d->ftle);
    free(d);
}

size_t cli_lyap_batch(nhref_spec_t *const *spec, size_t n, const cli_lyap_args_t *a,
                      cli_lyap_done_t **done)
{
    nhref_lyap_opts_t lo;
    lists_t l = {0};
    size_t nt, got = 0;
    double *f = NULL;
    int *status = malloc((n + 1) * sizeof *status);
    nhref_stats_t *st = malloc((n + 1) * sizeof *st);

    for (size_t k = 0; k < n; k++)
        done[k] = NULL;
    /* the options of the batch: SPEC[0]'s (the others join with its model and times) */
    if (n == 0 || status == NULL || st == NULL || lyap_opts(&lo, &l, spec[0], a, cli_silent) != 0)
        goto out;
    nt = nhref_spec_nrows(spec[0]);
    if ((f = malloc(n * nt * sizeof *f)) == NULL ||
        nhref_lyapunov_run_batch(f, status, st, spec, n, &lo) != NHREF_OK)
        goto out;
    for (size_t k = 0; k < n; k++) {
        if (status[k] != NHREF_OK || st[k].nrows != nt || (done[k] = malloc(sizeof **done)) == NULL)
            continue;
        if ((done[k]->ftle = malloc(nt * sizeof *f)) == NULL) {
            free(done[k]);
            done[k] = NULL;
            continue;
        }
        memcpy(done[k]->ftle, f + k * nt, nt * sizeof *f);
        done[k]->stats = st[k];
        got++;
    }
out:
    lists_free(&l);
    free(f);
    free(status);
    free(st);
    return got;
}

int cmd_lyapunov(int argc, char **argv)
{
    cli_lyap_args_t a;
    nhref_spec_t *spec = NULL;
    int rc = cli_lyap_args(&a, argc, argv, 1);

    if (rc != 0)
        return rc == 1 ? CLI_OK : rc;
    if (a.spec.times == NULL)
        a.spec.times = "10,20,50,100";
    if ((rc = cli_spec_new(&spec, a.model, &a.spec)) == 0)
        rc = cli_lyap_spec(spec, &a, cli_prog);
    nhref_spec_free(spec);
    return rc;
}
