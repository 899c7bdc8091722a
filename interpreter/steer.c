/* steer.c: a sowing the mover steers seed by seed (`sowing.steer`, phase
 * steer). The move lifts its hole as any sowing does; then each seed is
 * a decision of its own: the mover drops it into a hole of the set
 * `sowing.steer` gives, worked out where the last seed fell. The state of
 * the lap is in the position (mancala.h, MC_PHASE_STEER): the seeds in
 * hand, the hole of the last seed and the one before it, the lap's holes
 * and origin, the move's start. When the lap's last seed has fallen,
 * `relay-while` may lift the landing hole (`relay-from: last`) or the
 * hole straight ahead (`relay-from: next`) for another steered lap;
 * otherwise the sowing is over and the captures follow (flow.c). Where
 * `sowing.steer` leaves no hole for the next seed, the seeds in hand all
 * fall into the hole of the last one and the move ends there: no relay,
 * no capture. */
#include "engine.h"

/* The hole the last seed fell into (the lap's origin before its first
 * seed). */
static int steer_at(const Position *p)
{
    return p->picks;
}

/* The hole the last seed came from (NO_HOLE at the lap's first seed). */
static int steer_before(const Position *p)
{
    return p->pick_rule ? p->pick_rule - 1 : NO_HOLE;
}

/* The hole the lap was lifted from. */
static int steer_origin(const Position *p)
{
    return ctz_mask(p->hand_from[1]);
}

/* The hole the move started from. */
static int steer_start(const Position *p)
{
    return p->lot ? p->lot - 1 : steer_origin(p);
}

/* The heading of the lap's last step (1 + HEAD_*; 0: no step yet). */
static int steer_heading(const Rules *r, const Position *p)
{
    int before = steer_before(p);
    return before >= 0 ? geo_heading(&r->geo, before, steer_at(p)) : 0;
}

/* Hole h lifted for a steered lap: its seeds in hand, the lap's first
 * place to be chosen from h. (No MC_EV_LAP: each seed is a decision,
 * MC_EV_MOVE, and with seed events an MC_EV_SEED.) */
static void steer_lift(Position *p, int h)
{
    p->hand = p->count[h];
    p->count[h] = 0;
    p->picks = (uint8_t)h;
    p->pick_rule = 0;
    p->hand_from[0] = p->hand_from[1] = bit(h);
    p->phase = PH_STEER;
}

void steer_begin(Vm *vm, Position *p, const Move *m, int mover)
{
    move_begins(vm->r, p, mover, 0);
    p->lot = (uint8_t)(m->hole + 1);
    p->last_mover = p->to_move = (uint8_t)mover;
    steer_lift(p, m->hole);
}

int gen_steer(Vm *vm, const Position *p, Move *out)
{
    const Rules *r = vm->r;
    ExCtx cx;
    ctx_init(&cx, r, p, p->to_move);
    cx.hole = steer_at(p);
    cx.origin = steer_origin(p);
    cx.start = steer_start(p);
    cx.hand = p->hand;
    cx.trail = p->hand_from[0];
    cx.heading = steer_heading(r, p);
    const Mask to = ex_eval_set(&r->sow.steer, &cx) & mask_n(r->nholes) & ~p->out_of_play;
    int n = 0;
    for (int h = 0; h < r->nholes; h++)
        if (has_hole(to, h))
            out[n++] = (Move){ MV_STEER, (uint8_t)h, 0, 0, 0, 0 };
    return n;
}

/* The lap is over, its last `dropped` seeds in the hole of the last one:
 * what the rules after a sowing know of it, in si. */
static void steer_info(const Rules *r, const Position *p, SowInfo *si, int dropped)
{
    memset(si, 0, sizeof *si);
    si->mover = p->to_move;
    si->origin = steer_origin(p);
    si->start = steer_start(p);
    si->last = steer_at(p);
    si->dir = DIR_CCW;
    si->heading = steer_heading(r, p);
    si->dropped = dropped;
    si->spill = -1;
}

/* The same, and the position back in phase play. */
static void steer_done(const Rules *r, Position *p, SowInfo *si, int dropped)
{
    steer_info(r, p, si, dropped);
    p->phase = PH_PLAY;
    p->hand = 0;
    p->picks = p->pick_rule = p->lot = 0;
    p->hand_from[0] = p->hand_from[1] = 0;
}

int steer_drop(Vm *vm, Position *p, int h, SowInfo *si)
{
    const Rules *r = vm->r;
    p->count[h]++;
    p->hand--;
    p->pick_rule = (uint8_t)(steer_at(p) + 1);
    p->picks = (uint8_t)h;
    p->hand_from[0] |= bit(h);
    if (ev_seeds_on(vm))
        ev_basic(vm, MC_EV_SEED, p->to_move, h, 0, 1);
    if (p->hand)
        return 0;
    /* the lap's last seed: another lap from here, or the sowing is over */
    if (r->sow.laps == LAPS_RELAY) {
        SowInfo lap;
        steer_info(r, p, &lap, 1);
        ExCtx cx;
        ctx_after(&cx, r, p, &lap);
        int more = r->sow.relay_while.code ? ex_true(&r->sow.relay_while, &cx) : p->count[h] > 1;
        int next = !more ? NO_HOLE
                   : r->sow.relay_from == RELAY_FROM_NEXT
                       ? geo_ahead(&r->geo, r->rows, r->width, h, lap.heading, 1) : h;
        if (next >= 0 && !has_hole(p->out_of_play, next) && p->count[next]) {
            steer_lift(p, next);
            return 0;
        }
    }
    steer_done(r, p, si, 1);
    return 1;
}

void steer_stuck(Vm *vm, Position *p, SowInfo *si)
{
    int at = steer_at(p), n = p->hand;
    p->count[at] = (uint16_t)(p->count[at] + n);
    if (ev_seeds_on(vm))
        for (int i = 0; i < n; i++)
            ev_basic(vm, MC_EV_SEED, p->to_move, at, 0, 1);
    steer_done(vm->r, p, si, n);
}
