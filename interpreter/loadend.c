/* loadend.c: the sections that end a game and chain games into a match:
 * `end`, `no-moves`, `repetition` and `match`, as tables of keys
 * (load.h), with the checks between their keys (as loadsec.c does for
 * the others). */
#include "load.h"

#include <string.h>

#define MAX_ROUNDS_CAP   10000   /* totals stay below 2^31: 10000 x 30000 seeds */

/* ---- words, in the order of their enums ------------------------------- */

static const char *const next_words[] = {
    [NEXT_RESET] = "reset", [NEXT_FILL] = "fill", [NEXT_REDISTRIBUTE] = "redistribute", [NEXT_COPY] = "copy", NULL };
static const char *const choose_words[] = {
    [CHOOSE_PLAYER] = "player", [CHOOSE_LEFT] = "left", [CHOOSE_RIGHT] = "right", NULL };

/* ---- the end of a game ------------------------------------------------ */

static const LdKey end_keys[] = {
    { .name = "when", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CTX_CAPTURED,
      .off = offsetof(EndRule, when) },
    { .name = "seeds", .required = 1, .kind = LK_RECEIVER, .flags = LF_QUALIFY, .off = offsetof(EndRule, seeds) },
    { .name = "winner", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_PLAYER, .ctx = CTX_CAPTURED,
      .off = offsetof(EndRule, winner) },
    { .name = NULL }
};

/* One rule of `end`. */
void ls_end_rule(Ld *ld, const yaml_node_t *n, void *rule)
{
    EndRule *x = rule;
    LdSec s;
    x->loc = ld_nloc(n);
    lk_sec(&s, n, "a rule of `end`", "end");
    lk_part(&s, end_keys, 0, x, NULL);
    lk_map(ld, &s);
}

enum { NM_PASS, NM_SEEDS, NM_LOSES, NM_N };

/* A player who passes does not lose for having no move. */
static void ls_loses(Ld *ld, const LdSec *s, const LdPart *p)
{
    const Rules *r = ld->r;
    (void)s;
    if (p->val[NM_LOSES] && r->no_moves_loses && ex_may_hold(&r->no_moves_pass))
        dg_error(ld->dg, ld_nloc(p->val[NM_LOSES]), "a player who passes cannot also lose: drop `pass` or `loses`");
}

static const LdKey no_moves_keys[NM_N + 1] = {
    [NM_PASS] = { .name = "pass", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CX_STATE,
                  .off = offsetof(Rules, no_moves_pass) },
    [NM_SEEDS] = { .name = "seeds", .kind = LK_RECEIVER, .flags = LF_QUALIFY, .off = offsetof(Rules, no_moves_seeds) },
    [NM_LOSES] = { .name = "loses", .kind = LK_BOOL, .flags = LF_QUALIFY, .off = offsetof(Rules, no_moves_loses),
                   .then = ls_loses },
};

/* `no-moves`: what happens to a player who has no legal move. */
void ls_no_moves(Ld *ld, const yaml_node_t *n)
{
    LdSec s;
    lk_sec(&s, n, "`no-moves`", "no-moves");
    lk_part(&s, no_moves_keys, 0, ld->r, NULL);
    lk_map(ld, &s);
}

static const LdKey repetition_keys[] = {
    { .name = "count", .required = 1, .kind = LK_STATIC, .flags = LF_QUALIFY, .type = T_INT, .lo = 2, .hi = 100,
      .off = offsetof(Rules, repetition) },
    { .name = "seeds", .kind = LK_RECEIVER, .flags = LF_QUALIFY, .off = offsetof(Rules, repetition_seeds) },
    { .name = "draw", .kind = LK_BOOL, .flags = LF_QUALIFY, .off = offsetof(Rules, repetition_draw) },
    { .name = NULL }
};

/* `repetition`: a position seen `count` times ends the game; `off`: no
 * such rule. */
void ls_repetition(Ld *ld, const yaml_node_t *n)
{
    if (n->type == YAML_SCALAR_NODE) {
        static const char *const off[] = { "off", NULL };
        if (lk_word(ld, n, "repetition", off) == 0)
            ld->r->repetition = 0;
        return;
    }
    LdSec s;
    lk_sec(&s, n, "`repetition`", "repetition");
    lk_part(&s, repetition_keys, 0, ld->r, NULL);
    lk_map(ld, &s);
}

