/* check_cases.c -- case files (nhref_cases_read): the format as documented in
 * nhref_golden.h, with the misparses of issue 16 item 4 (long lines split, defaults
 * ignored, hex digits) each tested, and sweeps: lists, linspace/logspace (exact
 * values by identity), samples (range, reproducibility, independence of streams,
 * moments), the expansion order and names, limits, and every expanded case checked
 * against its model with a bad sample reported by name.
 * The generator's exact values are checked against an independent Python
 * implementation of the documented algorithm in tests/sweep.sh. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ck_mpfr.h"
#include "nhref.h"

static char path[64];

/* write TEXT to a fresh temporary file (path[]) and read it */
static int read_text(const char *text, nhref_case_t **cases, size_t *n, char *err, size_t len)
{
    int fd;
    FILE *f;
    strcpy(path, "/tmp/nhref-cases-XXXXXX");
    fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    f = fdopen(fd, "w");
    fputs(text, f);
    fclose(f);
    {
        int st = nhref_cases_read(cases, n, path, err, len);
        unlink(path);
        return st;
    }
}

static nhref_case_t *read_ok(const char *text, size_t *n)
{
    nhref_case_t *c;
    char err[1024];
    int st = read_text(text, &c, n, err, sizeof err);
    ck_assert_msg(st == NHREF_OK, "read failed: %s", err);
    return c;
}

/* the error of TEXT, which must fail with STATUS */
static void read_fails(const char *text, int status, const char *needle)
{
    nhref_case_t *c;
    size_t n;
    char err[1024];
    int st = read_text(text, &c, &n, err, sizeof err);
    ck_assert_msg(st == status, "status %d (%s), want %d; err '%s'", st, nhref_strerror(st),
                  status, err);
    ck_assert_msg(strstr(err, needle) != NULL, "error '%s' lacks '%s'", err, needle);
}

static const char *value_of(char **names, char **values, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return values[i];
    return NULL;
}
#define PARAM(c, nm) value_of((c)->param_name, (c)->param_value, (c)->nparam, nm)
#define INIT(c, nm) value_of((c)->init_name, (c)->init_value, (c)->ninit, nm)

#define SLEIGH "model = chaplygin_sleigh\ndigits = 20\n"

/* ------------------------------------------------------------------ the reader */
/* long lines, NUL bytes, defaults, decimal digits (first seen in issue 16, item 4) */
/* a 5000-byte line is one line: its tail is not read as a key of its own */
START_TEST(test_long_line_is_not_split)
{
    /* "param m = 7" starts at byte 4095 of the description line: where a 4096-byte
     * line buffer would have started a new line */
    const char *head = SLEIGH "[a]\ntimes = 1\n", *key = "description = ";
    size_t n, k = 4095 - strlen(key), len = strlen(head) + strlen(key) + k + 32;
    char *text = malloc(len), *p = text;
    nhref_case_t *c;
    p += sprintf(p, "%s%s", head, key);
    memset(p, 'x', k);
    p += k;
    strcpy(p, "param m = 7\n");
    c = read_ok(text, &n);
    ck_assert_uint_eq(n, 1);
    ck_assert_ptr_null(PARAM(&c[0], "m"));
    ck_assert_uint_eq(strlen(c[0].description), k + 11);
    ck_assert_str_eq(c[0].description + k, "param m = 7");
    nhref_cases_free(c, n);
    free(text);
}
END_TEST

/* a line over 1 MiB is an error, with the line */
START_TEST(test_huge_line_is_an_error)
{
    size_t len = (1u << 20) + 100;
    char *text = malloc(len + 100);
    size_t head = (size_t)sprintf(text, SLEIGH "[a]\ntimes = 1\ndescription = ");
    memset(text + head, 'y', len);
    strcpy(text + head + len, "\n");
    read_fails(text, NHREF_EPARSE, ":5: a line longer than 1048576 bytes (the limit of a line");
    free(text);
}
END_TEST

/* beyond NHREF_CASES_MAX_BYTES in all, or NHREF_CASES_MAX_SECTIONS sections: errors that
 * name the limit (issue 28 item 2: an endless pipe of comments was read for ever, and of
 * sections expanded without bound) */
