/* loadsow.c: the keys of `sowing` and `opening` (which shares them), and
 * `first-player`, as tables of keys (load.h; see loadsec.c). */
#include "load.h"

#include <string.h>

/* ---- words, in the order of their enums ------------------------------- */

static const char *const into_words[] = {
    [INTO_NONE] = "none", [INTO_OWN] = "own", [INTO_BOTH] = "both", NULL };
static const char *const first_seed_words[] = {
    [FIRST_NEXT] = "next", [FIRST_ORIGIN] = "origin", NULL };
static const char *const laps_words[] = { [LAPS_SINGLE] = "single", [LAPS_RELAY] = "relay", NULL };
static const char *const relay_from_words[] = {
    [RELAY_FROM_LAST] = "last", [RELAY_FROM_NEXT] = "next", NULL };
static const char *const stone_words[] = { [STONES_FIRST] = "first", [STONES_LAST] = "last", NULL };
static const char *const player_words[] = { [SOUTH] = "south", [NORTH] = "north", NULL };
static const char *const dir_words[] = { [DIR_CCW] = "ccw", [DIR_CW] = "cw", NULL };

/* ---- sowing and opening ----------------------------------------------- */

enum { SK_FIRST, SK_LIFT, SK_SKIP, SK_STORES, SK_LAPS, SK_RFROM, SK_RSTORE, SK_RWHILE, SK_RREVERSE, SK_RSTOP,
       SK_SPILL, SK_ENDLESS, SK_PER_HOLE, SK_EACH, SK_PATH, SK_LIMIT, SK_STONES, SK_STEER, SK_N };

/* Seeds go into stores only where the stores are on the track. */
static void ls_sow_stores(Ld *ld, const LdSec *s, const LdPart *p)
{
    const SowRules *w = p->base;
    (void)s;
    if (p->val[SK_STORES] && w->into_stores != INTO_NONE && ld->r->stores != STORES_ON_TRACK)
        dg_error(ld->dg, ld_nloc(p->val[SK_STORES]), "sowing into stores needs `board.stores: on-track`");
}

/* relay-from and relay-while are about relay laps (`row` is the key). */
static void ls_sow_relay(Ld *ld, const LdPart *p, int row)
{
    const SowRules *w = p->base;
    if (p->val[row] && w->laps != LAPS_RELAY)
        dg_error(ld->dg, ld_nloc(p->val[row]), "`%s` needs `laps: relay`", p->keys[row].name);
}

/* relay-from needs relay laps. */
static void ls_sow_relay_from(Ld *ld, const LdSec *s, const LdPart *p)
{
    (void)s;
    ls_sow_relay(ld, p, SK_RFROM);
}

/* relay-reverse needs relay laps. */
static void ls_sow_relay_reverse(Ld *ld, const LdSec *s, const LdPart *p)
{
    (void)s;
    ls_sow_relay(ld, p, SK_RREVERSE);
}

/* relay-stop needs relay laps. */
static void ls_sow_relay_stop(Ld *ld, const LdSec *s, const LdPart *p)
{
    (void)s;
    ls_sow_relay(ld, p, SK_RSTOP);
    if (p->val[SK_RSTOP] && ld->r->choice_where.code)   /* `moves` is read before `sowing` */
        dg_error(ld->dg, ld_nloc(p->val[SK_RSTOP]), "`relay-stop` and `moves.choice` cannot go together (a move "
                                                    "stops at a relay or is made with the choice, not both)");
}

/* A word of `words` into *word, or a mapping `{WORDS[when]: CONDITION}`
 * (that word where the condition, of context `ctx`, holds) into *word
 * and *cond; `what` says what the condition chooses, for the message. */
