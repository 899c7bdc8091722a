/* capture.c: seeds changing hands: each-seed effects during a sowing,
 * capture rules after it (with chains and cancelling), and who receives
 * seeds taken from a hole. */
#include "engine.h"

Receiver cap_resolve(const Rules *r, const Position *p, Receiver to, int mover)
{
    if (to == RCV_MOVER)
        return (Receiver)(RCV_SOUTH + mover);
    if (to == RCV_OPPONENT)
        return (Receiver)(RCV_SOUTH + next_player(r, p, mover));
    return to;
}

/* Where seeds given to `to` go: a player (MC_TO_SOUTH, MC_TO_NORTH, ...),
 * MC_TO_REMOVED, or -1 (they stay). */
static inline int destination(const Rules *r, const Position *p, Receiver to, int h, int mover)
{
    switch (to) {
    case RCV_MOVER: return mover;
    case RCV_OPPONENT: return next_player(r, p, mover);
    case RCV_OWNER: return is_hole(r, h) ? pos_owner(p, h) : is_store(h) ? h - MAX_HOLES : mover;
    case RCV_REMOVED: return MC_TO_REMOVED;
    case RCV_LAST_MOVER: return p->last_mover;
    case RCV_STARTER: return p->starter;
    case RCV_SOUTH: case RCV_NORTH: case RCV_THIRD: case RCV_FOURTH: return to - RCV_SOUTH;
    default: return -1;
    }
}

/* Reports `n` seeds of `mover`'s move taken from hole h to receiver d
 * (MC_TO_*; `during`: by an each-seed rule). */
static void ev_capture(Vm *vm, int mover, int d, int h, int n, int during)
{
    McEvent ev = { 0 };
    ev.kind = MC_EV_CAPTURE;
    ev.player = (uint8_t)mover;
    ev.receiver = (uint8_t)(d >= MC_TO_HOLE ? MC_TO_HOLE : d);
    if (d >= MC_TO_HOLE)
        ev.last = (int16_t)(d - MC_TO_HOLE);   /* the hole the seeds went into */
    ev.hole = (int16_t)h;
    ev.seeds = n;
    ev.n = during;
    ev_send(vm, &ev);
}

/* cap_receive, inline for the captures of this file; returns where the
 * seeds went (destination). */
static inline int receive(Vm *vm, Position *p, Receiver to, int h, int n, int mover, int during)
{
    int d = destination(vm->r, p, to, h, mover);
    if (d < 0)
        return d;
    if (d == MC_TO_REMOVED)
        p->removed += n;
    else
        p->store[d] += n;
    if (n > 0 && ev_on(vm))
        ev_capture(vm, mover, d, h, n, during);
    return d;
}

void cap_receive(Vm *vm, Position *p, Receiver to, int h, int n, int mover, int during)
{
    receive(vm, p, to, h, n, mover, during);
}

void cap_count_stone(Vm *vm, Position *p, int player, int f)
{
    const int k = vm->r->stone_counter[f];
    if (k >= 0 && p->counter[player][k] < MC_MAX_COUNT) {
        p->counter[player][k]++;
        if (ev_on(vm))
            ev_basic(vm, MC_EV_COUNTER, player, NO_HOLE, k, p->counter[player][k]);
    }
}

/* The large stones of hole h (board.stones) go with its seeds to d
 * (MC_TO_*): a player counts each in his counter of the stone's name,
 * if there is one; a stone that stays is `keep` (a flag, or -1): the one
 * whose fall made the capture. */
static void take_stones(Vm *vm, Position *p, int h, int d, int keep, int mover)
{
    const Rules *r = vm->r;
    if (d >= 0 && is_store(h) && r->stores_hold) {   /* the stones lying in a store */
        for (unsigned m = store_stones_at(r, p, h); m; m &= m - 1) {
            if (ev_on(vm))
                ev_basic(vm, MC_EV_UNFLAG, mover, h, __builtin_ctz(m), 0);
            if (d < MC_TO_REMOVED)   /* a player */
                cap_count_stone(vm, p, d, __builtin_ctz(m));
        }
        p->store_stones[h - MAX_HOLES] = 0;
        return;
    }
    if (d < 0 || !is_hole(r, h))
        return;
    for (unsigned m = r->stone_flags; m; m &= m - 1) {
        const int f = __builtin_ctz(m);
        if (f == keep || !has_hole(p->flags[f], h))
            continue;
        p->flags[f] &= ~bit(h);
        if (ev_on(vm))
            ev_basic(vm, MC_EV_UNFLAG, mover, h, f, 0);
        if (d >= 0 && d < MC_TO_REMOVED)   /* a player */
            cap_count_stone(vm, p, d, f);
    }
}