START_TEST(test_file_limits)
{
    size_t n = NHREF_CASES_MAX_BYTES / 8 + 1, k;
    char *text = malloc(n * 8 + 256), *p = text;
    p += sprintf(p, SLEIGH "[a]\ntimes = 1\n");
    for (k = 0; k < n; k++)
        p += sprintf(p, "# 45678\n");
    read_fails(text, NHREF_EPARSE, "more than 16777216 bytes by line 209715");
    p = text + sprintf(text, SLEIGH "times = 1\n");
    for (k = 0; k <= NHREF_CASES_MAX_SECTIONS; k++)
        p += sprintf(p, "[s%zu]\n", k);
    read_fails(text, NHREF_EPARSE, ":100004: more than 100000 [sections] (the limit");
    free(text);
}
END_TEST

/* a NUL byte is an error, not a silently shortened line */
START_TEST(test_nul_byte_is_an_error)
{
    char text[] = SLEIGH "[a]\ntimes = 1\nparam m = 2\0 param m = 3\n";
    int fd;
    FILE *f;
    nhref_case_t *c;
    size_t n;
    char err[512];
    strcpy(path, "/tmp/nhref-cases-XXXXXX");
    fd = mkstemp(path);
    f = fdopen(fd, "w");
    fwrite(text, 1, sizeof text - 1, f);
    fclose(f);
    ck_assert_int_eq(nhref_cases_read(&c, &n, path, err, sizeof err), NHREF_EPARSE);
    ck_assert_ptr_nonnull(strstr(err, ":5: a NUL byte"));
    unlink(path);
}
END_TEST

/* keys before the first section are defaults of every section, init lines included */
START_TEST(test_defaults_apply_to_every_case)
{
    size_t n;
    nhref_case_t *c = read_ok("model = chaplygin_sleigh\ninit omega = 2\nparam m = 3\n"
                              "times = 0, 1\ndigits = 25\ndescription = shared\n"
                              "[a]\n[b]\ninit omega = 5\nt-end = 2\ndt-out = 1\n",
                              &n);
    ck_assert_uint_eq(n, 2);
    ck_assert_str_eq(INIT(&c[0], "omega"), "2");
    ck_assert_str_eq(PARAM(&c[0], "m"), "3");
    ck_assert_str_eq(c[0].description, "shared");
    ck_assert_uint_eq(c[0].ntimes, 2);
    ck_assert(c[0].digits == 25);
    /* a section overrides a default; its own t-end/dt-out replace inherited times */
    ck_assert_str_eq(INIT(&c[1], "omega"), "5");
    ck_assert_uint_eq(c[1].ninit, 1);
    ck_assert_str_eq(PARAM(&c[1], "m"), "3");
    ck_assert_uint_eq(c[1].ntimes, 3);
    ck_assert_str_eq(c[1].times[2], "2");
    ck_assert_str_eq(c[1].t_end, "2");
    nhref_cases_free(c, n);
}
END_TEST

/* digits is a decimal number: hex, inf, nan and trailing junk are errors */
static const char *bad_digits[] = {"0x14", "0X14", "inf", "nan", "20abc", "0", "10001", "1e5",
                                   "@inf@", ""};
START_TEST(test_digits_is_decimal)
{
    char text[256];
    snprintf(text, sizeof text, "model = chaplygin_sleigh\n[a]\ntimes = 1\ndigits = %s\n",
             bad_digits[_i]);
    read_fails(text, NHREF_EPARSE, ":4: digits:");
}
END_TEST

START_TEST(test_digits_decimal_forms)
{
    size_t n;
    nhref_case_t *c = read_ok("model = chaplygin_sleigh\n[a]\ntimes = 1\ndigits = 2e1\n", &n);
    ck_assert(c[0].digits == 20);
    nhref_cases_free(c, n);
}
END_TEST

/* ------------------------------------------------------------------ comments */
/* a '#' at the start of a line or after a blank starts a comment (nhref_golden.h), on a
 * [section] line and after a value; a '#' inside a word is text */