/* ---- match ------------------------------------------------------------ */

/* ---- match.settle: seeds passed between the holdings ------------------ */

#define SETTLE_KEY(k, word)                                                                    \
    [k] = { .name = word, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_INT,                \
            .ctx = CX_STATE | CX_PLAYER, .off = offsetof(SettleRule, seeds) + (k) * sizeof(Expr) }
static const LdKey settle_keys[SETTLE_N + 1] = {
    SETTLE_KEY(SETTLE_GIVE, "give"), SETTLE_KEY(SETTLE_LEND, "lend"),
    SETTLE_KEY(SETTLE_BORROW, "borrow"), SETTLE_KEY(SETTLE_REPAY, "repay"),
};

/* One rule of `match.settle`: one of give, lend, borrow, repay. */
void ls_settle_rule(Ld *ld, const yaml_node_t *n, void *rule)
{
    SettleRule *x = rule;
    LdSec s;
    x->loc = ld_nloc(n);
    lk_sec(&s, n, "a rule of `match.settle`", "match.settle");
    LdPart *p = lk_part(&s, settle_keys, 0, x, NULL);
    lk_map(ld, &s);
    if (n->type != YAML_MAPPING_NODE)
        return;
    int given = 0;
    for (int k = 0; k < SETTLE_N; k++)
        if (p->val[k]) {
            given++;
            x->kind = k;
        }
    if (given != 1)
        dg_error(ld->dg, x->loc, "a rule of `match.settle` has one of `give`, `lend`, `borrow` or `repay` (here %d)",
                 given);
}

enum { MA_ENABLED, MA_MAX_ROUNDS, MA_NEXT, MA_FILL, MA_CHOOSE, MA_FILL_EVEN, MA_FILL_REST, MA_COPY_OPPOSITE, MA_KEEP, MA_SHARE, MA_STARTER, MA_TIE,
       MA_LEFTOVER, MA_SETTLE, MA_POINTS, MA_OVER, MA_SCORE, MA_N };
static const char *const tie_words[] = { "more-seeds", "lot", NULL };
static const char *const leftover_words[] = {
    [LEFTOVER_REMAINDER] = "larger-remainder", [LEFTOVER_FEWER] = "fewer-seeds",
    [LEFTOVER_FEWER_EMPTY] = "fewer-seeds-empty", NULL };

/* match.fill-seeds: a number, or an expression of `hole`: the seeds each
 * hole gets when it is filled. */
static int ls_fill_seeds(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    Rules *r = base;
    char buf[80];
    if (!ls_per_hole(ld, v, lk_label(s, k, buf, sizeof buf), 1, &r->fill_expr, r->fill))
        return 0;
    r->fill_seeds = r->fill[0];
    for (int h = 1; h < r->nholes; h++)
        if (r->fill[h] != r->fill[0])
            r->fill_seeds = 0;
    return 1;
}

/* match.keep: a condition of `hole` (and the options), the holes whose
 * seeds stay on the board from one round to the next. */
static int ls_keep(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    Rules *r = base;
    char buf[80];
    if (!lk_expr(ld, v, T_BOOL, CX_HOLE, lk_label(s, k, buf, sizeof buf), &r->keep_expr))
        return 0;
    Position zero;
    memset(&zero, 0, sizeof zero);
    ExCtx cx;
    ex_ctx_init(&cx, r, &zero, SOUTH);
    r->keep = 0;
    for (int h = 0; h < r->nholes; h++) {
        cx.hole = h;
        if (ex_eval(&r->keep_expr, &cx))
            r->keep |= bit(h);
    }
    return 1;
}

/* Filling holes needs the seeds that go into each. */
static void ls_match_fill(Ld *ld, const LdSec *s, const LdPart *p)
{
    if ((ld->r->next == NEXT_FILL || ld->r->next == NEXT_COPY) && !p->val[MA_FILL])
        dg_error(ld->dg, ld_nloc(s->node), "`match.next: %s` needs `fill-seeds`: the seeds put in each filled hole",
                 ld->r->next == NEXT_FILL ? "fill" : "copy");
}

/* match.starter: `alternate` (the default), `same`, or the last round's
 * `winner` or `loser`. */
