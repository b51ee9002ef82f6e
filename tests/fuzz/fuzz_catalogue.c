/* fuzz_catalogue.c -- libFuzzer harness of `nhref catalogue DIR` (src/cli/cmd_catalogue.c,
 * compiled into this file: the manifest and output readers are static), run on a
 * directory made of the input: its parts, separated by lines "%%", are the files
 *   s.manifest, chaplygin_sleigh/g-00000.csv, chaplygin_sleigh/g-00001.csv,
 *   other/x.csv, t.manifest
 * (seeds: corpus/catalogue, from 'nhref sweep').
 * Invariants: the exit status is 0, 1 or 2; 2 comes with a message and writes no
 * index; otherwise the index is written: the TSV has the header's number of fields on
 * every row, the JSON is "nhref-catalogue 1" with every field of every case, as many
 * cases as TSV rows and as summary.rows, status counts that add up to the rows, and the
 * exit status is 1 exactly when a case is missing, duplicate, corrupt or foreign; the
 * same directory gives the same index again, byte for byte. */
#include <jansson.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz.h"

#include "cli/cmd_catalogue.c"

static const char *const files[] = {"s.manifest", "chaplygin_sleigh/g-00000.csv",
                                    "chaplygin_sleigh/g-00001.csv", "other/x.csv",
                                    "t.manifest"};
#define NFILES (sizeof files / sizeof files[0])

static char top[4096], dir[4200], tsv[4200], jsn[4200];

static void path_of(char *p, size_t len, const char *name)
{
    snprintf(p, len, "%s/%s", dir, name);
}

static void cleanup(void)
{
    char p[8400];
    for (size_t i = 0; i < NFILES; i++) {
        path_of(p, sizeof p, files[i]);
        unlink(p);
    }
    path_of(p, sizeof p, "chaplygin_sleigh");
    rmdir(p);
    path_of(p, sizeof p, "other");
    rmdir(p);
    rmdir(dir);
    unlink(tsv);
    unlink(jsn);
    rmdir(top);
}

static void setup(void)
{
    /* in memory where there is a tmpfs: the index is written atomically, with fsync
     * (8 per input), which made the runs on a disk 30 per second */
    const char *tmp = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : getenv("TMPDIR");
    char p[8400];
    snprintf(top, sizeof top, "%s/nhref-fuzz-cat.XXXXXX", tmp != NULL ? tmp : "/tmp");
    if (mkdtemp(top) == NULL)
        fuzz_fail("cannot make a directory %s", top);
    snprintf(dir, sizeof dir, "%s/d", top);
    snprintf(tsv, sizeof tsv, "%s/index.tsv", top);
    snprintf(jsn, sizeof jsn, "%s/index.json", top);
    mkdir(dir, 0700);
    path_of(p, sizeof p, "chaplygin_sleigh");
    mkdir(p, 0700);
    path_of(p, sizeof p, "other");
    mkdir(p, 0700);
    atexit(cleanup);
}

/* the whole file PATH (malloc'ed, *LEN bytes), or NULL if it does not exist */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    size_t cap = 0;
    *len = 0;
    if (f == NULL)
        return NULL;
    for (;;) {
        if (*len == cap && (buf = realloc(buf, cap = 2 * cap + 4096)) == NULL)
            fuzz_fail("out of memory");
        size_t got = fread(buf + *len, 1, cap - *len, f);
        *len += got;
        if (got == 0)
            break;
    }
    fclose(f);
    return buf;
}

/* run the catalogue; its exit status, and what it wrote on stderr in *MSG */
static int run(char **msg, size_t *msglen)
{
    char *argv[] = {"catalogue", "-q", "--tsv", tsv, "--json", jsn, dir, NULL};
    int rc;
    unlink(tsv);
    unlink(jsn);
    fuzz_stderr_capture();
    rc = cmd_catalogue(7, argv);
    *msg = fuzz_stderr_release(msglen);
    return rc;
}

static size_t count_fields(const char *s, size_t len)
{
    size_t n = 1;
    for (size_t i = 0; i < len; i++)
        n += s[i] == '\t';
    return n;
}

