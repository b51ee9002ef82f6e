/* fuzz_cli.c -- libFuzzer harness of the command-line tool's value parsers (src/cli,
 * part of the nhref program, not of libnhref: cmd_verify.c and cmd_lyapunov.c are
 * compiled into this file for their static parsers; cli_sources.c brings util.c,
 * spec_opts.c and cases_cli.c).  The first byte picks the parser, the rest is the
 * value (up to a NUL):
 *   0 NAME=VALUE (cli_split_assignment, then --param of verify's reference)
 *   1 --map YOURS=NAME,...          2 --min-digits [NAME=]D,...
 *   3 --min-drift-digits [NAME=]D   4 --shard K/N
 *   5 --times T1,T2,... (run)        6 --components A,B,...   7 --direction U1,U2,...
 *   8 --components and --direction (split at the first '|')
 *   9 --sep                          10 the whole numbers (--digits, --order, ...)
 *   11 argv of verify, 12 argv of lyapunov (split at '\n')
 * Invariants: every parser either accepts or refuses with a one-line message on
 * stderr ("nhref...: ...\n"); the parsers whose grammar is simple (assignments,
 * thresholds, shards, separators, whole numbers) accept exactly what the documented
 * grammar, recomputed here, accepts, with the values it gives; accepted lists give
 * one value per item, each what the item says (components by name, directions
 * parsed, not all zero; times parsed, monotone from t-start).  No crash, leak or hang. */
#include "fuzz.h"

/* the command's own sources, for their static parsers (cmd_verify.c: parse_args,
 * apply_maps, apply_thresholds; cmd_lyapunov.c: check_direction); both define usage() */
#include "cli/cmd_verify.c"
#define usage lyapunov_usage
#include "cli/cmd_lyapunov.c"
#undef usage

#include "verify/verify_internal.h"

/* ------------------------------------------------------------------ messages */
static void capture(void)
{
    fuzz_stderr_capture();
}

/* REFUSED: a message was written, "nhref...: text\n"; else none */
static void check_message(int refused, const char *what, const char *s)
{
    size_t msglen;
    char *m = fuzz_stderr_release(&msglen);
    if (refused && (msglen < 8 || strncmp(m, "nhref", 5) != 0 || m[msglen - 1] != '\n'))
        fuzz_fail("%s '%.80s' refused without a message: '%s'", what, s, m);
    if (!refused && msglen > 0)
        fuzz_fail("%s '%.80s' accepted with a message: '%s'", what, s, m);
    free(m);
}

/* ------------------------------------------------------------------ the grammars, again */
/* the plain number of nhref_io.h, whole string: digits with at most one point (one
 * digit at least), then optionally e or E, an optional sign, digits */
static int plain_number(const char *s)
{
    int digits = 0, point = 0;
    for (; *s != '\0' && *s != 'e' && *s != 'E'; s++) {
        if (*s == '.' && !point)
            point = 1;
        else if (*s >= '0' && *s <= '9')
            digits++;
        else
            return 0;
    }
    if (digits == 0)
        return 0;
    if (*s == '\0')
        return 1;
    s++;
    if (*s == '+' || *s == '-')
        s++;
    if (*s == '\0')
        return 0;
    for (; *s != '\0'; s++)
        if (*s < '0' || *s > '9')
            return 0;
    return 1;
}

/* a whole number of decimal digits only, into *V; 0 if not one or beyond unsigned long */
static int whole(const char *s, size_t len, unsigned long *v)
{
    unsigned long r = 0;
    if (len == 0)
        return 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9' || r > ((unsigned long)-1 - (unsigned long)(s[i] - '0')) / 10)
            return 0;
        r = 10 * r + (unsigned long)(s[i] - '0');
    }
    *v = r;
    return 1;
}

/* S without leading and trailing white space, into BUF (as cli_trim) */
static const char *trimmed(char *buf, size_t len, const char *s, size_t n)
{
    while (n > 0 && isspace((unsigned char)*s))
        s++, n--;
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        n--;
    snprintf(buf, len, "%.*s", (int)n, s);
    return buf;
}

