/* loadstep.c: the keys of `moves` that offer other moves than sowings:
 * `step` (a seed carried from a hole to another) and `place` (a seed of
 * the mover's reserve into a hole), each of which may sow on. */
#include "load.h"

#include <stdio.h>

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

/* The `direction` of a move that sows on (moves.step, moves.place): `cw`,
 * `ccw` or both, read with `keys` into `base`. */
static int ls_on_dir(Ld *ld, const LdKey *keys, void *base, const yaml_node_t *v, const char *name)
{
    LdSec d;
    char quoted[64];
    snprintf(quoted, sizeof quoted, "`%s`", name);
    lk_sec(&d, v, quoted, name);
    LdPart *p = lk_part(&d, keys, 0, base, NULL);
    if (!lk_map(ld, &d))
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

enum { PLK_WHEN, PLK_WHERE, PLK_RESERVE, PLK_ALSO, PLK_SOW, PLK_DIR, PLK_N };

static const LdKey place_keys[PLK_N + 1] = {
    [PLK_WHEN] = { .name = "when", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CX_STATE,
                   .off = offsetof(Rules, place_when) },
    [PLK_WHERE] = { .name = "where", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL,
                    .ctx = CTX_FROM, .off = offsetof(Rules, place_where) },
    [PLK_RESERVE] = { .name = "reserve", .required = 1, .kind = LK_STATIC, .flags = LF_QUALIFY, .type = T_INT,
                      .lo = 0, .hi = MAX_SEEDS, .off = offsetof(Rules, place_reserve) },
    [PLK_ALSO] = { .name = "also", .kind = LK_BOOL, .flags = LF_QUALIFY, .off = offsetof(Rules, place_also) },
    [PLK_SOW] = { .name = "sow-on", .kind = LK_BOOL, .flags = LF_QUALIFY, .off = offsetof(Rules, place_sow) },
    [PLK_DIR] = { .name = "direction", .kind = LK_CUSTOM, .read = ls_place_dir },
};

/* moves.place: a move that puts a seed of the mover's reserve into a hole
 * (and, with sow-on, sows on from there), where `when` holds. */
int ls_place(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    (void)s;
    (void)k;
    LdSec d;
    lk_sec(&d, v, "`moves.place`", "moves.place");
    LdPart *p = lk_part(&d, place_keys, 0, base, NULL);
    if (!lk_map(ld, &d))
        return 0;
    Rules *r = base;
    if (p->val[PLK_DIR] && !r->place_sow) {
        dg_error(ld->dg, ld_nloc(p->key[PLK_DIR]),
                 "`moves.place.direction` is the way the sowing goes on after a placement: it needs `sow-on: true`");
        return 0;
    }
    if (r->has_setup) {
        dg_error(ld->dg, ld_nloc(v),
                 "`moves.place` places seeds during the play; `setup` places them before it: give one or the other");
        return 0;
    }
    long all = r->total_seeds + 2L * r->place_reserve;   /* the board is read: its seeds are known */
    if (all > MAX_SEEDS) {
        dg_error(ld->dg, ld_nloc(p->val[PLK_RESERVE]),
                 "%ld seeds on the board and in the reserves (`moves.place.reserve`) is too many (at most %d)", all,
                 MAX_SEEDS);
        return 0;
    }
    r->total_seeds = (int)all;
    r->has_place = 1;
    return 1;
}

static const LdKey step_keys[] = {
    { .name = "when", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CX_STATE,
      .off = offsetof(Rules, step_when) },
    { .name = "from", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CTX_FROM,
      .off = offsetof(Rules, step_from) },
    { .name = "to", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_HOLE, .ctx = CTX_FROM,
      .off = offsetof(Rules, step_to) },
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
    LdSec d;
    lk_sec(&d, v, "`moves.step`", "moves.step");
    LdPart *p = lk_part(&d, step_keys, 0, base, NULL);
    if (!lk_map(ld, &d))
        return 0;
    Rules *r = base;
    if (p->val[5] && !r->step_sow) {
        dg_error(ld->dg, ld_nloc(p->key[5]),
                 "`moves.step.direction` is the way the sowing goes on after a step: it needs `sow-on: true`");
        return 0;
    }
    r->has_steps = 1;
    return 1;
}
