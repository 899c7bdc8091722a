/* loadboard.c: the `board` section: the board's size, its starting
 * seeds, who owns which holes, the stores, the sowing tracks and the
 * per-hole flags (docs/variant-format.md, "board"). What it reads ends in
 * Rules.geo (board.c computes the tables). Also the `setup` section: how
 * the players arrange the board before the play. */
#include "load.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const store_words[] = {
    [STORES_NONE] = "none", [STORES_OFF_TRACK] = "off-track", [STORES_ON_TRACK] = "on-track", NULL };
static const char *const track_words[] = { [TRACK_BOARD] = "board", [TRACK_OWN] = "own", [TRACK_MIRROR] = "mirror",
                                           NULL };

enum {
    BK_ROWS, BK_HOLES, BK_OWNER, BK_SEEDS, BK_STORES, BK_STORE_SEEDS, BK_TRACK, BK_FLAGS, BK_COUNTERS, BK_STONES,
    BK_STORE_STONES, BK_N
};

/* Once rows and holes are known: the board's size and where each hole
 * lies, for the keys after them. A board larger than a position holds is
 * reported and read as 2 x 6, so that what follows is read as usual. */
static void ls_board_size(Ld *ld, const LdSec *s, const LdPart *p)
{
    Rules *r = ld->r;
    (void)s;
    if (r->rows * r->width > MAX_HOLES) {
        dg_error(ld->dg, ld_nloc(p->val[BK_HOLES] ? p->val[BK_HOLES] : p->val[BK_ROWS]),
                 "a board of %d rows of %d holes has %d holes; at most %d are played", r->rows, r->width,
                 r->rows * r->width, MAX_HOLES);
        r->rows = 2;
        r->width = 6;
    }
    r->nholes = r->rows * r->width;
    r->uniform = 1;
    r->geo.spec[DIR_CCW].kind = r->rows >= 4 ? TRACK_OWN : TRACK_BOARD;
    geo_layout(r);
}

/* An evaluation context on an empty board, no hole named yet. */
static void ls_board_ctx(ExCtx *cx, const Rules *r, Position *zero)
{
    memset(zero, 0, sizeof *zero);
    memset(cx, 0, sizeof *cx);
    cx->rules = r;
    cx->pos = zero;
}

/* board.owner: the player who owns each hole at the start (its side). */
static int ls_owner(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    Rules *r = ld->r;
    char buf[80];
    (void)base;
    if (!lk_expr(ld, v, T_PLAYER, CX_HOLE, lk_label(s, k, buf, sizeof buf), &r->owner))
        return 0;
    Position zero;
    ExCtx cx;
    ls_board_ctx(&cx, r, &zero);
    uint8_t side[MAX_HOLES];
    for (int h = 0; h < r->nholes; h++) {
        cx.hole = h;
        int64_t who = ex_eval(&r->owner, &cx);
        if (who < 0 || who >= r->players) {   /* player(k) of a k past `players` */
            dg_error(ld->dg, ld_nloc(v), "`%s` gives hole %d to no player of the %d", buf, h + 1, r->players);
            return 0;
        }
        side[h] = (uint8_t)who;
    }
    memcpy(r->geo.side, side, sizeof side);
    return 1;
}

int ls_per_hole(Ld *ld, const yaml_node_t *n, const char *key, int lo, Expr *e, uint16_t *out)
{
    const Rules *r = ld->r;
    if (!lk_expr(ld, n, T_INT, CX_HOLE, key, e))
        return 0;
    Position zero;
    ExCtx cx;
    ls_board_ctx(&cx, r, &zero);
    for (int h = 0; h < r->nholes; h++) {
        cx.hole = h;
        int64_t v = ex_eval(e, &cx);
        if (v < lo || v > 10000) {
            dg_error(ld->dg, ld_nloc(n), "`%s` gives %lld seeds for hole %d; it must lie in %d..10000", key,
                     (long long)v, h + 1, lo);
            return 0;
        }
        out[h] = (uint16_t)v;
    }
    return 1;
}

/* board.seeds: a number, or an expression of `hole` giving each hole's
 * starting seeds (`if hole.index % 2 == 1 then 4 else 0`). */
