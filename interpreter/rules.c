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

/* Visits the expressions of the `n` capture rules `c`, named after
 * `what` ("captures[2].when"). */
static void each_capture(CaptureRule *c, int n, const char *what, ExprFn fn, void *arg)
{
    char name[64];
    for (int i = 0; i < n; i++) {
        snprintf(name, sizeof name, "%s[%d].when", what, i);
        visit(fn, arg, &c[i].when, name, -1);
        for (int k = 0; k < c[i].ntake; k++) {
            snprintf(name, sizeof name, "%s[%d].take", what, i);
            visit(fn, arg, &c[i].take[k], name, c[i].ntake > 1 ? k : -1);
        }
        snprintf(name, sizeof name, "%s[%d].while", what, i);
        visit(fn, arg, &c[i].chain_while, name, -1);
        snprintf(name, sizeof name, "%s[%d].sweep", what, i);
        visit(fn, arg, &c[i].sweep, name, -1);
        snprintf(name, sizeof name, "%s[%d].where", what, i);
        visit(fn, arg, &c[i].sweep_where, name, -1);
        snprintf(name, sizeof name, "%s[%d].also", what, i);
        visit(fn, arg, &c[i].chain_also, name, -1);
        snprintf(name, sizeof name, "%s[%d].amount", what, i);
        visit(fn, arg, &c[i].amount, name, -1);
        snprintf(name, sizeof name, "%s[%d].sow-from", what, i);
        visit(fn, arg, &c[i].sow_from, name, -1);
        snprintf(name, sizeof name, "%s[%d].cancel-if", what, i);
        visit(fn, arg, &c[i].cancel_if, name, -1);
        for (int k = 0; k < c[i].nset; k++) {
            snprintf(name, sizeof name, "%s[%d].set.at", what, i);
            visit(fn, arg, &c[i].set[k].at, name, c[i].nset > 1 ? k : -1);
            snprintf(name, sizeof name, "%s[%d].set.owner", what, i);
            visit(fn, arg, &c[i].set[k].owner, name, c[i].nset > 1 ? k : -1);
        }
    }
}

/* Visits the expressions of a sowing, named after its section `sec`. */
static void each_sow(SowRules *s, const char *sec, ExprFn fn, void *arg)
{
    char name[64];
    snprintf(name, sizeof name, "%s.relay-from.next", sec);
    visit(fn, arg, &s->relay_next_if, name, -1);
    snprintf(name, sizeof name, "%s.relay-reverse", sec);
    visit(fn, arg, &s->relay_reverse, name, -1);
    snprintf(name, sizeof name, "%s.lift", sec);
    visit(fn, arg, &s->lift, name, -1);
    snprintf(name, sizeof name, "%s.first-seed.origin", sec);
    visit(fn, arg, &s->first_if, name, -1);
    snprintf(name, sizeof name, "%s.skip", sec);
    visit(fn, arg, &s->skip, name, -1);
    snprintf(name, sizeof name, "%s.relay-while", sec);
    visit(fn, arg, &s->relay_while, name, -1);
    snprintf(name, sizeof name, "%s.spill-at-row-end", sec);
    visit(fn, arg, &s->spill, name, -1);
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
}
