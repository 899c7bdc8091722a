/* loadsec.c: the sections of a variant file as tables of keys (load.h),
 * with the checks between their keys.
 *
 * A table lists a mapping's keys once, in the order the messages list
 * them (docs/variant-format.md); a word's index in a word list is the
 * value of its enum in rules.h. A section's function sets its defaults,
 * checks the mapping against its table and reads it; `then` functions
 * run as their key's turn comes, so that a check between keys reports
 * where it always has among the messages of the keys after it. */
#include "load.h"

#include <string.h>

/* LK_WORD writes an int into the enums of rules.h. */
_Static_assert(sizeof(StoreKind) == sizeof(int) && sizeof(IntoStores) == sizeof(int) &&
               sizeof(FirstSeed) == sizeof(int) && sizeof(Laps) == sizeof(int) &&
               sizeof(RelayFrom) == sizeof(int) && sizeof(ChainDir) == sizeof(int) &&
               sizeof(MustOtherwise) == sizeof(int) && sizeof(NextRound) == sizeof(int) &&
               sizeof(FillChoice) == sizeof(int),
               "the word enums of rules.h are ints");

/* ---- words, in the order of their enums ------------------------------- */

static const char *const chain_words[] = {
    [CHAIN_NONE] = "none", [CHAIN_FORWARD] = "forward", [CHAIN_BACKWARD] = "backward", NULL };
static const char *const otherwise_words[] = { [MUST_ALL] = "all", [MUST_END] = "end", NULL };
static const char *const dir_words[] = { [DIR_CCW] = "ccw", [DIR_CW] = "cw", NULL };

/* ---- moves ------------------------------------------------------------ */

enum { DK_CW, DK_CCW, DK_N };

static const LdKey direction_keys[DK_N + 1] = {
    [DK_CW] = { .name = "cw", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CTX_FROM,
                .off = offsetof(Rules, dir_cw) },
    [DK_CCW] = { .name = "ccw", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CTX_FROM,
                 .off = offsetof(Rules, dir_ccw) },
};

/* A condition that always holds, written at `loc` (a direction allowed
 * everywhere). */
static Expr ls_always_true(SrcLoc loc)
{
    static const int32_t one[] = { 0 };
    return (Expr){ .code = one, .is_const = 1, .value = 1, .type = T_BOOL, .loc = loc };
}

/* moves.direction: `ccw` or `cw` (allowed everywhere), or a mapping of
 * the holes where each direction is allowed. */
static int ls_direction(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    Rules *r = ld->r;
    (void)base;
    if (v->type == YAML_MAPPING_NODE) {
        LdSec d;
        lk_sec(&d, v, "`moves.direction`", "direction");
        LdPart *p = lk_part(&d, direction_keys, 0, r, NULL);
        if (!lk_map(ld, &d))
            return 0;
        if (!p->val[DK_CW] && !p->val[DK_CCW]) {
            dg_error(ld->dg, ld_nloc(v), "`moves.direction` needs `cw`, `ccw` or both");
            return 0;
        }
        return 1;
    }
    char buf[80];
    int w = lk_word(ld, v, lk_label(s, k, buf, sizeof buf), dir_words);
    const Expr t = ls_always_true(ld_nloc(v));
    if (w == DIR_CCW)
        r->dir_ccw = t;
    else if (w == DIR_CW)
        r->dir_cw = t;
    return w >= 0;
}

enum { MU_WHEN, MU_KEEP, MU_OTHERWISE, MU_SEEDS, MU_N };

/* `seeds` says who takes the board when a must rule ends the game. */
static void ls_must_seeds(Ld *ld, const LdSec *s, const LdPart *p)
{
    const MustRule *m = p->base;
    (void)s;
    if (p->val[MU_SEEDS] && m->otherwise != MUST_END)
        dg_error(ld->dg, ld_nloc(p->val[MU_SEEDS]), "`seeds` goes with `otherwise: end`");
}

