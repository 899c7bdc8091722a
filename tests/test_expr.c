/* test_expr: the expression language (grammar/expr.y, interpreter/expr.c).
 * Values are worked out by hand on a fixed 2x6 position. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "expr.h"
#include "rules.h"

typedef struct Fx {
    Rules r;
    Position p;
    Arena ar;
    Diags dg;
    ExOption opts[3];
    const char *flags[1];
    ExScope sc;
} Fx;

static const char *const slam_words[] = { "nothing", "capture", "illegal" };

static SrcLoc map_col(const void *self, int off)
{
    (void)self;
    return (SrcLoc){ 1, 1 + off };
}
static const ExLocMap cols = { map_col, NULL };

static int setup(void **state)
{
    static Fx fx;
    memset(&fx, 0, sizeof fx);
    fx.r.rows = 2;
    fx.r.width = 6;
    fx.r.nholes = 12;
    char why[120];
    geo_layout(&fx.r);
    assert_int_equal(geo_tracks(&fx.r, why, sizeof why), 1);
    /* holes 1..12: 0 1 2 3 4 5 | 6 7 8 9 10 11 */
    for (int h = 0; h < 12; h++)
        fx.p.count[h] = (uint16_t)h;
    fx.p.north_owned = 0xFC0;   /* holes 7..12 */
    fx.p.store[0] = 10;
    fx.p.store[1] = 20;
    fx.p.flags[0] = 1u << 3;    /* hole 4 opened */
    ar_init(&fx.ar, 0);
    dg_init(&fx.dg, "t", NULL, 0);
    fx.opts[0] = (ExOption){ "skip-origin", T_BOOL, 1, NULL, 0 };
    fx.opts[1] = (ExOption){ "grand-slam", T_STRING, 1, slam_words, 3 };
    fx.opts[2] = (ExOption){ "target", T_INT, 10, NULL, 0 };
    fx.flags[0] = "opened";
    fx.sc = (ExScope){ CX_STATE | CX_HOLE | CX_LAST | CX_DIR, fx.opts, 3, fx.flags, 1, NULL, 0, NULL };
    *state = &fx;
    return 0;
}

static int teardown(void **state)
{
    Fx *fx = *state;
    ar_free(&fx->ar);
    dg_free(&fx->dg);
    return 0;
}

/* The value of `src` with `hole` and `last` named. It is computed three
 * ways, which must agree: the program with fused instructions, the plain
 * program (the reference mode's), and the normal form where there is one
 * (what the plan lets the evaluator test directly). */
static int64_t run(Fx *fx, const char *src, int hole, int last)
{
    Expr e, plain;
    ExScope sp = fx->sc;
    sp.plain = 1;
    int ok = ex_compile(&fx->ar, src, (int)strlen(src), T_VOID, &fx->sc, &fx->dg, &cols, &e) &&
             ex_compile(&fx->ar, src, (int)strlen(src), T_VOID, &sp, &fx->dg, &cols, &plain);
    if (!ok)
        fail_msg("%s: %s", src, fx->dg.count ? fx->dg.items[fx->dg.count - 1].msg : "?");
    ExCtx cx;
    ex_ctx_init(&cx, &fx->r, &fx->p, SOUTH);
    cx.hole = hole;
    cx.last = last;
    cx.dir = DIR_CCW;
    int64_t v = ex_eval(&e, &cx);
    if (!e.is_const && ex_run(&plain, &cx) != v)
        fail_msg("%s: fused %lld, plain %lld", src, (long long)v, (long long)ex_run(&plain, &cx));
    if ((e.form.kind == EXF_AND || e.form.kind == EXF_OR) && !e.form.rest && ex_test_form(&e.form, &cx) != v)
        fail_msg("%s: program %lld, normal form %d", src, (long long)v, ex_test_form(&e.form, &cx));
    return v;
}