static void ls_layout(Ld *ld, const yaml_node_t *n, const char *key)
{
    Rules *r = ld->r;
    Expr e;
    if (!ls_per_hole(ld, n, key, 0, &e, r->initial))
        return;
    r->total_seeds = 0;
    for (int h = 0; h < r->nholes; h++) {
        r->total_seeds += r->initial[h];
        if (r->initial[h] != r->initial[0])
            r->uniform = 0;
    }
    r->seeds = r->nholes ? r->total_seeds / r->nholes : 0;
}

/* board.seeds: the layout, and no more seeds than a position holds. */
static int ls_seeds(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    char buf[80];
    (void)base;
    int before = ld->dg->errors;
    ls_layout(ld, v, lk_label(s, k, buf, sizeof buf));
    if (ld->r->total_seeds > MAX_SEEDS)
        dg_error(ld->dg, ld_nloc(v), "%d seeds on the board is too many (at most %d)", ld->r->total_seeds,
                 MAX_SEEDS);
    return ld->dg->errors == before;
}

/* A `stores` word that is not known leaves -1, as it always has: the
 * check of refilling from holdings (which needs stores) then adds
 * nothing to the message already given. */
static void ls_board_stores(Ld *ld, const LdSec *s, const LdPart *p)
{
    (void)s;
    if (p->bad[BK_STORES])
        ld->r->stores = (StoreKind)-1;
}

/* Seeds in the stores at the start count with the board's, within the
 * limit of a position. */
static void ls_store_seeds(Ld *ld, const LdSec *s, const LdPart *p)
{
    Rules *r = ld->r;
    (void)s;
    if (!p->val[BK_STORE_SEEDS] || p->bad[BK_STORE_SEEDS])
        return;
    r->total_seeds += 2 * r->store_seeds;
    if (r->total_seeds > MAX_SEEDS)
        dg_error(ld->dg, ld_nloc(p->val[BK_STORE_SEEDS]), "%d seeds in all, stores included, is too many (at most %d)",
                 r->total_seeds, MAX_SEEDS);
}

/* A run of a track list written `{from: A, to: B}`, A and B fixed once
 * the options are known (`{from: 2 * holes + 1, to: 3 * holes}`): its
 * ends into *a, *b; 0 after reporting. */
static int ls_track_run(Ld *ld, const yaml_node_t *e, const char *key, long *a, long *b)
{
    const int nh = ld->r->nholes;
    const yaml_node_t *ends[2] = { NULL, NULL };
    for (yaml_node_pair_t *pr = e->data.mapping.pairs.start; pr < e->data.mapping.pairs.top; pr++) {
        const yaml_node_t *k = ld_node(ld, pr->key);
        const char *w = k && k->type == YAML_SCALAR_NODE ? lk_sval(k) : "";
        int i = !strcmp(w, "from") ? 0 : !strcmp(w, "to") ? 1 : -1;
        if (i < 0 || ends[i]) {
            dg_error(ld->dg, ld_nloc(k ? k : e), "a run of `%s` is `{from: A, to: B}` (each once)", key);
            return 0;
        }
        ends[i] = ld_node(ld, pr->value);
    }
    if (!ends[0] || !ends[1]) {
        dg_error(ld->dg, ld_nloc(e), "a run of `%s` is `{from: A, to: B}` (both hole numbers)", key);
        return 0;
    }
    char label[80];
    snprintf(label, sizeof label, "%s: a run's end", key);
    int x, y;
    if (!lk_static(ld, ends[0], T_INT, label, 1, nh, &x) || !lk_static(ld, ends[1], T_INT, label, 1, nh, &y))
        return 0;
    *a = x;
    *b = y;
    return 1;
}

/* One item of a track list: a hole number ("7"), a run of them ("1-9",
 * "18-13", either way) or a run `{from: A, to: B}`, appended to out[*n];
 * 0 after reporting. */