static int ls_word_or_when(Ld *ld, const LdSec *s, const LdKey *k, const yaml_node_t *v, const char *const *words,
                           int when, unsigned ctx, const char *what, int *word, Expr *cond)
{
    char buf[80];
    const char *key = lk_label(s, k, buf, sizeof buf);
    if (v->type == YAML_SCALAR_NODE) {
        int i = lk_word(ld, v, key, words);
        if (i < 0)
            return 0;
        *word = i;
        return 1;
    }
    const yaml_node_pair_t *pr = v->type == YAML_MAPPING_NODE ? v->data.mapping.pairs.start : NULL;
    const yaml_node_t *kn = pr && v->data.mapping.pairs.top - pr == 1 ? ld_node(ld, pr->key) : NULL;
    if (!kn || kn->type != YAML_SCALAR_NODE || strcmp(lk_sval(kn), words[when]) != 0) {
        dg_error(ld->dg, ld_nloc(v), "`%s` must be `%s`, `%s`, or `{%s: CONDITION}` (%s where it holds)", key, words[0],
                 words[1], words[when], what);
        return 0;
    }
    *word = when;
    return lk_expr(ld, ld_node(ld, pr->value), T_BOOL, ctx, key, cond);
}

/* endless-after needs relay laps. */
static void ls_sow_endless(Ld *ld, const LdSec *s, const LdPart *p)
{
    (void)s;
    ls_sow_relay(ld, p, SK_ENDLESS);
}

/* relay-from: a word, or `{next: COND}`: the hole after the landing hole
 * where COND holds as the lap ends, else the landing hole. */
static int ls_relay_from_read(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    SowRules *w = base;
    int word = w->relay_from;
    int ok = ls_word_or_when(ld, s, k, v, relay_from_words, RELAY_FROM_NEXT, CTX_AFTER, "the next hole", &word,
                             &w->relay_next_if);
    w->relay_from = (RelayFrom)word;
    return ok;
}

/* relay-store needs relay laps that go on from the next place. */
static void ls_sow_relay_store(Ld *ld, const LdSec *s, const LdPart *p)
{
    (void)s;
    const SowRules *w = p->base;
    ls_sow_relay(ld, p, SK_RSTORE);
    if (p->val[SK_RSTORE] && w->laps == LAPS_RELAY && w->relay_from != RELAY_FROM_NEXT)
        dg_error(ld->dg, ld_nloc(p->val[SK_RSTORE]),
                 "`relay-store` needs `relay-from: next` (the store is sown on from as the place after the landing hole)");
}

/* relay-while needs relay laps. */
static void ls_sow_relay_while(Ld *ld, const LdSec *s, const LdPart *p)
{
    (void)s;
    ls_sow_relay(ld, p, SK_RWHILE);
}

/* first-seed: a word, or `{origin: COND}`: the origin where COND holds
 * at the start of a lap (`hand`: the seeds lifted), else the next hole. */
static int ls_first_seed(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    SowRules *w = base;
    int word = w->first_seed;
    int ok = ls_word_or_when(ld, s, k, v, first_seed_words, FIRST_ORIGIN, CTX_SOW | CX_HAND, "the origin", &word,
                             &w->first_if);
    w->first_seed = (FirstSeed)word;
    return ok;
}

/* stones: a word, or `{last: COND}`: the lifted large stones are the
 * lap's last pieces where COND holds as it starts, else its first. */
static int ls_stones_read(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    SowRules *w = base;
    int word = w->stones;
    int ok = ls_word_or_when(ld, s, k, v, stone_words, STONES_LAST, CTX_SOW, "the last pieces", &word, &w->stones_if);
    w->stones = (StoneOrder)word;
    return ok;
}

/* path: a list of 1..MAX_PATH hole expressions, the places of a lap's
 * seeds in turn. */
