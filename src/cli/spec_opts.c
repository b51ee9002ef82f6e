/* spec_opts.c -- the options that say what to run, shared by the commands that run a
 * spec (run, and sweep's options after '--'): argv -> cli_spec_opts_t (getopt, whole
 * numbers checked) -> a spec (nhref_run.h), applied in one order whatever the order
 * of argv.  What a value means and whether it is admissible is the spec's to say. */
#include "cli.h"

#include <stdlib.h>
#include <string.h>

unsigned long cli_prec_max(void)
{
    return (unsigned long)nhref_prec_max();
}

void cli_spec_opts_init(cli_spec_opts_t *o)
{
    memset(o, 0, sizeof *o);
}

/* append S to the list L (*N items), at most CLI_MAX_ASSIGN; -1 after an error */
static int push(const char **l, size_t *n, const char *s, const char *what)
{
    if (*n == CLI_MAX_ASSIGN) {
        cli_error("too many %s options (at most %d)", what, CLI_MAX_ASSIGN);
        return -1;
    }
    l[(*n)++] = s;
    return 0;
}

int cli_spec_option(cli_spec_opts_t *o, int c, const char *arg)
{
    switch (c) {
    case 'p':
        return push(o->params, &o->nparam, arg, "--param") ? -1 : 1;
    case 'i':
        return push(o->inits, &o->ninit, arg, "--init") ? -1 : 1;
    case CLI_OPT_STOP_WHEN:
    case CLI_OPT_EVENT:
        o->terminal[o->nevent] = c == CLI_OPT_STOP_WHEN;
        return push(o->events, &o->nevent, arg, "--stop-when/--event") ? -1 : 1;
    case 'T':
        o->t_end = arg;
        return 1;
    case CLI_OPT_DT_OUT:
        o->dt_out = arg;
        return 1;
    case CLI_OPT_T_START:
        o->t_start = arg;
        return 1;
    case CLI_OPT_TIMES:
        o->times = arg;
        return 1;
    case 'd':
        return cli_ulong(&o->digits, arg, "--digits", 1, 100000) ? -1 : 1;
    case CLI_OPT_PREC:
        return cli_ulong(&o->prec, arg, "--prec", 16, cli_prec_max()) ? -1 : 1;
    case CLI_OPT_SCHEME:
        if (nhref_scheme_find(arg) == NULL) {
            cli_error("unknown scheme '%s' (see 'nhref list')", arg);
            return -1;
        }
        o->scheme = arg;
        return 1;
    case CLI_OPT_ORDER:
        return cli_ulong(&o->order, arg, "--order", 2, NHREF_TAYLOR_MAX_ORDER) ? -1 : 1;
    case CLI_OPT_STAGES:
        return cli_ulong(&o->stages, arg, "--stages", 1, NHREF_GAUSS_MAX_STAGES) ? -1 : 1;
    case CLI_OPT_MAX_STEPS:
        return cli_ulong(&o->max_steps, arg, "--max-steps", 1, (unsigned long)-1) ? -1 : 1;
    case CLI_OPT_MAX_ROWS:
        return cli_ulong(&o->max_rows, arg, "--max-rows", 1, (unsigned long)-1) ? -1 : 1;
    case CLI_OPT_NO_MODEL_EVENTS:
        o->no_model_events = 1;
        return 1;
    case CLI_OPT_FAST:
        o->fast = 1;
        return 1;
    case CLI_OPT_REQUIRE_DIGITS:
        return cli_ulong(&o->require_digits, arg, "--require-digits", 1, 100000) ? -1 : 1;
    case CLI_OPT_RIGOROUS:
        o->rigorous = 1;
        return 1;
    default:
        return 0;
    }
}

/* the combinations the options cannot express */
static int check_combinations(const cli_spec_opts_t *o)
{
    if (o->digits != 0 && o->prec != 0) {
        cli_error("give --digits or --prec, not both");
        return -1;
    }
    if (o->fast && o->rigorous) {
        cli_error("--rigorous is a validated Taylor scheme in Arb balls: not with --fast");
        return -1;
    }
    if (o->order != 0 && o->stages != 0) {
        cli_error("give --order (scheme taylor) or --stages (scheme gauss), not both");
        return -1;
    }
    if (o->times != NULL && (o->t_end != NULL || o->dt_out != NULL)) {
        cli_error("give --times or --t-end and --dt-out, not both");
        return -1;
    }
    return 0;
}