static int ls_track_item(Ld *ld, const yaml_node_t *e, const char *key, int8_t *out, int *n)
{
    const int nh = ld->r->nholes;
    long a, b;
    if (e->type == YAML_MAPPING_NODE) {
        if (!ls_track_run(ld, e, key, &a, &b))
            return 0;
    } else {
        if (!lk_is_scalar(ld, e, key))
            return 0;
        const char *t = lk_sval(e);
        char *end;
        a = strtol(t, &end, 10);
        b = a;
        if (end != t && *end == '-' && end[1] >= '0' && end[1] <= '9')
            b = strtol(end + 1, &end, 10);
        if (end == t || *end || a < 1 || a > nh || b < 1 || b > nh) {
            dg_error(ld->dg, ld_nloc(e), "`%s` lists hole numbers 1..%d, runs of them like `1-%d` or `{from: A, to: B}` (not \"%.40s\")", key,
                     nh, nh, t);
            return 0;
        }
    }
    for (long h = a;; h += b >= a ? 1 : -1) {
        if (*n >= MAX_HOLES) {
            dg_error(ld->dg, ld_nloc(e), "`%s` lists more than %d holes", key, MAX_HOLES);
            return 0;
        }
        out[(*n)++] = (int8_t)(h - 1);
        if (h == b)
            break;
    }
    return 1;
}

/* A track as a list of holes in sowing (ccw) order. */
static int ls_track_list(Ld *ld, const yaml_node_t *v, const char *key, int8_t *out, int *n)
{
    if (v->type != YAML_SEQUENCE_NODE) {
        dg_error(ld->dg, ld_nloc(v), "`%s` must be `board`, `own`, a list of holes, or `south:` and `north:` lists",
                 key);
        return 0;
    }
    int ok = 1;
    *n = 0;
    for (yaml_node_item_t *it = v->data.sequence.items.start; it < v->data.sequence.items.top && ok; it++) {
        yaml_node_t *e = ld_node(ld, *it);
        ok = e && ls_track_item(ld, e, key, out, n);
    }
    return ok;
}

/* One pair of a mapping keyed by `words` (each at most once, `seen`
 * counts them): the index of its key, its value in *vn; -1 after
 * reporting. */
static int ls_keyed(Ld *ld, const yaml_node_pair_t *pr, const char *key, const char *const *words, int *seen,
                    yaml_node_t **vn)
{
    yaml_node_t *kn = ld_node(ld, pr->key);
    *vn = ld_node(ld, pr->value);
    if (!kn || !*vn)
        return -1;
    int i = kn->type == YAML_SCALAR_NODE ? lk_word(ld, kn, key, words) : -1;
    if (i >= 0 && seen[i]++) {
        dg_error(ld->dg, ld_nloc(kn), "`%s.%s` is given twice", key, words[i]);
        return -1;
    }
    return i;
}

/* One track: `board`, `own`, one list for both players, or a mapping of
 * a list each (`south:`, `north:`). */
static int ls_track_spec(Ld *ld, const yaml_node_t *v, const char *key, TrackSpec *t)
{
    if (v->type == YAML_SCALAR_NODE) {
        int w = lk_word(ld, v, key, track_words);
        if (w < 0)
            return 0;
        t->kind = (TrackKind)w;
        return 1;
    }
    t->kind = TRACK_LIST;
    if (v->type == YAML_SEQUENCE_NODE) {
        if (!ls_track_list(ld, v, key, t->list[SOUTH], &t->nlist[SOUTH]))
            return 0;
        for (int p = 1; p < MAX_PLAYERS; p++) {   /* everybody's */
            memcpy(t->list[p], t->list[SOUTH], sizeof t->list[p]);
            t->nlist[p] = t->nlist[SOUTH];
        }
        return 1;
    }
    if (ld->r->players > 2) {
        dg_error(ld->dg, ld_nloc(v), "`%s`: a track for each player (`south:`, `north:`) is for two players; "
                 "this game has %d: give one list, everybody's", key, ld->r->players);
        return 0;
    }
    static const char *const players[] = { "south", "north", NULL };
    int seen[2] = { 0, 0 };
    for (yaml_node_pair_t *pr = v->data.mapping.pairs.start; pr < v->data.mapping.pairs.top; pr++) {
        yaml_node_t *vn;
        int p = ls_keyed(ld, pr, key, players, seen, &vn);
        if (p < 0 || !ls_track_list(ld, vn, key, t->list[p], &t->nlist[p]))
            return 0;
    }
    if (!seen[SOUTH] || !seen[NORTH]) {
        dg_error(ld->dg, ld_nloc(v), "`%s` as a mapping needs a list for `south` and one for `north`", key);
        return 0;
    }
    return 1;
}

/* board.track: one track (ls_track_spec), or a mapping with a track for
 * each sowing direction (`ccw:`, `cw:`; the clockwise one listed in the
 * order clockwise sowing follows it). */
