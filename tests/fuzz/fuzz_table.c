/* fuzz_table.c -- libFuzzer harness of the trajectory / CSV reader, nhref_table_read
 * (what `nhref verify` reads) and nhref_table_parse with each separator; seeds:
 * data/golden, corpus/table, and the large inputs run-fuzz.sh makes (a line beyond
 * NHREF_TABLE_MAX_LINE, a table of many rows).
 * The input is read from a file with the separator detected, then parsed from memory
 * with a separator given: the one detected if the file was read (the two tables must
 * be the same), else ',', ';' or tab by the input's length.  Invariants: a table read
 * has consistent shapes (columns found by name at their index, every value present and
 * finite or NaN, its separator one of the three); a refusal names the file; detection
 * and an explicit separator agree. */
#include <string.h>

#include "fuzz.h"
#include "nhref_io.h"

static void check_shape(const nhref_table_t *tab)
{
    if (tab == NULL || tab->ncol == 0 || tab->nrow == 0)
        fuzz_fail("a table without columns or rows");
    if (tab->sep != ',' && tab->sep != ';' && tab->sep != '\t')
        fuzz_fail("separator %d", tab->sep);
    for (size_t c = 0; c < tab->ncol; c++)
        if (nhref_table_column(tab, tab->name[c]) != (int)c)
            fuzz_fail("column '%s' is not found at its index %zu", tab->name[c], c);
    for (size_t i = 0; i < tab->nrow * tab->ncol; i++)
        if (tab->text[i] == NULL || mpfr_inf_p(tab->v + i))
            fuzz_fail("value %zu missing or infinite", i);
}

static void check_same(const nhref_table_t *a, const nhref_table_t *b)
{
    if (a->ncol != b->ncol || a->nrow != b->nrow || a->sep != b->sep || a->nmeta != b->nmeta ||
        a->index_dropped != b->index_dropped || a->header_line != b->header_line ||
        strcmp(a->sha256, b->sha256) != 0)
        fuzz_fail("separator '%c' given: %zu x %zu (%zu metadata), detected: %zu x %zu (%zu)",
                  b->sep, b->nrow, b->ncol, b->nmeta, a->nrow, a->ncol, a->nmeta);
    for (size_t c = 0; c < a->ncol; c++)
        if (strcmp(a->name[c], b->name[c]) != 0)
            fuzz_fail("column %zu: '%s' detected, '%s' given", c, a->name[c], b->name[c]);
    for (size_t i = 0; i < a->nrow * a->ncol; i++)
        if (strcmp(a->text[i], b->text[i]) != 0 ||
            (!mpfr_equal_p(a->v + i, b->v + i) && !(mpfr_nan_p(a->v + i) && mpfr_nan_p(b->v + i))))
            fuzz_fail("value %zu: '%s' detected, '%s' given", i, a->text[i], b->text[i]);
    for (size_t i = 0; i < a->nrow; i++)
        if (a->line[i] != b->line[i])
            fuzz_fail("row %zu on line %zu detected, %zu given", i, a->line[i], b->line[i]);
    for (size_t i = 0; i < a->nmeta; i++)
        if (strcmp(a->meta_key[i], b->meta_key[i]) != 0 ||
            strcmp(a->meta_value[i], b->meta_value[i]) != 0)
            fuzz_fail("metadata %zu differs", i);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char name[] = "fuzz.csv";
    const char *path = fuzz_file(data, size);
    nhref_table_t *tab = NULL, *tab2 = NULL;
    char err[1024], sep;
    int status = nhref_table_read(&tab, path, 128, err, sizeof err), status2;

    if (status == NHREF_OK)
        check_shape(tab);
    else if (status != NHREF_ENOMEM && strncmp(err, path, strlen(path)) != 0)
        fuzz_fail("refused (status %d) without naming the file: '%s'", status, err);
    sep = status == NHREF_OK ? tab->sep : ",;\t"[size % 3];
    status2 = nhref_table_parse(&tab2, (const char *)data, size, name, 128, sep, err, sizeof err);
    if (status2 == NHREF_OK) {
        check_shape(tab2);
        if (tab2->sep != sep)
            fuzz_fail("separator '%c' given, '%c' used", sep, tab2->sep);
        if (status == NHREF_OK)
            check_same(tab, tab2);
        nhref_table_free(tab2);
    } else if (status == NHREF_OK && status2 != NHREF_ENOMEM) {
        fuzz_fail("read with '%c' detected, refused with it given: %s", sep, err);
    } else if (status2 != NHREF_ENOMEM && strncmp(err, name, strlen(name)) != 0) {
        fuzz_fail("refused (status %d) without naming the file: '%s'", status2, err);
    }
    nhref_table_free(tab);
    return 0;
}