/* The flag of the stone numbered n (1.., `stone`), or -1 for 0. */
static int stone_flag(const Rules *r, int n)
{
    unsigned m = r->stone_flags;
    for (; n > 1 && m; n--)
        m &= m - 1;
    return n == 1 && m ? __builtin_ctz(m) : -1;
}

/* The seeds rule `c` takes from a hole that holds `count`: all, or at
 * most its `amount` (`most`, evaluated once for the rule; none if < 1). */
static inline int take_of(const CaptureRule *c, int count, int64_t most)
{
    return !c->amount.code || count <= most ? count : most > 0 ? (int)most : 0;
}

/* n seeds taken out of h, a board hole or a store (a capture rule's
 * `take` may name a store: `store(opponent)`, `last`). */
static inline void take_out(Position *p, int h, int n)
{
    if (is_store(h))
        p->store[h - MAX_HOLES] -= n;
    else
        p->count[h] = (uint16_t)(p->count[h] - n);
}

/* Seeds taken from hole h into board hole `into` (a rule's `into`). */
static void to_hole(Vm *vm, Position *p, int h, int n, int into, int mover, int during)
{
    p->count[into] = (uint16_t)(p->count[into] + n);
    if (n > 0 && ev_on(vm))
        ev_capture(vm, mover, MC_TO_HOLE + into, h, n, during);
}

/* The board hole in play a rule's `into` names, or NO_HOLE (then the
 * rule takes nothing). */
static inline int into_hole(const Rules *r, const Position *p, const CaptureRule *c, const ExCtx *cx)
{
    int h = (int)ex_eval(&c->into, cx);
    return is_hole(r, h) && !has_hole(p->out_of_play, h) ? h : NO_HOLE;
}

/* Seeds taken from hole h into the mover's hand, to be sown next. */
static void to_hand(Vm *vm, int h, int n, SowInfo *si)
{
    si->pend += n;
    if (ev_on(vm))
        ev_capture(vm, si->mover, MC_TO_HAND, h, n, 1);
}

/* Seeds taken from hole h into the mover's hand, to be put into a hole
 * of his choice once the sowing is over (a rule's `put`). */
static void put_in_hand(Vm *vm, Position *p, int h, int n, int mover)
{
    p->hand = (uint16_t)(p->hand + n);
    if (n > 0 && ev_on(vm))
        ev_capture(vm, mover, MC_TO_HAND, h, n, 0);
}

/* The changes of rule c's `set`, `dflt` the hole of those with no `at`. */
static void apply_sets(Vm *vm, Position *p, const CaptureRule *c, ExCtx *cx, int dflt)
{
    const Rules *r = vm->r;
    for (int i = 0; i < c->nset; i++) {
        const SetEffect *e = &c->set[i];
        if (e->counter >= 0) {   /* a player's counter, cut to 0..MC_MAX_COUNT */
            int pl = e->of.code ? (int)(ex_eval(&e->of, cx) & 1) : cx->mover;
            int64_t v = ex_eval(&e->value, cx);
            p->counter[pl][e->counter] = (uint16_t)(v < 0 ? 0 : v > MC_MAX_COUNT ? MC_MAX_COUNT : v);
            if (ev_on(vm))
                ev_basic(vm, MC_EV_COUNTER, pl, NO_HOLE, e->counter, p->counter[pl][e->counter]);
            continue;
        }
        int h = e->at.code ? (int)ex_eval(&e->at, cx) : dflt;
        if (!is_hole(r, h))
            continue;
        if (e->flag >= 0 && !has_hole(p->flags[e->flag], h)) {
            if ((r->stone_flags >> e->flag) & 1)   /* a large stone: moved there from where it is */
                for (; p->flags[e->flag]; p->flags[e->flag] &= p->flags[e->flag] - 1)
                    if (ev_on(vm))
                        ev_basic(vm, MC_EV_UNFLAG, cx->mover, ctz_mask(p->flags[e->flag]), e->flag, 0);
            p->flags[e->flag] |= bit(h);
            if (ev_on(vm))
                ev_basic(vm, MC_EV_FLAG, cx->mover, h, e->flag, 0);
        }
        if (e->clear >= 0 && has_hole(p->flags[e->clear], h)) {
            p->flags[e->clear] &= ~bit(h);
            if (ev_on(vm))
                ev_basic(vm, MC_EV_UNFLAG, cx->mover, h, e->clear, 0);
        }
        if (e->owner.code) {
            /* a value that names no player: of two, as ever, bit 0 says
             * who (North for -1); of more, the owner stays */
            const int64_t v = ex_eval(&e->owner, cx);
            const int who = vm->r->players == 2 ? (int)(v & 1) : v >= 0 && v < vm->r->players ? (int)v : pos_owner(p, h);
            if (who != pos_owner(p, h)) {
                pos_set_owner(p, h, who);
                if (ev_on(vm))
                    ev_owners(vm, cx->mover, p, h);
            }
        }
    }
}