/* --times T1,T2,...: the comma list into the spec */
static int apply_times(nhref_spec_t *spec, const char *list)
{
    char *copy = strdup(list), **items = NULL;
    size_t n = 1, k = 0;
    int status = copy == NULL ? NHREF_ENOMEM : NHREF_OK;
    for (const char *c = list; *c != '\0'; c++)
        n += *c == ',';
    if (status == NHREF_OK && (items = malloc(n * sizeof *items)) == NULL)
        status = NHREF_ENOMEM;
    for (char *p = copy; status == NHREF_OK;) {
        char *c = strchr(p, ',');
        if (c != NULL)
            *c = '\0';
        items[k++] = cli_trim(p);
        if (c == NULL)
            break;
        p = c + 1;
    }
    if (status == NHREF_OK)
        status = nhref_spec_set_times(spec, k, (const char *const *)items);
    free(items);
    free(copy);
    return status;
}

/* 1 during cli_spec_apply_quiet */
static int apply_quiet;

int cli_spec_apply_quiet(nhref_spec_t *spec, const cli_spec_opts_t *o)
{
    int rc;
    apply_quiet = 1;
    rc = cli_spec_apply(spec, o);
    apply_quiet = 0;
    return rc;
}

int cli_spec_apply(nhref_spec_t *spec, const cli_spec_opts_t *o)
{
    int s = !apply_quiet && check_combinations(o) != 0 ? -1 : NHREF_OK;

    nhref_spec_set_names(spec, NHREF_SPEC_OPTIONS, NULL);
    for (size_t i = 0; i < o->nparam && s == NHREF_OK; i++)
        s = nhref_spec_assign(spec, "param", o->params[i]);
    if (s == NHREF_OK && (o->fast || o->rigorous))
        s = nhref_spec_set_type(spec, o->fast ? NHREF_RUN_DOUBLE : NHREF_RUN_PROVEN);
    if (s == NHREF_OK && o->digits != 0)
        s = nhref_spec_set_digits(spec, (double)o->digits);
    if (s == NHREF_OK && o->prec != 0)
        s = nhref_spec_set_prec(spec, (long)o->prec);
    if (s == NHREF_OK && o->scheme != NULL)
        s = nhref_spec_set_scheme(spec, o->scheme);
    if (s == NHREF_OK && o->order != 0)
        s = nhref_spec_set_scheme_option(spec, "order", o->order);
    if (s == NHREF_OK && o->stages != 0)
        s = nhref_spec_set_scheme_option(spec, "stages", o->stages);
    for (size_t i = 0; i < o->ninit && s == NHREF_OK; i++)
        s = nhref_spec_assign(spec, "init", o->inits[i]);
    if (s == NHREF_OK && o->t_start != NULL)
        s = nhref_spec_set_t_start(spec, o->t_start);
    if (s == NHREF_OK && o->t_end != NULL)
        s = nhref_spec_set_t_end(spec, o->t_end);
    if (s == NHREF_OK && o->dt_out != NULL)
        s = nhref_spec_set_dt_out(spec, o->dt_out);
    if (s == NHREF_OK && o->times != NULL)
        s = apply_times(spec, o->times);
    for (size_t i = 0; i < o->nevent && s == NHREF_OK; i++)
        s = nhref_spec_add_event(spec, o->events[i], o->terminal[i]);
    if (s == NHREF_OK && o->no_model_events)
        nhref_spec_set_model_events(spec, 0);
    if (s == NHREF_OK && o->max_steps != 0)
        nhref_spec_set_max_steps(spec, o->max_steps);
    if (s == NHREF_OK && o->require_digits != 0)
        s = nhref_spec_set_require_digits(spec, (double)o->require_digits);
    if (s == NHREF_OK && o->max_rows != 0)
        nhref_spec_set_max_rows(spec, o->max_rows);
    if (s > 0 && !apply_quiet)
        cli_error("%s", nhref_spec_error(spec));
    return s == NHREF_OK ? 0 : s < 0 ? CLI_USAGE : cli_spec_exit(s);
}

int cli_spec_new(nhref_spec_t **spec, const char *model, const cli_spec_opts_t *o)
{
    int rc = nhref_spec_new(spec, model);
    if (rc != NHREF_OK) {
        cli_error("%s", *spec != NULL ? nhref_spec_error(*spec) : nhref_strerror(rc));
        nhref_spec_free(*spec);
        *spec = NULL;
        return cli_spec_exit(rc);
    }
    if ((rc = cli_spec_apply(*spec, o)) != 0) {
        nhref_spec_free(*spec);
        *spec = NULL;
    }
    return rc;
}

int cli_spec_exit(int status)
{
    return status == NHREF_ENOMEM || status == NHREF_EIO ? CLI_FAIL : CLI_USAGE;
}