static const LdKey must_keys[MU_N + 1] = {
    [MU_WHEN] = { .name = "when", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CX_STATE,
                  .off = offsetof(MustRule, when) },
    [MU_KEEP] = { .name = "keep", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL,
                  .ctx = CTX_CAPTURED | CX_REACHED, .off = offsetof(MustRule, keep) },
    [MU_OTHERWISE] = { .name = "otherwise", .required = 1, .kind = LK_WORD, .words = otherwise_words,
                       .off = offsetof(MustRule, otherwise) },
    [MU_SEEDS] = { .name = "seeds", .kind = LK_RECEIVER, .off = offsetof(MustRule, seeds),
                   .then = ls_must_seeds },
};

/* One rule of moves.must. */
static void ls_must_rule(Ld *ld, const yaml_node_t *n, void *rule)
{
    MustRule *m = rule;
    LdSec s;
    m->loc = ld_nloc(n);
    lk_sec(&s, n, "a rule of `moves.must`", "must");
    lk_part(&s, must_keys, 0, m, NULL);
    if (!lk_keys(ld, &s))
        return;
    m->seeds = RCV_OWNER;
    lk_read(ld, &s);
}

enum { MK_FROM, MK_DIRECTION, MK_MARK, MK_MUST, MK_STEP, MK_PLACE, MK_LIFT, MK_STORE, MK_SWAP, MK_SELECT, MK_CHOICE,
       MK_GROUP, MK_N };

/* Is `e` given and always true (false: absent or always false)? */
static int ls_always(const Expr *e)
{
    return e->code && e->is_const && e->value;
}

/* next() and prev() in `moves.from` step in the one direction every move
 * takes; with a choice, or a direction that depends on the hole, they
 * have none yet. */
static void ls_from_dir(Ld *ld, const LdSec *s, const LdPart *p)
{
    Rules *r = ld->r;
    (void)s;
    if (!r->from.code || !(r->from.uses & CX_DIR) || p->bad[MK_DIRECTION] || !p->val[MK_DIRECTION])
        return;
    int none_cw = !ex_may_hold(&r->dir_cw);
    int none_ccw = !ex_may_hold(&r->dir_ccw);
    if (ls_always(&r->dir_ccw) && none_cw)
        r->from_dir = DIR_CCW;
    else if (ls_always(&r->dir_cw) && none_ccw)
        r->from_dir = DIR_CW;
    else
        dg_error(ld->dg, r->from.loc,
                 "`next` and `prev` in `moves.from` need one direction for every move (`direction: ccw` or `cw`): the hole is chosen before the direction");
}

enum { LI_MIN, LI_MAX, LI_N };

static const LdKey lift_keys[LI_N + 1] = {
    [LI_MIN] = { .name = "min", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_INT,
                 .ctx = CTX_FROM, .off = offsetof(Rules, lift_min) },
    [LI_MAX] = { .name = "max", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_INT,
                 .ctx = CTX_FROM, .off = offsetof(Rules, lift_max) },
};

static const LdKey group_keys[] = {
    { .name = "min", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_INT, .ctx = CTX_FROM,
      .off = offsetof(Rules, group_min) },
    { .name = "max", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_INT, .ctx = CTX_FROM,
      .off = offsetof(Rules, group_max) },
    { .name = "divides", .kind = LK_STATIC, .flags = LF_QUALIFY, .type = T_BOOL, .lo = 0, .hi = 1,
      .off = offsetof(Rules, group_divides) },
    { .name = NULL },
};

static const LdKey choice_keys[] = {
    { .name = "where", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CTX_FROM,
      .off = offsetof(Rules, choice_where) },
    { .name = "says", .kind = LK_TEXT, .flags = LF_QUALIFY, .off = offsetof(Rules, choice_says) },
    { .name = NULL },
};

/* moves.choice: the moves exist unless `where` is false whatever the play. */
static void ls_choice(Ld *ld, const LdSec *s, const LdPart *p)
{
    Rules *r = ld->r;
    (void)s;
    if (p->val[MK_CHOICE])
        r->has_choice = ex_may_hold(&r->choice_where);
}

