/* flow.c: a game from decision to decision: the start, a decision
 * applied (a sowing with its captures, extra turns and end rules; an
 * opening; a choice of who begins or of holes to fill), then everything
 * that follows without a decision: skipped openings, passes, a player
 * left without a move, repetitions, the end of a game or round. */
#include "engine.h"

/* The opening is made (or skipped): who decides next. */
static void after_opening(const Rules *r, Position *p, int opener)
{
    if (r->first_lot) {
        p->phase = PH_LOT;
        p->lot = MC_LOT_FIRST;
        p->to_move = (uint8_t)!opener;
    } else if (r->first_chooser >= 0) {
        p->phase = PH_FIRST;
        p->to_move = (uint8_t)r->first_chooser;
    } else {
        p->phase = PH_PLAY;
        p->to_move = (uint8_t)!opener;
    }
}

/* The player to move has no legal sowing (`me`: the `must` rule that says
 * so, if one does): the game ends, or he passes. 1 if he passes (the other
 * player is to move), 0 if the game (round) ended. */
static int no_move(Vm *vm, Position *p, History *h, const MustRule *me)
{
    const Rules *r = vm->r;
    int who = p->to_move;
    if (me) {
        /* `seeds: mover` here means the player who could not move */
        rnd_end(vm, p, cap_resolve(r, p, me->seeds, who), END_MUST, WIN_NONE, h);
        return 0;
    }
    if (r->no_moves_loses) {
        rnd_end(vm, p, RCV_STAY, END_NO_MOVES, !who, h);
        return 0;
    }
    ExCtx cx;
    ctx_init(&cx, r, p, who);
    if (!ex_true(&r->no_moves_pass, &cx)) {
        rnd_end(vm, p, cap_resolve(r, p, r->no_moves_seeds, who), END_NO_MOVES, WIN_NONE, h);
        return 0;
    }
    /* he passes to the next player who can move (of two: the other); a
     * pass ends his turn, extra or not */
    p->last_move &= (uint16_t)~LM_EXTRA;
    Position q = *p;
    Move tmp[MAX_MOVES];
    const MustRule *me2;
    for (int next = next_player(r, p, who); next != who; next = next_player(r, p, next)) {
        q.to_move = (uint8_t)next;
        if (gen_sow(vm, &q, tmp, &me2, 1) > 0) {
            if (ev_on(vm))
                ev_basic(vm, MC_EV_PASS, who, NO_HOLE, 0, 0);
            p->to_move = q.to_move;
            return 1;
        }
        if (vm->status != MC_OK)
            return 0;
    }
    rnd_end(vm, p, cap_resolve(r, p, r->no_moves_seeds, who), END_BLOCKED, WIN_NONE, h);
    return 0;
}

/* No `must` rule applies to the player to move at `p`. */
static inline int no_must(const Vm *vm, const Position *p)
{
    if (!vm->r->nmust)
        return 1;
    ExCtx cx;
    ctx_init(&cx, vm->r, p, p->to_move);
    return !gen_musts(vm->r, &cx);
}

/* Records `p`, where a decision is due, for the repetition rule, and ends
 * the round when it has come back as often as the rule allows, or when it
 * has lasted MAX_PLIES decisions: 1 if it ended, 0 if not, or the failure
 * status (< 0). */
static inline int repeated(Vm *vm, Position *p, History *h)
{
    const Rules *r = vm->r;
    if (p->plies >= MAX_PLIES) {   /* a documented limit: no game is endless */
        rnd_end(vm, p, RCV_OWNER, END_MAX_PLIES, WIN_NONE, h);
        return 1;
    }
    if (!h || !r->repetition)
        return 0;   /* no history kept, or no repetition rule */
    int seen = hist_push(r, h, p);
    if (seen < 0)
        return vm_fail(vm, seen);
    if (seen < r->repetition)
        return 0;
    rnd_end(vm, p, cap_resolve(r, p, r->repetition_seeds, p->to_move), END_REPETITION,
            r->repetition_draw ? WIN_DRAW : WIN_NONE, h);
    return 1;
}

int flow_endless(Vm *vm, Position *p)
{
    const Rules *r = vm->r;
    if (!r->repetition)
        return rnd_end(vm, p, RCV_OWNER, END_MAX_PLIES, WIN_NONE, NULL);
    return rnd_end(vm, p, cap_resolve(r, p, r->repetition_seeds, p->to_move), END_REPETITION,
                   r->repetition_draw ? WIN_DRAW : WIN_NONE, NULL);
}

