/* moveother.c: the decisions of the play other than sowing from a hole
 * (movegen.c gathers them): steps of seeds (moves.step), placements of
 * the reserve (moves.place), sowings from the store (moves.store) and
 * selections (moves.select). */
#include "engine.h"

/* The ways a step or a placement that sows on may go on from the hole of
 * cx (conditions `cw`, `ccw`; neither given: counterclockwise only). */
static void ways_on(const Expr *cw, const Expr *ccw, ExCtx *cx, int *way_cw, int *way_ccw)
{
    *way_cw = 0;
    *way_ccw = 1;
    if (cw->code || ccw->code) {
        *way_cw = cw->code && ex_true(cw, cx);
        *way_ccw = ccw->code && ex_true(ccw, cx);
    }
}

/* The steps of moves.step from hole h (cx->hole) to hole t, if it is one
 * (another board hole in play; for a step that sows on, on the mover's
 * track: one each way `step.direction` allows); `seeds` carried. */
static int step_to(const Rules *r, const Position *p, ExCtx *cx, int h, int t, int seeds, Move *out)
{
    if (!is_hole(r, t) || t == h || has_hole(p->out_of_play, t))
        return 0;
    const uint64_t k = seeds > 1 ? (uint64_t)seeds : 0;
    if (!r->step_sow) {
        out[0] = (Move){ MV_STEP, (uint8_t)h, (uint8_t)t, 0, 0, k };
        return 1;
    }
    if (!has_hole(r->geo.track_mask[p->to_move], t))
        return 0;   /* the sowing goes on along the mover's track: it starts on it */
    int cw, ccw, n = 0;
    ways_on(&r->step_cw, &r->step_ccw, cx, &cw, &ccw);
    if (cw)
        out[n++] = (Move){ MV_STEP, (uint8_t)h, (uint8_t)t, (uint8_t)ccw, 1 + DIR_CW, k };
    if (ccw)
        out[n++] = (Move){ MV_STEP, (uint8_t)h, (uint8_t)t, (uint8_t)cw, 1 + DIR_CCW, k };
    return n;
}

/* The steps of moves.step, where its `when` holds: from each hole where
 * `from` holds, its `seeds` (one by default, cut to what it holds) to the
 * hole `to` names or to each hole of `to-any`; a step that sows on, each
 * way `step.direction` allows (none endless). */
int gen_steps(Vm *vm, const Position *p, ExCtx *cx, Move *out, int room)
{
    const Rules *r = vm->r;
    int n = 0;
    Mask skip = p->out_of_play;
    if (r->plan.step_owned)   /* `from` needs the mover's hole */
        skip |= ~owned_mask(r, p, cx->mover);
    for (int h = 0; h < r->nholes && n + 2 <= room; h++) {
        if (!p->count[h] || has_hole(skip, h))
            continue;
        cx->hole = h;
        if (!ex_true(&r->step_from, cx))
            continue;
        int seeds = 1;
        if (r->step_seeds.code) {
            int64_t k = ex_eval(&r->step_seeds, cx);
            seeds = k < 1 ? 1 : k > p->count[h] ? p->count[h] : (int)k;
        }
        if (!r->step_to_any.code) {
            n += step_to(r, p, cx, h, (int)ex_eval(&r->step_to, cx), seeds, out + n);
            continue;
        }
        Mask to = ex_eval_set(&r->step_to_any, cx) & mask_n(r->nholes);
        for (; to && n + 2 <= room; to &= to - 1)
            n += step_to(r, p, cx, h, ctz_mask(to), seeds, out + n);
    }
    cx->hole = NO_HOLE;
    if (!r->step_sow || r->sow.laps != LAPS_RELAY)
        return n;
    return drop_endless(vm, p, out, n, TRY_STEP);   /* a relay after a step may never end */
}

int hole_allows(const Position *p, ExCtx *cx, const Expr *where, int h)
{
    if (has_hole(p->out_of_play, h))
        return 0;
    cx->hole = h;
    return ex_true(where, cx);
}

/* The placements of moves.place, where it applies: a seed of the reserve
 * into each hole in play where `where` holds; a placement that sows on,
 * each way `place.direction` allows (none endless); with `each`, a single
 * move (arg 1, `hole` the first of them) that puts a seed into each. */