static int ls_track(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    Geometry *g = &ld->r->geo;
    char buf[80];
    const char *key = lk_label(s, k, buf, sizeof buf);
    (void)base;
    const yaml_node_pair_t *first = v->type == YAML_MAPPING_NODE ? v->data.mapping.pairs.start : NULL;
    const yaml_node_t *k0 = first && first < v->data.mapping.pairs.top ? ld_node(ld, first->key) : NULL;
    if (!k0 || k0->type != YAML_SCALAR_NODE || (strcmp(lk_sval(k0), "ccw") && strcmp(lk_sval(k0), "cw"))) {
        if (!ls_track_spec(ld, v, key, &g->spec[DIR_CCW]))
            return 0;
        if (g->spec[DIR_CCW].kind == TRACK_MIRROR) {
            dg_error(ld->dg, ld_nloc(v), "`mirror` is a clockwise track: write `track: {ccw: own, cw: mirror}`");
            return 0;
        }
        return 1;
    }
    static const char *const dirs[] = { "ccw", "cw", NULL };
    int seen[2] = { 0, 0 };
    for (yaml_node_pair_t *pr = v->data.mapping.pairs.start; pr < v->data.mapping.pairs.top; pr++) {
        yaml_node_t *vn;
        int d = ls_keyed(ld, pr, key, dirs, seen, &vn);
        if (d < 0)
            return 0;
        char sub[96];
        snprintf(sub, sizeof sub, "%s.%s", key, dirs[d]);
        if (!ls_track_spec(ld, vn, sub, &g->spec[d]))
            return 0;
        if (g->spec[d].kind == TRACK_MIRROR && d != DIR_CW) {
            dg_error(ld->dg, ld_nloc(vn), "`mirror` is a clockwise track: the counterclockwise one seen in a mirror");
            return 0;
        }
    }
    if (!seen[DIR_CCW] || !seen[DIR_CW]) {
        dg_error(ld->dg, ld_nloc(v), "`%s` by direction needs a track for `ccw` and one for `cw`", key);
        return 0;
    }
    g->split = 1;
    return 1;
}

/* A name expressions can read: what grammar/expr.l calls ID. */
static int ls_is_name(const char *s)
{
    if (!lk_is_letter(*s))
        return 0;
    for (s++; *s; s++) {
        if (*s == '-' && lk_is_letter(s[1]))
            continue;
        if (!lk_is_letter(*s) && !(*s >= '0' && *s <= '9'))
            return 0;
    }
    return 1;
}

/* Is `s` a name that a flag may take? Flags are read as hole.NAME and
 * written in JSON positions, so neither a hole property nor a field of
 * the position (position.h), nor a flag declared before. */
static int ls_flag_name_ok(const Rules *r, const char *s)
{
    static const char *const fields[] = {
#define X(name) name,
        POSITION_FIELDS(X)
#undef X
        NULL };
    if (!ls_is_name(s) || strlen(s) >= MAX_NAME || ex_hole_property(s) || ex_keyword(s))
        return 0;
    for (int i = 0; fields[i]; i++)
        if (!strcmp(fields[i], s))
            return 0;
    for (int i = 0; i < r->nflags; i++)
        if (!strcmp(r->flags[i], s))
            return 0;
    return 1;
}

/* A counter's name: read as `player.NAME`, so neither a player property
 * nor a keyword, and written in JSON under `counters`; not repeated. */
static int ls_counter_name_ok(const Rules *r, const char *s)
{
    if (!ls_is_name(s) || strlen(s) >= MAX_NAME || ex_player_property(s) || ex_keyword(s))
        return 0;
    for (int i = 0; i < r->ncounters; i++)
        if (!strcmp(r->counters[i], s))
            return 0;
    return 1;
}

/* A list of names the board declares (flags, counters): where they go,
 * how many there may be, what a name must be, and the words of the
 * messages. */
typedef struct NameList {
    const char **names;
    int *n, max;
    int (*ok)(const Rules *r, const char *s);
    const char *kind;      /* "flag", "counter" */
    const char *not_be;    /* what else a name must not be */
    const char *key;       /* the key, for lk_text */
} NameList;