static ALWAYS_INLINE void after_move(Vm *vm, Position *p, const SowInfo *si, History *h);
static void play_steer(Vm *vm, Position *p, const Move *m, History *h, int stuck);

/* PH_STEER: the holes the next seed may go into, in out[] (how many);
 * with none, the move ends there (0). */
static int steer_choices(Vm *vm, Position *p, History *h, Move *out)
{
    int n = gen_steer(vm, p, out);
    if (n == 0 && vm->status == MC_OK)
        play_steer(vm, p, NULL, h, 1);
    return n;
}

/* Runs what needs no decision, up to the next decision or the end. With
 * `out`, also lists the legal decisions there and returns how many (the
 * move generation this needs anyway, not repeated by the caller). `turn`:
 * the next sowing decision begins a turn (a decision was just made, or
 * the game starts): the turn-start rules come first. */
static int advance(Vm *vm, Position *p, History *h, Move *out, int turn)
{
    const Rules *r = vm->r;
    if (r->plan.moves_direct && p->phase == PH_PLAY && !p->over && vm->status == MC_OK && no_must(vm, p)) {
        /* the usual case, straight (the loop below does the same): a
         * sowing is due, its moves are the candidates by masks */
        Move tmp[MAX_MOVES];
        int n = gen_by_mask(r, p, p->to_move, out ? out : tmp);
        if (n > 0) {
            int rep = repeated(vm, p, h);
            if (rep < 0)
                return rep;
            if (!rep)
                return out ? n : 0;
        }
    }
    /* Each pass either reaches a decision or ends a game; a match has at
     * most max_rounds games, so this loop ends. */
    int round = p->round, passed = 0;
    for (int guard = 0; guard < 4 * (r->max_rounds + 2); guard++) {
        int known = -1;   /* moves listed in `out` for p as it is now */
        if (vm->status != MC_OK)
            return vm->status;
        if (p->over)
            return 0;
        if (p->round != round) {   /* a new round: its first turn begins */
            round = p->round;
            turn = 1;
            passed = 0;
        }
        Move tmp[MAX_MOVES];
        if (p->phase == PH_OPENING) {
            /* no opening sowing is possible (no seeds where `from` allows,
             * or only endless ones): the opening is skipped */
            int n = gen_opening(vm, p, out ? out : tmp);
            if (n == 0 && vm->status == MC_OK) {
                after_opening(r, p, p->to_move);
                continue;
            }
            known = n;
        }
        if (p->phase == PH_PLACE) {
            int n = gen_place(vm, p, out ? out : tmp);
            if (n == 0) {   /* nowhere to place: his reserve goes to his store */
                rnd_place(vm, p, NO_HOLE);
                continue;
            }
            known = n;
        }
        if (p->phase == PH_MARK) {
            int n = gen_mark(vm, p, out ? out : tmp);
            if (n == 0) {   /* nowhere to mark: the marking ends */
                rnd_mark(vm, p, NO_HOLE);
                continue;
            }
            known = n;
        }
        if (p->phase == PH_HAND) {
            int n = gen_hand(vm, p, out ? out : tmp);
            if (vm->status != MC_OK)
                return vm->status;
            if (n == 0) {
                /* every choice would sow for ever: the hand goes to the
                 * mover's store and his turn ends */
                int who = p->to_move;
                cap_receive(vm, p, RCV_MOVER, NO_HOLE, p->hand, who, 1);
                p->hand = 0;
                p->hand_from[0] = p->hand_from[1] = 0;
                p->phase = PH_PLAY;
                p->to_move = (uint8_t)next_player(r, p, who);
                p->last_move &= (uint16_t)~LM_EXTRA;
                continue;
            }
            known = n;
        }
        if (p->phase == PH_STEER) {
            if ((known = steer_choices(vm, p, h, out ? out : tmp)) <= 0 && vm->status != MC_OK)
                return vm->status;
            if (known == 0)
                continue;   /* nowhere to steer the next seed: the move ended */
        }
        if (p->phase == PH_PLAY) {
            if (turn && r->nturn_start) {   /* his turn begins: its captures first */
                cap_turn_start(vm, p);
                turn = 0;
            }
            const MustRule *me = NULL;
            int n = gen_sow(vm, p, out ? out : tmp, &me, !out);
            if (vm->status != MC_OK)
                return vm->status;
            known = out ? with_swap(r, p, out, n) : n;
            if (n == 0 && passed && passed >= r->players - 1 - __builtin_popcount(p->eliminated)) {
                /* every other player passed, and this turn's start left
                 * him no move either: nobody can move */
                rnd_end(vm, p, cap_resolve(r, p, r->no_moves_seeds, p->to_move), END_BLOCKED, WIN_NONE, h);
                continue;
            }
            if (n == 0 && !no_move(vm, p, h, me))
                continue;
            if (n == 0 && r->nturn_start) {   /* he passed: the next player's turn begins */
                p->last_move &= (uint16_t)~LM_EXTRA;
                turn = 1;
                passed++;
                continue;
            }
            if (n == 0)
                known = -1;   /* a pass is not a decision: record the position */
        }
        int rep = repeated(vm, p, h);
        if (rep < 0)
            return rep;
        if (rep)
            continue;
        if (!out)
            return 0;
        return known >= 0 && vm->status == MC_OK ? known : gen_moves(vm, p, out);
    }
    return out && !p->over ? gen_moves(vm, p, out) : vm->status;
}

