/* loadstep.c: the keys of `moves` that offer other moves than sowings:
 * `step` (a seed carried from a hole to another) and `place` (a seed of
 * the mover's reserve into a hole), each of which may sow on, and
 * `select` (a hole chosen, nothing sown). */
#include "load.h"

#include <stdio.h>
#include <string.h>

static const LdKey step_dir_keys[] = {
    { .name = "cw", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CTX_FROM,
      .off = offsetof(Rules, step_cw) },
    { .name = "ccw", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CTX_FROM,
      .off = offsetof(Rules, step_ccw) },
    { .name = NULL }
};

static const LdKey place_dir_keys[] = {
    { .name = "cw", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CTX_FROM,
      .off = offsetof(Rules, place_cw) },
    { .name = "ccw", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CTX_FROM,
      .off = offsetof(Rules, place_ccw) },
    { .name = NULL }
};

/* Reads the mapping `v`, section `name`, with `keys` into `base` (d holds
 * the section); its part, or NULL after reporting. */
static LdPart *ls_read(Ld *ld, LdSec *d, const yaml_node_t *v, const LdKey *keys, void *base, const char *name)
{
    char quoted[64];
    snprintf(quoted, sizeof quoted, "`%s`", name);
    lk_sec(d, v, quoted, name);
    LdPart *p = lk_part(d, keys, 0, base, NULL);
    return lk_map(ld, d) ? p : NULL;
}

/* The `direction` of a move that sows on (moves.step, moves.place): `cw`,
 * `ccw` or both, read with `keys` into `base`. */
static int ls_on_dir(Ld *ld, const LdKey *keys, void *base, const yaml_node_t *v, const char *name)
{
    LdSec d;
    LdPart *p = ls_read(ld, &d, v, keys, base, name);
    if (!p)
        return 0;
    if (!p->val[0] && !p->val[1]) {
        dg_error(ld->dg, ld_nloc(v), "`%s` needs `cw`, `ccw` or both", name);
        return 0;
    }
    return 1;
}

/* moves.step.direction: where a step that sows on may go each way. */
static int ls_step_dir(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    (void)s;
    (void)k;
    return ls_on_dir(ld, step_dir_keys, base, v, "moves.step.direction");
}

/* moves.place.direction: where a placement that sows on may go each way. */
static int ls_place_dir(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    (void)s;
    (void)k;
    return ls_on_dir(ld, place_dir_keys, base, v, "moves.place.direction");
}

/* The mapping `v` of a move kind that may sow on (moves.step,
 * moves.place): read with `keys` into `base`; its `direction` (key
 * dir_key) needs `sow-on` (the int at sow_off). Returns 1, or 0 after
 * reporting. */
static int ls_sows_on(Ld *ld, const yaml_node_t *v, const LdKey *keys, void *base, const char *name, int dir_key,
                      size_t sow_off, const char *what)
{
    LdSec d;
    LdPart *p = ls_read(ld, &d, v, keys, base, name);
    if (!p)
        return 0;
    int sow_on;
    memcpy(&sow_on, (const char *)base + sow_off, sizeof sow_on);
    if (p->val[dir_key] && !sow_on) {
        dg_error(ld->dg, ld_nloc(p->key[dir_key]),
                 "`%s.direction` is the way the sowing goes on after %s: it needs `sow-on: true`", name, what);
        return 0;
    }
    return 1;
}

enum { PLK_WHEN, PLK_WHERE, PLK_RESERVE, PLK_ALSO, PLK_SOW, PLK_DIR, PLK_EACH, PLK_N };

/* moves.place.reserve: the reserves count among the game's seeds (the
 * board is read: its seeds are known). */
static void ls_place_reserve(Ld *ld, const LdSec *s, const LdPart *p)
{
    (void)s;
    Rules *r = ld->r;
    if (!p->val[PLK_RESERVE])
        return;
    long all = r->total_seeds + 2L * r->place_reserve;
    if (all > MAX_SEEDS)
        dg_error(ld->dg, ld_nloc(p->val[PLK_RESERVE]),
                 "%ld seeds on the board and in the reserves (`moves.place.reserve`) is too many (at most %d)", all,
                 MAX_SEEDS);
    else
        r->total_seeds = (int)all;
}