static const LdKey moves_keys[MK_N + 1] = {
    [MK_FROM] = { .name = "from", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL,
                  .ctx = CTX_FROM | CX_DIR, .feature = FT_FROM, .off = offsetof(Rules, from) },
    [MK_DIRECTION] = { .name = "direction", .required = 1, .kind = LK_CUSTOM, .flags = LF_QUALIFY,
                       .feature = FT_DIRECTION, .read = ls_direction, .then = ls_from_dir },
    [MK_MARK] = { .name = "mark", .kind = LK_FLAG, .flags = LF_QUALIFY, .feature = FT_MARK,
                  .off = offsetof(Rules, mark_flag) },
    [MK_MUST] = { .name = "must", .kind = LK_RULES, .flags = LF_QUALIFY, .feature = FT_MUST,
                  .off = offsetof(Rules, must), .count = offsetof(Rules, nmust), .size = sizeof(MustRule),
                  .hi = MAX_MUST, .rule = ls_must_rule },
    [MK_STEP] = { .name = "step", .kind = LK_CUSTOM, .flags = LF_QUALIFY, .feature = FT_STEP, .read = ls_step },
    [MK_PLACE] = { .name = "place", .kind = LK_CUSTOM, .flags = LF_QUALIFY, .feature = FT_PLACE, .read = ls_place },
    [MK_LIFT] = { .name = "lift", .kind = LK_MAP, .flags = LF_QUALIFY, .feature = FT_MOVE_LIFT, .sub = lift_keys },
    [MK_STORE] = { .name = "store", .kind = LK_RULES, .flags = LF_QUALIFY | LF_RULES_IN, .feature = FT_STORE_MOVE,
                   .off = offsetof(Rules, store_moves), .count = offsetof(Rules, nstore_moves),
                   .size = sizeof(StoreMove), .hi = MAX_STORE_MOVES, .rule = ls_store_rule, .then = ls_store_names },
    [MK_SWAP] = { .name = "swap", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CX_STATE,
                  .feature = FT_SWAP, .off = offsetof(Rules, swap_when) },
    [MK_SELECT] = { .name = "select", .kind = LK_CUSTOM, .flags = LF_QUALIFY, .feature = FT_SELECT,
                    .read = ls_select },
    [MK_CHOICE] = { .name = "choice", .kind = LK_MAP, .flags = LF_QUALIFY, .feature = FT_CHOICE, .sub = choice_keys,
                    .then = ls_choice },
    [MK_GROUP] = { .name = "per-hole", .kind = LK_MAP, .flags = LF_QUALIFY, .feature = FT_MOVE_GROUP,
                   .sub = group_keys },
};

/* Does the file's `sowing` have `steer` (read after `moves`)? */
static int ls_file_steers(Ld *ld)
{
    const yaml_node_t *root = yaml_document_get_root_node(ld->doc), *sow = NULL;
    for (int pass = 0; pass < 2; pass++) {
        const yaml_node_t *m = pass ? sow : root;
        if (!m || m->type != YAML_MAPPING_NODE)
            return 0;
        sow = NULL;
        for (const yaml_node_pair_t *pr = m->data.mapping.pairs.start; pr < m->data.mapping.pairs.top; pr++) {
            const yaml_node_t *k = ld_node(ld, pr->key);
            if (k && k->type == YAML_SCALAR_NODE && !strcmp(lk_sval(k), pass ? "steer" : "sowing"))
                sow = ld_node(ld, pr->value);
        }
        if (pass && sow)
            return 1;
    }
    return 0;
}

/* `moves`: read when `from` and `direction` are there, even if the
 * mapping has other errors. A steered sowing has no direction: then
 * `direction` may be left out (every move is written counterclockwise). */
void ls_moves(Ld *ld, const yaml_node_t *n)
{
    LdSec s;
    lk_sec(&s, n, "`moves`", "moves");
    LdPart *p = lk_part(&s, moves_keys, 0, ld->r, &ld->r->move_features);
    const int steers = ls_file_steers(ld);
    if (steers)
        p->optional = 1u << MK_DIRECTION;
    if (!lk_keys(ld, &s) && (!p->val[MK_FROM] || (!p->val[MK_DIRECTION] && !steers)))
        return;
    lk_read(ld, &s);
    if (steers && !p->val[MK_DIRECTION])
        ld->r->dir_ccw = ls_always_true(ld_nloc(n));
}

/* ---- captures --------------------------------------------------------- */

enum { CK_WHEN, CK_TAKE, CK_SWEEP, CK_WHERE, CK_AMOUNT, CK_CHAIN, CK_WHILE, CK_ALSO, CK_TO, CK_INTO, CK_SOW_FROM,
       CK_CANCEL, CK_SET, CK_PICK, CK_PUT, CK_CONTINUE, CK_N };

