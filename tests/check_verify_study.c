/* check_verify_study.c -- order studies (nhref_verify_study, nhref_verify.h): runs of
 * RK4 on the sleigh at decreasing steps, written as CSV files with "# step:" and
 * "# cost:" lines, then the study's digits, orders and slopes, its JSON and CSV, and
 * the inputs it refuses.
 *
 * Expected values come from the method's order (RK4: 4, its error falls 16-fold
 * when h halves) and from identities: each run's digits are those nhref_verify_file
 * gives the file alone; steps said to be 4 times apart instead of 2 halve every
 * order exactly; with costs proportional to 1/h the slope equals the order; the
 * JSON and the CSV give the numbers of the study.
 */
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ck_mpfr.h"
#include "nhref.h"
#include "nhref_oracle.h"

#define NRUN 4
static const char *const state[5] = {"x", "y", "phi", "v", "omega"};
static char dir[64];
static char path[NRUN][128];

/* RK4 of the sleigh (spec 3.1, m = 2, J = 30, a = 1, from (0, 0, 0, 0, 1)), N steps
 * of h = 10/N, a row every K steps, to PATH with "# step:" and "# cost:" lines
 * (EXTRA: more text after them).  The twin of rk4_rows in check_verify.c and of
 * tests/rk4_sleigh.py: the same method, written again so that each test stands
 * alone. */
static void write_rk4(const char *file, long n, long k, const char *extra)
{
    const double g = 2.0 / 32.0, h = 10.0 / (double)n;
    double s[5] = {0, 0, 0, 0, 1};
    FILE *f = fopen(file, "w");
    ck_assert_msg(f != NULL, "cannot write %s", file);
    fprintf(f, "# step: %.17g\n# cost: %ld\n%st,x,y,phi,v,omega\n", h, 4 * n, extra);
    for (long i = 0; i <= n; i++) {
        double k1[5], k2[5], k3[5], k4[5], tmp[5], *d[4] = {k1, k2, k3, k4};
        if (i % k == 0)
            fprintf(f, "%.17g,%.17g,%.17g,%.17g,%.17g,%.17g\n", (double)i * h, s[0], s[1], s[2],
                    s[3], s[4]);
        for (int st = 0; st < 4; st++) {
            const double *b = st == 0 ? s : tmp;
            if (st > 0)
                for (int j = 0; j < 5; j++)
                    tmp[j] = s[j] + (st == 3 ? h : h / 2) * d[st - 1][j];
            d[st][0] = b[3] * cos(b[2]);
            d[st][1] = b[3] * sin(b[2]);
            d[st][2] = b[4];
            d[st][3] = b[4] * b[4];
            d[st][4] = -g * b[3] * b[4];
        }
        for (int j = 0; j < 5; j++)
            s[j] += h / 6 * (k1[j] + 2 * k2[j] + 2 * k3[j] + k4[j]);
    }
    ck_assert_int_eq(fclose(f), 0);
}

static void write_text(const char *file, const char *text)
{
    FILE *f = fopen(file, "w");
    ck_assert_msg(f != NULL, "cannot write %s", file);
    fputs(text, f);
    ck_assert_int_eq(fclose(f), 0);
}

static void setup(void)
{
    snprintf(dir, sizeof dir, "/tmp/check_study.XXXXXX");
    ck_assert_msg(mkdtemp(dir) != NULL, "mkdtemp");
    for (int k = 0; k < NRUN; k++) {
        long n = 100L << k; /* h = 0.1, 0.05, 0.025, 0.0125 */
        snprintf(path[k], sizeof path[k], "%s/rk4_%d.csv", dir, k);
        write_rk4(path[k], n, 1L << k, "");
    }
}

static void teardown(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", dir);
}

static nhref_verify_t *verifier(void)
{
    nhref_verify_t *v;
    ck_assert_int_eq(nhref_verify_new(&v), NHREF_OK);
    ck_assert_msg(nhref_verify_set_model(v, "chaplygin_sleigh") == NHREF_OK, "%s",
                  nhref_verify_error(v));
    return v;
}

