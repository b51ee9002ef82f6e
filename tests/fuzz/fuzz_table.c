/* fuzz_table.c -- libFuzzer harness of the trajectory / CSV reader,
 * nhref_table_read (what `nhref verify` reads); seeds: data/golden.  A table
 * read has consistent shapes; a refusal names the file. */
#include <string.h>

#include "fuzz.h"
#include "nhref_io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_file(data, size);
    nhref_table_t *tab = NULL;
    char err[1024];
    int status = nhref_table_read(&tab, path, 128, err, sizeof err);

    if (status == NHREF_OK) {
        if (tab == NULL || tab->ncol == 0 || tab->nrow == 0)
            fuzz_fail("a table without columns or rows");
        for (size_t c = 0; c < tab->ncol; c++)
            if (nhref_table_column(tab, tab->name[c]) != (int)c)
                fuzz_fail("column '%s' is not found at its index %zu", tab->name[c], c);
        for (size_t i = 0; i < tab->nrow * tab->ncol; i++)
            if (tab->text[i] == NULL || mpfr_inf_p(tab->v + i))
                fuzz_fail("value %zu missing or infinite", i);
        nhref_table_free(tab);
    } else if (status != NHREF_ENOMEM && strncmp(err, path, strlen(path)) != 0) {
        fuzz_fail("refused (status %d) without naming the file: '%s'", status, err);
    }
    return 0;
}