enum { PK_HOLES, PK_FROM, PK_N };

static const LdKey pick_keys[PK_N + 1] = {
    [PK_HOLES] = { .name = "holes", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY | LF_RULE_CTX, .type = T_INT,
                   .off = offsetof(CaptureRule, pick_n) },
    [PK_FROM] = { .name = "from", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY | LF_RULE_CTX, .type = T_HOLES,
                  .off = offsetof(CaptureRule, pick_from) },
};

/* pick: after the rule's take, the mover picks up to `holes` holes of
 * `from`, one a decision (PH_PICK). */
static int ls_pick(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    (void)k;
    LdSec d;
    lk_sec(&d, v, "`pick`", "pick");
    d.ctx = s->ctx;
    lk_part(&d, pick_keys, 0, base, NULL);
    if (!lk_map(ld, &d))
        return 0;
    ld->r->has_picks = 1;
    return 1;
}

/* Is `s` a rule of `each-seed` (read on each seed) rather than of `captures`? */
static int ls_is_seed_rule(const LdSec *s)
{
    return s->ctx == CTX_SEED;
}

/* take: one hole, or a list of at most MAX_TAKES. */
int ls_take(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    CaptureRule *c = base;
    char buf[80];
    const char *key = lk_label(s, k, buf, sizeof buf);
    int before = ld->dg->errors;
    if (v->type != YAML_SEQUENCE_NODE) {
        lk_expr(ld, v, T_HOLE, s->ctx | k->ctx, key, &c->take[0]);
        c->ntake = 1;
        return ld->dg->errors == before;
    }
    for (yaml_node_item_t *it = v->data.sequence.items.start; it < v->data.sequence.items.top; it++) {
        yaml_node_t *e = ld_node(ld, *it);
        if (!e)
            continue;
        if (c->ntake >= MAX_TAKES) {
            dg_error(ld->dg, ld_nloc(e), "`take` lists at most %d holes", MAX_TAKES);
            break;
        }
        lk_expr(ld, e, T_HOLE, s->ctx | k->ctx, key, &c->take[c->ntake++]);
    }
    if (!c->ntake)
        dg_error(ld->dg, ld_nloc(v), "`take` must name at least one hole");
    return ld->dg->errors == before;
}

/* An each-seed rule takes the holes it names, with no chain. */
static void ls_capture_chain(Ld *ld, const LdSec *s, const LdPart *p)
{
    const CaptureRule *c = p->base;
    if (p->val[CK_CHAIN] && ls_is_seed_rule(s) && c->chain)
        dg_error(ld->dg, ld_nloc(p->val[CK_CHAIN]), "`each-seed` rules take the holes they name: no `chain`");
}

/* A sweep takes the holes of a set where `where` holds, instead of
 * `take`, and has no chain. */
static void ls_capture_sweep(Ld *ld, const LdSec *s, const LdPart *p)
{
    (void)s;
    if (p->val[CK_WHERE] && !p->val[CK_SWEEP])
        dg_error(ld->dg, ld_nloc(p->key[CK_WHERE]), "`where` picks the holes of a `sweep`: add `sweep`");
    else if (p->val[CK_SWEEP] && p->val[CK_TAKE])
        dg_error(ld->dg, ld_nloc(p->key[CK_SWEEP]), "a rule takes its holes by `take` or by `sweep`, not both");
    else if (p->val[CK_SWEEP] && p->val[CK_CHAIN])
        dg_error(ld->dg, ld_nloc(p->key[CK_CHAIN]), "a `sweep` has no chain: it takes every hole of its set where `where` holds");
}

/* `also` adds a hole to each chain hole: it needs a chain. */
static void ls_capture_also(Ld *ld, const LdSec *s, const LdPart *p)
{
    const CaptureRule *c = p->base;
    (void)s;
    if (p->val[CK_ALSO] && !c->chain)
        dg_error(ld->dg, ld_nloc(p->val[CK_ALSO]), "`also` adds a hole to each hole of a chain: add `chain: forward` or `chain: backward`");
}