START_TEST(test_inline_comments)
{
    size_t n;
    nhref_case_t *c = read_ok("model = chaplygin_sleigh   # the sleigh\n"
                              "digits = 20\t# tab before\n"
                              "param m = 3 #no space after\n"
                              "[grid]                     # 3 cases\n"
                              "param J = 1, 2, 30    # a list\n"
                              "source = C# and eq.#3 # the rest is a comment\n"
                              "description = a#b\n"
                              "times = 0, 1  # two times\n"
                              "  # an indented comment line\n",
                              &n);
    ck_assert_uint_eq(n, 3);
    ck_assert_str_eq(c[0].model, "chaplygin_sleigh");
    ck_assert(c[0].digits == 20);
    ck_assert_str_eq(PARAM(&c[0], "m"), "3");
    ck_assert_str_eq(PARAM(&c[2], "J"), "30");
    ck_assert_str_eq(c[0].source, "C# and eq.#3");
    ck_assert_str_eq(c[0].description, "a#b");
    ck_assert_uint_eq(c[0].ntimes, 2);
    ck_assert_str_eq(c[0].times[1], "1");
    nhref_cases_free(c, n);
}
END_TEST

/* a '#' glued to a value is part of it: the value is refused, not silently cut */
START_TEST(test_glued_hash_is_not_a_comment)
{
    read_fails(SLEIGH "[a]\ntimes = 1\nparam m = 2#kg\n", NHREF_EPARSE, ":5: ");
}
END_TEST

/* errors after comment lines and inline comments name the line of the file */
START_TEST(test_comment_line_numbers)
{
    read_fails("# a case file\nmodel = chaplygin_sleigh  # the model\n# more\ndigits = 20 # d\n"
               "[a]  # a case\ntimes = 1   # t\n\n# a comment\nparam m = 2   # kg\n"
               "param m = 3   # again\n",
               NHREF_EPARSE, ":10: param m is given twice in [a] (first at line 9)");
    read_fails(SLEIGH "# c\n[a]   # c\n# c\ntimes = 1   # c\nfoo = 1   # c\n", NHREF_EPARSE,
               ":7: unknown key 'foo'");
    /* a comment does not make a line: '# x' alone after the '=' leaves the value empty */
    read_fails(SLEIGH "[a]\ntimes = # none\n", NHREF_EPARSE, ":4: times");
}
END_TEST

/* ------------------------------------------------------------------ format rules */
START_TEST(test_param_twice_in_a_section)
{
    read_fails(SLEIGH "[a]\ntimes = 1\nparam m = 2\nparam m = 3\n", NHREF_EPARSE,
               ":6: param m is given twice in [a] (first at line 5)");
}
END_TEST

START_TEST(test_times_and_t_end_in_one_section)
{
    read_fails(SLEIGH "[a]\ntimes = 1\nt-end = 2\n", NHREF_EPARSE, ":5: t-end:");
}
END_TEST

START_TEST(test_unknown_names_are_errors)
{
    read_fails(SLEIGH "[a]\ntimes = 1\nparam nosuch = 2\n", NHREF_EPARSE,
               ":5: unknown parameter 'nosuch' of model chaplygin_sleigh");
    read_fails(SLEIGH "[a]\ntimes = 1\ninit nosuch = 2\n", NHREF_EPARSE,
               ":5: unknown state variable 'nosuch'");
    read_fails("model = nosuch\ndigits = 20\n[a]\ntimes = 1\n", NHREF_ENOTFOUND,
               "unknown model 'nosuch'");
    read_fails(SLEIGH "[a]\ntimes = 1\nparam m = foo(1, 2)\n", NHREF_EPARSE,
               ":5: param m: 'foo(' is not a sweep");
}
END_TEST