/* One name of a NameList (ctx). */
static int ls_name(Ld *ld, const yaml_node_t *e, void *ctx)
{
    const NameList *l = ctx;
    if (*l->n >= l->max) {
        dg_error(ld->dg, ld_nloc(e), "too many %ss (at most %d)", l->kind, l->max);
        return -1;
    }
    if (!l->ok(ld->r, lk_sval(e))) {
        dg_error(ld->dg, ld_nloc(e), "%s name `%.60s` must be a name (letters, digits, '_', '-'), not repeated, and not %s",
                 l->kind, lk_sval(e), l->not_be);
        return 0;
    }
    l->names[(*l->n)++] = lk_text(ld, e, (void *)l->key);
    return 1;
}

/* board.flags: the names of the per-hole flags. */
static int ls_flags(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    char buf[80];
    (void)base;
    NameList l = { ld->r->flags, &ld->r->nflags, MAX_FLAGS, ls_flag_name_ok, "flag",
                   "a keyword of expressions, a hole property or a field of the JSON position",
                   lk_label(s, k, buf, sizeof buf) };
    return lk_scalars(ld, v, l.key, "a list of names", ls_name, &l);
}

/* board.stones: large stones, each a flag that marks the hole holding
 * it and that moves as the stone is sown (sow.c). */
static int ls_stones(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    Rules *r = ld->r;
    const int before = r->nflags;
    int ok = ls_flags(ld, s, k, base, v);
    for (int f = before; f < r->nflags; f++)
        r->stone_flags |= 1u << f;
    return ok;
}

/* board.counters: the names of the per-player counters. */
static int ls_counters(Ld *ld, const LdSec *s, const LdKey *k, void *base, const yaml_node_t *v)
{
    char buf[80];
    (void)base;
    NameList l = { ld->r->counters, &ld->r->ncounters, MC_MAX_COUNTERS, ls_counter_name_ok, "counter",
                   "a keyword of expressions or a player property", lk_label(s, k, buf, sizeof buf) };
    return lk_scalars(ld, v, l.key, "a list of names", ls_name, &l);
}

/* board.store-stones: the large stone lying in each player's store as a
 * round begins. */
static const LdKey store_stone_keys[] = {
    { .name = "south", .kind = LK_FLAG, .flags = LF_QUALIFY, .off = offsetof(Rules, store_stone[SOUTH]) },
    { .name = "north", .kind = LK_FLAG, .flags = LF_QUALIFY, .off = offsetof(Rules, store_stone[NORTH]) },
    { .name = NULL }
};

/* The value of `name` in the mapping m, or m itself. */
static const yaml_node_t *ls_value_of(Ld *ld, const yaml_node_t *m, const char *name)
{
    if (m->type != YAML_MAPPING_NODE)
        return m;
    for (yaml_node_pair_t *pr = m->data.mapping.pairs.start; pr < m->data.mapping.pairs.top; pr++) {
        const yaml_node_t *k = ld_node(ld, pr->key);
        if (k && k->type == YAML_SCALAR_NODE && !strcmp(lk_sval(k), name))
            return ld_node(ld, pr->value);
    }
    return m;
}

/* board.store-stones: stores hold large stones; each named one a stone,
 * the two different, on stores that are on the track. */
static void ls_store_stones(Ld *ld, const LdSec *s, const LdPart *p)
{
    Rules *r = ld->r;
    (void)s;
    const yaml_node_t *at = p->val[BK_STORE_STONES];
    if (!at || p->bad[BK_STORE_STONES])
        return;
    r->stores_hold = 1;
    const int fs = r->store_stone[SOUTH], fn = r->store_stone[NORTH];
    const int south_flag = fs >= 0 && !((r->stone_flags >> fs) & 1), north_flag = fn >= 0 && !((r->stone_flags >> fn) & 1);
    if (fs < 0 && fn < 0) {
        if (ls_value_of(ld, at, "south") == at && ls_value_of(ld, at, "north") == at)   /* (else: reported) */
            dg_error(ld->dg, ld_nloc(at), "`board.store-stones` names the large stone lying in a store as a round "
                     "begins: give `south`, `north` or both");
    } else if (south_flag || north_flag) {
        dg_error(ld->dg, ld_nloc(ls_value_of(ld, at, south_flag ? "south" : "north")),
                 "`board.store-stones`: `%s` is a flag, not a large stone (`board.stones`)",
                 r->flags[south_flag ? fs : fn]);
    } else if (fs == fn) {
        dg_error(ld->dg, ld_nloc(ls_value_of(ld, at, "north")),
                 "`board.store-stones`: a large stone lies in one store, not in both");
    } else if (r->stores != STORES_ON_TRACK) {
        dg_error(ld->dg, ld_nloc(at), "`board.store-stones`: large stones lie in stores that are on the track "
                 "(`board.stores: on-track`), where they are sown from and taken");
    }
}

