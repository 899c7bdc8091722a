/* plan.c: the engine's short cuts for one rule set, chosen in one place
 * (see plan.h).
 *
 * What a sowing needs is read from the keys the file gives (FT_*) and the
 * normal forms of its conditions; each kernel and short cut lists what it
 * supports, and is chosen only when that covers every need. A key the
 * plan does not know keeps everything general. */
#include <string.h>

#include "rules.h"

/* What a sowing needs of a kernel. */
enum {
    N_FIRST_ORIGIN = 1 << 0,   /* the first seed into the origin */
    N_SKIP_ORIGIN  = 1 << 1,   /* the origin is passed over */
    N_SKIP         = 1 << 2,   /* other holes are passed over */
    N_STORES       = 1 << 3,   /* stores on the track take seeds */
    N_RELAY        = 1 << 4,   /* relay laps, while the last hole was occupied */
    N_RELAY_NEXT   = 1 << 5,   /* a relay lap lifts the hole after the landing hole */
    N_RELAY_WHILE  = 1 << 6,   /* relay laps while a condition holds */
    N_SPILL        = 1 << 7,   /* seeds may leave at a row's end (decided per move) */
    N_EACH         = 1 << 8,   /* each-seed rules */
    N_TRACK        = 1 << 9,   /* a track that is not a ring of numbers */
    N_LIFT         = 1 << 10,  /* a lap may lift part of its origin */
    N_REVERSE      = 1 << 11   /* a relay lap may sow the other way */
};

/* The plain kernel: laps a circuit at a time; a spill is checked at the
 * start of each move (a move that spills goes to the general kernel). */
#define PLAIN_SUPPORTS (N_SKIP_ORIGIN | N_RELAY | N_SPILL)
/* The general kernel's tight loop for a lap into consecutive holes. */
#define CONSECUTIVE_SUPPORTS (N_FIRST_ORIGIN | N_RELAY | N_RELAY_NEXT | N_RELAY_WHILE | N_SPILL | N_EACH | N_LIFT | \
                              N_REVERSE)

/* The sowing keys this plan knows (rules.h). */
#define SOW_KNOWN (FT_FIRST_SEED | FT_SKIP | FT_INTO_STORES | FT_LAPS | FT_RELAY_FROM | FT_RELAY_WHILE | \
                   FT_SPILL | FT_EACH_SEED | FT_LIFT | FT_RELAY_REVERSE)
#define MOVES_KNOWN (FT_FROM | FT_DIRECTION | FT_MARK | FT_MUST)

/* Is the normal form exactly `a`, one test? */
static int form_is(const ExForm *f, ExSubj subj, int var, ExCmp op, int rhs)
{
    const ExAtom *a = &f->atoms[0];
    return f->kind == EXF_AND && !f->rest && f->n == 1 && a->subj == subj && a->var == var && !a->player &&
           a->op == op && a->rhs == rhs;
}

/* What the sowing `s` needs (N_*) on the board of `r`. */
static unsigned sow_needs(const struct McRules *r, const SowRules *s)
{
    unsigned need = 0;
    if (!r->geo.ring_len[SOUTH] || !r->geo.ring_len[NORTH])
        need |= N_TRACK;
    if (s->first_seed == FIRST_ORIGIN)
        need |= N_FIRST_ORIGIN;
    if (ex_may_hold(&s->skip))
        need |= !s->skip.is_const && form_is(&s->skip.form, EXS_VALUE, EXV_HOLE, CMP_EQ, EXV_ORIGIN)
                ? N_SKIP_ORIGIN : N_SKIP;
    if (s->into_stores != INTO_NONE)
        need |= N_STORES;
    if (s->laps == LAPS_RELAY)
        need |= N_RELAY;
    if (s->relay_from == RELAY_FROM_NEXT)
        need |= N_RELAY_NEXT;
    if (s->relay_while.code)
        need |= N_RELAY_WHILE;
    if (ex_may_hold(&s->spill))
        need |= N_SPILL;
    if (s->neach)
        need |= N_EACH;
    if (s->lift.code)
        need |= N_LIFT;
    if (s->relay_reverse.code)
        need |= N_REVERSE;
    return need;
}