/* a parameter outside its range is an error naming the case, at read time */
/* the other errors of a section or a line: status and message (file:line: what) */
static const struct {
    const char *text;
    int status;
    const char *msg;
} bad_sections[] = {
    {"digits = 20\n[a]\ntimes = 1\n", NHREF_EPARSE, ":2: case [a] has no 'model ='"},
    {"model = chaplygin_sleigh\n[a]\ntimes = 1\n", NHREF_EPARSE, ":2: case [a] has no 'digits ='"},
    {SLEIGH "[a]\nt-end = 1\n", NHREF_EPARSE,
     ":3: case [a] has no times: give 'times = t0, t1, ...' or 't-end =' and 'dt-out ='"},
    {SLEIGH "[a]\ntimes = 1\nevent = fall\n", NHREF_EPARSE,
     ":3: case [a]: 'event' and 'event-horizon' go together"},
    {SLEIGH "[a]\ntimes = 1\nevent = nope\nevent-horizon = 1\n", NHREF_EPARSE,
     ":3: case [a]: model chaplygin_sleigh has no terminal event 'nope'"},
    {SLEIGH "[a]\ntimes = 1, 3, 2\n", NHREF_EPARSE, ":3: case [a]: times must be monotone"},
    {SLEIGH "[a]\nt-end = 1\ndt-out = 0.0000125\nparam m = linspace(1, 2, 251)\n", NHREF_EPARSE,
     ":3: case [a]: 251 cases of 80001 times each is more than 20000000"},
    {SLEIGH "[a]\nparam a b = 1\n", NHREF_EPARSE,
     ":4: expected 'param NAME = VALUE', got a bad name 'a b'"},
    {SLEIGH "init omega = 1\ninit omega = 2\n", NHREF_EPARSE,
     ":4: init omega is given twice in the defaults (first at line 3)"},
    {SLEIGH "[a]\nt-end = 2\ntimes = 1\n", NHREF_EPARSE,
     ":5: times: this section already has t-end/dt-out"},
    {SLEIGH "[a]\ntimes = 1, x\n", NHREF_EPARSE, ":4: times: 'x' is not a finite decimal number"},
    {SLEIGH "[a]\nfoo = 1\n", NHREF_EPARSE, ":4: unknown key 'foo' (known: model, source,"},
};

START_TEST(test_bad_section)
{
    read_fails(bad_sections[_i].text, bad_sections[_i].status, bad_sections[_i].msg);
}
END_TEST

START_TEST(test_bad_parameter_of_a_single_case)
{
    read_fails(SLEIGH "[neg]\ntimes = 1\nparam m = -1\n", NHREF_EPARAM, "case [neg]");
}
END_TEST

/* ------------------------------------------------------------------ sweeps */
/* linspace: A + (B - A) i / (N - 1), exact where the decimal terminates */
START_TEST(test_linspace_exact)
{
    size_t n;
    nhref_case_t *c = read_ok(SLEIGH "[g]\ntimes = 1\nparam a = linspace(-0.3, 0.3, 5)\n", &n);
    const char *want[] = {"-0.3", "-0.15", "0", "0.15", "0.3"};
    ck_assert_uint_eq(n, 5);
    for (size_t i = 0; i < n; i++) {
        char name[32];
        snprintf(name, sizeof name, "g-%05zu", i);
        ck_assert_str_eq(c[i].name, name);
        ck_assert_str_eq(PARAM(&c[i], "a"), want[i]);
        ck_assert_str_eq(c[i].sweep, "g");
        ck_assert_uint_eq(c[i].sweep_index, i);
        ck_assert_uint_eq(c[i].sweep_count, 5);
    }
    nhref_cases_free(c, n);
}
END_TEST

/* linspace with a non-terminating step: 20 significant digits of i/3 */
START_TEST(test_linspace_rounded)
{
    size_t n;
    nhref_case_t *c = read_ok(SLEIGH "[g]\ntimes = 1\nparam a = linspace(0, 1, 4)\n", &n);
    mpfr_t got, want;
    mpfr_inits2(200, got, want, (mpfr_ptr)0);
    for (size_t i = 0; i < n; i++) {
        const char *s = PARAM(&c[i], "a");
        const char *dig = s;
        size_t nd = 0;
        mpfr_set_str(got, s, 10, MPFR_RNDN);
        mpfr_set_ui(want, (unsigned long)i, MPFR_RNDN);
        mpfr_div_ui(want, want, 3, MPFR_RNDN);
        /* correctly rounded to 20 significant digits: within half a unit of the 20th */
        ck_assert_mpfr_digits(got, want, 19.6, "1e-300");
        for (; *dig; dig++)
            nd += *dig >= '0' && *dig <= '9';
        ck_assert_msg(nd <= 21, "'%s' has more than 20 significant digits", s);
    }
    ck_assert_str_eq(PARAM(&c[3], "a"), "1");
    mpfr_clears(got, want, (mpfr_ptr)0);
    nhref_cases_free(c, n);
}
END_TEST