static const char *const *paths(void)
{
    static const char *p[NRUN];
    for (int k = 0; k < NRUN; k++)
        p[k] = path[k];
    return p;
}

/* ------------------------------------------------------------------ the study */
START_TEST(test_rk4_order_four)
{
    nhref_verify_t *v = verifier();
    nhref_verify_study_t *st;
    ck_assert_msg(nhref_verify_study(&st, v, NRUN, paths(), NULL, NULL) == NHREF_OK, "%s",
                  nhref_verify_error(v));
    ck_assert_uint_eq(st->nrun, NRUN);
    ck_assert_uint_eq(st->ncolumn, 5);
    ck_assert(st->has_step && st->has_cost);
    ck_assert(!st->near_reference);
    ck_assert_str_eq(st->model, "chaplygin_sleigh");
    for (size_t j = 0; j < 5; j++) {
        ck_assert_str_eq(st->column[j], state[j]);
        ck_assert(isnan(st->order[j]) && isnan(st->slope[j]));
        for (size_t k = 1; k < NRUN; k++) {
            double p = st->order[k * 5 + j];
            ck_assert_msg(fabs(p - 4) < 0.1, "%s, runs %zu -> %zu: order %g", state[j], k, k + 1,
                          p);
            /* cost 4 N = 400 / h: the slope against cost is the order */
            ck_assert_msg(fabs(st->slope[k * 5 + j] - p) < 1e-12, "slope %g, order %g",
                          st->slope[k * 5 + j], p);
        }
    }
    for (size_t k = 0; k < NRUN; k++) {
        nhref_verify_t *one = verifier();
        nhref_verify_report_t *rep;
        double min = INFINITY;
        ck_assert_str_eq(st->run[k].step_from, "# step:");
        ck_assert_str_eq(st->run[k].cost_from, "# cost:");
        ck_assert(st->run[k].step == 0.1 / (double)(1 << k));
        ck_assert(st->run[k].cost == 400.0 * (double)(1 << k));
        /* the same verification as the file alone */
        ck_assert_int_eq(nhref_verify_file(&rep, one, path[k]), NHREF_OK);
        ck_assert_uint_eq(rep->ncolumn, 5);
        for (size_t j = 0; j < 5; j++) {
            ck_assert(st->digits[k * 5 + j] == rep->column[j].digits);
            min = fmin(min, rep->column[j].digits);
        }
        ck_assert(st->run[k].min_digits == min);
        ck_assert_str_eq(st->run[k].report->summary, rep->summary);
        if (k > 0)
            ck_assert(st->min_order[k] == (min - st->run[k - 1].min_digits) /
                                              log10(st->run[k - 1].step / st->run[k].step));
        nhref_verify_report_free(rep);
        nhref_verify_free(one);
    }
    nhref_verify_study_free(st);
    nhref_verify_free(v);
}
END_TEST

/* steps given as 4 times apart: every order halves, the digits stay */
START_TEST(test_steps_argument)
{
    nhref_verify_t *v = verifier();
    nhref_verify_study_t *a, *b;
    const double steps[NRUN] = {1, 0.25, 0.0625, 0.015625};
    const double costs[NRUN] = {NAN, NAN, NAN, NAN};
    ck_assert_int_eq(nhref_verify_study(&a, v, NRUN, paths(), NULL, NULL), NHREF_OK);
    ck_assert_int_eq(nhref_verify_study(&b, v, NRUN, paths(), steps, costs), NHREF_OK);
    ck_assert_str_eq(b->run[2].step_from, "argument");
    ck_assert_str_eq(b->run[2].cost_from, "# cost:"); /* NaN: the file's */
    for (size_t i = 5; i < NRUN * 5; i++) {
        ck_assert(a->digits[i] == b->digits[i]);
        ck_assert_msg(fabs(a->order[i] - 2 * b->order[i]) < 1e-12, "%g vs 2 x %g", a->order[i],
                      b->order[i]);
    }
    nhref_verify_study_free(a);
    nhref_verify_study_free(b);
    nhref_verify_free(v);
}
END_TEST

