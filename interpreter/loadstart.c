/* loadstart.c: the rules applied without a decision around one: as a
 * turn begins (`turn-start`) and once a sowing is chosen, before its
 * seeds are lifted (`before-sowing`). */
#include <stdio.h>
#include <string.h>

#include "load.h"

enum { TK_WHEN, TK_FOR, TK_TAKE, TK_AMOUNT, TK_TO, TK_INTO, TK_N };

static const LdKey turn_keys[TK_N + 1] = {
    [TK_WHEN] = { .name = "when", .kind = LK_EXPR, .flags = LF_QUALIFY | LF_RULE_CTX, .type = T_BOOL,
                  .off = offsetof(CaptureRule, when) },
    [TK_FOR] = { .name = "for", .kind = LK_EXPR, .flags = LF_QUALIFY | LF_RULE_CTX, .type = T_HOLES,
                 .off = offsetof(CaptureRule, each) },
    [TK_TAKE] = { .name = "take", .required = 1, .kind = LK_CUSTOM, .flags = LF_QUALIFY, .ctx = CX_HOLE,
                  .read = ls_take },
    [TK_AMOUNT] = { .name = "amount", .kind = LK_EXPR, .flags = LF_QUALIFY | LF_RULE_CTX, .type = T_INT, .ctx = CX_HOLE,
                    .off = offsetof(CaptureRule, amount) },
    [TK_TO] = { .name = "to", .kind = LK_CUSTOM, .read = ls_capture_to_read },
    [TK_INTO] = { .name = "into", .kind = LK_EXPR, .flags = LF_QUALIFY | LF_RULE_CTX, .type = T_HOLE, .ctx = CX_HOLE,
                  .off = offsetof(CaptureRule, into) },
};

/* One rule of `turn-start` (holes taken as a player's turn begins,
 * before his decision) or of `before-sowing` (after a sowing decision,
 * before its seeds are lifted: `start` and the direction are known);
 * with `for`, once for each hole of a set (`hole`). */
static void ls_start_rule(Ld *ld, const yaml_node_t *n, CaptureRule *c, int before)
{
    const char *sec = before ? "before-sowing" : "turn-start";
    char what[64];
    LdSec s;
    memset(c, 0, sizeof *c);
    c->loc = ld_nloc(n);
    snprintf(what, sizeof what, "a rule of `%s`", sec);
    lk_sec(&s, n, what, sec);
    /* `hole` is the hole of `for`: known in take (below), amount, into */
    s.ctx = CX_STATE | (before ? CX_START | CX_DIR : 0);
    LdPart *p = lk_part(&s, turn_keys, 0, c, NULL);
    if (!lk_map(ld, &s))
        return;
    if (!!p->val[TK_TO] + !!p->val[TK_INTO] != 1) {
        dg_error(ld->dg, p->val[TK_INTO] ? ld_nloc(p->key[TK_INTO]) : c->loc,
                 "a rule of `%s` gives the seeds it takes `to` a player or puts them `into` a hole: one of them", sec);
        return;
    }
    if (p->val[TK_TO] && (c->to_hand || c->to == RCV_STAY || c->to == RCV_LAST_MOVER)) {
        dg_error(ld->dg, ld_nloc(p->val[TK_TO]), "seeds taken %s go to mover, opponent, owner, removed, starter, south or north",
                 before ? "before the sowing" : "as a turn begins");
        return;
    }
    unsigned uses = c->amount.uses | c->into.uses;
    for (int i = 0; i < c->ntake; i++)
        uses |= c->take[i].uses;
    if ((uses & CX_HOLE) && !c->each.code)
        dg_error(ld->dg, c->loc, "`hole` in a rule of `%s` is each hole of `for`: add `for`", sec);
}

void ls_turn_rule(Ld *ld, const yaml_node_t *n, void *rule)
{
    ls_start_rule(ld, n, rule, 0);
}

void ls_before_rule(Ld *ld, const yaml_node_t *n, void *rule)
{
    ls_start_rule(ld, n, rule, 1);
}
