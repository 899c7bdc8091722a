/* fuzz_expr: the input is the text of an expression. It is compiled in a
 * scope where every context name is known (and three options and a flag,
 * as in tests/test_expr.c), and what compiles is evaluated on a fixed 2x6
 * position in a few contexts. The input is passed with its exact length
 * and no NUL after it: ex_compile must not read past `len`.
 *
 * Checks: ex_compile's result, `out` and the diagnostics agree; what
 * compiles also compiles in the reference mode (no fused instructions),
 * and the folded constant, the program with fused instructions, the plain
 * program and the normal form (where it is the whole condition) all give
 * the same value; where the condition holds, the tests of a normal form
 * that is not all of it hold too. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

static const char *const slam_words[] = { "nothing", "capture", "illegal" };
static const ExOption options[] = {
    { "skip-origin", T_BOOL, 1, NULL, 0 },
    { "grand-slam", T_STRING, 1, slam_words, 3 },
    { "target", T_INT, 10, NULL, 0 },
};
static const char *const flags[] = { "opened", "marked" };
static const char *const counters[] = { "caught" };
static const ExScope scope = {
    .ctx = CX_STATE | CX_HOLE | CX_ORIGIN | CX_START | CX_LAST | CX_HAND | CX_CAPTURED | CX_REACHED |
        CX_PLAYER | CX_DIR | CX_TRAIL,
    .options = options, .noptions = 3, .flags = flags, .nflags = 2, .counters = counters, .ncounters = 1,
    .where = "in the fuzz input"
};

static SrcLoc map_col(const void *self, int off)
{
    (void)self;
    return (SrcLoc){ 1, 1 + off };
}
static const ExLocMap cols = { map_col, NULL };

static Rules rules;      /* only the board's shape and geometry: all ex_eval reads */
static Position pos;

static void setup(void)
{
    rules.rows = 2;
    rules.players = 2;
    rules.pl_mask = 1;
    rules.width = 6;
    rules.nholes = 12;
    rules.stores = 1;
    char why[120];
    geo_layout(&rules);
    if (!geo_tracks(&rules, why, sizeof why))
        abort();
    rules.nflags = 2;
    rules.flags[0] = flags[0];
    rules.flags[1] = flags[1];
    /* holes 1..12 hold 0..11 seeds; North owns 7..12 but South took 12 */
    for (int h = 0; h < 12; h++)
        pos.count[h] = (uint16_t)h;
    pos.owner[0] = 0x7C0;
    pos.store[0] = 10;
    pos.store[1] = 20;
    pos.total[0] = 31;
    pos.total[1] = 7;
    pos.removed = 3;
    pos.round = 2;
    pos.flags[0] = 1u << 3;
    pos.flags[1] = 0x801;
    pos.out_of_play = 1u << 4;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    if (!ready) {
        setup();
        ready = 1;
    }
    if (size > 2 * EX_MAX_LEN)
        return 0;
    Arena ar;
    ar_init(&ar, 1u << 20);
    Diags dg;
    dg_init(&dg, "fuzz", NULL, 0);
    Expr e;
    int ok = ex_compile(&ar, (const char *)data, (int)size, T_VOID, &scope, &dg, &cols, &e);
    if (ok != (e.code != NULL) || ok != !dg.errors)
        __builtin_trap();   /* the result, `out` and the diagnostics disagree */
    ExScope ps = scope;
    ps.plain = 1;
    Expr plain;
    if (ok && !ex_compile(&ar, (const char *)data, (int)size, T_VOID, &ps, &dg, &cols, &plain))
        __builtin_trap();   /* it loads with a plan but not in the reference mode */
    if (ok) {
        /* hole, origin, start, last: hole, origin and start are holes of
         * the board whenever an expression reading them runs (expr.h);
         * last may also be a store or no hole */
        static const int holes[][4] = {
            { 0, 0, 0, 5 },
            { 7, 6, 6, 11 },
            { 11, 11, 2, STORE_HOLE(0) },
            { 3, 3, 3, NO_HOLE },
            { 4, 4, 4, STORE_HOLE(1) },
        };
        for (int i = 0; i < (int)(sizeof holes / sizeof holes[0]); i++) {
            ExCtx cx;
            ex_ctx_init(&cx, &rules, &pos, i & 1);
            cx.player = (i >> 1) & 1;
            cx.hole = holes[i][0];
            cx.origin = holes[i][1];
            cx.start = holes[i][2];
            cx.last = holes[i][3];
            cx.hand = i * 3;
            cx.captured = 7 - i;
            cx.dir = i & 1 ? DIR_CW : DIR_CCW;
            cx.reached = 0x0F0u << i;
            cx.heading = i % (HEAD_N + 1);   /* none, then each way (ahead()) */
            cx.trail = 0x111u << i;
            ExVal v = ex_run(&e, &cx);
            if (ex_run(&plain, &cx) != v || (e.is_const && ex_compute(&e, &cx) != v))
                __builtin_trap();
            const ExForm *f = &e.form;
            if ((f->kind == EXF_AND || f->kind == EXF_OR) && !f->rest && ex_test_form(f, &cx) != v)
                __builtin_trap();
            /* a form with other conditions besides: its tests are necessary */
            if (f->kind == EXF_AND && f->rest && e.type == T_BOOL && v && !ex_test_form(f, &cx))
                __builtin_trap();
        }
    }
    dg_free(&dg);
    ar_free(&ar);
    return 0;
}