/* ------------------------------------------------------------------ the parsers */
static nhref_verify_t *new_verify(void)
{
    nhref_verify_t *v = NULL;
    if (nhref_verify_new(&v) != NHREF_OK || nhref_verify_set_model(v, "chaplygin_sleigh") != NHREF_OK)
        fuzz_fail("cannot make a verification of chaplygin_sleigh");
    return v;
}

static void assignment(const char *s)
{
    char *copy = strdup(s), *name, *value;
    const char *eq = strchr(s, '=');
    int ok;
    nhref_verify_t *v = new_verify();

    capture();
    ok = cli_split_assignment(copy, "--param", &name, &value) == 0;
    check_message(!ok, "NAME=VALUE", s);
    if (ok != (eq != NULL && eq != s))
        fuzz_fail("'%.80s' %s as NAME=VALUE", s, ok ? "accepted" : "refused");
    if (ok) {
        if (strlen(name) != (size_t)(eq - s) || strncmp(name, s, strlen(name)) != 0 ||
            strcmp(value, eq + 1) != 0)
            fuzz_fail("'%.80s' split into '%s' and '%s'", s, name, value);
        /* the reference's parameter: a known name, or a message */
        if (nhref_verify_set_param(v, name, value) != NHREF_OK) {
            if (v->err[0] == '\0')
                fuzz_fail("--param '%.80s' refused without a message", s);
        } else if (nhref_model_param_index(v->model, name) < 0) {
            fuzz_fail("--param '%.80s' accepted for an unknown parameter", s);
        }
    }
    nhref_verify_free(v);
    free(copy);
}

static void maps(const char *s)
{
    char *copy = strdup(s);
    nhref_verify_t *v = new_verify();
    int ok, expect = 1;
    size_t nitem = 0;

    capture();
    ok = apply_maps(v, &copy, 1) == CLI_OK;
    check_message(!ok, "--map", s);
    for (const char *item = s; item != NULL; nitem++) {
        const char *next = strchr(item, ','), *eq = strchr(item, '=');
        size_t len = next != NULL ? (size_t)(next - item) : strlen(item);
        if (eq == NULL || eq >= item + len || eq == item || eq + 1 == item + len)
            expect = 0;
        item = next != NULL ? next + 1 : NULL;
    }
    if (ok != expect)
        fuzz_fail("--map '%.80s' %s", s, ok ? "accepted" : "refused");
    if (ok && (v->map.n == 0 || v->map.n > nitem))
        fuzz_fail("--map '%.80s': %zu maps kept of %zu", s, v->map.n, nitem);
    nhref_verify_free(v);
    free(copy);
}

static void thresholds(const char *s, int drift)
{
    char *copy = strdup(s);
    nhref_verify_t *v = new_verify();
    const char *option = drift ? "--min-drift-digits" : "--min-digits";
    int ok, expect = 1;

    capture();
    ok = apply_thresholds(v, &copy, 1, option,
                          drift ? nhref_verify_set_min_drift_digits : nhref_verify_set_min_digits) ==
         CLI_OK;
    check_message(!ok, option, s);
    /* each item: D or NAME=D (NAME not empty), D a plain number in (0, 100000] */
    for (const char *item = s; item != NULL && expect;) {
        const char *next = strchr(item, ',');
        char it[4096], *eq, *d;
        snprintf(it, sizeof it, "%.*s", (int)(next != NULL ? (size_t)(next - item) : strlen(item)),
                 item);
        eq = strchr(it, '=');
        d = eq != NULL ? eq + 1 : it;
        if ((eq != NULL && eq == it) || !plain_number(d) ||
            !(strtod(d, NULL) > 0 && strtod(d, NULL) <= NHREF_VERIFY_DIGITS_MAX))
            expect = 0;
        else if (ok) { /* the value kept is D's */
            const nhref_verify_list_t *l = drift ? &v->drift : &v->min;
            double got = -1;
            if (eq == NULL)
                got = drift ? v->min_drift : v->min_digits;
            else
                for (size_t k = 0; k < l->n; k++)
                    if (strncmp(l->name[k], it, (size_t)(eq - it)) == 0 &&
                        l->name[k][eq - it] == '\0')
                        got = l->num[k];
            if (got <= 0 || got > NHREF_VERIFY_DIGITS_MAX)
                fuzz_fail("%s '%.80s': item '%s' kept as %g", option, s, it, got);
        }
        item = next != NULL ? next + 1 : NULL;
    }
    if (strlen(s) < 4000 && ok != expect)
        fuzz_fail("%s '%.80s' %s", option, s, ok ? "accepted" : "refused");
    nhref_verify_free(v);
    free(copy);
}