/* the JSON and the CSV say what the study says */
START_TEST(test_json_and_csv)
{
    nhref_verify_t *v = verifier();
    nhref_verify_study_t *st;
    json_t *root, *runs;
    json_error_t jerr;
    char line[4096];
    FILE *f;
    ck_assert_int_eq(nhref_verify_study(&st, v, NRUN, paths(), NULL, NULL), NHREF_OK);

    f = tmpfile();
    ck_assert_int_eq(nhref_verify_study_write_json(f, st), NHREF_OK);
    rewind(f);
    root = json_loadf(f, 0, &jerr);
    ck_assert_msg(root != NULL, "%s", jerr.text);
    fclose(f);
    ck_assert_str_eq(json_string_value(json_object_get(root, "schema")), "nhref-verify-study/1");
    ck_assert_str_eq(json_string_value(json_object_get(root, "order_from")), "step");
    runs = json_object_get(root, "runs");
    ck_assert_uint_eq(json_array_size(runs), NRUN);
    for (size_t k = 0; k < NRUN; k++) {
        json_t *r = json_array_get(runs, k), *cols = json_object_get(r, "columns");
        ck_assert_str_eq(json_string_value(json_object_get(json_object_get(r, "report"), "schema")),
                         "nhref-verify/1");
        for (size_t j = 0; j < 5; j++) {
            json_t *c = json_array_get(cols, j), *o = json_object_get(c, "order");
            ck_assert_str_eq(json_string_value(json_object_get(c, "name")), state[j]);
            ck_assert(json_real_value(json_object_get(c, "digits")) == st->digits[k * 5 + j]);
            if (k == 0)
                ck_assert(json_is_null(o));
            else
                ck_assert(json_real_value(o) == st->order[k * 5 + j]);
        }
    }
    json_decref(root);

    f = tmpfile();
    ck_assert_int_eq(nhref_verify_study_write_csv(f, st), NHREF_OK);
    rewind(f);
    ck_assert(fgets(line, sizeof line, f) != NULL);
    ck_assert_str_eq(line, "run,source,step,cost,min_digits,min_order,min_slope,digits_x,"
                           "order_x,slope_x,digits_y,order_y,slope_y,digits_phi,order_phi,"
                           "slope_phi,digits_v,order_v,slope_v,digits_omega,order_omega,"
                           "slope_omega\n");
    for (size_t k = 0; k < NRUN; k++) {
        char *field[32], *p = line;
        int n = 0;
        ck_assert(fgets(line, sizeof line, f) != NULL);
        line[strcspn(line, "\n")] = '\0';
        while (p != NULL && n < 32) {
            field[n++] = p;
            if ((p = strchr(p, ',')) != NULL)
                *p++ = '\0';
        }
        ck_assert_int_eq(n, 22);
        ck_assert_int_eq(atoi(field[0]), (int)k + 1);
        ck_assert_str_eq(field[1], path[k]);
        ck_assert(strtod(field[2], NULL) == st->run[k].step);
        for (size_t j = 0; j < 5; j++) {
            ck_assert(strtod(field[7 + 3 * j], NULL) == st->digits[k * 5 + j]);
            if (k == 0)
                ck_assert_str_eq(field[8 + 3 * j], "nan");
            else
                ck_assert(strtod(field[8 + 3 * j], NULL) == st->order[k * 5 + j]);
        }
    }
    ck_assert(fgets(line, sizeof line, f) == NULL);
    fclose(f);
    nhref_verify_study_free(st);
    nhref_verify_free(v);
}
END_TEST