/* `while` and a chain go together. */
static void ls_capture_while(Ld *ld, const LdSec *s, const LdPart *p)
{
    const CaptureRule *c = p->base;
    (void)s;
    if (p->val[CK_WHILE] && !c->chain)
        dg_error(ld->dg, ld_nloc(p->val[CK_WHILE]), "`while` belongs to a chain: add `chain: forward` or `chain: backward`");
    else if (!p->val[CK_WHILE] && c->chain)
        dg_error(ld->dg, ld_nloc(p->val[CK_CHAIN]), "a chain needs `while`: the condition for each further hole");
}

/* to: a receiver, or `hand` (an each-seed rule: sown at once). */
int ls_capture_to_read(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    CaptureRule *c = base;
    char buf[80];
    if (v->type == YAML_SCALAR_NODE && strcmp(lk_sval(v), "hand") == 0) {
        c->to_hand = 1;
        return 1;
    }
    return lk_receiver(ld, v, lk_label(s, k, buf, sizeof buf), &c->to);
}

/* Captured seeds go to somebody; to the hand only during a sowing. */
static void ls_capture_to(Ld *ld, const LdSec *s, const LdPart *p)
{
    const CaptureRule *c = p->base;
    if (p->val[CK_TO] && !c->to_hand && (c->to == RCV_STAY || c->to == RCV_LAST_MOVER))
        dg_error(ld->dg, ld_nloc(p->val[CK_TO]), "captured seeds go to mover, opponent, owner, removed, starter, south, north or (in `each-seed`) hand");
    if (c->to_hand && !ls_is_seed_rule(s))
        dg_error(ld->dg, ld_nloc(p->val[CK_TO]), "`to: hand` sows the seeds taken at once: it belongs to `each-seed` rules");
}

enum { SF_CW, SF_CCW, SF_N };

static const LdKey sow_choice_keys[SF_N + 1] = {
    [SF_CW] = { .name = "cw", .kind = LK_EXPR, .flags = LF_QUALIFY | LF_RULE_CTX, .type = T_HOLES,
                .off = offsetof(CaptureRule, sow_choice[DIR_CW]) },
    [SF_CCW] = { .name = "ccw", .kind = LK_EXPR, .flags = LF_QUALIFY | LF_RULE_CTX, .type = T_HOLES,
                 .off = offsetof(CaptureRule, sow_choice[DIR_CCW]) },
};

/* sow-from: a hole (the hand is sown from it at once), or a mapping of
 * the holes the mover may choose, by direction (a decision, PH_HAND). */
static int ls_sow_from_read(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    CaptureRule *c = base;
    char buf[80];
    const char *key = lk_label(s, k, buf, sizeof buf);
    int before = ld->dg->errors;
    if (v->type != YAML_MAPPING_NODE) {
        lk_expr(ld, v, T_HOLE, s->ctx, key, &c->sow_from);
        return ld->dg->errors == before;
    }
    LdSec d;
    lk_sec(&d, v, "`sow-from`", "sow-from");
    d.ctx = s->ctx;
    LdPart *p = lk_part(&d, sow_choice_keys, 0, c, NULL);
    if (!lk_map(ld, &d))
        return 0;
    if (!p->val[SF_CW] && !p->val[SF_CCW]) {
        dg_error(ld->dg, ld_nloc(v), "`sow-from` as a mapping gives the holes the mover chooses from: `cw`, `ccw` or both");
        return 0;
    }
    ld->r->hand_choice = 1;
    return ld->dg->errors == before;
}

/* sow-from and to: hand go together. */
static void ls_capture_sow_from(Ld *ld, const LdSec *s, const LdPart *p)
{
    const CaptureRule *c = p->base;
    (void)s;
    if (c->to_hand && !p->val[CK_SOW_FROM])
        dg_error(ld->dg, ld_nloc(p->val[CK_TO]), "`to: hand` needs `sow-from`: the hole the first of those seeds goes into");
    else if (p->val[CK_SOW_FROM] && !c->to_hand)
        dg_error(ld->dg, ld_nloc(p->key[CK_SOW_FROM]), "`sow-from` goes with `to: hand`");
}

/* ---- set: the changes a rule makes to holes ---- */