/* logspace: 10^e; exact powers of ten, and 10^(1/2) = sqrt(10) to 20 digits */
START_TEST(test_logspace)
{
    size_t n;
    nhref_case_t *c = read_ok(SLEIGH "[g]\ntimes = 1\nparam m = logspace(-3, 1, 9)\n", &n);
    mpfr_t got, want;
    ck_assert_uint_eq(n, 9);
    ck_assert_str_eq(PARAM(&c[0], "m"), "0.001");
    ck_assert_str_eq(PARAM(&c[2], "m"), "0.01");
    ck_assert_str_eq(PARAM(&c[6], "m"), "1");
    ck_assert_str_eq(PARAM(&c[8], "m"), "10");
    mpfr_inits2(200, got, want, (mpfr_ptr)0);
    mpfr_set_str(got, PARAM(&c[7], "m"), 10, MPFR_RNDN);
    mpfr_set_ui(want, 10, MPFR_RNDN);
    mpfr_sqrt(want, want, MPFR_RNDN);
    ck_assert_mpfr_digits(got, want, 19.6, "1");
    mpfr_clears(got, want, (mpfr_ptr)0);
    nhref_cases_free(c, n);
}
END_TEST

/* two axes: the product in line order, the last varying fastest; lists as written */
START_TEST(test_product_order)
{
    size_t n;
    nhref_case_t *c = read_ok(SLEIGH "[g]\ntimes = 1\nparam m = 1, 2.50\n"
                                     "init omega = linspace(0, 1, 3)\ninit v = 0.25\n",
                              &n);
    const char *om[] = {"0", "0.5", "1"};
    ck_assert_uint_eq(n, 6);
    for (size_t k = 0; k < n; k++) {
        char swept[128];
        ck_assert_str_eq(PARAM(&c[k], "m"), k / 3 == 0 ? "1" : "2.50");
        ck_assert_str_eq(INIT(&c[k], "omega"), om[k % 3]);
        ck_assert_str_eq(INIT(&c[k], "v"), "0.25");
        snprintf(swept, sizeof swept, "param m = %s, init omega = %s", k / 3 ? "2.50" : "1",
                 om[k % 3]);
        ck_assert_str_eq(c[k].swept, swept);
    }
    nhref_cases_free(c, n);
}
END_TEST

/* a single value is no sweep: the case keeps its name */
START_TEST(test_no_sweep_keeps_the_name)
{
    size_t n;
    nhref_case_t *c = read_ok(SLEIGH "[plain]\ntimes = 1\nparam m = 2\n", &n);
    ck_assert_uint_eq(n, 1);
    ck_assert_str_eq(c[0].name, "plain");
    ck_assert_ptr_null(c[0].sweep);
    ck_assert_ptr_null(c[0].swept);
    nhref_cases_free(c, n);
}
END_TEST

/* an expanded name meeting a written one is a duplicate */
START_TEST(test_expanded_name_collision)
{
    read_fails(SLEIGH "[g]\ntimes = 1\nparam m = 1, 2\n[g-00001]\ntimes = 1\n", NHREF_EPARSE,
               "case [g-00001] defined twice");
}
END_TEST

/* more than 1000000 cases in a section is an error up front */
START_TEST(test_too_many_cases)
{
    read_fails(SLEIGH "[g]\ntimes = 1\nparam m = linspace(1, 2, 1001)\n"
                      "init omega = linspace(0, 1, 1000)\n",
               NHREF_EPARSE, "expands to more than 1000000 cases");
}
END_TEST