static int ls_starter(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    static const char *const words[] = { "alternate", "same", "winner", "loser", NULL };
    char buf[80];
    int w = lk_word(ld, v, lk_label(s, k, buf, sizeof buf), words);
    ((Rules *)base)->starter_alternates = w == 0;
    ((Rules *)base)->starter_result = w >= 2 ? w - 1 : 0;
    return w >= 0;
}

static const LdKey match_keys[MA_N + 1] = {
    [MA_ENABLED] = { .name = "enabled", .kind = LK_STATIC, .flags = LF_QUALIFY, .type = T_BOOL, .lo = 0, .hi = 1,
                     .off = offsetof(Rules, match) },
    [MA_MAX_ROUNDS] = { .name = "max-rounds", .required = 1, .kind = LK_STATIC, .flags = LF_QUALIFY, .type = T_INT,
                        .lo = 1, .hi = MAX_ROUNDS_CAP, .off = offsetof(Rules, max_rounds) },
    [MA_NEXT] = { .name = "next", .required = 1, .kind = LK_WORD, .flags = LF_QUALIFY, .words = next_words,
                  .off = offsetof(Rules, next) },
    [MA_FILL] = { .name = "fill-seeds", .kind = LK_CUSTOM, .flags = LF_QUALIFY, .read = ls_fill_seeds,
                  .then = ls_match_fill },
    [MA_CHOOSE] = { .name = "choose", .kind = LK_WORD, .flags = LF_QUALIFY, .words = choose_words,
                    .off = offsetof(Rules, choose) },
    [MA_FILL_EVEN] = { .name = "fill-even", .kind = LK_BOOL, .flags = LF_QUALIFY, .off = offsetof(Rules, fill_even) },
    [MA_FILL_REST] = { .name = "fill-rest", .kind = LK_BOOL, .flags = LF_QUALIFY, .off = offsetof(Rules, fill_rest) },
    [MA_COPY_OPPOSITE] = { .name = "copy-opposite", .kind = LK_STATIC, .flags = LF_QUALIFY, .type = T_BOOL, .lo = 0,
                           .hi = 1, .off = offsetof(Rules, copy_opposite) },
    [MA_KEEP] = { .name = "keep", .kind = LK_CUSTOM, .flags = LF_QUALIFY, .read = ls_keep },
    [MA_SHARE] = { .name = "share", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_INT,
                   .ctx = CX_STATE | CX_PLAYER | CX_HOLE, .off = offsetof(Rules, share) },
    [MA_STARTER] = { .name = "starter", .kind = LK_CUSTOM, .flags = LF_QUALIFY, .read = ls_starter },
    [MA_TIE] = { .name = "leftover-tie", .kind = LK_WORD, .flags = LF_QUALIFY, .words = tie_words,
                 .off = offsetof(Rules, leftover_lot) },
    [MA_LEFTOVER] = { .name = "leftover", .kind = LK_WORD, .flags = LF_QUALIFY, .words = leftover_words,
                      .off = offsetof(Rules, leftover) },
    [MA_SETTLE] = { .name = "settle", .kind = LK_RULES, .flags = LF_QUALIFY | LF_RULES_IN, .off = offsetof(Rules, settle),
                    .count = offsetof(Rules, nsettle), .size = sizeof(SettleRule), .hi = MAX_SETTLE,
                    .rule = ls_settle_rule },
    [MA_POINTS] = { .name = "points", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_INT,
                    .ctx = CX_STATE | CX_PLAYER, .off = offsetof(Rules, match_points) },
    [MA_OVER] = { .name = "over", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL,
                  .ctx = CX_STATE, .off = offsetof(Rules, match_over) },
    [MA_SCORE] = { .name = "score", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_INT,
                   .ctx = CX_STATE | CX_PLAYER, .off = offsetof(Rules, match_score) },
};

/* `match`: rounds played until `over`. */
void ls_match(Ld *ld, const yaml_node_t *n)
{
    LdSec s;
    lk_sec(&s, n, "`match`", "match");
    lk_part(&s, match_keys, 0, ld->r, NULL);
    if (!lk_keys(ld, &s))
        return;
    ld->r->match = 1;
    ld->r->starter_alternates = 1;
    lk_read(ld, &s);
}