static const LdKey place_keys[PLK_N + 1] = {
    [PLK_WHEN] = { .name = "when", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CX_STATE,
                   .off = offsetof(Rules, place_when) },
    [PLK_WHERE] = { .name = "where", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL,
                    .ctx = CTX_FROM, .off = offsetof(Rules, place_where) },
    [PLK_RESERVE] = { .name = "reserve", .required = 1, .kind = LK_STATIC, .flags = LF_QUALIFY, .type = T_INT,
                      .lo = 0, .hi = MAX_SEEDS, .off = offsetof(Rules, place_reserve), .then = ls_place_reserve },
    [PLK_ALSO] = { .name = "also", .kind = LK_BOOL, .flags = LF_QUALIFY, .off = offsetof(Rules, place_also) },
    [PLK_SOW] = { .name = "sow-on", .kind = LK_BOOL, .flags = LF_QUALIFY, .off = offsetof(Rules, place_sow) },
    [PLK_DIR] = { .name = "direction", .kind = LK_CUSTOM, .read = ls_place_dir },
    [PLK_EACH] = { .name = "each", .kind = LK_BOOL, .flags = LF_QUALIFY, .off = offsetof(Rules, place_each) },
};

/* moves.place: a move that puts a seed of the mover's reserve into a hole
 * (and, with sow-on, sows on from there), where `when` holds. */
int ls_place(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    (void)s;
    (void)k;
    if (!ls_sows_on(ld, v, place_keys, base, "moves.place", PLK_DIR, offsetof(Rules, place_sow), "a placement"))
        return 0;
    Rules *r = base;
    if (r->has_setup) {
        dg_error(ld->dg, ld_nloc(v),
                 "`moves.place` places seeds during the play; `setup` places them before it: give one or the other");
        return 0;
    }
    if (r->place_each && r->place_sow) {
        dg_error(ld->dg, ld_nloc(v), "`moves.place.each` puts a seed into every hole at once: it does not sow on "
                 "(`sow-on`)");
        return 0;
    }
    r->has_place = 1;
    return 1;
}

static const LdKey select_keys[] = {
    { .name = "when", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CX_STATE,
      .off = offsetof(Rules, select_when) },
    { .name = "where", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CTX_FROM,
      .off = offsetof(Rules, select_where) },
    { .name = "also", .kind = LK_BOOL, .flags = LF_QUALIFY, .off = offsetof(Rules, select_also) },
    { .name = NULL },
};

/* moves.select: `when`, `where` and `also`; the moves exist unless
 * `when` is false whatever the play (an option that is off). */
int ls_select(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    (void)s;
    (void)k;
    LdSec d;
    Rules *r = base;
    if (!ls_read(ld, &d, v, select_keys, base, "moves.select"))
        return 0;
    r->has_select = ex_may_hold(&r->select_when);
    return 1;
}

static const LdKey step_keys[] = {
    { .name = "when", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CX_STATE,
      .off = offsetof(Rules, step_when) },
    { .name = "from", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CTX_FROM,
      .off = offsetof(Rules, step_from) },
    { .name = "to", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_HOLE, .ctx = CTX_FROM,
      .off = offsetof(Rules, step_to) },
    { .name = "to-any", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_HOLES, .ctx = CTX_FROM,
      .off = offsetof(Rules, step_to_any) },
    { .name = "seeds", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_INT, .ctx = CTX_FROM,
      .off = offsetof(Rules, step_seeds) },
    { .name = "also", .kind = LK_BOOL, .flags = LF_QUALIFY, .off = offsetof(Rules, step_also) },
    { .name = "sow-on", .kind = LK_BOOL, .flags = LF_QUALIFY, .off = offsetof(Rules, step_sow) },
    { .name = "direction", .kind = LK_CUSTOM, .read = ls_step_dir },
    { .name = NULL }
};

/* moves.step: a move that carries one seed, instead of sowing, where
 * `when` holds. */
int ls_step(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    (void)s;
    (void)k;
    int before = ld->dg->errors;
    if (!ls_sows_on(ld, v, step_keys, base, "moves.step", 7, offsetof(Rules, step_sow), "a step") ||
        ld->dg->errors != before)   /* a `to` that did not compile is not missing */
        return 0;
    Rules *r = base;
    if (!r->step_to.code && !r->step_to_any.code) {
        dg_error(ld->dg, ld_nloc(v),
                 "`moves.step` needs `to` (the hole a step goes to) or `to-any` (a step to each hole of a set)");
        return 0;
    }
    if (r->step_to.code && r->step_to_any.code) {
        dg_error(ld->dg, ld_nloc(v), "`moves.step` takes `to` or `to-any`, not both");
        return 0;
    }
    r->has_steps = 1;
    return 1;
}