/* samples: inside (A, B), reproducible, one stream per key and per seed */
START_TEST(test_uniform_samples)
{
    size_t n, n2;
    const char *text = SLEIGH "[r]\ntimes = 1\ninit omega = uniform(-2, 3, n=200, seed=42)\n"
                              "init v = uniform(-2, 3, n=200, seed=42)\n";
    nhref_case_t *c = read_ok(text, &n), *c2 = read_ok(text, &n2), *c3;
    mpfr_t x;
    size_t same_vo = 0, same_seed = 0;
    mpfr_init2(x, 128);
    ck_assert_uint_eq(n, 200); /* the samples of a section are drawn together */
    c3 = read_ok(SLEIGH "[r]\ntimes = 1\ninit omega = uniform(-2, 3, n=200, seed=43)\n", &n2);
    for (size_t i = 0; i < n; i++) {
        mpfr_set_str(x, INIT(&c[i], "omega"), 10, MPFR_RNDN);
        ck_assert(mpfr_cmp_si(x, -2) > 0 && mpfr_cmp_si(x, 3) < 0);
        ck_assert_str_eq(INIT(&c[i], "omega"), INIT(&c2[i], "omega"));
        same_vo += strcmp(INIT(&c[i], "omega"), INIT(&c[i], "v")) == 0;
        same_seed += strcmp(INIT(&c[i], "omega"), INIT(&c3[i], "omega")) == 0;
    }
    ck_assert_uint_eq(same_vo, 0);   /* "init omega" and "init v" are different streams */
    ck_assert_uint_eq(same_seed, 0); /* seeds 42 and 43 too */
    mpfr_clear(x);
    nhref_cases_free(c, n);
    nhref_cases_free(c2, n);
    nhref_cases_free(c3, n2);
}
END_TEST

/* normal(mu, sigma): the sample mean and variance of 4000 draws within 5 standard
 * errors of mu and sigma^2 (mean: sigma/sqrt(n); variance: sigma^2 sqrt(2/(n-1))) */
START_TEST(test_normal_moments)
{
    size_t n;
    nhref_case_t *c =
        read_ok(SLEIGH "[r]\ntimes = 1\nparam m = normal(3, 0.5, n=4000, seed=7)\n", &n);
    double s = 0, s2 = 0, mean, var;
    ck_assert_uint_eq(n, 4000);
    for (size_t i = 0; i < n; i++) {
        double v = strtod(PARAM(&c[i], "m"), NULL);
        s += v;
        s2 += v * v;
    }
    mean = s / (double)n;
    var = (s2 - s * mean) / (double)(n - 1);
    ck_assert_msg(fabs(mean - 3) < 5 * 0.5 / sqrt((double)n), "mean %g", mean);
    ck_assert_msg(fabs(var - 0.25) < 5 * 0.25 * sqrt(2.0 / (double)(n - 1)), "variance %g", var);
    nhref_cases_free(c, n);
}
END_TEST

START_TEST(test_samples_need_the_same_n)
{
    read_fails(SLEIGH "[r]\ntimes = 1\ninit omega = uniform(0, 1, n=3, seed=1)\n"
                      "init v = normal(0, 1, n=4, seed=1)\n",
               NHREF_EPARSE, ":6: init v: n = 4, but the sample of line 5 has n = 3");
}
END_TEST

static const char *bad_sweeps[] = {
    "linspace(0, 1)",         "linspace(0, 1, 0)",          "linspace(0, 1, 2.5)",
    "uniform(1, 0, n=3, seed=1)", "uniform(0, 1, n=3)",     "normal(0, -1, n=3, seed=1)",
    "uniform(0, 1, n=3, seed=-1)", "linspace(0, 1, 3",      "1, , 2",
    "uniform(0, 1, n=3, seed=1, k=2)", "logspace(0, 1e2000, 3)", "linspace(0x1, 2, 3)"};
START_TEST(test_bad_sweeps)
{
    char text[256];
    snprintf(text, sizeof text, SLEIGH "[g]\ntimes = 1\nparam m = %s\n", bad_sweeps[_i]);
    read_fails(text, NHREF_EPARSE, ":5: param m:");
}
END_TEST

/* every expanded case gets the model's initial-state checks: the skater's lean
 * must satisfy |theta| < pi/2; theta = 2 is reported by name, with its value */
START_TEST(test_bad_sample_named)
{
    read_fails("model = skater\ndigits = 20\n[lean]\ntimes = 1\n"
               "init theta = linspace(0, 2, 5)\n",
               NHREF_EPARAM, "case [lean-00004] (init theta = 2): the initial state is not admissible");
}
END_TEST

/* SplitMix64 as documented in nhref_golden.h, written again here: the word of
 * draw S of sample I in the stream of KEY for SEED */
static uint64_t sm_mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static uint64_t sm_word(uint64_t seed, const char *key, uint64_t i, unsigned s)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (; *key; key++)
        h = (h ^ (unsigned char)*key) * 0x100000001b3ULL;
    return sm_mix((seed ^ h) + (2 * i + s + 1) * 0x9E3779B97F4A7C15ULL);
}