static int ls_path_read(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    SowRules *w = base;
    char buf[80];
    const char *key = lk_label(s, k, buf, sizeof buf);
    int before = ld->dg->errors;
    if (v->type != YAML_SEQUENCE_NODE || v->data.sequence.items.top == v->data.sequence.items.start) {
        dg_error(ld->dg, ld_nloc(v), "`%s` must be a list of 1 to %d holes (the place of each seed in turn)", key,
                 MAX_PATH);
        return 0;
    }
    for (yaml_node_item_t *it = v->data.sequence.items.start; it < v->data.sequence.items.top; it++) {
        yaml_node_t *e = ld_node(ld, *it);
        if (!e)
            continue;
        if (w->npath >= MAX_PATH) {
            dg_error(ld->dg, ld_nloc(e), "`%s` lists at most %d holes", key, MAX_PATH);
            break;
        }
        lk_expr(ld, e, T_HOLE, s->ctx | k->ctx, key, &w->path[w->npath++]);
    }
    return ld->dg->errors == before;
}

/* A path says where every seed goes: the keys that choose places along
 * the track have nothing to do beside it, and its laps are single. */
static void ls_sow_path(Ld *ld, const LdSec *s, const LdPart *p)
{
    static const int along[] = { SK_FIRST, SK_SKIP, SK_STORES, SK_LAPS, SK_SPILL, SK_PER_HOLE };
    const SowRules *w = p->base;
    (void)s;
    if (!p->val[SK_PATH])
        return;
    for (size_t i = 0; i < sizeof along / sizeof along[0]; i++) {
        int k = along[i];
        if (!p->val[k] || (k == SK_STORES && w->into_stores == INTO_NONE) || (k == SK_LAPS && w->laps == LAPS_SINGLE))
            continue;
        dg_error(ld->dg, ld_nloc(p->val[k]), "`%s` goes along the track; with `path` every seed goes where the path "
                 "says (and laps are single)", p->keys[k].name);
    }
}

/* A steered sowing (`steer`) chooses each place: of the other keys only
 * the laps and their relays, without a condition on `relay-from`, go
 * with it. */
static void ls_sow_steer(Ld *ld, const LdSec *s, const LdPart *p)
{
    const SowRules *w = p->base;
    (void)s;
    if (!p->val[SK_STEER])
        return;
    for (int k = 0; k < SK_N; k++) {
        if (!p->val[k] || k == SK_STEER || k == SK_LAPS || k == SK_RWHILE ||
            (k == SK_RFROM && !w->relay_next_if.code) || (k == SK_STORES && w->into_stores == INTO_NONE))
            continue;
        dg_error(ld->dg, ld_nloc(p->val[k]), "`%s` cannot go with `steer` (the mover chooses where each seed goes; "
                 "of the other keys of `sowing` only `laps`, `relay-from: last` or `next` and `relay-while` apply)",
                 p->keys[k].name);
    }
}

void ls_check_steer(Ld *ld)
{
    const Rules *r = ld->r;
    if (!r->sow.steer.code)
        return;
    static const char *const what[] = {
        "`moves.direction` (a steered lap has no way round the board)", "`moves.lift`", "`moves.per-hole`",
        "`moves.choice`", "`moves.store`", "`moves.step` with `sow-on`", "`moves.place` with `sow-on`",
        "`moves.must` (it looks at a move's result, which the mover's choices make)", "`before-sowing`",
        "`opening`", "a `sow-from` choice of where the hand is sown",
        "a capture `chain` (chains follow the track)", "large stones (`board.stones`)" };
    int chain = 0;
    for (int i = 0; i < r->ncaptures; i++)
        chain |= r->captures[i].chain != CHAIN_NONE;
    const int bad[] = { (r->move_features & FT_DIRECTION) != 0, r->lift_min.code != NULL, r->group_min.code != NULL,
                        r->has_choice, r->nstore_moves > 0, r->step_sow, r->place_sow, r->nmust > 0,
                        r->nbefore_sow > 0, r->has_opening, r->hand_choice, chain, r->stone_flags != 0 };
    _Static_assert(sizeof bad / sizeof bad[0] == sizeof what / sizeof what[0], "a word for each conflict");
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (bad[i])
            dg_error(ld->dg, r->sow.steer.loc, "`sowing.steer` cannot go with %s", what[i]);
}

