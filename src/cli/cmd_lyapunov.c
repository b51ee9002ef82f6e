/* cmd_lyapunov.c -- `nhref lyapunov MODEL`: finite-time Lyapunov exponents
 * FTLE(T) by the tangent equations or the two-trajectory recipe
 * (nhref_lyapunov.h), written as CSV (T, FTLE). */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define MAX_ASSIGN 64
/* renormalisations (T_last / tau) at most: each one is an integration */
#define MAX_INTERVALS 10000000UL

static void usage(FILE *out)
{
    fprintf(out,
            "Usage: nhref lyapunov MODEL [OPTION]...\n"
            "Finite-time Lyapunov exponents FTLE(T) of MODEL from its initial state, written\n"
            "as CSV with columns T, FTLE [1/s].\n\n"
            "  -p, --param NAME=VALUE   set a parameter (decimal; see 'nhref describe MODEL')\n"
            "  -i, --init NAME=VALUE    set an initial state component (decimal)\n"
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

int cmd_lyapunov(int argc, char **argv)
{
    static const struct option longopts[] = {
        {"param", required_argument, NULL, 'p'},      {"init", required_argument, NULL, 'i'},
        {"times", required_argument, NULL, 'T'},      {"method", required_argument, NULL, 'm'},
        {"tau", required_argument, NULL, 'u'},        {"delta0", required_argument, NULL, 'D'},
        {"components", required_argument, NULL, 'C'}, {"direction", required_argument, NULL, 'U'},
        {"project", required_argument, NULL, 'J'},    {"digits", required_argument, NULL, 'd'},
        {"prec", required_argument, NULL, 'P'},       {"output", required_argument, NULL, 'o'},
        {"quiet", no_argument, NULL, 'q'},            {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0}};
    char *params[MAX_ASSIGN], *inits[MAX_ASSIGN], *times_s = NULL, *comp_s = NULL, *dir_s = NULL;
    char default_times[] = "10,20,50,100", **titems = NULL, **citems = NULL, **ditems = NULL;
    const char *output = "-", *project = NULL;
    size_t nparams = 0, ninits = 0, nt = 0, nc = 0, nd = 0;
    unsigned long digits = 0, prec = 0;
    nhref_lyap_opts_t lo;
    nhref_options_t io;
    const nhref_model_t *model;
    nhref_system_t *sys = NULL;
    __mpfr_struct *x0 = NULL, *t = NULL, *f = NULL;
    const char **init_str = NULL;
    size_t *comp = NULL;
    nhref_outfile_t *of = NULL;
    int c, rc = CLI_USAGE, status, quiet = 0;
    nhref_stats_t st;
    cli_progress_t progress;

    nhref_lyap_opts_default(&lo);
    nhref_options_default(&io);
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":p:i:d:o:qh", longopts, NULL)) != -1) {
        switch (c) {
        case 'p':
        case 'i':
            if ((c == 'p' ? nparams : ninits) == MAX_ASSIGN) {
                cli_error("too many --%s options", c == 'p' ? "param" : "init");
                return CLI_USAGE;
            }
            if (c == 'p')
                params[nparams++] = optarg;
            else
                inits[ninits++] = optarg;
            break;
        case 'T':
            times_s = optarg;
            break;
        case 'm':
            if (strcmp(optarg, "tangent") != 0 && strcmp(optarg, "benettin") != 0) {
                cli_error("--method: '%s' is not tangent or benettin", optarg);
                return CLI_USAGE;
            }
            lo.method = optarg;
            break;
        case 'u':
            lo.tau = optarg;
            break;
        case 'D':
            lo.delta0 = optarg;
            break;
        case 'C':
            comp_s = optarg;
            break;
        case 'U':
            dir_s = optarg;
            break;
        case 'J':
            project = optarg;
            break;
        case 'd':
            if (cli_ulong(&digits, optarg, "--digits", 1, 100000) != 0)
                return CLI_USAGE;
            break;
        case 'P':
            if (cli_ulong(&prec, optarg, "--prec", 16, cli_prec_max()) != 0)
                return CLI_USAGE;
            break;
        case 'o':
            output = optarg;
            break;
        case 'q':
            quiet = 1;
            break;
        case 'h':
            usage(stdout);
            return CLI_OK;
        case ':':
            cli_error("option '%s' needs a value (see 'nhref lyapunov --help')", argv[optind - 1]);
            return CLI_USAGE;
        default:
            cli_error("unknown option '%s' (see 'nhref lyapunov --help')", argv[optind - 1]);
            return CLI_USAGE;
        }
    }
    if (optind + 1 != argc) {
        cli_error(optind >= argc ? "missing MODEL (see 'nhref lyapunov --help')"
                                 : "unexpected argument after the model");
        return CLI_USAGE;
    }
    if (digits != 0 && prec != 0) {
        cli_error("give --digits or --prec, not both");
        return CLI_USAGE;
    }
    if ((model = cli_model(argv[optind])) == NULL)
        return CLI_USAGE;
    if (nhref_system_new(&sys, model) != NHREF_OK)
        return CLI_FAIL;
    if (cli_assign_params(sys, params, nparams, "", "--param") != 0)
        goto done;
    io.digits = (double)digits;
    io.prec = (mpfr_prec_t)prec;
    if (nhref_options_resolve(&io) != NHREF_OK) {
        cli_error("--prec %lu implies fewer than 1 digit", prec);
        goto done;
    }
    x0 = nhref_vec_new(model->nstate, io.prec);
    init_str = calloc(model->nstate, sizeof *init_str);
    if (x0 == NULL || init_str == NULL ||
        cli_assign_inits(x0, init_str, model, inits, ninits, "", "--init") != 0 ||
        cli_check_init(sys, x0, "") != 0)
        goto done;

    /* times */
    if ((nt = split_list(times_s != NULL ? times_s : default_times, &titems, "--times")) == 0)
        goto done;
    t = nhref_vec_new(nt, io.prec);
    f = nhref_vec_new(nt, io.prec);
    if (t == NULL || f == NULL) {
        cli_error("--times: %s", nhref_strerror(NHREF_ENOMEM));
        rc = CLI_FAIL;
        goto done;
    }
    for (size_t i = 0; i < nt; i++)
        if (cli_decimal(t + i, titems[i], "--times", "increasing times > 0") != 0)
            goto done;
    for (size_t i = 0; i < nt; i++)
        if (mpfr_sgn(t + i) <= 0 || (i > 0 && !mpfr_greater_p(t + i, t + i - 1))) {
            cli_error("--times: '%s' is out of range (admissible: increasing times > 0)",
                      titems[i]);
            goto done;
        }
    /* tau and delta0 (the library would only say "invalid argument") */
    {
        mpfr_t v;
        int bad;
        mpfr_init2(v, io.prec);
        bad = cli_decimal(v, lo.tau, "--tau", "S > 0") != 0;
        if (!bad && mpfr_sgn(v) <= 0) {
            cli_error("--tau = %s is out of range (admissible range: S > 0)", lo.tau);
            bad = 1;
        }
        if (!bad) { /* the number of renormalisations, T_last / tau */
            mpfr_div(v, t + nt - 1, v, MPFR_RNDU);
            if (mpfr_cmp_ui(v, MAX_INTERVALS) > 0) {
                cli_error("--tau %s: %s / %s = %.3g renormalisations, more than the limit of %lu "
                          "(raise --tau)",
                          lo.tau, titems[nt - 1], lo.tau, mpfr_get_d(v, MPFR_RNDN), MAX_INTERVALS);
                bad = 1;
            }
        }
        if (!bad && (bad = cli_decimal(v, lo.delta0, "--delta0", "D > 0") != 0) == 0 &&
            mpfr_sgn(v) <= 0) {
            cli_error("--delta0 = %s is out of range (admissible range: D > 0)", lo.delta0);
            bad = 1;
        }
        mpfr_clear(v);
        if (bad)
            goto done;
    }
    /* components, direction, projection */
    if (comp_s != NULL) {
        if ((nc = split_list(comp_s, &citems, "--components")) == 0)
            goto done;
        if ((comp = malloc(nc * sizeof *comp)) == NULL) {
            cli_error("--components: %s", nhref_strerror(NHREF_ENOMEM));
            rc = CLI_FAIL;
            goto done;
        }
        for (size_t i = 0; i < nc; i++) {
            int k = nhref_model_state_index(model, citems[i]);
            if (k < 0) {
                cli_error("--components: unknown state variable '%s' of model %s", citems[i],
                          model->name);
                goto done;
            }
            comp[i] = (size_t)k;
        }
        lo.ncomponent = nc;
        lo.component = comp;
    }
    if (dir_s != NULL) {
        mpfr_t v;
        int bad = 0, zero = 1;
        if ((nd = split_list(dir_s, &ditems, "--direction")) == 0)
            goto done;
        if (nd != (nc ? nc : model->nstate)) {
            cli_error("--direction: %zu values for %zu components", nd, nc ? nc : model->nstate);
            goto done;
        }
        mpfr_init2(v, io.prec);
        for (size_t i = 0; i < nd && !bad; i++) {
            bad = cli_decimal(v, ditems[i], "--direction", "finite reals, not all zero") != 0;
            zero = zero && mpfr_zero_p(v);
        }
        mpfr_clear(v);
        if (bad)
            goto done;
        if (zero) {
            cli_error("--direction: every value is zero (admissible: finite reals, not all zero)");
            goto done;
        }
        lo.direction = (const char *const *)ditems;
    }
    if (project != NULL) {
        lo.project_integral = nhref_model_integral_index(model, project);
        if (lo.project_integral < 0) {
            cli_error("--project: unknown first integral '%s' of model %s", project, model->name);
            goto done;
        }
    }

    /* bounded work: the scheme's limits and memory, for the tape it will integrate */
    {
        const nhref_tape_t *rhs = nhref_system_rhs_tape(sys);
        nhref_tape_t *lin = NULL;
        size_t nnodes = nhref_tape_nnodes(rhs), n = model->nstate;
        int bad;
        if (strcmp(lo.method, "tangent") == 0 && nhref_tape_linearize(&lin, rhs, 1) == NHREF_OK) {
            nnodes = nhref_tape_nnodes(lin);
            n *= 2;
        }
        nhref_tape_free(lin);
        {
            cli_work_t w = {.scheme = io.scheme,
                            .digits = io.digits,
                            .prec = io.prec,
                            .prec_opt = prec,
                            .nnodes = nnodes,
                            .nstate = n};
            bad = cli_check_scheme(&w);
        }
        if (bad)
            goto done;
    }

    cli_progress_init(&progress, "integrating");
    progress.active = progress.active && !quiet;
    io.progress = cli_progress;
    io.progress_arg = &progress;
    status = nhref_lyapunov(f, sys, x0, t, nt, &lo, &io, &st);
    cli_progress_end(&progress);
    if (status == NHREF_EINVAL && project != NULL) {
        /* every option was checked above but this one */
        cli_error("--project %s: the initial direction is zero once projected on the level set "
                  "of %s (give a --direction not normal to it)",
                  project, project);
        goto done;
    } else if (status != NHREF_OK && status != NHREF_EBLOWUP && status != NHREF_ESTEP) {
        cli_error("cannot compute the exponents: %s", nhref_strerror(status));
        rc = status == NHREF_EINVAL ? CLI_USAGE : CLI_FAIL;
        goto done;
    }
    if (nhref_outfile_open(&of, output) != NHREF_OK) {
        cli_write_error(output, errno);
        rc = CLI_FAIL;
        goto done;
    }
    {
        FILE *out = nhref_outfile_stream(of);
        int pd = (int)io.digits;
        /* the CSV dialect of nhref_io.h: the header row, then the metadata */
        fprintf(out, "T,FTLE\n");
        fprintf(out, "# nhref finite-time Lyapunov exponents\n");
        nhref_csv_meta(out, "model", "%s", model->name);
        for (size_t i = 0; i < model->nparam; i++)
            nhref_csv_meta(out, "param", "%s = %s [%s]", model->param[i].name,
                           nhref_system_param_str(sys, i), model->param[i].unit);
        for (size_t i = 0; i < model->nstate; i++)
            nhref_csv_meta(out, "init", "%s = %s [%s]", model->state[i].name, init_str[i],
                           model->state[i].unit);
        nhref_csv_meta(out, "method", "%s, tau = %s%s%s", lo.method, lo.tau,
                       strcmp(lo.method, "benettin") == 0 ? ", delta0 = " : "",
                       strcmp(lo.method, "benettin") == 0 ? lo.delta0 : "");
        nhref_csv_meta(out, "precision", "%ld bits, tolerance 1e-%g", (long)io.prec, io.digits);
        /* the times reached (all, unless a blow-up or an underflow came first) */
        for (size_t i = 0; i < st.nrows; i++) {
            fputs(titems[i], out);
            fputc(',', out);
            nhref_csv_value(out, f + i, pd);
            fputc('\n', out);
        }
        if (status == NHREF_EBLOWUP) {
            nhref_csv_meta(out, "outcome",
                           "stopped before a finite-time blow-up: the solution leaves every bound "
                           "near t = %.15g; the exponents for the %zu of %zu times before it",
                           st.t_blowup, st.nrows, nt);
            fprintf(stderr,
                    "%s: the solution leaves every bound near t = %.15g: %zu of %zu times "
                    "written\n",
                    cli_prog, st.t_blowup, st.nrows, nt);
        } else if (status == NHREF_ESTEP) {
            nhref_csv_meta(out, "outcome",
                           "stopped: step size underflow near t = %.15g (no finite-time blow-up "
                           "recognised); the exponents for the %zu of %zu times before it",
                           st.t_stop, st.nrows, nt);
            fprintf(stderr, "%s: step size underflow near t = %.15g: %zu of %zu times written\n",
                    cli_prog, st.t_stop, st.nrows, nt);
        } else {
            nhref_csv_meta(out, "outcome", "%s", nhref_outcome_str(st.outcome));
        }
    }
    cli_sha256_line(of);
    rc = status == NHREF_ESTEP ? CLI_FAIL : CLI_OK;
    if (nhref_outfile_commit(of) != NHREF_OK) {
        cli_write_error(output, errno);
        rc = CLI_FAIL;
    }
    of = NULL;

done:
    if (of != NULL)
        nhref_outfile_abort(of);
    nhref_vec_free(x0, model->nstate);
    nhref_vec_free(t, nt);
    nhref_vec_free(f, nt);
    free(titems);
    free(citems);
    free(ditems);
    free(comp);
    free((void *)init_str);
    nhref_system_free(sys);
    return rc;
}