/* many bad samples: the first with its reason, how many (counted here from the
 * documented generator), and the next names */
START_TEST(test_bad_samples_counted)
{
    nhref_case_t *c;
    size_t n, bad = 0, first = 0;
    char err[1024], want[128];
    for (size_t i = 50; i-- > 0;) {
        uint64_t w = sm_word(5, "init theta", i, 0);
        double x = -2 + 4 * ((double)w + 0.5) / 18446744073709551616.0;
        if (fabs(x) >= 1.5707963267948966) {
            bad++;
            first = i;
        }
    }
    ck_assert_uint_gt(bad, 1);
    ck_assert_int_eq(read_text("model = skater\ndigits = 20\n[r]\ntimes = 1\n"
                               "init theta = uniform(-2, 2, n=50, seed=5)\n",
                               &c, &n, err, sizeof err),
                     NHREF_EPARAM);
    snprintf(want, sizeof want, ":3: %zu of the 50 cases of [r] are not admissible", bad);
    ck_assert_msg(strstr(err, want) != NULL, "%s (want %zu bad)", err, bad);
    snprintf(want, sizeof want, "case [r-%05zu] (init theta = ", first);
    ck_assert_msg(strstr(err, want) != NULL, "%s (want the first bad one, %zu)", err, first);
}
END_TEST

/* the data files still read, and the case files' number of cases did not change */
START_TEST(test_data_cases_read)
{
    char p[1024], err[1024];
    nhref_case_t *c;
    size_t n;
    const char *top = getenv("top_srcdir") ? getenv("top_srcdir") : "..";
    snprintf(p, sizeof p, "%s/data/cases/skater.cases", top);
    ck_assert_msg(nhref_cases_read(&c, &n, p, err, sizeof err) == NHREF_OK, "%s", err);
    ck_assert_uint_eq(n, 6);
    nhref_cases_free(c, n);
    snprintf(p, sizeof p, "%s/data/cases/skater_ftle_map.sweep", top);
    ck_assert_msg(nhref_cases_read(&c, &n, p, err, sizeof err) == NHREF_OK, "%s", err);
    ck_assert_uint_gt(n, 100);
    ck_assert_ptr_nonnull(c[0].sweep);
    nhref_cases_free(c, n);
}
END_TEST

/* t-start with t-end and dt-out: the grid starts at t-start, in exact decimals
 * (it started at 0, so the routes failed with 'invalid argument') */
START_TEST(test_t_start_grid)
{
    static const char *want[] = {"0.1", "0.35", "0.6", "0.85", "1"};
    static const char *want2[] = {"-3", "-1.5", "0", "1.5", "2"};
    static const char *want3[] = {"1000000.000000001", "1000000.000000002", "1000000.0000000025"};
    size_t n;
    nhref_case_t *c = read_ok(SLEIGH "[a]\nt-start = 0.1\nt-end = 1\ndt-out = 0.25\n", &n);
    ck_assert_uint_eq(n, 1);
    ck_assert_uint_eq(c[0].ntimes, 5);
    for (size_t i = 0; i < 5; i++)
        ck_assert_str_eq(c[0].times[i], want[i]);
    ck_assert_str_eq(c[0].t_start, "0.1");
    nhref_cases_free(c, n);
    c = read_ok(SLEIGH "[a]\nt-start = -3\nt-end = 2\ndt-out = 1.5\n", &n);
    ck_assert_uint_eq(c[0].ntimes, 5);
    for (size_t i = 0; i < 5; i++)
        ck_assert_str_eq(c[0].times[i], want2[i]);
    nhref_cases_free(c, n);
    c = read_ok(SLEIGH "[a]\nt-start = 1e6\nt-end = 1000000.0000000025\ndt-out = 1e-9\n",
                &n);
    ck_assert_uint_eq(c[0].ntimes, 4);
    ck_assert_str_eq(c[0].times[0], "1000000");
    for (size_t i = 0; i < 3; i++)
        ck_assert_str_eq(c[0].times[i + 1], want3[i]);
    nhref_cases_free(c, n);
    /* a default t-start applies to the grid of every case */
    c = read_ok(SLEIGH "t-start = 2\n[a]\nt-end = 3\ndt-out = 0.5\n", &n);
    ck_assert_uint_eq(c[0].ntimes, 3);
    ck_assert_str_eq(c[0].times[0], "2");
    ck_assert_str_eq(c[0].times[1], "2.5");
    nhref_cases_free(c, n);
    read_fails(SLEIGH "[a]\nt-start = 5\nt-end = 1\ndt-out = 1\n", NHREF_EPARSE,
               "t-end = 1 must be after t-start = 5");
    read_fails(SLEIGH "[a]\nt-start = 1\nt-end = 2\ndt-out = 1e-3000\n", NHREF_EPARSE,
               "would need more than 1000 significant digits");
}
END_TEST