/* `counter`: a name of board.counters. */
static int ls_set_counter(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    SetEffect *e = base;
    (void)s;
    (void)k;
    const char *name = v->type == YAML_SCALAR_NODE ? lk_sval(v) : NULL;
    for (int i = 0; name && i < ld->r->ncounters; i++)
        if (!strcmp(ld->r->counters[i], name)) {
            e->counter = i;
            return 1;
        }
    dg_error(ld->dg, ld_nloc(v), "`counter` must name a counter of `board.counters`%s",
             ld->r->ncounters ? "" : " (the board declares none)");
    return 0;
}

enum { EK_AT, EK_FLAG, EK_CLEAR, EK_OWNER, EK_COUNTER, EK_VALUE, EK_OF, EK_N };

static const LdKey set_keys[EK_N + 1] = {
    [EK_AT] = { .name = "at", .kind = LK_EXPR, .flags = LF_QUALIFY | LF_RULE_CTX, .type = T_HOLE,
                .off = offsetof(SetEffect, at) },
    [EK_FLAG] = { .name = "flag", .kind = LK_FLAG, .flags = LF_QUALIFY, .off = offsetof(SetEffect, flag) },
    [EK_CLEAR] = { .name = "clear", .kind = LK_FLAG, .flags = LF_QUALIFY, .off = offsetof(SetEffect, clear) },
    [EK_OWNER] = { .name = "owner", .kind = LK_EXPR, .flags = LF_QUALIFY | LF_RULE_CTX, .type = T_PLAYER,
                   .off = offsetof(SetEffect, owner) },
    [EK_COUNTER] = { .name = "counter", .kind = LK_CUSTOM, .flags = LF_QUALIFY, .read = ls_set_counter },
    [EK_VALUE] = { .name = "value", .kind = LK_EXPR, .flags = LF_QUALIFY | LF_RULE_CTX, .type = T_INT,
                   .off = offsetof(SetEffect, value) },
    [EK_OF] = { .name = "of", .kind = LK_EXPR, .flags = LF_QUALIFY | LF_RULE_CTX, .type = T_PLAYER,
                .off = offsetof(SetEffect, of) },
};

/* One change of `set`: a mapping of at, flag, clear, owner; or of
 * counter, value and of. */
static int ls_set_one(Ld *ld, const LdSec *rule, const yaml_node_t *n, SetEffect *e)
{
    LdSec s;
    e->flag = e->clear = e->counter = -1;
    e->loc = ld_nloc(n);
    lk_sec(&s, n, "a change of `set`", "set");
    s.ctx = rule->ctx | (rule->ctx == CTX_AFTER ? CX_CAPTURED : 0);
    LdPart *p = lk_part(&s, set_keys, 0, e, NULL);
    if (!lk_map(ld, &s))
        return 0;
    if (!p->val[EK_FLAG] && !p->val[EK_CLEAR] && !p->val[EK_OWNER] && !p->val[EK_COUNTER]) {
        dg_error(ld->dg, ld_nloc(n), "a change of `set` needs `flag`, `clear`, `owner` or `counter`");
        return 0;
    }
    if (!p->val[EK_COUNTER] != !p->val[EK_VALUE] || (p->val[EK_OF] && !p->val[EK_COUNTER])) {
        dg_error(ld->dg, ld_nloc(n), "`counter` and `value` go together (the counter and its new value; `of`: whose)");
        return 0;
    }
    return 1;
}

/* set: one change (a mapping) or a list of at most MAX_SETS. */
static int ls_set(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    CaptureRule *c = base;
    (void)k;
    const yaml_node_t *items[MAX_SETS];
    int n = 0;
    if (v->type == YAML_SEQUENCE_NODE) {
        for (yaml_node_item_t *it = v->data.sequence.items.start; it < v->data.sequence.items.top; it++) {
            if (n >= MAX_SETS) {
                dg_error(ld->dg, ld_nloc(ld_node(ld, *it)), "`set` lists at most %d changes", MAX_SETS);
                return 0;
            }
            items[n++] = ld_node(ld, *it);
        }
    } else {
        items[n++] = v;
    }
    c->set = ar_alloc(&ld->r->arena, (size_t)n * sizeof *c->set);
    if (!c->set) {
        dg_error(ld->dg, ld_nloc(v), "out of memory");
        return 0;
    }
    int ok = 1;
    for (int i = 0; i < n; i++)
        ok &= items[i] && ls_set_one(ld, s, items[i], &c->set[i]);
    c->nset = n;
    return ok;
}

