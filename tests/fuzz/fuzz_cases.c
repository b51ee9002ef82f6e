/* fuzz_cases.c -- libFuzzer harness of the case-file reader, nhref_cases_read
 * (what `nhref golden` computes); seeds: data/cases.  A refusal names the file. */
#include <string.h>

#include "fuzz.h"
#include "nhref_golden.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_file(data, size);
    nhref_case_t *cases = NULL;
    size_t n = 0;
    char err[1024];
    int status = nhref_cases_read(&cases, &n, path, err, sizeof err);

    if (status == NHREF_OK) {
        for (size_t i = 0; i < n; i++)
            if (cases[i].name == NULL || cases[i].model == NULL || cases[i].ntimes == 0)
                fuzz_fail("case %zu read without a name, model or times", i);
        nhref_cases_free(cases, n);
    } else if (status == NHREF_ENOMEM) {
        nhref_cases_free(cases, n);
    } else if (strncmp(err, path, strlen(path)) != 0) {
        fuzz_fail("refused (status %d) without naming the file: '%s'", status, err);
    }
    return 0;
}