/* ---- moves.store -------------------------------------------------------- */

enum { SM_NAME, SM_WHEN, SM_INTO, SM_LIFT, SM_DIR, SM_ALSO, SM_N };

static const LdKey store_lift_keys[] = {
    { .name = "min", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_INT, .ctx = CX_STATE,
      .off = offsetof(StoreMove, min) },
    { .name = "max", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_INT, .ctx = CX_STATE,
      .off = offsetof(StoreMove, max) },
    { .name = NULL }
};

static const LdKey store_dir_keys[] = {
    { .name = "cw", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CX_STATE,
      .off = offsetof(StoreMove, cw) },
    { .name = "ccw", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CX_STATE,
      .off = offsetof(StoreMove, ccw) },
    { .name = NULL }
};

/* moves.store[].direction: where each way is allowed. */
static int ls_store_dir(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    (void)s;
    (void)k;
    return ls_on_dir(ld, store_dir_keys, base, v, "moves.store.direction");
}

/* A name of a moves.store entry is a word of the token (`store:NAME`):
 * 1..16 lower-case letters, digits and hyphens, beginning with a letter. */
static void ls_store_name(Ld *ld, const LdSec *s, const LdPart *p)
{
    (void)s;
    const StoreMove *m = p->base;
    if (!p->val[SM_NAME] || !m->name)
        return;
    size_t n = strlen(m->name);
    int ok = n >= 1 && n <= 16 && m->name[0] >= 'a' && m->name[0] <= 'z';
    for (size_t i = 0; ok && i < n; i++) {
        char c = m->name[i];
        ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
    }
    if (!ok)
        dg_error(ld->dg, ld_nloc(p->val[SM_NAME]),
                 "`moves.store.name` is a word of the move's token (`store:NAME`): 1..16 lower-case letters, digits "
                 "and hyphens, beginning with a letter (not \"%s\")", m->name);
}

static const LdKey store_keys[SM_N + 1] = {
    [SM_NAME] = { .name = "name", .kind = LK_TEXT, .flags = LF_QUALIFY, .off = offsetof(StoreMove, name),
                  .then = ls_store_name },
    [SM_WHEN] = { .name = "when", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CX_STATE,
                  .off = offsetof(StoreMove, when) },
    [SM_INTO] = { .name = "into", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_HOLE,
                  .ctx = CX_STATE | CX_DIR, .off = offsetof(StoreMove, into) },
    [SM_LIFT] = { .name = "lift", .kind = LK_MAP, .flags = LF_QUALIFY, .sub = store_lift_keys },
    [SM_DIR] = { .name = "direction", .kind = LK_CUSTOM, .flags = LF_QUALIFY, .read = ls_store_dir },
    [SM_ALSO] = { .name = "also", .kind = LK_BOOL, .flags = LF_QUALIFY, .off = offsetof(StoreMove, also) },
};

/* One entry of moves.store. */
void ls_store_rule(Ld *ld, const yaml_node_t *n, void *rule)
{
    StoreMove *m = rule;
    LdSec s;
    m->loc = ld_nloc(n);
    lk_sec(&s, n, "an entry of `moves.store`", "moves.store");
    lk_part(&s, store_keys, 0, m, NULL);
    lk_map(ld, &s);
}

/* moves.store as a whole: several entries are told apart by their names. */
void ls_store_names(Ld *ld, const LdSec *s, const LdPart *p)
{
    (void)s;
    (void)p;
    const Rules *r = ld->r;
    for (int i = 0; r->nstore_moves > 1 && i < r->nstore_moves; i++) {
        const StoreMove *m = &r->store_moves[i];
        if (!m->name) {
            dg_error(ld->dg, m->loc, "`moves.store` has %d entries: each needs a `name` (its token is `store:NAME`)",
                     r->nstore_moves);
            return;
        }
        for (int j = 0; j < i; j++)
            if (r->store_moves[j].name && strcmp(r->store_moves[j].name, m->name) == 0) {
                dg_error(ld->dg, m->loc, "two entries of `moves.store` are named \"%s\"", m->name);
                return;
            }
    }
}