/* Does the each-seed rule `i` fire on a seed dropped into a hole that now
 * holds n0 seeds, with `hand` seeds left? */
static int each_fires(const SowRules *s, const SowPlan *sp, int i, int n0, int hand, const ExCtx *cx)
{
    const CaptureRule *c = &s->each_seed[i];
    if (!sp->each_masks)
        return ex_true(&c->when, cx);
    const ExFilter *f = &sp->each_filter[i];
    if (!ex_filter_has(f->count.mask, f->count.big, n0))
        return 0;   /* `when` cannot hold with this many seeds */
    if (f->exact)   /* `when` only compares hole.count and hand with constants */
        return ex_filter_has(f->hand.mask, f->hand.big, hand);
    return ex_true(&c->when, cx);
}

void cap_drop(Vm *vm, const SowRules *s, const SowPlan *sp, Position *p, ExCtx *cx, int h, int hand,
              SowInfo *si)
{
    const Rules *r = vm->r;
    cx->hole = h;
    cx->hand = hand;
    const int n0 = p->count[h];
    for (int i = 0; i < s->neach; i++) {
        if (!each_fires(s, sp, i, n0, hand, cx))
            continue;
        const CaptureRule *c = &s->each_seed[i];
        Mask taken = 0;
        int got = 0;
        const int64_t most = c->amount.code ? ex_eval(&c->amount, cx) : 0;
        const int into = c->into.code ? into_hole(r, p, c, cx) : NO_HOLE;
        if (into != NO_HOLE)
            taken |= bit(into);   /* a hole is not taken into itself */
        for (int k = 0; k < c->ntake && (into != NO_HOLE || !c->into.code); k++) {
            int t = sp->each_take_hole[i] ? h : (int)ex_eval(&c->take[k], cx);
            if (!is_hole(r, t) || has_hole((p->out_of_play | taken), t))
                continue;
            int n = take_of(c, p->count[t], most);
            const int stones = r->stone_flags && !c->to_hand && !c->into.code && hole_stones(r, p, t);
            if (!n && !stones)
                continue;
            p->count[t] = (uint16_t)(p->count[t] - n);
            taken |= bit(t);
            got += n;
            int d = -1;   /* where the seeds went: the stones go with them */
            if (c->to_hand)
                to_hand(vm, t, n, si);
            else if (c->into.code)
                to_hole(vm, p, t, n, into, si->mover, 1);
            else
                d = receive(vm, p, c->to, t, n, si->mover, 1);
            if (stones)
                take_stones(vm, p, t, d, t == h ? stone_flag(r, cx->stone) : -1, si->mover);
        }
        si->captured += got;
        cx->captured = si->captured;
        if (got && r->uses_took)
            p->last_move |= (uint16_t)(1u << si->mover);
        if (got && c->to_hand) {
            si->choose = !c->sow_from.code;
            if (si->choose)   /* the mover chooses: the holes allowed each way */
                for (int d = 0; d < 2; d++)
                    si->choice[d] = c->sow_choice[d].code ? ex_eval_set(&c->sow_choice[d], cx) : 0;
            else
                si->sow_from = (int)ex_eval(&c->sow_from, cx);
        }
        if (c->nset)
            apply_sets(vm, p, c, cx, h);
        break;
    }
    cx->hole = NO_HOLE;
}