int flow_start(Vm *vm, Position *p, History *h)
{
    const Rules *r = vm->r;
    memset(p, 0, sizeof *p);
    memcpy(p->count, r->initial, sizeof p->count);
    rules_owners(r, p->owner);
    p->store[0] = p->store[1] = r->store_seeds;
    rnd_store_stones(r, p);
    p->round = 1;
    p->starter = SOUTH;
    p->to_move = SOUTH;
    p->last_mover = (uint8_t)(r->players - 1);
    p->winner = WIN_NONE;
    p->phase = PH_PLAY;
    if (r->first_begins >= 0) {   /* first-player.begins */
        p->starter = p->to_move = (uint8_t)r->first_begins;
        p->last_mover = (uint8_t)!r->first_begins;
    }
    if (r->has_opening) {
        p->phase = PH_OPENING;
        p->to_move = (uint8_t)r->opening_by;
        p->starter = (uint8_t)r->opening_by;
        p->last_mover = (uint8_t)!r->opening_by;
    }
    if (r->first_lot && !r->has_opening) {   /* a lot says who begins; then the setup */
        p->phase = PH_LOT;
        p->lot = MC_LOT_FIRST;
        if (!r->has_setup && r->has_reserves)
            rnd_setup(r, p);
    } else if (r->has_reserves) {
        rnd_setup(r, p);
    }
    if (h)
        h->base = h->n;
    int rc = advance(vm, p, h, NULL, 1);
    return rc < 0 ? rc : 0;
}

int flow_settle(Vm *vm, Position *p, History *h)
{
    /* a position in phase play is one where the decision is due, its
     * turn begun; from any other phase the next sowing begins a turn */
    int rc = advance(vm, p, h, NULL, p->phase != PH_PLAY);
    return rc < 0 ? rc : 0;
}


/* Whether the sowing `si` of `mover` stopped for a decision inside his
 * move (where his hand is sown, the holes he picks): then the position
 * says so and the same player decides next. */
static int mid_move(Position *p, const SowInfo *si, int mover)
{
    if (!si->paused && !si->picking && !si->putting)
        return 0;
    p->phase = si->paused ? PH_HAND : si->picking ? PH_PICK : PH_PUT;
    p->last_mover = (uint8_t)mover;
    p->to_move = (uint8_t)mover;
    return 1;
}

/* A sowing move: the sowing and its captures (from the kept trial when
 * there is one), the extra turn, the end rules. */
static void play_sowing(Vm *vm, Position *p, const Move *m, History *h)
{
    const Rules *r = vm->r;
    int mover = p->to_move;
    SowInfo si;
    const int from_hand = p->phase == PH_HAND;
    if (from_hand) {
        sow_hand(vm, p, m, mover, 1, &si);
        p->phase = PH_PLAY;
    } else if (r->sow.steer.code) {   /* the mover steers its seeds: phase steer */
        steer_begin(vm, p, m, mover);
    } else if (r->plan.keep_trials && !ev_on(vm) && gen_kept(vm, p, m, &si)) {
        if (!si.paused)
            cap_after(vm, p, &si);
    } else {
        sow_move(vm, p, m, mover, -1, 1, &si);
    }
    if (r->uses_sowed && !from_hand)   /* who has sown, and which way he went */
        p->sowed = (uint16_t)((p->sowed & ~(3u << 2 * mover)) | (1u | (unsigned)m->dir << 1) << 2 * mover);
    if (p->phase == PH_STEER)
        return;
    if (!mid_move(p, &si, mover))
        after_move(vm, p, &si, h);
}