/* A rule takes holes (`take`, `to`), sets (`set`), or both. */
static int ls_capture_needs(Ld *ld, const LdSec *s, const LdPart *p)
{
    if (!p->val[CK_TAKE] && !p->val[CK_SWEEP] && !p->val[CK_SET] && !p->val[CK_PICK]) {
        dg_error(ld->dg, ld_nloc(s->node), "%s needs the key `take`", s->what);
        return 0;
    }
    if (p->val[CK_PICK] && !p->val[CK_TO]) {
        dg_error(ld->dg, ld_nloc(p->key[CK_PICK]), "`pick` needs `to`: who receives the seeds of the holes picked");
        return 0;
    }
    if (!!p->val[CK_TO] + !!p->val[CK_INTO] + !!p->val[CK_PUT] > 1) {
        int k = p->val[CK_PUT] ? CK_PUT : CK_INTO;
        dg_error(ld->dg, ld_nloc(p->key[k]),
                 "the seeds taken go `to` a player (or the hand), `into` a hole, or are `put` where the mover "
                 "chooses: one of them");
        return 0;
    }
    if ((p->val[CK_TAKE] || p->val[CK_SWEEP]) && !p->val[CK_TO] && !p->val[CK_INTO] && !p->val[CK_PUT]) {
        dg_error(ld->dg, ld_nloc(s->node), "%s needs the key `to`", s->what);
        return 0;
    }
    static const int where[] = { CK_TO, CK_INTO, CK_PUT };
    for (int i = 0; i < 3; i++)
        if (p->val[where[i]] && !p->val[CK_TAKE] && !p->val[CK_SWEEP]) {
            dg_error(ld->dg, ld_nloc(p->key[where[i]]), "`%s` says where what `take` takes goes: add `take`",
                     where[i] == CK_TO ? "to" : where[i] == CK_INTO ? "into" : "put");
            return 0;
        }
    return 1;
}

/* put: the rule's seeds go into a hole of the set that the mover chooses
 * once the sowing is over (PH_PUT). */
static void ls_capture_put(Ld *ld, const LdSec *s, const LdPart *p)
{
    (void)s;
    if (p->val[CK_PUT])
        ld->r->has_puts = 1;
}

static const LdKey capture_keys[CK_N + 1] = {
    [CK_WHEN] = { .name = "when", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY | LF_RULE_CTX,
                  .type = T_BOOL, .off = offsetof(CaptureRule, when) },
    [CK_TAKE] = { .name = "take", .kind = LK_CUSTOM, .read = ls_take },
    [CK_SWEEP] = { .name = "sweep", .kind = LK_EXPR, .flags = LF_QUALIFY | LF_RULE_CTX, .type = T_HOLES,
                   .off = offsetof(CaptureRule, sweep) },
    [CK_WHERE] = { .name = "where", .kind = LK_EXPR, .flags = LF_QUALIFY | LF_RULE_CTX, .type = T_BOOL,
                   .ctx = CX_HOLE, .off = offsetof(CaptureRule, sweep_where), .then = ls_capture_sweep },
    [CK_AMOUNT] = { .name = "amount", .kind = LK_EXPR, .flags = LF_QUALIFY | LF_RULE_CTX, .type = T_INT,
                    .off = offsetof(CaptureRule, amount) },
    [CK_CHAIN] = { .name = "chain", .kind = LK_WORD, .words = chain_words, .off = offsetof(CaptureRule, chain),
                   .then = ls_capture_chain },
    [CK_ALSO] = { .name = "also", .kind = LK_EXPR, .flags = LF_RULE_CTX, .type = T_HOLE, .ctx = CX_HOLE,
                  .off = offsetof(CaptureRule, chain_also), .then = ls_capture_also },
    [CK_WHILE] = { .name = "while", .kind = LK_EXPR, .flags = LF_RULE_CTX, .type = T_BOOL, .ctx = CX_HOLE,
                   .off = offsetof(CaptureRule, chain_while), .then = ls_capture_while },
    [CK_TO] = { .name = "to", .kind = LK_CUSTOM, .read = ls_capture_to_read, .then = ls_capture_to },
    [CK_INTO] = { .name = "into", .kind = LK_EXPR, .flags = LF_QUALIFY | LF_RULE_CTX, .type = T_HOLE,
                  .off = offsetof(CaptureRule, into) },
    [CK_SOW_FROM] = { .name = "sow-from", .kind = LK_CUSTOM, .read = ls_sow_from_read,
                      .then = ls_capture_sow_from },
    [CK_CANCEL] = { .name = "cancel-if", .kind = LK_EXPR, .type = T_BOOL, .ctx = CTX_CAPTURED,
                    .off = offsetof(CaptureRule, cancel_if) },
    [CK_SET] = { .name = "set", .kind = LK_CUSTOM, .read = ls_set },
    [CK_PICK] = { .name = "pick", .kind = LK_CUSTOM, .read = ls_pick },
    [CK_PUT] = { .name = "put", .kind = LK_EXPR, .flags = LF_QUALIFY | LF_RULE_CTX, .type = T_HOLES,
                 .off = offsetof(CaptureRule, put), .then = ls_capture_put },
    [CK_CONTINUE] = { .name = "continue", .kind = LK_BOOL, .off = offsetof(CaptureRule, cont) },
};