/* Is h one of the n holes of the list? (A capture's holes are few: a
 * look at each costs less than a 128-bit set.) */
static inline int listed(const int *holes, int n, int h)
{
    for (int i = 0; i < n; i++)
        if (holes[i] == h)
            return 1;
    return 0;
}

/* The holes capture rule `c` takes, in order, into holes[] (with the
 * seeds taken from each in amounts[]); returns how many. */
static int capture_holes(const Rules *r, const Position *p, const CaptureRule *c, ExCtx *cx, int dir,
                         int *holes, int *amounts)
{
    int n = 0, cur = NO_HOLE;
    const int64_t most = c->amount.code ? ex_eval(&c->amount, cx) : 0;
    if (c->sweep.code) {   /* the holes of a set where `where` holds, in number order */
        Mask m = ex_eval_set(&c->sweep, cx) & mask_n(r->nholes) & ~p->out_of_play;
        for (; m; m &= m - 1) {
            int h = ctz_mask(m);
            cx->hole = h;
            if (c->sweep_where.code && !ex_true(&c->sweep_where, cx))
                continue;
            holes[n] = h;
            amounts[n++] = take_of(c, p->count[h], most);
        }
        cx->hole = NO_HOLE;
        return n;
    }
    for (int k = 0; k < c->ntake; k++) {
        int h = (int)ex_eval(&c->take[k], cx);
        if (is_store(h) && r->stores_hold && !c->into.code) {
            /* a store holding stones gives them alone (board.store-stones);
             * moved `into` a hole, its seeds, as a hole's leave its stones */
            if (hole_stones(r, p, h) && !listed(holes, n, h)) {
                holes[n] = h;
                amounts[n++] = 0;
                cur = h;   /* (a chain goes on from it) */
            }
            continue;
        }
        if (is_store(h) && !listed(holes, n, h)) {   /* a store: its seeds, no chain from it */
            holes[n] = h;
            amounts[n++] = take_of(c, p->store[h - MAX_HOLES], most);
            continue;
        }
        if (!is_hole(r, h) || has_hole(p->out_of_play, h) || listed(holes, n, h))
            continue;
        holes[n] = h;
        amounts[n++] = take_of(c, p->count[h], most);
        cur = h;
    }
    if (c->chain == CHAIN_NONE || cur == NO_HOLE)
        return n;
    const int8_t *along = (c->chain == CHAIN_FORWARD ? r->geo.next : r->geo.back)[cx->mover][dir];
    for (;;) {
        /* (where stores hold large stones, through the stores: their
         * stones alone are taken) */
        int h = r->stores_hold ? bd_place_step(r, p, cur, dir ^ (c->chain != CHAIN_FORWARD), cx->mover)
                               : bd_step(r, p, along, cur);
        if (h == NO_HOLE || listed(holes, n, h))
            break;
        cx->hole = h;
        if (!ex_true(&c->chain_while, cx))
            break;
        holes[n] = h;
        amounts[n++] = !is_store(h) ? take_of(c, p->count[h], most)
                       : c->into.code ? take_of(c, p->store[h - MAX_HOLES], most) : 0;
        cur = h;
        if (c->chain_also.code) {   /* and with it another hole (its opposite) */
            int o = (int)ex_eval(&c->chain_also, cx);
            if (is_hole(r, o) && !has_hole(p->out_of_play, o) && !listed(holes, n, o)) {
                holes[n] = o;
                amounts[n++] = take_of(c, p->count[o], most);
            }
        }
    }
    cx->hole = NO_HOLE;
    return n;
}

/* Rule c (number i) fired: the holes the mover may pick, if any, and how
 * many (PH_PICK, through si->picking); none: the move ends as usual. */
static void pick_start(Vm *vm, Position *p, const CaptureRule *c, ExCtx *cx, int i, SowInfo *si)
{
    const Rules *r = vm->r;
    int64_t n = ex_eval(&c->pick_n, cx);
    Mask from = ex_eval_set(&c->pick_from, cx) & ~p->out_of_play & at_least(p->count, r->nholes, 1);
    if (n < 1 || !from)
        return;
    p->picks = (uint8_t)(n < MAX_HOLES ? n : MAX_HOLES);
    p->hand_from[0] = from;
    p->pick_rule = (uint8_t)(i + 1);
    si->picking = 1;
}