/* Compiles `src`, expecting an error at column `col` whose message holds `part`. */
static void bad(Fx *fx, const char *src, int col, const char *part)
{
    Expr e;
    int before = fx->dg.count;
    int ok = ex_compile(&fx->ar, src, (int)strlen(src), T_BOOL, &fx->sc, &fx->dg, &cols, &e);
    assert_false(ok);
    assert_null(e.code);
    assert_true(fx->dg.count > before);
    const Diag *d = &fx->dg.items[before];
    if ((col && d->loc.col != col) || !strstr(d->msg, part))
        fail_msg("%s: got col %d \"%s\", expected col %d \"%s\"", src, d->loc.col, d->msg, col, part);
}

static void test_expr_arithmetic_precedence(void **state)
{
    Fx *fx = *state;
    assert_int_equal(run(fx, "1 + 2 * 3", -1, -1), 7);
    assert_int_equal(run(fx, "(1 + 2) * 3", -1, -1), 9);
    assert_int_equal(run(fx, "7 / 2 + 7 % 2", -1, -1), 4);
    assert_int_equal(run(fx, "- 3 - -4", -1, -1), 1);
    assert_int_equal(run(fx, "5 / 0", -1, -1), 0);   /* documented: x/0 = 0 */
    assert_int_equal(run(fx, "5 % 0", -1, -1), 0);
}

static void test_expr_logic_short_circuit(void **state)
{
    Fx *fx = *state;
    assert_int_equal(run(fx, "true and not false", -1, -1), 1);
    assert_int_equal(run(fx, "false or 1 < 2 and 3 >= 4", -1, -1), 0);
    assert_int_equal(run(fx, "not (1 == 2) and 2 != 3", -1, -1), 1);
    assert_int_equal(run(fx, "if 1 > 2 then 10 else 20", -1, -1), 20);
    /* `or` does not evaluate its right side: hole.count of hole 3 is 2 */
    assert_int_equal(run(fx, "hole.count == 2 or hole.count / 0 == 1", 2, -1), 1);
}

static void test_expr_sets(void **state)
{
    Fx *fx = *state;
    assert_int_equal(run(fx, "hole.count in {2, 4, 6}", 4, -1), 1);   /* hole 5 holds 4 */
    assert_int_equal(run(fx, "hole.count in {2, 4, 6}", 5, -1), 0);   /* 5 */
    assert_int_equal(run(fx, "hole.count not in {1, 3}", 3, -1), 0);  /* 3 */
    assert_int_equal(run(fx, "{}", -1, -1), 0);
    assert_int_equal(run(fx, "hole in row(south)", 5, -1), 1);
    assert_int_equal(run(fx, "hole in row(south)", 6, -1), 0);
    assert_int_equal(run(fx, "hole in {hole(1), hole(7)}", 6, -1), 1);
}

static void test_expr_board_functions(void **state)
{
    Fx *fx = *state;
    /* South's row 0+1+2+3+4+5 = 15; North's 6+..+11 = 51 */
    assert_int_equal(run(fx, "seeds(row(south))", -1, -1), 15);
    assert_int_equal(run(fx, "seeds(row(north))", -1, -1), 51);
    assert_int_equal(run(fx, "seeds(board)", -1, -1), 66);
    assert_int_equal(run(fx, "max(board)", -1, -1), 11);
    assert_int_equal(run(fx, "min(row(north))", -1, -1), 6);
    assert_int_equal(run(fx, "nonempty(row(south))", -1, -1), 5);
    assert_int_equal(run(fx, "size(owned(north))", -1, -1), 6);
    assert_int_equal(run(fx, "max(3, 8) + min(3, 8)", -1, -1), 11);
    assert_int_equal(run(fx, "mover.store + opponent.store", -1, -1), 30);
    assert_int_equal(run(fx, "store(north).count", -1, -1), 20);
    /* an empty row: the normal form tests it hole by hole (run() checks
     * the form against the program) */
    assert_int_equal(run(fx, "seeds(row(south)) == 0", -1, -1), 0);
    assert_int_equal(run(fx, "seeds(row(opponent)) > 0", -1, -1), 1);
    /* flags as sets: hole 4 alone is opened (South's); first() is the
     * lowest-numbered hole of a set, no hole (number 0) for none */
    assert_int_equal(run(fx, "size(board.opened)", -1, -1), 1);
    assert_int_equal(run(fx, "first(board.opened).number", -1, -1), 4);
    assert_int_equal(run(fx, "first(owned(north).opened).number", -1, -1), 0);
    assert_int_equal(run(fx, "first(row(north)).number", -1, -1), 7);
    assert_int_equal(run(fx, "size(row(south).opened) + size(owned(mover).opened)", -1, -1), 2);
    Position keep = fx->p;
    for (int h = 0; h < 6; h++)
        fx->p.count[h] = 0;
    assert_int_equal(run(fx, "seeds(row(south)) == 0", -1, -1), 1);
    assert_int_equal(run(fx, "seeds(row(mover)) != 0", -1, -1), 0);
    assert_int_equal(run(fx, "seeds(row(opponent)) == 0", -1, -1), 0);
    fx->p = keep;
}