static void shard(const char *s)
{
    unsigned long k = 0, n = 0, ek = 0, en = 0;
    const char *slash = strchr(s, '/');
    int ok, expect;

    capture();
    ok = cli_shard_parse(s, &k, &n) == 0;
    check_message(!ok, "--shard", s);
    expect = slash != NULL && whole(s, (size_t)(slash - s), &ek) &&
             whole(slash + 1, strlen(slash + 1), &en) && ek >= 1 && ek <= en;
    if (ok != expect || (ok && (k != ek || n != en)))
        fuzz_fail("--shard '%.80s' %s as %lu/%lu", s, ok ? "accepted" : "refused", k, n);
}

static void time_list(const char *s)
{
    nhref_spec_t *spec = NULL;
    cli_spec_opts_t o;
    int rc;

    if (nhref_spec_new(&spec, "chaplygin_sleigh") != NHREF_OK)
        fuzz_fail("cannot make a spec of chaplygin_sleigh");
    cli_spec_opts_init(&o);
    o.times = s;
    capture();
    rc = cli_spec_apply(spec, &o);
    check_message(rc != 0, "--times", s);
    if (rc == 0 && nhref_spec_resolve(spec) == NHREF_OK) {
        /* one row per item, each the item's value, increasing */
        size_t n = 1, i = 0;
        int dir;
        mpfr_t x, prev;
        char buf[4096], item[4096];
        for (const char *c = s; *c != '\0'; c++)
            n += *c == ',';
        if (nhref_spec_nrows(spec) != n)
            fuzz_fail("--times '%.80s': %zu rows for %zu items", s, nhref_spec_nrows(spec), n);
        mpfr_inits2(nhref_spec_prec(spec), x, prev, (mpfr_ptr)0);
        for (const char *p = s; p != NULL && strlen(s) < sizeof item; i++) {
            const char *c = strchr(p, ',');
            trimmed(item, sizeof item, p, c != NULL ? (size_t)(c - p) : strlen(p));
            nhref_spec_time_str(spec, i, buf, sizeof buf);
            if (nhref_decimal_set(x, buf) != NHREF_OK)
                fuzz_fail("--times '%.80s': row %zu's time '%s' does not parse", s, i, buf);
            if (strcmp(buf, item) != 0 && nhref_decimal_set(prev, item) == NHREF_OK &&
                !mpfr_equal_p(x, prev))
                fuzz_fail("--times '%.80s': row %zu at '%s', not '%s'", s, i, buf, item);
            p = c != NULL ? c + 1 : NULL;
        }
        /* monotone from t-start (0), increasing or decreasing, repeats allowed */
        mpfr_set_zero(prev, 1);
        for (i = 0, dir = 0; i < n; i++) {
            int c;
            nhref_spec_time_str(spec, i, buf, sizeof buf);
            nhref_decimal_set(x, buf);
            c = mpfr_cmp(x, prev);
            if (dir == 0)
                dir = c;
            else if (c * dir < 0)
                fuzz_fail("--times '%.80s': row %zu turns back", s, i);
            mpfr_set(prev, x, MPFR_RNDN);
        }
        mpfr_clears(x, prev, (mpfr_ptr)0);
    }
    nhref_spec_free(spec);
}