/* The first capture rule whose `when` holds takes its holes; `cancel-if`
 * may undo it. A rule with `continue` lets the rules after it be tried
 * too, in the same way. */
void cap_after(Vm *vm, Position *p, SowInfo *si)
{
    const Rules *r = vm->r;
    if (si->last == NO_HOLE || !r->ncaptures)
        return;
    if (r->plan.cap_filter) {
        int64_t n = is_hole(r, si->last) ? p->count[si->last] : p->store[si->last - MAX_HOLES];
        if (!ex_filter_has(r->plan.cap_counts, r->plan.cap_big, n))
            return;   /* no capture rule can fire with so many seeds there */
    }
    ExCtx cx;
    ctx_after(&cx, r, p, si);
    for (int i = 0; i < r->ncaptures; i++) {
        const CaptureRule *c = &r->captures[i];
        if (!ex_true(&c->when, &cx))
            continue;
        int holes[MAX_HOLES], amounts[MAX_HOLES];
        const int into = c->into.code ? into_hole(r, p, c, &cx) : NO_HOLE;
        const Mask put = c->put.code ? ex_eval_set(&c->put, &cx) & ~p->out_of_play : 0;
        int n = (c->into.code && into == NO_HOLE) || (c->put.code && !put)
                    ? 0 : capture_holes(r, p, c, &cx, si->dir, holes, amounts);
        /* what a cancelled capture gives back: the holes, the stores (and
         * the large stones, with the counters that count them) */
        int32_t stores[3] = { p->store[0], p->store[1], p->removed };
        Mask flags[MAX_FLAGS];
        uint16_t counters[2][MC_MAX_COUNTERS] = { { 0 } };
        uint8_t in_stores[MAX_PLAYERS] = { 0 };
        const int keep_stones = r->stone_flags && c->cancel_if.code;
        if (keep_stones) {
            memcpy(flags, p->flags, sizeof flags);
            memcpy(counters, p->counter, sizeof counters);
            memcpy(in_stores, p->store_stones, sizeof in_stores);
        }
        int got = 0, cancelled = 0;
        for (int k = 0; k < n; k++) {
            if (holes[k] == into)
                continue;   /* a hole is not taken into itself */
            take_out(p, holes[k], amounts[k]);
            if (into != NO_HOLE)
                to_hole(vm, p, holes[k], amounts[k], into, si->mover, 0);
            else if (put)
                put_in_hand(vm, p, holes[k], amounts[k], si->mover);
            else if (r->stone_flags)   /* the hole's stones go with its seeds */
                take_stones(vm, p, holes[k], receive(vm, p, c->to, holes[k], amounts[k], si->mover, 0), -1,
                            si->mover);
            else
                receive(vm, p, c->to, holes[k], amounts[k], si->mover, 0);
            got += amounts[k];
        }
        if (c->cancel_if.code) {
            cx.captured = si->captured + got;
            if (ex_true(&c->cancel_if, &cx)) {
                for (int k = 0; k < n; k++) {
                    if (holes[k] == into)
                        continue;
                    if (!is_store(holes[k]))   /* (the stores are restored whole below) */
                        p->count[holes[k]] = (uint16_t)(p->count[holes[k]] + amounts[k]);
                    if (into != NO_HOLE)
                        p->count[into] = (uint16_t)(p->count[into] - amounts[k]);
                }
                p->store[0] = stores[0];
                p->store[1] = stores[1];
                p->removed = stores[2];
                if (keep_stones) {
                    memcpy(p->flags, flags, sizeof flags);
                    memcpy(p->counter, counters, sizeof counters);
                    memcpy(p->store_stones, in_stores, sizeof in_stores);
                }
                got = 0;
                cancelled = 1;
                if (ev_on(vm))
                    ev_basic(vm, MC_EV_CANCEL, si->mover, NO_HOLE, 0, 0);
            }
        }
        si->captured += got;
        if (got && r->uses_took)
            p->last_move |= (uint16_t)(1u << si->mover);
        if (c->nset && !cancelled) {
            cx.captured = si->captured;
            apply_sets(vm, p, c, &cx, si->last);
        }
        if (c->pick_n.code)
            pick_start(vm, p, c, &cx, i, si);
        if (put && p->hand) {   /* the mover chooses where they go (PH_PUT) */
            p->hand_from[0] = put;
            si->putting = 1;
        }
        if (!c->cont)
            break;   /* (with `continue` the rules after it are tried on the board it left) */
    }
}