/* `eliminate`: after a move, each player still in the game for whom it
 * holds is out (his turns are passed over); once one is left, the game
 * ends and he wins. 1 if it ended. */
static int eliminations(Vm *vm, Position *p, ExCtx *cx, History *h)
{
    const Rules *r = vm->r;
    int left = 0, last = 0;
    for (int pl = 0; pl < r->players; pl++) {
        if (p->eliminated >> pl & 1)
            continue;
        cx->player = pl;
        if (ex_true(&r->eliminate, cx)) {
            p->eliminated = (uint8_t)(p->eliminated | 1u << pl);
            if (ev_on(vm))
                ev_basic(vm, MC_EV_OUT, pl, NO_HOLE, 0, 0);
        } else {
            left++;
            last = pl;
        }
    }
    cx->player = 0;
    if (left > 1)
        return 0;
    /* one left (or none, all out at once: a draw); the board stays */
    rnd_end(vm, p, RCV_STAY, END_LAST_PLAYER, left ? last : WIN_DRAW, h);
    return 1;
}

/* After a move of `si->mover` (a sowing, its captures made; or a step):
 * the extra turn and the end rules. */
static ALWAYS_INLINE void after_move(Vm *vm, Position *p, const SowInfo *si, History *h)
{
    const Rules *r = vm->r;
    const int mover = si->mover;
    p->last_mover = (uint8_t)mover;
    if (r->plan.no_after) {
        p->to_move = (uint8_t)next_player(r, p, mover);   /* no extra turn or end rule can hold */
        p->last_move &= (uint16_t)~LM_EXTRA;
        return;
    }
    ExCtx cx;
    ctx_after(&cx, r, p, si);
    int extra = r->extra_turn.code && ex_true(&r->extra_turn, &cx);
    p->to_move = (uint8_t)(extra ? mover : next_player(r, p, mover));
    for (int i = 0; i < r->nends; i++) {
        if (ex_true(&r->ends[i].when, &cx)) {
            int w = WIN_NONE;
            if (r->ends[i].winner.code) {   /* no player (the owner of no hole): a draw */
                int64_t v = ex_eval(&r->ends[i].winner, &cx);
                w = v >= 0 && v < r->players ? (int)v : WIN_DRAW;
            }
            vm->end_rule = i + 1;
            rnd_end(vm, p, cap_resolve(r, p, r->ends[i].seeds, mover), END_RULE, w, h);
            vm->end_rule = 0;
            return;
        }
    }
    if (r->eliminate.code) {   /* players out; the next one still in */
        if (eliminations(vm, p, &cx, h))
            return;
        extra &= !(p->eliminated >> mover & 1);
        p->to_move = (uint8_t)(extra ? mover : next_player(r, p, mover));
    }
    if (r->uses_extra)   /* `extra`: the next move is an extra turn */
        p->last_move = (uint16_t)(extra ? p->last_move | LM_EXTRA : p->last_move & ~LM_EXTRA);
    if (extra && ev_on(vm))
        ev_basic(vm, MC_EV_EXTRA_TURN, mover, NO_HOLE, 0, 0);
}

/* A step (moves.step): one seed (or m->holes seeds: step.seeds) carried
 * from m->hole to m->dir; then, as after a sowing that captured nothing,
 * the extra turn and the end rules. A step that sows on is a lap of
 * those seeds (sow_step), with what follows a sowing. */
static void play_step(Vm *vm, Position *p, const Move *m, History *h)
{
    int mover = p->to_move;
    if (ev_on(vm)) {
        McEvent ev = { 0 };
        ev.kind = MC_EV_STEP;
        ev.player = (uint8_t)mover;
        ev.hole = m->hole;
        ev.last = m->dir;
        ev.seeds = step_seeds(m);
        ev_send(vm, &ev);
    }
    SowInfo si;
    if (m->arg) {
        sow_step(vm, p, m, mover, 1, &si);
        if (!mid_move(p, &si, mover))
            after_move(vm, p, &si, h);
        return;
    }
    move_begins(vm->r, p, mover, 0);
    p->count[m->hole] = (uint16_t)(p->count[m->hole] - step_seeds(m));
    p->count[m->dir] = (uint16_t)(p->count[m->dir] + step_seeds(m));
    memset(&si, 0, sizeof si);
    si.mover = mover;
    si.start = si.origin = m->hole;
    si.last = m->dir;
    si.dropped = step_seeds(m);
    after_move(vm, p, &si, h);
}