static void check_index(int rc, const char *t, size_t tlen, const char *j, size_t jlen)
{
    static const char *const keys[] = {"case", "model",  "kind",    "status", "outcome", "digits",
                                       "certified", "file", "sha256", "param", "init"};
    json_error_t jerr;
    json_t *root, *cases, *summary;
    size_t nrow = 0, header = 0, sum = 0, bad;

    if (t == NULL || j == NULL)
        fuzz_fail("exit %d without the index", rc);
    for (size_t i = 0, start = 0; i < tlen; i++)
        if (t[i] == '\n') {
            size_t f = count_fields(t + start, i - start);
            if (start == 0)
                header = f;
            else if (f != header)
                fuzz_fail("TSV row %zu has %zu fields, the header %zu", nrow + 1, f, header);
            else
                nrow++;
            start = i + 1;
        }
    if (tlen == 0 || t[tlen - 1] != '\n')
        fuzz_fail("the TSV does not end with a newline");
    if ((root = json_loadb(j, jlen, 0, &jerr)) == NULL)
        fuzz_fail("the JSON does not read: %s", jerr.text);
    cases = json_object_get(root, "cases");
    summary = json_object_get(root, "summary");
    if (!json_is_string(json_object_get(root, "format")) ||
        strcmp(json_string_value(json_object_get(root, "format")), "nhref-catalogue 1") != 0 ||
        !json_is_array(cases) || !json_is_object(summary))
        fuzz_fail("the JSON has no format, cases or summary");
    if (json_array_size(cases) != nrow ||
        json_integer_value(json_object_get(summary, "rows")) != (json_int_t)nrow)
        fuzz_fail("%zu JSON cases, summary rows %lld, %zu TSV rows", json_array_size(cases),
                  (long long)json_integer_value(json_object_get(summary, "rows")), nrow);
    for (size_t i = 0; i < json_array_size(cases); i++) {
        json_t *c = json_array_get(cases, i);
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            if (json_object_get(c, keys[k]) == NULL)
                fuzz_fail("JSON case %zu without '%s'", i, keys[k]);
    }
    for (int k = 0; k < ST_COUNT; k++)
        sum += (size_t)json_integer_value(json_object_get(summary, status_name[k]));
    if (sum != nrow)
        fuzz_fail("the status counts add up to %zu of %zu rows", sum, nrow);
    bad = (size_t)(json_integer_value(json_object_get(summary, "missing")) +
                   json_integer_value(json_object_get(summary, "duplicate")) +
                   json_integer_value(json_object_get(summary, "corrupt")) +
                   json_integer_value(json_object_get(summary, "foreign")));
    if ((rc == CLI_FAIL) != (bad > 0))
        fuzz_fail("exit %d with %zu rows missing, duplicate, corrupt or foreign", rc, bad);
    json_decref(root);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    const uint8_t *p = data, *end = data + size;
    char *msg, *msg2, *t, *j, *t2, *j2;
    size_t msglen, msglen2, tlen, jlen, tlen2, jlen2;
    int rc, rc2;

    if (!ready) {
        setup();
        ready = 1;
    }
    /* the parts, each to its file (the files of missing parts removed) */
    for (size_t i = 0; i < NFILES; i++) {
        char path[8400];
        path_of(path, sizeof path, files[i]);
        unlink(path);
        if (p == NULL)
            continue;
        const uint8_t *sep = NULL;
        for (const uint8_t *q = p; q + 4 <= end; q++)
            if (memcmp(q, "\n%%\n", 4) == 0) {
                sep = q;
                break;
            }
        FILE *f = fopen(path, "wb");
        if (f == NULL)
            fuzz_fail("cannot write %s", path);
        fwrite(p, 1, (size_t)((sep != NULL ? sep + 1 : end) - p), f);
        fclose(f);
        p = sep != NULL ? sep + 4 : NULL;
    }
    rc = run(&msg, &msglen);
    t = slurp(tsv, &tlen);
    j = slurp(jsn, &jlen);
    if (rc != CLI_OK && rc != CLI_FAIL && rc != CLI_USAGE)
        fuzz_fail("exit status %d", rc);
    if (rc == CLI_USAGE) {
        if (msglen == 0 || strncmp(msg, "nhref", 5) != 0)
            fuzz_fail("exit 2 without a message");
        if (t != NULL || j != NULL)
            fuzz_fail("exit 2, but an index was written");
    } else {
        check_index(rc, t, tlen, j, jlen);
        /* the same outputs give the same index, byte for byte */
        rc2 = run(&msg2, &msglen2);
        t2 = slurp(tsv, &tlen2);
        j2 = slurp(jsn, &jlen2);
        if (rc2 != rc || t2 == NULL || j2 == NULL || tlen2 != tlen || jlen2 != jlen ||
            memcmp(t, t2, tlen) != 0 || memcmp(j, j2, jlen) != 0)
            fuzz_fail("the same directory gives another index (exit %d, then %d)", rc, rc2);
        free(msg2);
        free(t2);
        free(j2);
    }
    free(msg);
    free(t);
    free(j);
    return 0;
}