/* Rule c of turn-start or before-sowing takes the holes of its `take`,
 * the hole of `for` being cx->hole (NO_HOLE without `for`); what it takes
 * goes to `to` or into its `into`. Returns the seeds taken. */
static int start_take(Vm *vm, Position *p, const CaptureRule *c, ExCtx *cx)
{
    const Rules *r = vm->r;
    const int into = c->into.code ? into_hole(r, p, c, cx) : NO_HOLE;
    if (c->into.code && into == NO_HOLE)
        return 0;
    int holes[MAX_HOLES], amounts[MAX_HOLES], got = 0;
    const int n = capture_holes(r, p, c, cx, cx->dir, holes, amounts);   /* the holes first, then the seeds */
    for (int k = 0; k < n; k++) {
        if (holes[k] == into)
            continue;   /* a hole is not taken into itself */
        take_out(p, holes[k], amounts[k]);
        if (into != NO_HOLE)
            to_hole(vm, p, holes[k], amounts[k], into, cx->mover, 0);
        else if (r->stone_flags)   /* the hole's stones go with its seeds */
            take_stones(vm, p, holes[k], receive(vm, p, c->to, holes[k], amounts[k], cx->mover, 0), -1, cx->mover);
        else
            receive(vm, p, c->to, holes[k], amounts[k], cx->mover, 0);
        got += amounts[k];
    }
    return got;
}

/* The rules rs[0..n) applied in order in the context cx: each whose
 * `when` holds, for each hole of its `for` (the set as the rule begins,
 * in number order) or once. Returns the seeds taken. */
static int start_rules(Vm *vm, Position *p, const CaptureRule *rs, int n, ExCtx *cx)
{
    const Rules *r = vm->r;
    int got = 0;
    for (int i = 0; i < n; i++) {
        const CaptureRule *c = &rs[i];
        if (c->when.code && !ex_true(&c->when, cx))
            continue;
        if (!c->each.code) {
            got += start_take(vm, p, c, cx);
            continue;
        }
        Mask m = ex_eval_set(&c->each, cx) & mask_n(r->nholes);
        for (; m; m &= m - 1) {
            cx->hole = ctz_mask(m);
            got += start_take(vm, p, c, cx);
        }
        cx->hole = NO_HOLE;
    }
    return got;
}

void cap_turn_start(Vm *vm, Position *p)
{
    ExCtx cx;
    ctx_init(&cx, vm->r, p, p->to_move);
    start_rules(vm, p, vm->r->turn_start, vm->r->nturn_start, &cx);
}

void cap_before_sowing(Vm *vm, Position *p, SowInfo *si)
{
    const Rules *r = vm->r;
    ExCtx cx;
    ctx_init(&cx, r, p, si->mover);
    cx.start = si->start;
    cx.dir = si->dir;
    int got = start_rules(vm, p, r->before_sow, r->nbefore_sow, &cx);
    si->captured += got;
    if (got && r->uses_took)
        p->last_move |= (uint16_t)(1u << si->mover);
}

void cap_pick(Vm *vm, Position *p, int h)
{
    const CaptureRule *c = &vm->r->captures[p->pick_rule - 1];
    int n = p->count[h];
    p->count[h] = 0;
    receive(vm, p, c->to, h, n, p->to_move, 0);
    if (n && vm->r->uses_took)
        p->last_move |= (uint16_t)(1u << p->to_move);
    p->hand_from[0] &= ~bit(h);
    if (--p->picks == 0)
        p->hand_from[0] = 0;
}

void cap_put(Vm *vm, Position *p, int h)
{
    (void)vm;
    p->count[h] = (uint16_t)(p->count[h] + p->hand);
    p->hand = 0;
    p->hand_from[0] = 0;
}