/* A placement (moves.place): a seed of the mover's reserve into m->hole
 * (with `each`, m->arg 1: into every hole `where` allows, in hole order
 * while the reserve lasts); then, as after a sowing that captured
 * nothing, the extra turn and the end rules. A placement that sows on is a lap of that seed (sow_place),
 * with what follows a sowing. */
static void play_place(Vm *vm, Position *p, const Move *m, History *h)
{
    const Rules *r = vm->r;
    int mover = p->to_move;
    SowInfo si;
    if (r->place_sow) {
        if (ev_on(vm))
            ev_basic(vm, MC_EV_PLACE, mover, m->hole, p->reserve[mover] - 1, 1);
        sow_place(vm, p, m, mover, 1, &si);
        if (!mid_move(p, &si, mover))
            after_move(vm, p, &si, h);
        return;
    }
    move_begins(r, p, mover, LM_PLACED);
    memset(&si, 0, sizeof si);
    si.mover = mover;
    si.start = si.origin = si.last = m->hole;
    si.step = 1;
    si.dropped = 1;
    if (m->arg == 1) {   /* moves.place.each: into every hole `where` allows, while the reserve lasts */
        Mask into = 0;
        ExCtx cx;
        ctx_init(&cx, r, p, mover);
        for (int k = 0; k < r->nholes; k++)
            if (hole_allows(p, &cx, &r->place_where, k))
                into |= bit(k);   /* all tested on the position before the move */
        for (int k = 0; k < r->nholes && p->reserve[mover] > 0; k++)
            if (has_hole(into, k)) {
                p->reserve[mover]--;
                p->count[k]++;
                si.last = k;
                if (ev_on(vm))
                    ev_basic(vm, MC_EV_PLACE, mover, k, p->reserve[mover], 1);
            }
        after_move(vm, p, &si, h);
        return;
    }
    p->reserve[mover]--;
    p->count[m->hole]++;
    if (ev_on(vm))
        ev_basic(vm, MC_EV_PLACE, mover, m->hole, p->reserve[mover], 1);
    after_move(vm, p, &si, h);
}

/* A sowing from the store (moves.store): m->holes seeds of the mover's
 * store sown from m->hole on as a lap from the hand, with the captures,
 * the extra turn and the end rules of any sowing. */
static void play_store(Vm *vm, Position *p, const Move *m, History *h)
{
    int mover = p->to_move;
    SowInfo si;
    if (ev_on(vm))
        ev_basic(vm, MC_EV_UNSTORE, mover, m->hole, p->store[mover] - (int)m->holes, (int)m->holes);
    sow_store(vm, p, m, mover, 1, &si);
    if (!mid_move(p, &si, mover))
        after_move(vm, p, &si, h);
}

/* A selection (moves.select): nothing is sown; the before-sowing rules
 * (start: the hole selected, looking counterclockwise), then the capture
 * rules run as after a sowing that ended in m->hole (start, origin and
 * last), then, unless they stop for a decision (a pick, a put), the
 * extra turn and the end rules. */
static void play_select(Vm *vm, Position *p, const Move *m, History *h)
{
    int mover = p->to_move;
    SowInfo si;
    move_begins(vm->r, p, mover, LM_SELECTED);
    memset(&si, 0, sizeof si);
    si.mover = mover;
    si.dir = DIR_CCW;
    si.start = si.origin = si.last = m->hole;
    if (vm->r->nbefore_sow)
        cap_before_sowing(vm, p, &si);
    cap_after(vm, p, &si);
    if (!mid_move(p, &si, mover))
        after_move(vm, p, &si, h);
}

/* The move is over after decisions inside it (picks, a put): the extra
 * turn and the end rules, on the position alone. */
static void after_decisions(Vm *vm, Position *p, int mover, History *h)
{
    p->phase = PH_PLAY;
    SowInfo si;
    memset(&si, 0, sizeof si);
    si.mover = mover;
    si.start = si.origin = si.last = NO_HOLE;
    after_move(vm, p, &si, h);
}

/* The next seed of a steered lap dropped (PH_STEER); once the sowing is
 * over, its captures; the extra turn and the end rules. With no hole
 * for the next seed (`stuck`, no move), the hand falls where the last
 * seed did and the move is over without a capture. */