static void test_expr_holes(void **state)
{
    Fx *fx = *state;
    /* last = hole 3 (index 2): opposite is hole 10 (index 9) */
    assert_int_equal(run(fx, "opposite(last).count", -1, 2), 9);
    assert_int_equal(run(fx, "opposite(last).number", -1, 2), 10);
    assert_int_equal(run(fx, "last.owner == mover", -1, 2), 1);
    assert_int_equal(run(fx, "opposite(last).owner == opponent", -1, 2), 1);
    assert_int_equal(run(fx, "hole(9).index", -1, -1), 3);
    /* `index` tested directly by the normal form (run() checks it against
     * the program): hole 3 is 3rd of South's row, hole 8 2nd of North's */
    assert_int_equal(run(fx, "hole.index <= 2", 2, -1), 0);
    assert_int_equal(run(fx, "hole.index >= 3", 2, -1), 1);
    assert_int_equal(run(fx, "hole.index == 2", 7, -1), 1);
    assert_int_equal(run(fx, "hole.index in {1, 2} and last.index not in {3}", 7, 2), 0);
    assert_int_equal(run(fx, "hole.index == 0", -1, -1), 1);   /* no hole */
    assert_int_equal(run(fx, "hole(9).row == north", -1, -1), 1);
    assert_int_equal(run(fx, "next(hole(12)).number", -1, -1), 1);   /* ccw wraps */
    assert_int_equal(run(fx, "prev(hole(1)).number", -1, -1), 12);
    assert_int_equal(run(fx, "hole(4).opened and not hole(5).opened", -1, -1), 1);
    assert_int_equal(run(fx, "last == store(mover)", -1, STORE_HOLE(0)), 1);
    assert_int_equal(run(fx, "last.store", -1, STORE_HOLE(0)), 1);
    assert_int_equal(run(fx, "hole(13) == hole(0)", -1, -1), 1);  /* both: no hole */
}

/* The compiler fuses common shapes into single instructions (a context
 * hole's count or owner, a player's store, seeds(row(P)), comparisons with
 * a constant or a context name); each must give what the general form
 * (written so that it is not fused) gives, and what the board says. */
