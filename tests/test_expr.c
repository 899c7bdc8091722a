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
    fx.r.players = 2;
    fx.r.pl_mask = 1;
    fx.r.width = 6;
    fx.r.nholes = 12;
    char why[120];
    geo_layout(&fx.r);
    assert_int_equal(geo_tracks(&fx.r, why, sizeof why), 1);
    /* holes 1..12: 0 1 2 3 4 5 | 6 7 8 9 10 11 */
    for (int h = 0; h < 12; h++)
        fx.p.count[h] = (uint16_t)h;
    fx.p.owner[0] = 0xFC0;   /* holes 7..12 */
    fx.p.store[0] = 10;
    fx.p.store[1] = 20;
    fx.p.flags[0] = 1u << 3;    /* hole 4 opened */
    ar_init(&fx.ar, 0);
    dg_init(&fx.dg, "t", NULL, 0);
    fx.opts[0] = (ExOption){ "skip-origin", T_BOOL, 1, NULL, 0 };
    fx.opts[1] = (ExOption){ "grand-slam", T_STRING, 1, slam_words, 3 };
    fx.opts[2] = (ExOption){ "target", T_INT, 10, NULL, 0 };
    fx.flags[0] = "opened";
    fx.sc = (ExScope){ .ctx = CX_STATE | CX_HOLE | CX_LAST | CX_DIR, .options = fx.opts, .noptions = 3,
                       .flags = fx.flags, .nflags = 1 };
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

/* The value of `src` on the board `r` at `p` for `mover`, with `hole`
 * and `last` named. It is computed three ways, which must agree: the
 * program with fused instructions, the plain program (the reference
 * mode's), and the normal form where there is one (what the plan lets the
 * evaluator test directly). */
static int64_t run_on(Fx *fx, const Rules *r, const Position *p, int mover, const char *src, int hole, int last)
{
    Expr e, plain;
    ExScope sp = fx->sc;
    sp.plain = 1;
    int ok = ex_compile(&fx->ar, src, (int)strlen(src), T_VOID, &fx->sc, &fx->dg, &cols, &e) &&
             ex_compile(&fx->ar, src, (int)strlen(src), T_VOID, &sp, &fx->dg, &cols, &plain);
    if (!ok)
        fail_msg("%s: %s", src, fx->dg.count ? fx->dg.items[fx->dg.count - 1].msg : "?");
    ExCtx cx;
    ex_ctx_init(&cx, r, p, mover);
    cx.hole = hole;
    cx.last = last;
    cx.dir = DIR_CCW;
    ExVal v = ex_compute(&e, &cx);
    if (!e.is_const && ex_run(&plain, &cx) != v)
        fail_msg("%s: fused %lld, plain %lld", src, (long long)v, (long long)ex_run(&plain, &cx));
    if ((e.form.kind == EXF_AND || e.form.kind == EXF_OR) && !e.form.rest && ex_test_form(&e.form, &cx) != v)
        fail_msg("%s: program %lld, normal form %d", src, (long long)v, ex_test_form(&e.form, &cx));
    return v;
}

/* run_on() on the fixture's 2x6 position, South to move. */
static int64_t run(Fx *fx, const char *src, int hole, int last)
{
    return run_on(fx, &fx->r, &fx->p, SOUTH, src, hole, last);
}