static const LdKey board_keys[BK_N + 1] = {
    [BK_ROWS] = { .name = "rows", .required = 1, .kind = LK_STATIC, .flags = LF_QUALIFY, .type = T_INT,
                  .lo = 1, .hi = MAX_ROWS, .off = offsetof(Rules, rows) },
    [BK_HOLES] = { .name = "holes", .required = 1, .kind = LK_STATIC, .flags = LF_QUALIFY, .type = T_INT,
                   .lo = 1, .hi = MAX_ROW_HOLES, .off = offsetof(Rules, width), .then = ls_board_size },
    [BK_OWNER] = { .name = "owner", .kind = LK_CUSTOM, .flags = LF_QUALIFY, .read = ls_owner },
    [BK_SEEDS] = { .name = "seeds", .required = 1, .kind = LK_CUSTOM, .flags = LF_QUALIFY, .read = ls_seeds },
    [BK_STORES] = { .name = "stores", .required = 1, .kind = LK_WORD, .flags = LF_QUALIFY, .words = store_words,
                    .off = offsetof(Rules, stores), .then = ls_board_stores },
    [BK_STORE_SEEDS] = { .name = "store-seeds", .kind = LK_STATIC, .flags = LF_QUALIFY, .type = T_INT, .lo = 0,
                         .hi = 10000, .off = offsetof(Rules, store_seeds), .then = ls_store_seeds },
    [BK_TRACK] = { .name = "track", .kind = LK_CUSTOM, .flags = LF_QUALIFY, .read = ls_track },
    [BK_FLAGS] = { .name = "flags", .kind = LK_CUSTOM, .flags = LF_QUALIFY, .read = ls_flags },
    [BK_COUNTERS] = { .name = "counters", .kind = LK_CUSTOM, .flags = LF_QUALIFY, .read = ls_counters },
    [BK_STONES] = { .name = "stones", .kind = LK_CUSTOM, .flags = LF_QUALIFY, .read = ls_stones },
    [BK_STORE_STONES] = { .name = "store-stones", .kind = LK_MAP, .flags = LF_QUALIFY, .sub = store_stone_keys,
                          .then = ls_store_stones },
};

/* The checks between the board's keys, once all are read: sides that
 * halve the board, tracks, stores on a track. */
static void ls_board_checks(Ld *ld, const yaml_node_t *n, const LdPart *p)
{
    Rules *r = ld->r;
    if (!p->val[BK_OWNER] && r->nholes % r->players)
        dg_error(ld->dg, ld_nloc(n), r->players == 2 ? "a board of %d holes cannot be shared in halves: give `board.owner`"
                                                     : "a board of %d holes cannot be shared by %d players in runs of equal "
                                                       "length: give `board.owner`",
                 r->nholes, r->players);
    char why[120];
    if (!geo_tracks(r, why, sizeof why)) {
        if (!p->bad[BK_TRACK])   /* a track with a bad entry is reported already */
            dg_error(ld->dg, ld_nloc(p->val[BK_TRACK] ? p->val[BK_TRACK] : n), "`board.track`: %s", why);
    } else if (r->stores == STORES_ON_TRACK && r->rows != 2) {
        dg_error(ld->dg, ld_nloc(p->val[BK_STORES]),
                 "stores on the track need a board of 2 rows (each store after its player's row)");
    } else if (r->stores == STORES_ON_TRACK && geo_twice(r)) {
        dg_error(ld->dg, ld_nloc(p->val[BK_TRACK]), "`board.track` passes hole %d twice: a track that crosses "
                 "itself has no stores on it (`board.stores: on-track`)",
                 ctz_mask(geo_twice(r)) + 1);
    }
}

/* `board`: read even when the mapping has errors, so that the board's
 * size is known to everything after it. */