/* The each-seed rules' masks and `take: hole`. */
static void plan_each(const SowRules *s, SowPlan *sp)
{
    for (int i = 0; i < s->neach; i++) {
        const CaptureRule *c = &s->each_seed[i];
        nf_filter(&c->when, EXV_HOLE, &sp->each_filter[i]);
        sp->each_take_hole[i] = c->ntake == 1 && c->take[0].form.kind == EXF_NAME && c->take[0].form.name == EXV_HOLE;
        sp->each_counts |= sp->each_filter[i].count.mask;
        sp->each_big |= (uint8_t)sp->each_filter[i].count.big;
    }
    sp->each_masks = 1;
}

/* The kernel and short cuts for the sowing `s`: the plain kernel when
 * it supports every need and the board has at most 64 holes (its masks
 * are one word), else the general one. */
static void plan_sow(const struct McRules *r, const SowRules *s, SowPlan *sp)
{
    if ((s->features & ~SOW_KNOWN) || r->stone_flags)
        return;   /* a key this plan does not know, or large stones: the general kernel, as written */
    unsigned need = sow_needs(r, s);
    sp->kernel = (need & ~PLAIN_SUPPORTS) || r->nholes > 64 ? KERNEL_GENERAL : KERNEL_PLAIN;
    sp->skip_origin = (need & N_SKIP_ORIGIN) != 0;
    sp->consecutive = !(need & ~CONSECUTIVE_SUPPORTS);
    plan_each(s, sp);
}

/* `from` as "own hole with at least K seeds": K, or -1 if it is not. */
static int own_min(const Expr *from)
{
    const ExForm *f = &from->form;
    if (from->is_const || f->kind != EXF_AND || f->rest)
        return -1;
    int own = 0, min = 0;
    for (int i = 0; i < f->n; i++) {
        const ExAtom *a = &f->atoms[i];
        if (a->var != EXV_HOLE || a->player)
            return -1;
        if (a->subj == EXS_OWNER && a->op == CMP_EQ && a->rhs == EXV_MOVER)
            own = 1;
        else if (a->subj == EXS_COUNT && a->op == CMP_GE && a->rhs == EX_NO_VAR && a->k > min)
            min = a->k;
        else
            return -1;
    }
    return own ? min : -1;
}

/* Constant directions as DIR_* bits, or -1 if a direction depends on the
 * hole. */
static int const_dirs(const Rules *r)
{
    int dirs = 0;
    const Expr *d[2] = { [DIR_CCW] = &r->dir_ccw, [DIR_CW] = &r->dir_cw };
    for (int i = 0; i < 2; i++) {
        if (!d[i]->code)
            continue;
        if (!d[i]->is_const)
            return -1;
        if (d[i]->value)
            dirs |= 1 << i;
    }
    return dirs;
}

/* Move lists by bit masks when `moves.from` is "own hole with at least
 * K seeds" and the directions do not depend on the hole. */
static void plan_moves(Rules *r)
{
    Plan *pl = &r->plan;
    if ((r->move_features & ~MOVES_KNOWN) || r->stone_flags)
        return;   /* (a hole holding only a large stone may be sown from) */
    int min = own_min(&r->from), dirs = const_dirs(r);
    if (min < 0 || dirs < 0)
        return;
    pl->moves_by_mask = 1;
    pl->from_min = (int16_t)min;
    pl->dirs = (uint8_t)dirs;
    /* (turn-start rules change the board before the moves are listed:
     * the loop of flow.c applies them) */
    pl->moves_direct = r->sow.laps != LAPS_RELAY && !r->nturn_start;
}