int gen_places(Vm *vm, const Position *p, ExCtx *cx, Move *out, int room)
{
    const Rules *r = vm->r;
    int n = 0;
    if (r->place_each) {
        for (int h = 0; h < r->nholes && !n; h++)
            if (hole_allows(p, cx, &r->place_where, h))
                out[n++] = (Move){ MV_PLACE, (uint8_t)h, 0, 0, 1, 0 };
        cx->hole = NO_HOLE;
        return n;
    }
    for (int h = 0; h < r->nholes && n + 2 <= room; h++) {
        if (has_hole(p->out_of_play, h))
            continue;
        if (r->place_sow && !has_hole(r->geo.track_mask[p->to_move], h))
            continue;   /* the sowing goes on along the mover's track: it starts on it */
        cx->hole = h;
        if (!ex_true(&r->place_where, cx))
            continue;
        if (!r->place_sow) {
            out[n++] = (Move){ MV_PLACE, (uint8_t)h, 0, 0, 0, 0 };
            continue;
        }
        int cw, ccw;
        ways_on(&r->place_cw, &r->place_ccw, cx, &cw, &ccw);
        if (cw)
            out[n++] = (Move){ MV_PLACE, (uint8_t)h, DIR_CW, (uint8_t)ccw, 0, 0 };
        if (ccw)
            out[n++] = (Move){ MV_PLACE, (uint8_t)h, DIR_CCW, (uint8_t)cw, 0, 0 };
    }
    cx->hole = NO_HOLE;
    if (!r->place_sow || r->sow.laps != LAPS_RELAY)
        return n;
    return drop_endless(vm, p, out, n, TRY_PLACE);   /* a relay after a placement may never end */
}

/* Does entry `e` of moves.store apply to the player to move? (His store
 * holds seeds, and `when` holds if given.) */
int stores_now(const Rules *r, const Position *p, const ExCtx *cx, int e)
{
    const StoreMove *sm = &r->store_moves[e];
    return p->store[p->to_move] > 0 && (!sm->when.code || ex_true(&sm->when, cx));
}

/* The sowings of entry `e` of moves.store: each way it allows, from the
 * hole `into` names (a hole of the mover's track, in play), each number
 * of seeds from `lift.min` to `lift.max` (cut to 1..the store; without
 * `lift`, the whole store); at most `room`. Endless relays and the
 * `must` rules are the caller's (gen_sow's trials). */
int gen_stores(const Rules *r, const Position *p, ExCtx *cx, int e, Move *out, int room)
{
    const StoreMove *sm = &r->store_moves[e];
    const int have = p->store[p->to_move];
    int64_t lo = have, hi = have;
    if (sm->min.code) {
        lo = ex_eval(&sm->min, cx);
        hi = ex_eval(&sm->max, cx);
        lo = lo < 1 ? 1 : lo;
        hi = hi > have ? have : hi;
    }
    int way[2];
    ways_on(&sm->cw, &sm->ccw, cx, &way[DIR_CW], &way[DIR_CCW]);
    int n = 0;
    for (int d = DIR_CW; d >= DIR_CCW; d--) {   /* clockwise first, as everywhere */
        if (!way[d])
            continue;
        cx->dir = d;
        int h = (int)ex_eval(&sm->into, cx);
        if (!is_hole(r, h) || has_hole(p->out_of_play, h) || !has_hole(r->geo.track_mask[p->to_move], h))
            continue;   /* the sowing goes along the mover's track: it starts on it */
        for (int64_t k = lo; k <= hi && n < room; k++)
            out[n++] = (Move){ MV_STORE, (uint8_t)h, (uint8_t)d, (uint8_t)(way[DIR_CW] && way[DIR_CCW]),
                               (uint32_t)e, (uint64_t)k };
    }
    cx->dir = 0;
    return n;
}

/* The selections of moves.select, where it applies: each hole in play
 * where `where` holds (at most `room`). */
int gen_selects(const Rules *r, const Position *p, ExCtx *cx, Move *out, int room)
{
    int n = 0;
    for (int h = 0; h < r->nholes && n < room; h++)
        if (hole_allows(p, cx, &r->select_where, h))
            out[n++] = (Move){ MV_SELECT, (uint8_t)h, 0, 0, 0, 0 };
    cx->hole = NO_HOLE;
    return n;
}