static void play_steer(Vm *vm, Position *p, const Move *m, History *h, int stuck)
{
    int mover = p->to_move;
    SowInfo si;
    p->last_mover = (uint8_t)mover;
    if (stuck) {
        steer_stuck(vm, p, &si);
        after_move(vm, p, &si, h);
        return;
    }
    if (!steer_drop(vm, p, m->hole, &si))
        return;
    cap_after(vm, p, &si);
    if (!mid_move(p, &si, mover))
        after_move(vm, p, &si, h);
}

/* The seeds in hand put into a hole (PH_PUT): the move is over. */
static void play_put(Vm *vm, Position *p, const Move *m, History *h)
{
    cap_put(vm, p, m->hole);
    p->last_mover = p->to_move;
    after_decisions(vm, p, p->to_move, h);
}

/* A hole picked (PH_PICK): its seeds taken; with no pick left, the move
 * is over. */
static void play_pick(Vm *vm, Position *p, const Move *m, History *h)
{
    int mover = p->to_move;
    cap_pick(vm, p, m->hole);
    p->last_mover = (uint8_t)mover;
    if (p->picks && p->hand_from[0])
        return;   /* more to pick */
    p->picks = 0;
    p->hand_from[0] = 0;
    p->pick_rule = 0;
    after_decisions(vm, p, mover, h);
}

int flow_play(Vm *vm, Position *p, const Move *mp, History *h, Move *next)
{
    if (vm->status != MC_OK)
        return vm->status;
    const Rules *r = vm->r;
    /* mp may point into next, which advance overwrites; and it was most
     * likely written a moment ago in two words: read it the same way */
    Move mv;
    uint64_t w[2];
    _Static_assert(sizeof w == sizeof mv, "a move is two words");
    memcpy(w, mp, sizeof w);
    memcpy(&mv, w, sizeof mv);
    const Move *m = &mv;
    int mover = p->to_move;
    if (p->plies < UINT16_MAX)
        p->plies++;
    if (ev_on(vm)) {
        McEvent ev = { 0 };
        ev.kind = MC_EV_MOVE;
        ev.player = (uint8_t)mover;
        ev.hole = m->kind == MV_SOW ? m->hole : NO_HOLE;
        ev.move = *m;
        ev_send(vm, &ev);
    }
    if (m->kind == MV_SOW && p->phase != PH_OPENING) {   /* a sowing (or of the hand): the usual decision */
        play_sowing(vm, p, m, h);
        return advance(vm, p, h, next, 1);
    }
    switch (m->kind) {
    case MV_FIRST:
        p->phase = PH_PLAY;
        p->last_mover = (uint8_t)mover;
        p->to_move = m->dir;
        break;
    case MV_FILL:
        rnd_fill(vm, p, mover, (Mask)m->holes);
        p->last_mover = (uint8_t)mover;
        rnd_after_fill(r, p);
        break;
    case MV_PLACE:
        if (p->phase != PH_PLACE) {   /* during the play (moves.place) */
            play_place(vm, p, m, h);
            break;
        }
        rnd_place(vm, p, m->hole);
        p->last_mover = (uint8_t)mover;
        break;
    case MV_SWAP:
        if (p->phase == PH_SWAP)
            rnd_swap(vm, p, m->dir);
        else
            rnd_swap_play(vm, p);
        p->last_mover = (uint8_t)mover;
        p->last_move &= (uint16_t)~LM_EXTRA;   /* the swap ends his turn */
        break;
    case MV_STEP:
        play_step(vm, p, m, h);
        break;
    case MV_STORE:
        play_store(vm, p, m, h);
        break;
    case MV_SELECT:
        play_select(vm, p, m, h);
        break;
    case MV_PICK:
        play_pick(vm, p, m, h);
        break;
    case MV_PUT:
        play_put(vm, p, m, h);
        break;
    case MV_STEER:
        play_steer(vm, p, m, h, 0);
        break;
    case MV_MARK:
        rnd_mark(vm, p, m->hole);
        p->last_mover = (uint8_t)mover;
        break;
    case MV_LOT:   /* nobody's decision: last_mover stays */
        rnd_lot(vm, p, m->dir, h);
        break;
    default: {   /* an opening sowing */
        SowInfo si;
        sow_opening(vm, p, m->hole, mover, &si);
        p->last_mover = (uint8_t)mover;
        after_opening(r, p, mover);
        break;
    }
    }
    return advance(vm, p, h, next, 1);
}