/* A rule of `captures` (after the sowing) or of `each-seed` (on each
 * seed): the same keys, but an each-seed rule has no chain and cannot
 * be cancelled, which is said before anything else of the rule. */
static void ls_capture(Ld *ld, const yaml_node_t *n, CaptureRule *c, int each_seed)
{
    LdSec s;
    memset(c, 0, sizeof *c);
    c->loc = ld_nloc(n);
    lk_sec(&s, n, each_seed ? "a rule of `sowing.each-seed`" : "a rule of `captures`",
           each_seed ? "each-seed" : "captures");
    s.ctx = each_seed ? CTX_SEED : CTX_AFTER | CX_REACHED;
    LdPart *p = lk_part(&s, capture_keys, 0, c, NULL);
    if (!lk_keys(ld, &s) || !ls_capture_needs(ld, &s, p))
        return;
    if (each_seed && p->val[CK_SWEEP]) {
        dg_error(ld->dg, ld_nloc(p->key[CK_SWEEP]), "`sweep` belongs to `captures`, after the sowing: an `each-seed` rule takes the holes of `take`");
        return;
    }
    if (each_seed && p->val[CK_CONTINUE]) {
        dg_error(ld->dg, ld_nloc(p->key[CK_CONTINUE]), "`continue` belongs to `captures`: every `each-seed` rule "
                 "that holds applies already");
        return;
    }
    if (each_seed && p->val[CK_CANCEL]) {
        dg_error(ld->dg, ld_nloc(p->key[CK_CANCEL]), "`cancel-if` belongs to `captures`, not to `each-seed`");
        return;
    }
    /* decisions inside the move (`pick`, `put`): after the sowing, for good */
    static const struct {
        int key;
        const char *name, *who;
    } decides[] = { { CK_PICK, "pick", "the mover picks" }, { CK_PUT, "put", "the mover chooses" } };
    for (size_t i = 0; i < sizeof decides / sizeof *decides; i++) {
        const yaml_node_t *kn = p->key[decides[i].key];
        if (!p->val[decides[i].key])
            continue;
        if (each_seed) {
            dg_error(ld->dg, ld_nloc(kn), "`%s` belongs to `captures`: %s once the sowing is over", decides[i].name,
                     decides[i].who);
            return;
        }
        if (p->val[CK_CANCEL]) {
            dg_error(ld->dg, ld_nloc(kn), "a rule with `%s` cannot be undone by `cancel-if`", decides[i].name);
            return;
        }
        if (p->val[CK_CONTINUE]) {
            dg_error(ld->dg, ld_nloc(kn), "a rule with `%s` ends the captures (%s): it cannot `continue`",
                     decides[i].name, decides[i].who);
            return;
        }
    }
    lk_read(ld, &s);
}

/* One rule of `captures`. */
void ls_capture_rule(Ld *ld, const yaml_node_t *n, void *rule)
{
    ls_capture(ld, n, rule, 0);
}

/* One rule of `sowing.each-seed`. */
void ls_seed_rule(Ld *ld, const yaml_node_t *n, void *rule)
{
    ls_capture(ld, n, rule, 1);
}