/* The sowing's keys, which the opening takes too (but those marked LF_SOWING). */
static const LdKey sow_keys[SK_N + 1] = {
    [SK_FIRST] = { .name = "first-seed", .kind = LK_CUSTOM, .flags = LF_QUALIFY, .feature = FT_FIRST_SEED,
                   .read = ls_first_seed },
    [SK_LIFT] = { .name = "lift", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_INT, .ctx = CTX_SOW,
                  .feature = FT_LIFT, .off = offsetof(SowRules, lift) },
    [SK_SKIP] = { .name = "skip", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL,
                  .ctx = CTX_SOW | CX_HOLE | CX_HAND,
                  .feature = FT_SKIP, .off = offsetof(SowRules, skip) },
    [SK_STORES] = { .name = "stores", .kind = LK_WORD, .feature = FT_INTO_STORES, .words = into_words,
                    .off = offsetof(SowRules, into_stores), .then = ls_sow_stores },
    [SK_LAPS] = { .name = "laps", .kind = LK_WORD, .feature = FT_LAPS, .words = laps_words,
                  .off = offsetof(SowRules, laps) },
    [SK_RFROM] = { .name = "relay-from", .kind = LK_CUSTOM, .flags = LF_QUALIFY, .feature = FT_RELAY_FROM,
                   .read = ls_relay_from_read, .then = ls_sow_relay_from },
    [SK_RSTORE] = { .name = "relay-store", .kind = LK_BOOL, .flags = LF_QUALIFY, .feature = FT_RELAY_STORE,
                    .off = offsetof(SowRules, relay_store), .then = ls_sow_relay_store },
    [SK_RWHILE] = { .name = "relay-while", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CTX_AFTER,
                    .feature = FT_RELAY_WHILE, .off = offsetof(SowRules, relay_while), .then = ls_sow_relay_while },
    [SK_RREVERSE] = { .name = "relay-reverse", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL,
                      .ctx = CTX_AFTER, .feature = FT_RELAY_REVERSE,
                      .off = offsetof(SowRules, relay_reverse), .then = ls_sow_relay_reverse },
    [SK_RSTOP] = { .name = "relay-stop", .kind = LK_EXPR, .flags = LF_QUALIFY | LF_SOWING, .type = T_BOOL,
                   .ctx = CTX_AFTER, .feature = FT_RELAY_STOP, .off = offsetof(SowRules, relay_stop),
                   .then = ls_sow_relay_stop },
    [SK_SPILL] = { .name = "spill-at-row-end", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL,
                   .ctx = CX_STATE | CX_START, .feature = FT_SPILL, .off = offsetof(SowRules, spill) },
    [SK_ENDLESS] = { .name = "endless-after", .kind = LK_STATIC, .flags = LF_QUALIFY, .feature = FT_ENDLESS,
                     .type = T_INT, .lo = 1,
                     .hi = 999999999, .off = offsetof(SowRules, endless_after), .then = ls_sow_endless },
    [SK_PER_HOLE] = { .name = "per-hole", .kind = LK_EXPR, .flags = LF_QUALIFY | LF_SOWING, .type = T_INT,
                      .ctx = CTX_SOW | CX_HAND | CX_HOLE, .feature = FT_PER_HOLE,
                      .off = offsetof(SowRules, per_hole) },
    [SK_EACH] = { .name = "each-seed", .kind = LK_RULES, .flags = LF_SOWING, .feature = FT_EACH_SEED,
                  .off = offsetof(SowRules, each_seed), .count = offsetof(SowRules, neach),
                  .size = sizeof(CaptureRule), .hi = MAX_CAPTURES, .rule = ls_seed_rule },
    [SK_PATH] = { .name = "path", .kind = LK_CUSTOM, .flags = LF_QUALIFY | LF_SOWING, .ctx = CTX_SOW | CX_HAND,
                  .feature = FT_PATH, .read = ls_path_read, .then = ls_sow_path },
    [SK_LIMIT] = { .name = "hole-limit", .kind = LK_EXPR, .flags = LF_QUALIFY | LF_SOWING, .type = T_INT,
                   .ctx = CTX_SOW | CX_HOLE, .feature = FT_HOLE_LIMIT, .off = offsetof(SowRules, hole_limit) },
    [SK_STONES] = { .name = "stones", .kind = LK_CUSTOM, .flags = LF_QUALIFY | LF_SOWING, .feature = FT_STONES,
                    .read = ls_stones_read },
    [SK_STEER] = { .name = "steer", .kind = LK_EXPR, .flags = LF_QUALIFY | LF_SOWING, .type = T_HOLES,
                   .ctx = CTX_SOW | CX_HOLE | CX_HAND | CX_TRAIL, .feature = FT_STEER,
                   .off = offsetof(SowRules, steer), .then = ls_sow_steer },
};