/* Compiles `src`, expecting an error at column `col` whose message holds `part`. */
static void bad(Fx *fx, const char *src, int col, const char *part)
{
    Expr e;
    int before = fx->dg.count;
    int ok = ex_compile(&fx->ar, src, (int)strlen(src), T_BOOL, &fx->sc, &fx->dg, &cols, &e);
    if (ok)
        fail_msg("%s: compiled", src);
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
    /* last() is the highest-numbered: North's row is 7..12; South's holes
     * holding fewer than 3 seeds are 1, 2, 3 (0, 1, 2 seeds); none of
     * North's is opened */
    assert_int_equal(run(fx, "last(row(north)).number", -1, -1), 12);
    assert_int_equal(run(fx, "last(row(south) where hole.count < 3).number", -1, -1), 3);
    assert_int_equal(run(fx, "last(owned(north).opened).number", -1, -1), 0);
    assert_int_equal(run(fx, "last(board.opened) == first(board.opened)", -1, -1), 1);
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
        /* a filter is opaque: its condition's `hole` is not the context's,
         * so none of its tests is an atom */
        { "hole.count == 4 and size(board where hole.count == 4) == 1", "hole.count == 4 and ..." },
        { "seeds(board where hole.count > 0) == 0", "-" },
        { "hole.count == 4 or size(row(mover) where hole.count == 0) > 0", "-" },
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
        /* the filter's `hole.count == 0` is about the holes of the board,
         * not the hole a seed fell into: only the outer test narrows */
        { "hole.count == 3 and size(board where hole.count == 0) > 0", 1u << 3, 0, ~(uint64_t)0, 1, 0 },
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

/* ---- the set filter `S where C` ------------------------------------------ */

/* The examples of docs/variant-format.md on the fixture: holes 1..12 hold
 * 0..11 seeds; South owns 1..6, North 7..12; on two rows hole n and hole
 * 13 - n share a column (hole 3 and hole 10: column 3). A hole set's value
 * is its mask: hole n is bit n - 1. */
static void test_expr_filter_values(void **state)
{
    Fx *fx = *state;
    /* hole 1 alone is empty */
    assert_int_equal(run(fx, "size(board where hole.count == 0)", -1, -1), 1);
    assert_int_equal(run(fx, "size(board where hole.count == 0) >= 2", -1, -1), 0);
    /* South's holes 4, 5, 6 hold more than 2: bits 3..5, 3 + 4 + 5 seeds */
    assert_int_equal(run(fx, "row(mover) where hole.count > 2", -1, -1), 0x38);
    assert_int_equal(run(fx, "seeds(row(mover) where hole.count > 2)", -1, -1), 12);
    /* hole 3 (2 seeds) is the lowest of South's with more than one */
    assert_int_equal(run(fx, "first(row(mover) where hole.count > 1).number", -1, -1), 3);
    /* last = hole 3, column 3: North's hole there is hole 10, 9 seeds */
    assert_int_equal(run(fx, "nonempty(owned(opponent) where hole.column == last.column)", -1, 2), 1);
    assert_int_equal(run(fx, "first(owned(opponent) where hole.column == last.column).number", -1, 2), 10);
    /* North's row holds 6..11 seeds: none holds 2 or 3; hole 8 holds 7,
     * hole 10 holds 9 */
    assert_int_equal(run(fx, "last in (row(opponent) where hole.count in {2, 3})", -1, 7), 0);
    assert_int_equal(run(fx, "last in (row(opponent) where hole.count in {7, 8})", -1, 7), 1);
    assert_int_equal(run(fx, "last in (row(opponent) where hole.count in {7, 8})", -1, 9), 0);
    /* of a set literal: hole 7 is North's; a store is never in a set */
    assert_int_equal(run(fx, "{hole(1), hole(7)} where hole.owner == north", -1, -1), 0x40);
    assert_int_equal(run(fx, "{last} where true", -1, STORE_HOLE(0)), 0);
    /* empty results, and filters of an empty set (whose condition never
     * runs): South's holes hold at most 5 */
    assert_int_equal(run(fx, "row(south) where hole.count > 5", -1, -1), 0);
    assert_int_equal(run(fx, "first(row(south) where hole.count > 5).number", -1, -1), 0);
    assert_int_equal(run(fx, "size((row(south) where hole.count > 5) where hole.count >= 0)", -1, -1), 0);
    assert_int_equal(run(fx, "max(board where hole.count > 11) + min(board where false)", -1, -1), 0);
    /* a hole out of play is not in `board`; row() keeps it */
    fx->p.out_of_play = 1;   /* hole 1, the empty one */
    assert_int_equal(run(fx, "size(board where hole.count == 0)", -1, -1), 0);
    assert_int_equal(run(fx, "row(south) where hole.out", -1, -1), 1);
    fx->p.out_of_play = 0;
}

/* `where` is the loosest binary operator, left-associative; `if` is
 * looser still. */
static void test_expr_filter_precedence(void **state)
{
    Fx *fx = *state;
    /* filtered by (count < 2 or count > 10): holes 1, 2 and 12 */
    assert_int_equal(run(fx, "size(board where hole.count < 2 or hole.count > 10)", -1, -1), 3);
    /* (board where > 3) where < 6: the holes of 4 and 5 seeds */
    assert_int_equal(run(fx, "size(board where hole.count > 3 where hole.count < 6)", -1, -1), 2);
    /* arithmetic, `in` and `not` bind inside the condition: 3 + 1 == 4 is
     * hole 4; not in {0, 1} leaves 10 holes */
    assert_int_equal(run(fx, "size(board where hole.count + 1 == 2 * 2)", -1, -1), 1);
    assert_int_equal(run(fx, "size(board where not hole.count in {0, 1})", -1, -1), 10);
    /* the else branch is `board where ...`, so `if true` gives South's
     * row whole (filtering the `if` would leave none of it) */
    assert_int_equal(run(fx, "size(if true then row(south) else board where hole.count > 9)", -1, -1), 6);
    /* `in` binds tighter: this filters the boolean `last in row(opponent)` */
    bad(fx, "last in row(opponent) where hole.count in {2, 3}", 1,
        "`where` filters a hole set, but this is a boolean");
}

static void test_expr_filter_errors(void **state)
{
    Fx *fx = *state;
    bad(fx, "size(3 where true) > 0", 6, "`where` filters a hole set, but this is a number");
    bad(fx, "size({1, 2} where true) > 0", 6, "`where` filters a hole set, but this is a number set");
    bad(fx, "first(hole where true) == hole", 7, "but this is a hole");
    bad(fx, "size(board where hole.count) > 0", 18, "the condition of `where` must be a boolean, not a number");
    bad(fx, "size(board where hole) > 0", 18, "the condition of `where` must be a boolean, not a hole");
    bad(fx, "size(board where hole.colour) > 0", 23, "no property `colour`");
    bad(fx, "size(board where) > 0", 17, "unexpected ')'");
    bad(fx, "where", 1, "unexpected where");
    bad(fx, "board where true", 1, "expected a boolean here, but this is a hole set");
    /* a keyword: no option may take it; `where-x` is a name */
    assert_true(ex_reserved("where"));
    bad(fx, "where-x > 0", 1, "unknown name `where-x`");
}

/* Inside C, `hole` is the hole being tested, whatever it is outside;
 * after the filter it is the outer one again. Nested filters: the
 * innermost `hole` wins. */
static void test_expr_filter_hole(void **state)
{
    Fx *fx = *state;
    /* outer hole = hole 1 (0 seeds); the filter tests holes 5, 6 (4, 5) */
    assert_int_equal(run(fx, "size(row(south) where hole.count > 3)", 0, -1), 2);
    assert_int_equal(run(fx, "size(row(south) where hole.count > 3) == 2 and hole.count == 0", 0, -1), 1);
    /* read after the loop, whose last tested hole was 12 */
    assert_int_equal(run(fx, "first(board where hole.count == 4) == hole", 4, -1), 1);
    assert_int_equal(run(fx, "hole in (board where hole.count == 4)", 4, -1), 1);
    /* each hole of the board, with the holes of its side holding more
     * than 8: none on South's side, 10, 11, 12 on North's. So North's 6
     * holes. (Were the inner `hole` the outer one, only 10..12.) */
    assert_int_equal(run(fx, "size(board where size(row(hole.row) where hole.count > 8) > 0)", -1, -1), 6);
    /* the inner filter (holes 11, 12) then the outer hole again: hole 2 */
    assert_int_equal(run(fx, "first(board where size(board where hole.count > 9) == 2 and hole.count == 1).number",
                         -1, -1), 2);
}

/* A filter is allowed where `hole` is not: the filter provides it, and
 * it is no use of the context's `hole`. Its condition's other needs are
 * the whole expression's. */
static void test_expr_filter_availability(void **state)
{
    Fx *fx = *state;
    unsigned vars = 0;
    fx->sc.ctx = CX_STATE | CX_LAST | CX_CAPTURED;   /* as in `end.when` */
    fx->sc.vars_used = &vars;
    Expr e;
    const char *s = "size(board where hole.count > 0) > 3";
    assert_true(ex_compile(&fx->ar, s, (int)strlen(s), T_BOOL, &fx->sc, &fx->dg, &cols, &e));
    assert_int_equal(e.uses, CX_STATE);
    assert_int_equal(vars, 1u << EXV_BOARD);
    ExCtx cx;
    ex_ctx_init(&cx, &fx->r, &fx->p, SOUTH);
    assert_int_equal(ex_eval(&e, &cx), 1);   /* 11 holes hold seeds */
    bad(fx, "hole.count > 0", 1, "`hole` is not available here");
    bad(fx, "size(board where hole.count > 0) > hole.count", 36, "`hole` is not available here");
    bad(fx, "size(board where hole == origin) > 0", 26, "`origin` is not available here");
    bad(fx, "size(board where hand > 0) > 0", 18, "`hand` is not available here");
    /* what C needs besides `hole` is needed by the whole */
    fx->sc.ctx |= CX_DIR;
    s = "size(row(south) where next(hole).count > last.count) > 0";
    assert_true(ex_compile(&fx->ar, s, (int)strlen(s), T_BOOL, &fx->sc, &fx->dg, &cols, &e));
    assert_int_equal(e.uses, CX_STATE | CX_DIR | CX_LAST);
    /* where `hole` is known, only a `hole` outside a filter uses it */
    fx->sc.ctx |= CX_HOLE;
    vars = 0;
    s = "size(board where hole.count > 0) > 0";
    assert_true(ex_compile(&fx->ar, s, (int)strlen(s), T_BOOL, &fx->sc, &fx->dg, &cols, &e));
    assert_int_equal(e.uses & CX_HOLE, 0);
    assert_int_equal(vars & (1u << EXV_HOLE), 0);
    s = "hole.count > size(board where hole.count > 0)";
    assert_true(ex_compile(&fx->ar, s, (int)strlen(s), T_BOOL, &fx->sc, &fx->dg, &cols, &e));
    assert_int_equal(e.uses & CX_HOLE, CX_HOLE);
    assert_int_equal(vars & (1u << EXV_HOLE), 1u << EXV_HOLE);
}

/* A filter folds only over a constant set with a constant condition; no
 * hole set is constant today (row(), hole(n) need the board), so none
 * folds, even where the condition is constant or reads no state. */
static void test_expr_filter_folding(void **state)
{
    Fx *fx = *state;
    static const struct { const char *src; int64_t want; } cases[] = {
        { "board where false", 0 },
        { "board where skip-origin", 0xFFF },            /* the option is true */
        { "row(south) where hole.depth == 1", 0x3F },    /* every hole, on two rows */
        { "size(board where target > 3)", 12 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        Expr e;
        const char *s = cases[i].src;
        assert_true(ex_compile(&fx->ar, s, (int)strlen(s), T_VOID, &fx->sc, &fx->dg, &cols, &e));
        if (e.is_const || run(fx, s, -1, -1) != cases[i].want)
            fail_msg("%s: constant %d, value %lld, by hand %lld", s, e.is_const, (long long)run(fx, s, -1, -1),
                     (long long)cases[i].want);
    }
    /* around a filter, the rules are unchanged: a constant left side decides */
    Expr e;
    const char *s = "true or size(board where false) == 0";
    assert_true(ex_compile(&fx->ar, s, (int)strlen(s), T_BOOL, &fx->sc, &fx->dg, &cols, &e));
    assert_true(e.is_const);
    assert_int_equal(e.value, 1);
}

/* The program of a filter, as `mancala show --plan` prints it: the set,
 * WHERE, then the loop (WNEXT jumps to 11 when no hole is left, WKEEP
 * back to 3). Context values by their number (ExVar). */
static void test_expr_filter_program(void **state)
{
    Fx *fx = *state;
    Expr e;
    const char *s = "size(board where hole.count > 0)";
    assert_true(ex_compile(&fx->ar, s, (int)strlen(s), T_INT, &fx->sc, &fx->dg, &cols, &e));
    FILE *f = tmpfile();
    assert_non_null(f);
    dis_expr(&e, f, "");
    char text[400] = "", want[400];
    rewind(f);
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = 0;
    fclose(f);
    snprintf(want, sizeof want, "   0  VAR        %d\n"
                                "   2  WHERE     \n"
                                "   3  WNEXT      11\n"
                                "   5  VCOUNT     %d\n"
                                "   7  GTK        0\n"
                                "   9  WKEEP      3\n"
                                "  11  SIZE      \n"
                                "  12  END       \n", EXV_BOARD, EXV_HOLE);
    assert_string_equal(text, want);
    /* stack: board, then R M H, then the count: 4 slots */
    assert_int_equal(e.depth, 4);
}

/* `size(board where size(board where ... C ...) > 0) > 0`, k filters deep. */
static void nested_filters(char *buf, int k, const char *c)
{
    buf[0] = 0;
    for (int i = 0; i < k; i++)
        strcat(buf, "size(board where ");
    strcat(buf, c);
    for (int i = 0; i < k; i++)
        strcat(buf, ") > 0");
}

/* A filter runs its condition up to 64 times, so the cost of a program
 * (EX_MAX_COST, 262144) counts each word 64 times for each filter it is
 * inside. Two nested filters with the condition `true`: 7 words outside
 * (VAR board, WHERE, SIZE, GTK 0, END), 10 in one filter (WNEXT, VAR
 * board, WHERE, SIZE, GTK 0, WKEEP), 6 in both (WNEXT, PUSH 1, WKEEP): 7 +
 * 640 + 24576. A third level costs at least 3 x 64^3 words: refused; 100 levels
 * pass the nesting limit (3 levels each). */
static void test_expr_filter_nesting(void **state)
{
    Fx *fx = *state;
    static char buf[100 * 24 + 200];
    nested_filters(buf, 2, "true");
    assert_int_equal(run(fx, buf, -1, -1), 1);   /* both levels: 12 holes */
    Expr e;
    assert_true(ex_compile(&fx->ar, buf, (int)strlen(buf), T_BOOL, &fx->sc, &fx->dg, &cols, &e));
    assert_int_equal(e.depth, 7);   /* board, R M H, board, R M H, true */
    nested_filters(buf, 3, "true");
    bad(fx, buf, 1, "too costly to evaluate (more than 262144 steps");
    nested_filters(buf, 30, "true");
    bad(fx, buf, 1, "too costly");
    nested_filters(buf, 100, "true");
    bad(fx, buf, 0, "nested too deeply");
    /* the innermost condition: k tests `hole.number > 0` (VAR 4, NUMBER,
     * GTK 0) joined by k - 1 JFK: 7k - 2 words, with WNEXT and WKEEP 7k + 2
     * words in both filters. k = 8: 647 + 58 x 4096 = 238215 steps; k = 9:
     * 647 + 65 x 4096 = 266887, over the limit */
    char c[300] = "hole.number > 0";
    for (int k = 2; k <= 8; k++)
        strcat(c, " and hole.number > 0");
    nested_filters(buf, 2, c);
    assert_int_equal(run(fx, buf, -1, -1), 1);
    strcat(c, " and hole.number > 0");
    nested_filters(buf, 2, c);
    bad(fx, buf, 1, "too costly");
}

/* Katro's outermost row with seeds, on a 6x6 board: South's rows are 1
 * (holes 1..6, his edge, depth 3), 2 (7..12) and 3 (13..18, depth 1);
 * North's outer row is holes 19..24. */
static void test_expr_filter_katro(void **state)
{
    Fx *fx = *state;
    static Rules r;
    static Position p;
    memset(&r, 0, sizeof r);
    memset(&p, 0, sizeof p);
    r.rows = 6;
    r.players = 2;
    r.pl_mask = 1;
    r.width = 6;
    r.nholes = 36;
    char why[120];
    geo_layout(&r);
    assert_int_equal(geo_tracks(&r, why, sizeof why), 1);
    p.owner[0] = ~(uint64_t)0 << 18 & (((uint64_t)1 << 36) - 1);
    p.count[7] = 2;    /* hole 8: South's middle row */
    p.count[20] = 5;   /* hole 21: North's outer row */
    const char *outer = "seeds(row(mover) where hole.depth == 3) > 0";
    assert_int_equal(run_on(fx, &r, &p, SOUTH, outer, -1, -1), 0);
    assert_int_equal(run_on(fx, &r, &p, NORTH, outer, -1, -1), 1);
    p.count[2] = 1;    /* hole 3: South's outer row */
    assert_int_equal(run_on(fx, &r, &p, SOUTH, outer, -1, -1), 1);
    assert_int_equal(run_on(fx, &r, &p, SOUTH, "size(row(mover) where hole.depth == 3)", -1, -1), 6);
    assert_int_equal(run_on(fx, &r, &p, SOUTH, "size(board where hole.depth == 1)", -1, -1), 12);
    assert_int_equal(run_on(fx, &r, &p, SOUTH, "first(board where hole.depth == 2 and hole.count > 0).number",
                            -1, -1), 8);
}

/* `let x = V in E`: on the fixture (hole h+1 holds h seeds; South 1..6,
 * North 7..12; hole 3 faces 10). */
static void test_expr_let(void **state)
{
    Fx *fx = *state;
    assert_int_equal(run(fx, "let x = 2 + 3 in x * x", -1, -1), 25);
    /* the outer hole inside a filter: North's holes hold 6..11 */
    assert_int_equal(run(fx, "let x = hole in size(row(opponent) where hole.count > x.count)", 2, -1), 6);
    assert_int_equal(run(fx, "let x = hole in size(row(opponent) where hole.count > x.count)", 8, -1), 3);
    assert_int_equal(run(fx, "let x = hole in first(row(opponent) where hole.column == x.column).number", 2, -1),
                     10);
    /* inside one another, and in a filter inside a filter: hole 6 (5
     * seeds) + 7 = 12 is in no North hole; hole 2 (1 seed) + 7 = 8 is in
     * hole 9, which every South hole then sees */
    assert_int_equal(run(fx, "let a = hole.count in let b = last.count in a * 10 + b", 4, 7), 47);
    const char *nested = "let x = hole in size(row(mover) where size(row(opponent) where hole.count == x.count + 7) > 0)";
    assert_int_equal(run(fx, nested, 5, -1), 0);
    assert_int_equal(run(fx, nested, 1, -1), 6);
    /* a set, a boolean (a comparison in parentheses), a player */
    assert_int_equal(run(fx, "let s = row(opponent) in size(s where hole.count > 8)", -1, -1), 3);
    assert_int_equal(run(fx, "let b = (hole.count > 3) in if b then 1 else 2", 4, -1), 1);
    assert_int_equal(run(fx, "let p = hole(9).owner in p == north and seeds(row(p)) == 51", -1, -1), 1);
    /* the value is computed once, before E: hole 3's 2 seeds */
    assert_int_equal(run(fx, "let x = last.count in size(board where hole.count == x) + x", -1, 2), 3);
}

static void test_expr_let_errors(void **state)
{
    Fx *fx = *state;
    bad(fx, "let hole = 1 in hole > 0", 1, "`let` cannot name `hole`: it is already a name here");
    bad(fx, "let row = 1 in row > 0", 1, "`let` cannot name `row`");
    bad(fx, "let target = 1 in target > 0", 1, "`let` cannot name `target`");
    bad(fx, "let x = 1 in let x = 2 in x > 0", 14, "`let` cannot name `x`");
    bad(fx, "let x = 1 < 2 in x", 11, "unexpected '<'");
    bad(fx, "let x = \"a\" in 1 > 0", 9, "`let` names a number, a boolean, a hole, a player or a set, not a string");
    bad(fx, "let x = 1 in y > 0", 14, "unknown name `y`");
    bad(fx, "let x == 1 in x > 0", 7, "unexpected ==");
    bad(fx, "(let x = 1 in x) + x > 0", 20, "unknown name `x`");
    assert_true(ex_reserved("let"));
}

/* Sets past hole 64: a 2x40 board (80 holes), North's row 41..80. */
static void test_expr_sets_past_64_holes(void **state)
{
    Fx *fx = *state;
    static Rules r;
    static Position p;
    memset(&r, 0, sizeof r);
    memset(&p, 0, sizeof p);
    r.rows = 2;
    r.players = 2;
    r.pl_mask = 1;
    r.width = 40;
    r.nholes = 80;
    char why[120];
    geo_layout(&r);
    assert_int_equal(geo_tracks(&r, why, sizeof why), 1);
    p.owner[0] = mask_n(80) & ~mask_n(40);
    p.count[0] = 2;    /* hole 1 */
    p.count[40] = 3;   /* hole 41 */
    p.count[63] = 7;   /* hole 64 */
    p.count[64] = 4;   /* hole 65 */
    p.count[69] = 5;   /* hole 70 */
    p.count[79] = 1;   /* hole 80 */
    p.flags[0] = bit(69);   /* hole 70 opened */
    static const struct {
        const char *src;
        int64_t want;
    } cases[] = {
        { "size(row(north))", 40 },
        { "size(owned(north))", 40 },
        { "seeds(row(north))", 3 + 7 + 4 + 5 + 1 },
        { "seeds(row(south))", 2 },
        { "nonempty(row(north))", 5 },
        { "max(row(north))", 7 },
        { "min(row(north) where hole.count > 0)", 1 },
        { "first(row(north) where hole.count > 4).number", 64 },
        { "first(row(north) where hole.count == 4).number", 65 },
        { "first(row(north) where hole.count == 1).number", 80 },
        { "hole(70) in row(north)", 1 },
        { "hole(70) in row(south)", 0 },
        { "hole(70).opened", 1 },
        { "size(board where hole.opened)", 1 },
        { "first(board where hole.opened).number", 70 },
        { "size({hole(70), hole(3), hole(70)})", 2 },
        { "hole(80) in {hole(70), hole(80)}", 1 },
        { "hole(79) in {hole(70), hole(80)}", 0 },
        { "opposite(hole(70)).number", 11 },
        { "next(hole(64)).number", 65 },
        { "next(hole(80)).number", 1 },
        { "hole(70).owner == north", 1 },
        { "seeds(board where hole.number > 64)", 4 + 5 + 1 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        if (run_on(fx, &r, &p, SOUTH, cases[i].src, -1, -1) != cases[i].want)
            fail_msg("%s: expected %lld", cases[i].src, (long long)cases[i].want);
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
        cmocka_unit_test_setup_teardown(test_expr_filter_values, setup, teardown),
        cmocka_unit_test_setup_teardown(test_expr_filter_precedence, setup, teardown),
        cmocka_unit_test_setup_teardown(test_expr_filter_errors, setup, teardown),
        cmocka_unit_test_setup_teardown(test_expr_filter_hole, setup, teardown),
        cmocka_unit_test_setup_teardown(test_expr_filter_availability, setup, teardown),
        cmocka_unit_test_setup_teardown(test_expr_filter_folding, setup, teardown),
        cmocka_unit_test_setup_teardown(test_expr_filter_program, setup, teardown),
        cmocka_unit_test_setup_teardown(test_expr_filter_nesting, setup, teardown),
        cmocka_unit_test_setup_teardown(test_expr_filter_katro, setup, teardown),
        cmocka_unit_test_setup_teardown(test_expr_sets_past_64_holes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_expr_let, setup, teardown),
        cmocka_unit_test_setup_teardown(test_expr_let_errors, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