/* Does the condition `e` need `hole.owner == mover` (one of the tests
 * its normal form must pass)? */
static int needs_owned(const Expr *e)
{
    const ExForm *f = &e->form;
    if (e->is_const || f->kind != EXF_AND)
        return 0;
    for (int i = 0; i < f->n; i++) {
        const ExAtom *a = &f->atoms[i];
        if (a->subj == EXS_OWNER && a->var == EXV_HOLE && !a->player && a->op == CMP_EQ && a->rhs == EXV_MOVER)
            return 1;
    }
    return 0;
}

/* The counts of the last hole at which some capture rule may fire. */
static void plan_captures(Rules *r)
{
    Plan *pl = &r->plan;
    for (int i = 0; i < r->ncaptures; i++) {
        ExFilter f;
        nf_filter(&r->captures[i].when, EXV_LAST, &f);
        pl->cap_counts |= f.count.mask;
        pl->cap_big |= (uint8_t)f.count.big;
    }
    pl->cap_filter = 1;
}

/* Lets the evaluator test a normal form (or read a context name)
 * directly. */
static void direct(void *arg, Expr *e, const char *what)
{
    (void)arg;
    (void)what;
    e->direct = !e->is_const && (e->form.kind == EXF_AND || e->form.kind == EXF_OR || e->form.kind == EXF_NAME) &&
                !e->form.rest;
}

/* Do the rules `rs[0..n)` put seeds they take into a hole or the hand
 * (which may be a store's seeds, on a board with stores)? */
static int rules_unstore(const CaptureRule *rs, int n)
{
    for (int i = 0; i < n; i++)
        if (rs[i].ntake && (rs[i].into.code || rs[i].to_hand || rs[i].put.code))
            return 1;
    return 0;
}

/* Can seeds go back from a store to the board during the play? Then the
 * seeds gone (stores and removed) may fall, and a position before a
 * capture may come back (hist_push's short cut does not hold). */
static int seeds_return(const Rules *r)
{
    return r->nstore_moves || r->sow.relay_store || r->opening_sow.relay_store ||
           (r->stores != STORES_NONE &&
            (rules_unstore(r->captures, r->ncaptures) || rules_unstore(r->sow.each_seed, r->sow.neach) ||
             rules_unstore(r->opening_sow.each_seed, r->opening_sow.neach) ||
             rules_unstore(r->turn_start, r->nturn_start) || rules_unstore(r->before_sow, r->nbefore_sow)));
}

void plan_build(Rules *r, int general)
{
    Plan *pl = &r->plan;
    memset(pl, 0, sizeof *pl);
    pl->general = (uint8_t)(general != 0);
    if (general)
        return;
    rules_each_expr(r, direct, NULL);
    plan_sow(r, &r->sow, &pl->sow);
    plan_sow(r, &r->opening_sow, &pl->opening);
    plan_moves(r);
    pl->from_owned = (uint8_t)needs_owned(&r->from);
    pl->step_owned = (uint8_t)needs_owned(&r->step_from);
    pl->spill_once = r->sow.spill.code && !(r->sow.spill.uses & CX_START) && r->mark_flag < 0;
    pl->first_only = 1;
    pl->keep_trials = r->sow.laps == LAPS_RELAY && !r->sow.steer.code;
    pl->forget = !seeds_return(r);
    plan_captures(r);
    pl->no_after = !ex_may_hold(&r->extra_turn) && !ex_may_hold(&r->eliminate);
    for (int i = 0; i < r->nends; i++)
        pl->no_after &= (uint8_t)!ex_may_hold(&r->ends[i].when);
}

/* ---- in words ------------------------------------------------------------ */