void ls_board(Ld *ld, const yaml_node_t *n)
{
    LdSec s;
    ld->r->rows = 2;
    ld->r->width = 6;
    lk_sec(&s, n, "`board`", "board");
    LdPart *p = lk_part(&s, board_keys, 0, ld->r, NULL);
    lk_keys(ld, &s);
    lk_read(ld, &s);
    ls_board_checks(ld, n, p);
}

/* ---- setup -------------------------------------------------------------- */

static const char *const setup_player_words[] = { [SOUTH] = "south", [NORTH] = "north", NULL };

static const char *const setup_by_words[] = {
    [SETUP_SOUTH] = "south", [SETUP_NORTH] = "north", [SETUP_EACH] = "each", [SETUP_ALTERNATE] = "alternate", NULL };

static const LdKey mark_keys[] = {
    { .name = "flag", .required = 1, .kind = LK_FLAG, .flags = LF_QUALIFY, .off = offsetof(Rules, setup_mark_flag) },
    { .name = "north-flag", .kind = LK_FLAG, .flags = LF_QUALIFY, .off = offsetof(Rules, setup_mark_north) },
    { .name = "holes", .required = 1, .kind = LK_STATIC, .flags = LF_QUALIFY, .type = T_INT, .lo = 0, .hi = MAX_HOLES,
      .off = offsetof(Rules, setup_mark_n) },
    { .name = "by", .required = 1, .kind = LK_WORD, .flags = LF_QUALIFY, .words = setup_by_words,
      .off = offsetof(Rules, setup_mark_by) },
    { .name = "where", .required = 1, .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CTX_FROM,
      .off = offsetof(Rules, setup_mark_where) },
    { .name = NULL }
};

/* setup.first: who moves first after the swap decision */
static const char *const setup_first_words[] = { "by-choice", "chooser", NULL };

static const LdKey setup_keys[] = {
    { .name = "by", .kind = LK_WORD, .flags = LF_QUALIFY, .words = setup_by_words,
      .off = offsetof(Rules, setup_by) },
    { .name = "seeds", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_INT,
      .ctx = CX_PLAYER, .off = offsetof(Rules, setup_seeds) },
    { .name = "where", .kind = LK_EXPR, .flags = LF_QUALIFY, .type = T_BOOL, .ctx = CTX_FROM,
      .off = offsetof(Rules, setup_where) },
    { .name = "swap", .kind = LK_WORD, .flags = LF_QUALIFY, .words = setup_player_words, .off = offsetof(Rules, setup_swap) },
    { .name = "mark", .kind = LK_MAP, .flags = LF_QUALIFY, .sub = mark_keys },
    { .name = "first", .kind = LK_WORD, .flags = LF_QUALIFY, .words = setup_first_words,
      .off = offsetof(Rules, setup_swapper_first) },
    { .name = "chance", .kind = LK_BOOL, .flags = LF_QUALIFY, .off = offsetof(Rules, setup_chance) },
    { .name = NULL }
};

/* `setup`: the players place seeds of a reserve, then one may swap sides. */
void ls_setup(Ld *ld, const yaml_node_t *n)
{
    Rules *r = ld->r;
    LdSec s;
    lk_sec(&s, n, "`setup`", "setup");
    LdPart *p = lk_part(&s, setup_keys, 0, r, NULL);
    if (!lk_keys(ld, &s))
        return;
    r->has_setup = 1;
    r->setup_swap = -1;
    lk_read(ld, &s);
    /* seeds placed (by, seeds), holes marked (mark), or both */
    if (!p->val[1] && !p->val[4])
        dg_error(ld->dg, ld_nloc(n), "`setup` needs `seeds` (and `by`): the reserves placed, or `mark`");
    else if (!!p->val[0] != !!p->val[1])
        dg_error(ld->dg, ld_nloc(p->val[0] ? p->val[0] : p->val[1]),
                 "`setup.by` and `setup.seeds` go together: who places, and how many seeds");
    else if (p->val[5] && !p->val[3])
        dg_error(ld->dg, ld_nloc(p->key[5]), "`setup.first` says who moves first after `swap`: add `swap`");
    else if (p->val[6] && !p->val[1])
        dg_error(ld->dg, ld_nloc(p->key[6]), "`setup.chance` places the reserves' seeds by chance: give `seeds` (and `by`)");
}
