/* fuzz_model.c -- libFuzzer harness of the model-file reader (nhref_model_file.h):
 * nhref_model_file_parse, the derivation of the equations, describe, and a short run
 * in double of what was accepted; seeds: the examples' model files, data/models, corpus/model.
 * Invariants: a refusal names the file ("fuzz.model:LINE: ..."); an accepted model
 * describes itself and runs without crashing: a run refused before it integrates says
 * why in the spec, a failed integration reports its status through the run's end. */
#include <string.h>

#include "fuzz.h"
#include "nhref.h"

static void run_briefly(nhref_model_file_t *mf)
{
    nhref_spec_t *spec = NULL;
    nhref_sink_t sink = {NULL, NULL, NULL, NULL, NULL, NULL};
    nhref_run_end_t end = {.status = -12345}; /* filled by nhref_run when it integrates */

    if (nhref_spec_new_file(&spec, mf) != NHREF_OK) {
        nhref_spec_free(spec);
        return;
    }
    /* a short run in double: the model's own defaults, 0 .. 1/64, at most 10^5 steps (a
     * stiff file, x' = x^6 - 1e11, takes the default 10^7 steps: 5 s, over libFuzzer's
     * timeout when instrumented) */
    nhref_spec_set_max_steps(spec, 100000);
    if (nhref_spec_set_type(spec, NHREF_RUN_DOUBLE) == NHREF_OK &&
        nhref_spec_set_t_end(spec, "0.015625") == NHREF_OK &&
        nhref_spec_set_dt_out(spec, "0.015625") == NHREF_OK) {
        int st = nhref_run(spec, &sink, &end);
        /* a refusal before the integration has its message in SPEC; a failed
         * integration (e.g. outside a function's domain) its status in END */
        if (st != NHREF_OK && nhref_spec_error(spec)[0] == '\0' && end.status != st)
            fuzz_fail("run refused (status %d) without a message", st);
    }
    nhref_spec_free(spec);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char name[] = "fuzz.model";
    nhref_model_file_t *mf = NULL;
    char err[1024];
    int status = nhref_model_file_parse(&mf, (const char *)data, size, name, err, sizeof err);

    if (status == NHREF_OK) {
        FILE *null = fopen("/dev/null", "w");
        if (mf == NULL || nhref_model_file_model(mf) == NULL)
            fuzz_fail("accepted without a model");
        if (null != NULL) {
            if (nhref_model_file_describe(mf, null) != 0)
                fuzz_fail("describe failed on /dev/null");
            fclose(null);
        }
        run_briefly(mf);
        nhref_model_file_free(mf);
    } else if (mf != NULL) {
        fuzz_fail("refused (status %d) but returned a model", status);
    } else if (status != NHREF_ENOMEM && strncmp(err, name, strlen(name)) != 0) {
        fuzz_fail("refused (status %d) without naming the file: '%s'", status, err);
    }
    return 0;
}