static void lyapunov_lists(const char *components, const char *direction)
{
    const nhref_model_t *m = nhref_model_find("chaplygin_sleigh");
    cli_lyap_args_t a;
    nhref_lyap_opts_t lo;
    lists_t l = {0};
    int ok;

    memset(&a, 0, sizeof a);
    a.components = components;
    a.direction = direction;
    nhref_lyap_opts_default(&lo);
    capture();
    ok = check_direction(&lo, &a, m, 128, &l, "nhref lyapunov") == 0;
    check_message(!ok, "--components/--direction", components ? components : direction);
    if (ok && components != NULL) {
        size_t n = 1;
        for (const char *c = components; *c != '\0'; c++)
            n += *c == ',';
        if (lo.ncomponent != n)
            fuzz_fail("--components '%.80s': %zu components of %zu items", components,
                      lo.ncomponent, n);
        for (size_t i = 0; i < n; i++)
            if (lo.component[i] >= m->nstate ||
                strcmp(m->state[lo.component[i]].name, l.citems[i]) != 0)
                fuzz_fail("--components '%.80s': item %zu '%s' taken as %zu", components, i,
                          l.citems[i], lo.component[i]);
    }
    if (ok && direction != NULL) {
        size_t n = 1, nc = components != NULL ? lo.ncomponent : m->nstate;
        int zero = 1;
        mpfr_t x;
        for (const char *c = direction; *c != '\0'; c++)
            n += *c == ',';
        if (n != nc)
            fuzz_fail("--direction '%.80s': %zu values for %zu components", direction, n, nc);
        mpfr_init2(x, 128);
        for (size_t i = 0; i < n; i++) {
            if (nhref_decimal_set(x, lo.direction[i]) != NHREF_OK &&
                nhref_value_set(x, lo.direction[i]) != NHREF_OK)
                fuzz_fail("--direction '%.80s': value %zu '%s' taken", direction, i,
                          lo.direction[i]);
            zero = zero && mpfr_zero_p(x);
        }
        mpfr_clear(x);
        if (zero)
            fuzz_fail("--direction '%.80s': every value is zero", direction);
    }
    free(l.citems);
    free(l.ditems);
    free(l.comp);
    free(l.clist);
    free(l.dlist);
}

/* glibc's getopt keeps its place inside a cluster of short options ("-qd5") between
 * calls; the parsers set optind = 1, which does not reset it: a parse that stopped inside
 * a cluster (an error) would leave the next one reading the freed argv of this one.  The
 * program parses once per process; here optind = 0 starts afresh. */
static void getopt_reset(void)
{
    static char *none[] = {"reset", NULL};
    optind = 0;
    opterr = 0;
    getopt(1, none, "");
}

/* verify's argv: "verify", the options, then TRAJECTORY and MODEL (a missing file
 * and a model: parse_args reads nothing) */
static int verify_args(args_t *a, char **opt, int nopt)
{
    char *argv[40];
    int argc = 0;
    argv[argc++] = "verify";
    for (int i = 0; i < nopt; i++)
        argv[argc++] = opt[i];
    argv[argc] = NULL;
    getopt_reset();
    return parse_args(a, argc, argv);
}

static void separator(const char *s)
{
    static const struct {
        const char *arg;
        char sep;
    } known[] = {{",", ','}, {";", ';'}, {"\t", '\t'}, {"tab", '\t'}, {"\\t", '\t'}, {"auto", 0}};
    char *opt[] = {"--sep", (char *)s, "/nonexistent/fuzz-traj.csv", "chaplygin_sleigh"};
    args_t a;
    int rc, expect = -1;

    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (strcmp(s, known[i].arg) == 0)
            expect = (int)i;
    capture();
    rc = verify_args(&a, opt, 4);
    check_message(rc != CLI_OK, "--sep", s);
    if ((rc == CLI_OK) != (expect >= 0) || (rc == CLI_OK && a.sep != known[expect].sep))
        fuzz_fail("--sep '%.80s' %s (separator %d)", s, rc == CLI_OK ? "accepted" : "refused",
                  a.sep);
}