/* explicit times: on one side of t-start, running away from it (a grid that crossed
 * it failed with 'invalid argument') */
START_TEST(test_t_start_times_one_side)
{
    size_t n;
    nhref_case_t *c = read_ok(SLEIGH "[a]\nt-start = 3\ntimes = 2, 1, -0.5\n", &n);
    nhref_cases_free(c, n);
    c = read_ok(SLEIGH "[a]\nt-start = 1\ntimes = 1, 2\n", &n);
    nhref_cases_free(c, n);
    read_fails(SLEIGH "[a]\nt-start = 2\ntimes = 1, 3\n", NHREF_EPARSE,
               "the times (1 ... 3) must run from t-start = 2 outwards");
    read_fails(SLEIGH "[a]\nt-start = 5\ntimes = 1, 2\n", NHREF_EPARSE,
               "the times (1 ... 2) must run from t-start = 5 outwards");
}
END_TEST

static Suite *cases_suite(void)
{
    Suite *s = suite_create("cases");
    TCase *tc = tcase_create("reader");
    tcase_set_timeout(tc, 120); /* 100 000 sections read: seconds under the sanitizers */
    tcase_add_test(tc, test_long_line_is_not_split);
    tcase_add_test(tc, test_huge_line_is_an_error);
    tcase_add_test(tc, test_file_limits);
    tcase_add_test(tc, test_nul_byte_is_an_error);
    tcase_add_test(tc, test_defaults_apply_to_every_case);
    tcase_add_loop_test(tc, test_digits_is_decimal, 0,
                        (int)(sizeof bad_digits / sizeof bad_digits[0]));
    tcase_add_test(tc, test_digits_decimal_forms);
    tcase_add_test(tc, test_inline_comments);
    tcase_add_test(tc, test_glued_hash_is_not_a_comment);
    tcase_add_test(tc, test_comment_line_numbers);
    suite_add_tcase(s, tc);
    tc = tcase_create("format");
    tcase_add_test(tc, test_param_twice_in_a_section);
    tcase_add_test(tc, test_times_and_t_end_in_one_section);
    tcase_add_test(tc, test_unknown_names_are_errors);
    tcase_add_loop_test(tc, test_bad_section, 0,
                        (int)(sizeof bad_sections / sizeof bad_sections[0]));
    tcase_add_test(tc, test_bad_parameter_of_a_single_case);
    tcase_add_test(tc, test_t_start_grid);
    tcase_add_test(tc, test_t_start_times_one_side);
    tcase_add_test(tc, test_data_cases_read);
    suite_add_tcase(s, tc);
    tc = tcase_create("sweeps");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_linspace_exact);
    tcase_add_test(tc, test_linspace_rounded);
    tcase_add_test(tc, test_logspace);
    tcase_add_test(tc, test_product_order);
    tcase_add_test(tc, test_no_sweep_keeps_the_name);
    tcase_add_test(tc, test_expanded_name_collision);
    tcase_add_test(tc, test_too_many_cases);
    tcase_add_test(tc, test_uniform_samples);
    tcase_add_test(tc, test_normal_moments);
    tcase_add_test(tc, test_samples_need_the_same_n);
    tcase_add_loop_test(tc, test_bad_sweeps, 0, (int)(sizeof bad_sweeps / sizeof bad_sweeps[0]));
    tcase_add_test(tc, test_bad_sample_named);
    tcase_add_test(tc, test_bad_samples_counted);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(cases_suite());
    int nfailed;
    srunner_run_all(sr, CK_ENV);
    nfailed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