static void test_expr_fused_forms(void **state)
{
    Fx *fx = *state;
    /* hole 5 (index 4) holds 4; last = hole 8 (index 7), North's */
    static const struct { const char *fused, *general; int64_t want; } cases[] = {
        { "hole.count", "hole(hole.number).count", 4 },
        { "hole.owner", "hole(hole.number).owner", SOUTH },
        { "last.owner == opponent", "hole(last.number).owner == other(mover)", 1 },
        { "last.owner != mover", "not (hole(last.number).owner == other(opponent))", 1 },
        { "mover.store", "other(opponent).store", 10 },
        { "south.store + north.store", "other(north).store + other(south).store", 30 },
        { "seeds(row(opponent))", "seeds(row(other(mover)))", 51 },
        { "seeds(row(south))", "seeds(row(other(other(south))))", 15 },
        { "hole.count > 3", "hole.count > 3 + hole.count - hole.count", 1 },
        { "hole.count >= 5", "hole.count >= 5 + hole.count - hole.count", 0 },
        { "hole.count < 4", "hole.count < 4 + hole.count - hole.count", 0 },
        { "hole.count <= 4", "hole.count <= 4 + hole.count - hole.count", 1 },
        { "hole.count == 4", "hole.count == 4 + hole.count - hole.count", 1 },
        { "hole.count != 4", "hole.count != 4 + hole.count - hole.count", 0 },
        { "hole.count in {2, 4, 6}", "hole.count in {2, 4, 6 + hole.count - hole.count}", 1 },
        { "last.count not in {7}", "last.count not in {7 + hole.count - hole.count}", 0 },
        { "last.count > 6 and hole.count < 5", "(last.count > 6) == (hole.count < 5)", 1 },
        { "last.count < 6 or hole.count == 4", "not (last.count >= 6) or hole.count == 4", 1 },
        { "south.store > 24 or north.store > 24", "south.store + 0 > 24 or north.store + 0 > 24", 0 },
        { "south.store > 5 or north.store > 100", "south.store + 0 > 5 or north.store + 0 > 100", 1 },
        { "seeds(row(opponent)) == 51 and mover.store == 10",
          "seeds(row(opponent)) + 0 == 51 and mover.store + 0 == 10", 1 },
        { "seeds(row(south)) != 15 or seeds(board) < 0", "seeds(row(south)) + 0 != 15 or seeds(board) + 0 < 0", 0 },
        { "hole.count > 3 and last.count > 3 or hole.count == 0",
          "(hole.count + 0 > 3 and last.count + 0 > 3) or hole.count + 0 == 0", 1 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        int64_t f = run(fx, cases[i].fused, 4, 7), g = run(fx, cases[i].general, 4, 7);
        if (f != cases[i].want || g != cases[i].want)
            fail_msg("%s = %lld, %s = %lld, by hand %lld", cases[i].fused, (long long)f,
                     cases[i].general, (long long)g, (long long)cases[i].want);
    }
}

/* Equivalent spellings of a condition have one normal form (what the plan
 * recognises shapes on): each case's form in words, worked out by hand
 * from the rules of expr.h. "-": none (not a conjunction or disjunction
 * of simple tests). */
static void test_expr_normal_forms(void **state)
{
    Fx *fx = *state;
    ExScope sc = fx->sc;
    sc.ctx |= CX_ORIGIN | CX_HAND;
    static const struct { const char *src, *form; } cases[] = {
        { "hole.owner == mover and hole.count > 0", "hole.owner == mover and hole.count >= 1" },
        { "mover == hole.owner and 0 < hole.count", "hole.owner == mover and hole.count >= 1" },
        { "hole.owner == mover and hole.count != 0", "hole.owner == mover and hole.count >= 1" },
        { "hole.owner == mover and not (hole.count == 0)", "hole.owner == mover and hole.count >= 1" },
        { "hole.count > 0 and hole.owner == mover", "hole.count >= 1 and hole.owner == mover" },
        { "hole.owner == mover and hole.count > 1", "hole.owner == mover and hole.count >= 2" },
        { "hole.owner == mover and (hole.count >= 2 and hole.count >= 2)", "hole.owner == mover and hole.count >= 2" },
        { "hole == origin", "hole == origin" },
        { "origin == hole", "hole == origin" },
        { "hole.number == origin.number", "hole == origin" },
        { "not (hole != origin)", "hole == origin" },
        { "hole != origin", "hole != origin" },
        { "last.number == hole.number", "hole == last" },
        { "hole.count in {3}", "hole.count == 3" },
        { "hole.count not in {0}", "hole.count >= 1" },
        { "hole.count <= 0", "hole.count == 0" },
        { "hole.count in {2, 3}", "hole.count in {2, 3}" },
        { "south.store > 24 or north.store > 24", "south.store >= 25 or north.store >= 25" },
        { "not (hole.count > 3 and hand < 2)", "hole.count <= 3 or hand >= 2" },
        { "seeds(row(opponent)) == 0", "seeds(row(opponent)) == 0" },
        { "seeds(opponent.row) == 0", "seeds(row(opponent)) == 0" },
        { "skip-origin and hole == origin", "hole == origin" },
        { "hole.count > 3 and last.count > 3 or hole.count == 0", "-" },
        { "hole.count == 4 and opposite(hole).count > 0", "hole.count == 4 and ..." },
        { "hole.count == 4 or opposite(hole).count > 0", "-" },
        { "hole.count + 1 > 3", "-" },
        { "last in row(mover)", "-" },
        { "hole.opened", "-" },
        { "hole.index <= 2", "hole.index <= 2" },
        { "3 <= hole.index", "hole.index >= 3" },
        { "not (hole.index > 2) and hole.owner == mover", "hole.index <= 2 and hole.owner == mover" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        Expr e;
        const char *s = cases[i].src;
        assert_true(ex_compile(&fx->ar, s, (int)strlen(s), T_BOOL, &sc, &fx->dg, &cols, &e));
        char text[300];
        dis_form(&e.form, text, sizeof text);
        const char *want = cases[i].form;
        if (!strcmp(want, "-") ? e.form.kind != EXF_OTHER : strcmp(text, want) != 0)
            fail_msg("%s: normal form \"%s\", by hand \"%s\"", s, text, want);
    }
    /* a context name alone */
    Expr e;
    assert_true(ex_compile(&fx->ar, "hole", 4, T_HOLE, &sc, &fx->dg, &cols, &e));
    assert_int_equal(e.form.kind, EXF_NAME);
    assert_int_equal(e.form.name, EXV_HOLE);
}

/* The filter the VM puts before an each-seed condition: the hole.count
 * and hand values it can hold for, worked out by hand. */
static void test_expr_seed_filter(void **state)
{
    Fx *fx = *state;
    ExScope sc = fx->sc;
    sc.ctx |= CX_HAND;
    static const struct {
        const char *src;
        uint64_t count;
        int count_big;
        uint64_t hand;
        int hand_big, exact;
    } cases[] = {
        { "hole.count == 4 and hand > 0", 1u << 4, 0, ~(uint64_t)0 << 1, 1, 1 },
        { "hole.count == 4 and hand == 0", 1u << 4, 0, 1, 0, 1 },
        { "hole.count in {2, 3}", 0xC, 0, ~(uint64_t)0, 1, 1 },
        /* not exact: the masks tell 0..63 apart, and above that this is
         * true at 70 but not at 65 */
        { "hole.count >= 70", 0, 1, ~(uint64_t)0, 1, 0 },
        { "hole.count >= 64", 0, 1, ~(uint64_t)0, 1, 1 },
        { "hole.count == 70", 0, 1, ~(uint64_t)0, 1, 0 },
        { "hole.count <= 100", ~(uint64_t)0, 1, ~(uint64_t)0, 1, 0 },   /* 101 fails: not exact */
        { "hole.count > 0 and hand != 0", ~(uint64_t)1, 1, ~(uint64_t)1, 1, 1 },
        { "hole.count < 3 and hand <= 1", 7, 0, 3, 0, 1 },
        { "hole.count == 4 and opposite(hole).count > 0", 1u << 4, 0, ~(uint64_t)0, 1, 0 },
        { "hand > 0 or hole.count == 2", ~(uint64_t)0, 1, ~(uint64_t)0, 1, 0 },
        { "last.count == 4 and hand > 0", ~(uint64_t)0, 1, ~(uint64_t)0 << 1, 1, 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        Expr e;
        const char *src = cases[i].src;
        assert_true(ex_compile(&fx->ar, src, (int)strlen(src), T_BOOL, &sc, &fx->dg, &cols, &e));
        ExFilter f;
        nf_filter(&e, EXV_HOLE, &f);
        if (f.count.mask != cases[i].count || f.count.big != cases[i].count_big ||
            f.hand.mask != cases[i].hand || f.hand.big != cases[i].hand_big || f.exact != cases[i].exact)
            fail_msg("%s: count %#llx/%d hand %#llx/%d exact %d", src, (unsigned long long)f.count.mask,
                     f.count.big, (unsigned long long)f.hand.mask, f.hand.big, f.exact);
    }
}

static void test_expr_options_fold(void **state)
{
    Fx *fx = *state;
    Expr e;
    const char *s = "grand-slam == \"capture\" and skip-origin";
    assert_true(ex_compile(&fx->ar, s, (int)strlen(s), T_BOOL, &fx->sc, &fx->dg, &cols, &e));
    assert_true(e.is_const);
    assert_int_equal(e.value, 1);
    s = "grand-slam == \"nothing\" and hole.count > 0";
    assert_true(ex_compile(&fx->ar, s, (int)strlen(s), T_BOOL, &fx->sc, &fx->dg, &cols, &e));
    assert_true(e.is_const);
    assert_int_equal(e.value, 0);
    s = "target - 3";
    assert_true(ex_compile(&fx->ar, s, (int)strlen(s), T_INT, &fx->sc, &fx->dg, &cols, &e));
    assert_true(e.is_const);
    assert_int_equal(e.value, 7);
}

static void test_expr_syntax_errors(void **state)
{
    Fx *fx = *state;
    bad(fx, "hole.count == 2 &&", 17, "'&&'");
    bad(fx, "hole.count = 2", 12, "'=='");
    bad(fx, "(hole.count == 2", 17, "unbalanced");
    bad(fx, "if true then false", 19, "else");
    bad(fx, "last-seed == \"x", 14, "unterminated");
    bad(fx, "1 +", 4, "end of expression");
    bad(fx, "", 1, "end of expression");
    bad(fx, "1 @ 2", 3, "unexpected character");
    bad(fx, "1234567890 > 1", 1, "too large");
}

static void test_expr_type_errors(void **state)
{
    Fx *fx = *state;
    bad(fx, "hole.count and true", 1, "must be a boolean");
    bad(fx, "hole == 3", 1, "cannot compare a hole with a number");
    bad(fx, "hole in {1, 2}", 1, "`in` needs");
    bad(fx, "hole.colour", 6, "no property `colour`");
    bad(fx, "frobnicate(1)", 1, "unknown function");
    bad(fx, "opposite(3) == hole", 1, "`opposite` takes opposite(hole)");
    bad(fx, "nosuchname", 1, "unknown name `nosuchname`");
    bad(fx, "grand-slam == \"huge\"", 15, "no value \"huge\"");
    bad(fx, "{1, 64}", 5, "0..63");
    bad(fx, "hand > 0", 1, "`hand` is not available here");
    bad(fx, "if true then 1 else false", 1, "same type");
    bad(fx, "hole.count + 1", 1, "expected a boolean");
}

static void test_expr_nesting_limit(void **state)
{
    Fx *fx = *state;
    char deep[1400];
    int n = 0;
    for (int i = 0; i < 300; i++)
        n += sprintf(deep + n, "not ");
    strcpy(deep + n, "true");
    bad(fx, deep, 0, "nested too deeply");
    char longs[EX_MAX_LEN + 10];
    memset(longs, ' ', sizeof longs);
    longs[sizeof longs - 1] = 0;
    bad(fx, longs, 1, "too long");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_expr_arithmetic_precedence, setup, teardown),
        cmocka_unit_test_setup_teardown(test_expr_logic_short_circuit, setup, teardown),
        cmocka_unit_test_setup_teardown(test_expr_sets, setup, teardown),
        cmocka_unit_test_setup_teardown(test_expr_board_functions, setup, teardown),
        cmocka_unit_test_setup_teardown(test_expr_holes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_expr_fused_forms, setup, teardown),
        cmocka_unit_test_setup_teardown(test_expr_normal_forms, setup, teardown),
        cmocka_unit_test_setup_teardown(test_expr_seed_filter, setup, teardown),
        cmocka_unit_test_setup_teardown(test_expr_options_fold, setup, teardown),
        cmocka_unit_test_setup_teardown(test_expr_syntax_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_expr_type_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_expr_nesting_limit, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