static void whole_numbers(const char *s, unsigned which)
{
    static const struct {
        const char *option;
        unsigned long lo, hi;
    } opts[] = {{"--digits", 1, 100000},  {"--order", 2, 100000},
                {"--stages", 1, 2000},    {"--prec", 16, 3321931},
                {"--max-steps", 1, (unsigned long)-1}};
    unsigned w = which % (sizeof opts / sizeof opts[0]);
    unsigned long v = 0, e = 0;
    int ok, expect;

    capture();
    ok = cli_ulong(&v, s, opts[w].option, opts[w].lo, opts[w].hi) == 0;
    check_message(!ok, opts[w].option, s);
    expect = whole(s, strlen(s), &e) && e >= opts[w].lo && e <= opts[w].hi;
    if (ok != expect || (ok && v != e))
        fuzz_fail("%s '%.80s' %s as %lu", opts[w].option, s, ok ? "accepted" : "refused", v);
}

/* S split at '\n' into at most 32 arguments (modified) */
static int split_argv(char **argv, char *s)
{
    int n = 0;
    for (char *p = s; p != NULL && n < 32;) {
        char *nl = strchr(p, '\n');
        if (nl != NULL)
            *nl = '\0';
        argv[n++] = p;
        p = nl != NULL ? nl + 1 : NULL;
    }
    return n;
}

static void command_line(const char *s, int lyapunov)
{
    char *copy = strdup(s), *argv[40];
    int argc = split_argv(argv, copy), rc;

    static FILE *devnull;
    FILE *out = stdout;

    /* --help writes its text on stdout and returns 1 (lyapunov) or -1 (verify) */
    if (devnull == NULL && (devnull = fopen("/dev/null", "w")) == NULL)
        fuzz_fail("cannot open /dev/null");
    stdout = devnull;
    capture();
    if (lyapunov) {
        cli_lyap_args_t a;
        char *full[42];
        full[0] = "lyapunov";
        memcpy(full + 1, argv, (size_t)argc * sizeof *argv);
        full[argc + 1] = NULL;
        getopt_reset();
        rc = cli_lyap_args(&a, argc + 1, full, 1);
        check_message(rc != 0 && rc != 1, "lyapunov's arguments", s);
        if (rc == 0 && (a.model == NULL || a.output == NULL || a.method == NULL))
            fuzz_fail("lyapunov's arguments '%.80s' accepted without a model", s);
    } else {
        args_t a;
        rc = verify_args(&a, argv, argc);
        check_message(rc != CLI_OK && rc != -1, "verify's arguments", s);
        if (rc == CLI_OK && (a.traj == NULL || (a.golden == NULL) == (a.model_name == NULL)))
            fuzz_fail("verify's arguments '%.80s' accepted without a trajectory and one "
                      "reference",
                      s);
    }
    stdout = out;
    free(copy);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned which = size > 0 ? data[0] : 0;
    char *s = fuzz_string(size > 0 ? data + 1 : data, size > 0 ? size - 1 : 0), *bar;

    switch (which % 13) {
    case 0:
        assignment(s);
        break;
    case 1:
        maps(s);
        break;
    case 2:
    case 3:
        thresholds(s, which % 13 == 3);
        break;
    case 4:
        shard(s);
        break;
    case 5:
        time_list(s);
        break;
    case 6:
        lyapunov_lists(s, NULL);
        break;
    case 7:
        lyapunov_lists(NULL, s);
        break;
    case 8:
        if ((bar = strchr(s, '|')) != NULL) {
            *bar = '\0';
            lyapunov_lists(s, bar + 1);
        }
        break;
    case 9:
        separator(s);
        break;
    case 10:
        whole_numbers(s, which / 13);
        break;
    default:
        command_line(s, which % 13 == 12);
        break;
    }
    free(s);
    return 0;
}