/* costs from a column "cost": its largest value */
START_TEST(test_cost_column)
{
    nhref_verify_t *v = verifier();
    nhref_verify_study_t *st;
    char a[128], b[128];
    const char *p[2] = {a, b};
    snprintf(a, sizeof a, "%s/c1.csv", dir);
    snprintf(b, sizeof b, "%s/c2.csv", dir);
    write_text(a, "# step: 0.5\nt,x,cost\n0,0,0\n0.5,0,7\n1,0,12\n");
    write_text(b, "# step: 0.25\nt,x,cost\n0,0,0\n0.5,0,30\n1,0,24\n");
    ck_assert_msg(nhref_verify_study(&st, v, 2, p, NULL, NULL) == NHREF_OK, "%s",
                  nhref_verify_error(v));
    ck_assert(st->has_cost);
    ck_assert_str_eq(st->run[0].cost_from, "column cost");
    ck_assert(st->run[0].cost == 12 && st->run[1].cost == 30);
    /* steps 2 apart, costs 2.5 apart: the slope is the order times log 2 / log 2.5 */
    ck_assert(isfinite(st->order[1]));
    ck_assert_msg(fabs(st->slope[1] - st->order[1] * log10(2) / log10(2.5)) < 1e-12,
                  "slope %g, order %g", st->slope[1], st->order[1]);
    ck_assert(isnan(st->slope[0]));
    nhref_verify_study_free(st);
    nhref_verify_free(v);
}
END_TEST

/* exact digits (the initial state itself) give no order; the CSV writes "inf" */
START_TEST(test_exact)
{
    nhref_verify_t *v = verifier();
    nhref_verify_study_t *st;
    char a[128], b[128], line[512];
    const char *p[2] = {a, b};
    FILE *f;
    snprintf(a, sizeof a, "%s/e1.csv", dir);
    snprintf(b, sizeof b, "%s/e2.csv", dir);
    write_text(a, "# step: 0.1\nt,x\n0,0\n");
    write_text(b, "# step: 0.05\nt,x\n0,0\n");
    ck_assert_int_eq(nhref_verify_study(&st, v, 2, p, NULL, NULL), NHREF_OK);
    ck_assert(st->digits[0] >= NHREF_ORACLE_DIGITS_EXACT &&
              st->digits[1] >= NHREF_ORACLE_DIGITS_EXACT);
    ck_assert(isnan(st->order[1]) && isnan(st->min_order[1]));
    ck_assert(!st->has_cost && isnan(st->slope[1]));
    f = tmpfile();
    ck_assert_int_eq(nhref_verify_study_write_csv(f, st), NHREF_OK);
    rewind(f);
    ck_assert(fgets(line, sizeof line, f) != NULL && fgets(line, sizeof line, f) != NULL);
    ck_assert(fgets(line, sizeof line, f) != NULL);
    line[strcspn(line, "\n")] = '\0';
    ck_assert(strstr(line, ",0.050000000000000003,nan,inf,nan,nan,inf,nan,nan") != NULL);
    fclose(f);
    nhref_verify_study_free(st);
    nhref_verify_free(v);
}
END_TEST

/* ------------------------------------------------------------------ refused */
static const struct {
    const char *a, *b; /* the two files' texts; NULL: the RK4 runs 0 and 1 */
    double step0;      /* a step argument for run 1 (0: none) */
    int status;
    const char *message; /* a part of the message */
} refused[] = {
    {"# step: 0.1\nt,x\n0,0\n", "t,x\n0,0\n", 0, NHREF_EINVAL, "has a step and "},
    {"# step: 0,1\nt,x\n0,0\n", "# step: 0.05\nt,x\n0,0\n", 0, NHREF_EPARSE,
     "the line '# step: 0,1': '0,1' is not a positive finite plain decimal number"},
    {"# step: 0.1\n# step: 0.2\nt,x\n0,0\n", "# step: 0.05\nt,x\n0,0\n", 0, NHREF_EPARSE,
     "two '# step:' lines"},
    {"# step: 0.1\nt,x\n0,0\n", "# step: 0.1\nt,x\n0,0\n", 0, NHREF_EINVAL,
     "have the same step 0.10000000000000001"},
    {"# step: 0.1\nt,x\n0,0\n", "# step: 0.05\nt,y\n0,0\n", 0, NHREF_EPARSE,
     "no column compared as 'x'"},
    {"# step: 0.1\nt,x\n0,0\n", "# step: 0.05\nt,x,y\n0,0,0\n", 0, NHREF_EPARSE,
     "compares 2 columns"},
    {"t,x,cost\n0,0,-1\n", "t,x\n0,0\n", 0, NHREF_EPARSE, ":2: column cost: '-1' is not"},
    {"# step: -0.1\nt,x\n0,0\n", "# step: 0.05\nt,x\n0,0\n", 0, NHREF_EPARSE, "'-0.1' is not"},
    {NULL, NULL, -1, NHREF_EINVAL, "the step -1 is not a positive finite number"},
    {"t,q\n0,0\n", "t,x\n0,0\n", 0, NHREF_EPARSE, "no column"},
};