/* `sowing`. */
void ls_sowing(Ld *ld, const yaml_node_t *n)
{
    LdSec s;
    lk_sec(&s, n, "`sowing`", "sowing");
    lk_part(&s, sow_keys, 0, &ld->r->sow, &ld->r->sow.features);
    lk_map(ld, &s);
}

static const LdKey opening_keys[] = {
    { .name = "by", .required = 1, .kind = LK_WORD, .flags = LF_QUALIFY, .words = player_words,
      .off = offsetof(Rules, opening_by) },
    { .name = "from", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CTX_FROM,
      .off = offsetof(Rules, opening_from) },
    { .name = "direction", .required = 1, .kind = LK_WORD, .flags = LF_QUALIFY, .words = dir_words,
      .off = offsetof(Rules, opening_dir) },
    { .name = NULL }
};

/* `opening`: who sows it, from where, which way, then how, with the
 * sowing's keys. */
void ls_opening(Ld *ld, const yaml_node_t *n)
{
    Rules *r = ld->r;
    LdSec s;
    lk_sec(&s, n, "`opening`", "opening");
    lk_part(&s, opening_keys, 0, r, NULL);
    lk_part(&s, sow_keys, LF_SOWING, &r->opening_sow, &r->opening_sow.features);
    if (!lk_keys(ld, &s))
        return;
    r->has_opening = 1;
    lk_read(ld, &s);
}

static const char *const chooser_words[] = { [SOUTH] = "south", [NORTH] = "north", "lot", NULL };
static const char *const begins_words[] = { [SOUTH] = "south", [NORTH] = "north", NULL };
static const LdKey first_player_keys[] = {
    { .name = "chosen-by", .kind = LK_WORD, .flags = LF_QUALIFY, .words = chooser_words,
      .off = offsetof(Rules, first_chooser) },
    { .name = "begins", .kind = LK_WORD, .flags = LF_QUALIFY, .words = begins_words,
      .off = offsetof(Rules, first_begins) },
    { .name = NULL }
};

/* `first-player`: who chooses who begins, after the opening (or a lot);
 * or who begins. */
void ls_first_player(Ld *ld, const yaml_node_t *n)
{
    LdSec s;
    lk_sec(&s, n, "`first-player`", "first-player");
    LdPart *p = lk_part(&s, first_player_keys, 0, ld->r, NULL);
    if (!lk_map(ld, &s))
        return;
    if (!p->val[0] == !p->val[1]) {
        dg_error(ld->dg, ld_nloc(n), "`first-player` needs `chosen-by` (who chooses who begins) or `begins` (who "
                                     "begins), one of them");
        return;
    }
    if (ld->r->first_chooser == 2) {   /* nobody chooses: a lot is drawn */
        ld->r->first_chooser = -1;
        ld->r->first_lot = 1;
    }
}
