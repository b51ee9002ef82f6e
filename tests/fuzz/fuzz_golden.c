/* fuzz_golden.c -- libFuzzer harness of a golden file's metadata as a reference,
 * nhref_verify_set_golden (src/verify/verify.c, through nhref_table_read and
 * nhref_spec_from_table: what `nhref verify --golden FILE` reads); seeds: data/golden,
 * corpus/golden.  The verification has a reference already (chaplygin_sleigh).
 * Invariants:
 *   - a file whose first two lines have no "# nhref " line is refused with the message
 *     naming the file and the expected format, never quoting it;
 *   - a refusal names the file, and leaves no reference (nhref_verify.h: "a FILE read
 *     and refused leaves none");
 *   - an accepted file has one '# model:', '# model-file:', '# model-sha256:',
 *     '# digits:' and '# t-start:' line at most and one '# param:' / '# init:' line per
 *     name; the reference is its model (a built-in of that name, or its model file),
 *     with each parameter and initial value as written, and its digits. */
#include <ctype.h>
#include <string.h>

#include "fuzz.h"
#include "nhref.h"
#include "verify/verify_internal.h"

/* 1 if one of the first two lines of DATA starts with "# nhref " (the second only if the
 * first ends within 1 MiB) */
static int nhref_output(const uint8_t *data, size_t size)
{
    size_t i = 0;
    for (int line = 0; line < 2 && i < size; line++) {
        size_t start = i;
        while (i < size && data[i] != '\n' && i - start < (1u << 20))
            i++;
        if (i - start >= 8 && memcmp(data + start, "# nhref ", 8) == 0)
            return 1;
        if (i == size || data[i] != '\n')
            return 0;
        i++;
    }
    return 0;
}

/* "NAME = VALUE [unit]" -> NAME and VALUE (as the spec reads them); 0 if not that form */
static int name_value(const char *s, char *n, size_t nlen, char *val, size_t vlen)
{
    const char *eq = strchr(s, '='), *ns = s, *ne, *vs, *ve;
    if (eq == NULL)
        return 0;
    while (isspace((unsigned char)*ns))
        ns++;
    for (ne = eq; ne > ns && isspace((unsigned char)ne[-1]); ne--)
        ;
    for (vs = eq + 1; isspace((unsigned char)*vs); vs++)
        ;
    for (ve = vs; *ve != '\0' && !isspace((unsigned char)*ve) && *ve != '['; ve++)
        ;
    if (ne == ns || ve == vs || (size_t)(ne - ns) >= nlen || (size_t)(ve - vs) >= vlen)
        return 0;
    snprintf(n, nlen, "%.*s", (int)(ne - ns), ns);
    snprintf(val, vlen, "%.*s", (int)(ve - vs), vs);
    return 1;
}

/* the accepted reference V against the metadata of TAB */
static void check_accepted(const nhref_verify_t *v, const nhref_table_t *tab, const char *path)
{
    static const char *const single[] = {"model", "model-file", "model-sha256", "digits",
                                         "t-start"};
    const char *model = nhref_table_meta(tab, "model", NULL), *d;

    if (v->ref == NULL || v->model == NULL || v->golden == NULL || strcmp(v->golden, path) != 0)
        fuzz_fail("accepted without a reference from %s", path);
    for (size_t k = 0; k < sizeof single / sizeof single[0]; k++) {
        size_t from = 0;
        if (nhref_table_meta(tab, single[k], &from) != NULL &&
            nhref_table_meta(tab, single[k], &from) != NULL)
            fuzz_fail("accepted with two '# %s:' lines", single[k]);
    }
    if (model == NULL)
        fuzz_fail("accepted without a '# model:' line");
    if (nhref_table_meta(tab, "model-file", NULL) == NULL && strcmp(v->model->name, model) != 0)
        fuzz_fail("'# model: %.80s' read as the model %s", model, v->model->name);
    d = nhref_table_meta(tab, "digits", NULL);
    if (d != NULL ? !(v->golden_digits > 0 && v->golden_digits <= NHREF_VERIFY_DIGITS_MAX &&
                      v->golden_digits == strtod(d, NULL))
                  : v->golden_digits != 0)
        fuzz_fail("'# digits: %.80s' read as %g", d ? d : "(none)", v->golden_digits);
    for (int pass = 0; pass < 2; pass++) {
        const char *key = pass == 0 ? "param" : "init", *s;
        size_t from = 0;
        while ((s = nhref_table_meta(tab, key, &from)) != NULL) {
            char n[256], val[1024], n2[256], val2[1024];
            const char *t, *got;
            size_t from2 = 0;
            int idx;
            if (!name_value(s, n, sizeof n, val, sizeof val))
                fuzz_fail("accepted with a malformed '# %s: %.80s' line", key, s);
            while ((t = nhref_table_meta(tab, key, &from2)) != NULL && from2 < from)
                if (name_value(t, n2, sizeof n2, val2, sizeof val2) && strcmp(n, n2) == 0)
                    fuzz_fail("accepted with %s %s twice", key, n);
            idx = pass == 0 ? nhref_model_param_index(v->model, n)
                            : nhref_model_state_index(v->model, n);
            got = idx < 0 ? NULL
                  : pass == 0 ? nhref_spec_param_str(v->ref, (size_t)idx)
                              : nhref_spec_init_str(v->ref, (size_t)idx);
            if (got == NULL || strcmp(got, val) != 0)
                fuzz_fail("'# %s: %.80s' read as %s", key, s, got ? got : "(unknown)");
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_file(data, size);
    nhref_verify_t *v = NULL;
    nhref_table_t *tab = NULL;
    char err[1024];
    int status, ours = nhref_output(data, size);

    if (nhref_verify_new(&v) != NHREF_OK || nhref_verify_set_model(v, "chaplygin_sleigh") != NHREF_OK)
        fuzz_fail("cannot make a verification of chaplygin_sleigh");
    status = nhref_verify_set_golden(v, path);
    if (status == NHREF_OK) {
        if (!ours)
            fuzz_fail("accepted without a '# nhref ' line among the first two");
        if (nhref_table_read(&tab, path, 64, err, sizeof err) != NHREF_OK)
            fuzz_fail("accepted, but the table does not read: %s", err);
        check_accepted(v, tab, path);
        nhref_table_free(tab);
    } else if (status != NHREF_ENOMEM) {
        const char *e = nhref_verify_error(v);
        size_t lp = strlen(path);
        /* "PATH: ..." or "PATH:LINE: ..." (the table reader's) */
        if (strncmp(e, path, lp) != 0 || e[lp] != ':')
            fuzz_fail("refused (status %d) without naming the file: '%s'", status, e);
        if (!ours && (status != NHREF_EPARSE ||
                      strncmp(e + lp, ": not a golden file or trajectory of nhref's", 44) != 0))
            fuzz_fail("a file of another format refused with '%s'", e);
        if (ours && strncmp(e + lp, ": not a golden file or trajectory of nhref's", 44) == 0)
            fuzz_fail("an nhref output taken for another format");
        if (v->ref != NULL || v->model != NULL)
            fuzz_fail("refused (status %d: '%s') but the earlier reference is kept", status, e);
    }
    nhref_verify_free(v);
    return 0;
}