START_TEST(test_refused)
{
    nhref_verify_t *v = verifier();
    nhref_verify_study_t *st = (nhref_verify_study_t *)1;
    char a[128], b[128];
    const char *p[2] = {a, b};
    double steps[2] = {NAN, NAN};
    int status;
    if (refused[_i].a != NULL) {
        snprintf(a, sizeof a, "%s/a.csv", dir);
        snprintf(b, sizeof b, "%s/b.csv", dir);
        write_text(a, refused[_i].a);
        write_text(b, refused[_i].b);
    } else {
        snprintf(a, sizeof a, "%s", path[0]);
        snprintf(b, sizeof b, "%s", path[1]);
    }
    steps[0] = refused[_i].step0 != 0 ? refused[_i].step0 : NAN;
    status = nhref_verify_study(&st, v, 2, p, steps, NULL);
    ck_assert_msg(status == refused[_i].status, "case %d: status %d, want %d: %s", _i, status,
                  refused[_i].status, nhref_verify_error(v));
    ck_assert(st == NULL);
    ck_assert_msg(strstr(nhref_verify_error(v), refused[_i].message) != NULL,
                  "case %d: message lacks '%s': %s", _i, refused[_i].message,
                  nhref_verify_error(v));
    nhref_verify_free(v);
}
END_TEST

START_TEST(test_refused_calls)
{
    nhref_verify_t *v;
    nhref_verify_study_t *st;
    char missing[128];
    const char *p[2] = {path[0], missing};
    ck_assert_int_eq(nhref_verify_new(&v), NHREF_OK);
    ck_assert_int_eq(nhref_verify_study(&st, v, 2, p, NULL, NULL), NHREF_EINVAL); /* no model */
    ck_assert(strstr(nhref_verify_error(v), "no reference") != NULL);
    ck_assert_int_eq(nhref_verify_set_model(v, "chaplygin_sleigh"), NHREF_OK);
    ck_assert_int_eq(nhref_verify_study(&st, v, 1, p, NULL, NULL), NHREF_EINVAL);
    ck_assert(strstr(nhref_verify_error(v), "at least 2 runs (got 1)") != NULL);
    snprintf(missing, sizeof missing, "%s/missing.csv", dir);
    ck_assert_int_eq(nhref_verify_study(&st, v, 2, p, NULL, NULL), NHREF_EIO);
    ck_assert(strstr(nhref_verify_error(v), missing) != NULL);
    ck_assert(st == NULL);
    nhref_verify_study_free(NULL);
    nhref_verify_free(v);
}
END_TEST

static Suite *study_suite(void)
{
    Suite *s = suite_create("verify_study");
    TCase *tc = tcase_create("study");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_rk4_order_four);
    tcase_add_test(tc, test_steps_argument);
    tcase_add_test(tc, test_json_and_csv);
    tcase_add_test(tc, test_cost_column);
    tcase_add_test(tc, test_exact);
    tcase_add_loop_test(tc, test_refused, 0, (int)(sizeof refused / sizeof refused[0]));
    tcase_add_test(tc, test_refused_calls);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(study_suite());
    int nfailed;
    srunner_run_all(sr, CK_ENV);
    nfailed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