/* The plan of one sowing (`what` names it) in words, for `show --plan`. */
static void describe_sow(FILE *f, const char *what, const Rules *r, const SowRules *s, const SowPlan *sp)
{
    fprintf(f, "%s: ", what);
    if (sp->kernel == KERNEL_PLAIN)
        fprintf(f, "plain kernel, a lap at a time%s (a move that spills, or a board with holes out of play, goes seed by seed)\n",
                sp->skip_origin ? ", the origin passed over" : "");
    else
        fprintf(f, "general kernel, seed by seed%s%s\n",
                sp->consecutive ? "; a lap into consecutive holes in a tight loop" : "",
                r->stone_flags ? "; large stones (board.stones) keep every short cut off"
                : geo_twice(r) ? "; a track that crosses itself keeps the lap short cuts off"
                : s->features & ~SOW_KNOWN ? "; a key this plan does not know keeps every short cut off" : "");
    if (s->neach && sp->each_masks)
        fprintf(f, "  each-seed rules: tried only at the hole counts they can fire on (%s)\n",
                sp->each_filter[0].exact ? "decided by masks" : "then their conditions");
}

/* The counts of the last hole at which captures are tried. */
static void describe_captures(FILE *f, const Rules *r)
{
    const Plan *pl = &r->plan;
    if (!r->ncaptures)
        return;
    if (!pl->cap_filter || (pl->cap_counts == ~(uint64_t)0 && pl->cap_big)) {
        fprintf(f, "captures: tried after every sowing\n");
        return;
    }
    fprintf(f, "captures: tried only when the last hole holds");
    for (int n = 0, first = 1; n < 64; n++)
        if ((pl->cap_counts >> n) & 1) {
            fprintf(f, "%s %d", first ? "" : ",", n);
            first = 0;
        }
    fprintf(f, "%s seeds\n", pl->cap_big ? " or 64 and more" : "");
}

/* One expression: its key, normal form and program. */
static void describe_expr(void *arg, Expr *e, const char *what)
{
    FILE *f = arg;
    char form[400];
    if (e->is_const) {
        fprintf(f, "  %s: constant %lld\n", what, (long long)e->value);
        return;
    }
    dis_form(&e->form, form, sizeof form);
    fprintf(f, "  %s: %s\n    normal form: %s%s\n", what, e->src ? e->src : "", form,
            e->direct ? " (tested directly)" : "");
    dis_expr(e, f, "    ");
}

void plan_describe(const Rules *r, FILE *f)
{
    const Plan *pl = &r->plan;
    fprintf(f, "mode: %s\n", pl->general ? "reference (no short cut: every rule as written)" : "planned");
    describe_sow(f, "sowing", r, &r->sow, &pl->sow);
    if (r->has_opening)
        describe_sow(f, "opening sowing", r, &r->opening_sow, &pl->opening);
    if (pl->moves_by_mask)
        fprintf(f, "moves: by bit masks: own holes with at least %d seed%s, directions %s\n",
                pl->from_min > 1 ? pl->from_min : 1, pl->from_min > 1 ? "s" : "",
                pl->dirs == 3 ? "ccw and cw" : pl->dirs == 1 << DIR_CW ? "cw" : pl->dirs ? "ccw" : "none");
    else
        fprintf(f, "moves: each %s tested with `moves.from` and the directions\n",
                pl->from_owned ? "of the mover's holes" : "hole");
    if (r->has_steps)
        fprintf(f, "steps: each %s tested with `moves.step.from`\n", pl->step_owned ? "of the mover's holes" : "hole");
    fprintf(f, "spill: %s\n", pl->spill_once ? "decided once for a move list" : "decided for each move");
    describe_captures(f, r);
    fprintf(f, "relay trials: %s\n", r->sow.steer.code ? "none (the mover steers each seed)"
                                     : pl->keep_trials ? "kept for the move played next" : "sown again");
    fprintf(f, "repetition history: %s\n",
            pl->forget ? "forgets positions once seeds leave the board"
            : pl->general ? "keeps every position of a round"
                          : "keeps every position of a round (seeds may go back from a store to the board)");
    fprintf(f, "conditions:\n");
    rules_each_expr((Rules *)r, describe_expr, f);
}
