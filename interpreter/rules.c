/* rules.c: walking and releasing a rule graph (rules.h). */
#include <stdio.h>
#include <stdlib.h>

#include "rules.h"

/* Releases `r` and everything in its arena; NULL is accepted. */
void rules_free(Rules *r)
{
    if (!r)
        return;
    ar_free(&r->arena);
    free(r);
}

typedef void (*ExprFn)(void *arg, Expr *e, const char *what);

/* Calls fn on e if it is present, named `what` (and `i` if i >= 0). */
static void visit(ExprFn fn, void *arg, Expr *e, const char *what, int i)
{
    char name[96];
    if (!e->code)
        return;
    if (i >= 0) {
        snprintf(name, sizeof name, "%s[%d]", what, i);
        what = name;
    }
    fn(arg, e, what);
}

/* visit() of `e` named "SEC.KEY" (and "[i]" if i >= 0). */
static void visit_key(ExprFn fn, void *arg, Expr *e, const char *sec, const char *key, int i)
{
    char name[128];
    if (!e->code)
        return;
    if (i >= 0)
        snprintf(name, sizeof name, "%s.%s[%d]", sec, key, i);
    else
        snprintf(name, sizeof name, "%s.%s", sec, key);
    fn(arg, e, name);
}

/* Visits the expressions of the `n` capture rules `c`, named after
 * `what` ("captures[2].when"). */
static void each_capture(CaptureRule *c, int n, const char *what, ExprFn fn, void *arg)
{
    char rule[64];
    for (int i = 0; i < n; i++) {
        snprintf(rule, sizeof rule, "%s[%d]", what, i);
        visit_key(fn, arg, &c[i].when, rule, "when", -1);
        visit_key(fn, arg, &c[i].each, rule, "for", -1);
        for (int k = 0; k < c[i].ntake; k++)
            visit_key(fn, arg, &c[i].take[k], rule, "take", c[i].ntake > 1 ? k : -1);
        visit_key(fn, arg, &c[i].chain_while, rule, "while", -1);
        visit_key(fn, arg, &c[i].sweep, rule, "sweep", -1);
        visit_key(fn, arg, &c[i].sweep_where, rule, "where", -1);
        visit_key(fn, arg, &c[i].chain_also, rule, "also", -1);
        visit_key(fn, arg, &c[i].amount, rule, "amount", -1);
        visit_key(fn, arg, &c[i].into, rule, "into", -1);
        visit_key(fn, arg, &c[i].sow_from, rule, "sow-from", -1);
        visit_key(fn, arg, &c[i].sow_choice[DIR_CW], rule, "sow-from.cw", -1);
        visit_key(fn, arg, &c[i].sow_choice[DIR_CCW], rule, "sow-from.ccw", -1);
        visit_key(fn, arg, &c[i].cancel_if, rule, "cancel-if", -1);
        visit_key(fn, arg, &c[i].pick_n, rule, "pick.holes", -1);
        visit_key(fn, arg, &c[i].pick_from, rule, "pick.from", -1);
        visit_key(fn, arg, &c[i].put, rule, "put", -1);
        for (int k = 0; k < c[i].nset; k++) {
            visit_key(fn, arg, &c[i].set[k].at, rule, "set.at", c[i].nset > 1 ? k : -1);
            visit_key(fn, arg, &c[i].set[k].owner, rule, "set.owner", c[i].nset > 1 ? k : -1);
        }
    }
}

/* Visits the expressions of a sowing, named after its section `sec`. */
static void each_sow(SowRules *s, const char *sec, ExprFn fn, void *arg)
{
    char name[64];
    visit_key(fn, arg, &s->relay_next_if, sec, "relay-from.next", -1);
    visit_key(fn, arg, &s->relay_reverse, sec, "relay-reverse", -1);
    visit_key(fn, arg, &s->lift, sec, "lift", -1);
    visit_key(fn, arg, &s->first_if, sec, "first-seed.origin", -1);
    visit_key(fn, arg, &s->stones_if, sec, "stones.last", -1);
    visit_key(fn, arg, &s->skip, sec, "skip", -1);
    visit_key(fn, arg, &s->relay_while, sec, "relay-while", -1);
    visit_key(fn, arg, &s->spill, sec, "spill-at-row-end", -1);
    visit_key(fn, arg, &s->per_hole, sec, "per-hole", -1);
    visit_key(fn, arg, &s->hole_limit, sec, "hole-limit", -1);
    visit_key(fn, arg, &s->steer, sec, "steer", -1);
    for (int k = 0; k < s->npath; k++)
        visit_key(fn, arg, &s->path[k], sec, "path", k);
    snprintf(name, sizeof name, "%s.each-seed", sec);
    each_capture(s->each_seed, s->neach, name, fn, arg);
}

void rules_each_expr(Rules *r, ExprFn fn, void *arg)
{
    visit(fn, arg, &r->from, "moves.from", -1);
    visit(fn, arg, &r->dir_cw, "moves.direction.cw", -1);
    visit(fn, arg, &r->dir_ccw, "moves.direction.ccw", -1);
    for (int i = 0; i < r->nmust; i++) {
        visit(fn, arg, &r->must[i].when, "moves.must.when", i);
        visit(fn, arg, &r->must[i].keep, "moves.must.keep", i);
    }
    each_sow(&r->sow, "sowing", fn, arg);
    each_capture(r->captures, r->ncaptures, "captures", fn, arg);
    each_capture(r->turn_start, r->nturn_start, "turn-start", fn, arg);
    each_capture(r->before_sow, r->nbefore_sow, "before-sowing", fn, arg);
    visit(fn, arg, &r->extra_turn, "extra-turn", -1);
    visit(fn, arg, &r->no_moves_pass, "no-moves.pass", -1);
    for (int i = 0; i < r->nends; i++) {
        visit(fn, arg, &r->ends[i].when, "end.when", i);
        visit(fn, arg, &r->ends[i].winner, "end.winner", i);
    }
    if (r->has_opening) {
        visit(fn, arg, &r->opening_from, "opening.from", -1);
        each_sow(&r->opening_sow, "opening", fn, arg);
    }
    visit(fn, arg, &r->match_over, "match.over", -1);
    visit(fn, arg, &r->match_score, "match.score", -1);
    visit(fn, arg, &r->match_points, "match.points", -1);
    visit(fn, arg, &r->evaluate, "evaluate", -1);
    visit(fn, arg, &r->eliminate, "eliminate", -1);
}
