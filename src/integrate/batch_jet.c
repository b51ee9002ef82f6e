/* batch_jet.c -- the tape interpreter in four SIMD lanes (num/num_v.h): tape/interp.c
 * compiled once more, for the batch mode (integrate/batch.c).  Each lane's jet is the
 * double interpreter's, bit for bit, unless nhref_num_v_split says the lanes took
 * different branches; where the run-time compiler made the model's four-lane jets
 * (tape/jit.h, nhref_jit_find_lanes), the interpreter calls them, and each lane's jet
 * is the compiled double jet's of the same variant, bit for bit. */
#define NHREF_NUM NHREF_NUM_V
#include "num/num.h"

#ifndef NHREF_NUM_V_AVX /* one flag for both instances */
_Thread_local int nhref_num_v_split;
#endif

#include "tape/interp.c"

/* nhref_jet_ws_init_v, nhref_jet_ws_clear_v (and _v_avx): jet/api.c's, for this type */
void nhref_jet_ws_init_v(nhref_jet_ws_v_t *ws, long prec)
{
    (void)prec;
    num_init(ws->acc, 53);
    num_init(ws->tmp, 53);
    ws->prec = 53;
}

void nhref_jet_ws_clear_v(nhref_jet_ws_v_t *ws)
{
    (void)ws;
}
