/* json.c: the JSON position (docs/positions.md) with jansson. */
#include "json.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "engine.h"
#include "jsonint.h"

/* The holes set in `m`, as a JSON list of hole numbers. */
json_t *js_hole_list(const Rules *r, Mask m)
{
    json_t *a = json_array();
    for (int h = 0; h < r->nholes; h++)
        if (has_hole(m, h))
            json_array_append_new(a, json_integer(h + 1));
    return a;
}

/* board.counters: {"NAME": [south, north]}, where the variant has them. */
static void counter_fields(const Rules *r, const Position *p, json_t *o)
{
    if (!r->ncounters)
        return;
    json_t *cs = json_object();
    for (int k = 0; k < r->ncounters; k++) {
        json_t *pair = json_array();
        for (int pl = 0; pl < r->players; pl++)
            json_array_append_new(pair, json_integer(p->counter[pl][k]));
        json_object_set_new(cs, r->counters[k], pair);
    }
    json_object_set_new(o, "counters", cs);
}

/* `eliminated`: the players out of the game, where the variant has
 * `eliminate`. */
static void eliminated_field(const Rules *r, const Position *p, json_t *o)
{
    if (!r->eliminate.code)
        return;
    json_t *out = json_array();
    for (int pl = 0; pl < r->players; pl++)
        if (p->eliminated >> pl & 1)
            json_array_append_new(out, json_string(player_word(r->players, pl)));
    json_object_set_new(o, "eliminated", out);
}

/* `last_move`: what the rules keep of the last move (read_last_move's). */
static json_t *last_move_json(const Rules *r, const Position *p)
{
    json_t *lm = json_object();
    if (r->uses_took) {
        json_t *tk = json_object();
        for (int pl = 0; pl < r->players; pl++)
            json_object_set_new(tk, player_word(r->players, pl), json_boolean((p->last_move >> pl) & 1));
        json_object_set_new(lm, "took", tk);
    }
    if (r->has_place)
        json_object_set_new(lm, "placed", json_boolean((p->last_move & LM_PLACED) != 0));
    if (r->nstore_moves)
        json_object_set_new(lm, "stored", json_integer((p->last_move >> LM_STORED_SHIFT) & 7));
    if (r->has_select)
        json_object_set_new(lm, "selected", json_boolean((p->last_move & LM_SELECTED) != 0));
    if (r->has_choice)
        json_object_set_new(lm, "choice", json_boolean((p->last_move & LM_CHOSEN) != 0));
    if (r->uses_extra)
        json_object_set_new(lm, "extra", json_boolean((p->last_move & LM_EXTRA) != 0));
    return lm;
}

char *pos_to_json(Vm *vm, const Position *p)
{
    const Rules *r = vm->r;
    Move moves[MAX_MOVES];
    int n = gen_moves(vm, p, moves);
    if (n < 0)
        return NULL;
    json_t *o = json_object();
    json_object_set_new(o, "variant", json_string(r->name));
    json_t *b = json_array();
    for (int h = 0; h < r->nholes; h++)
        json_array_append_new(b, json_integer(p->count[h]));
    json_object_set_new(o, "board", b);
    json_t *s = json_array();
    for (int pl = 0; pl < r->players; pl++)
        json_array_append_new(s, json_integer(p->store[pl]));
    json_object_set_new(o, "stores", s);
    json_object_set_new(o, "to_move", json_string(player_word(r->players, p->to_move)));
    json_object_set_new(o, "over", json_boolean(p->over));
    json_object_set_new(o, "winner", !p->over ? json_null()
                        : json_string(p->winner == WIN_DRAW ? "draw" : player_word(r->players, p->winner)));
    json_object_set_new(o, "phase", json_string(phase_name(p->phase)));
    json_object_set_new(o, "round", json_integer(p->round));
    if (r->has_reserves) {
        json_t *rs = json_array();
        json_array_append_new(rs, json_integer(p->reserve[0]));
        json_array_append_new(rs, json_integer(p->reserve[1]));
        json_object_set_new(o, "reserve", rs);
    }
    js_mid_move_fields(r, p, o);
    if (r->uses_plies)
        json_object_set_new(o, "plies", json_integer(p->plies));
    if (r->uses_sowed) {
        json_t *sw = json_object();
        for (int pl = 0; pl < r->players; pl++) {
            unsigned bits = (unsigned)p->sowed >> (2 * pl);
            json_object_set_new(sw, player_word(r->players, pl), !(bits & 1) ? json_null() : json_string(bits & 2 ? "cw" : "ccw"));
        }
        json_object_set_new(o, "sowed", sw);
    }
    if (r->swap_when.code)   /* moves.swap: whether the sides were swapped this round */
        json_object_set_new(o, "swapped", json_boolean(p->sowed & SW_SWAPPED));
    if (r->keeps_last_move)
        json_object_set_new(o, "last_move", last_move_json(r, p));
    json_object_set_new(o, "starter", json_string(player_word(r->players, p->starter)));
    json_object_set_new(o, "last_mover", json_string(player_word(r->players, p->last_mover)));
    json_object_set_new(o, "removed", json_integer(p->removed));
    for (int f = 0; f < r->nflags; f++) {
        json_t *l = js_hole_list(r, p->flags[f]);
        for (int pl = 0; r->stores_hold && pl < 2; pl++)   /* a large stone lying in a store */
            if ((p->store_stones[pl] >> f) & 1)
                json_array_append_new(l, json_string(pl == SOUTH ? "south-store" : "north-store"));
        json_object_set_new(o, r->flags[f], l);
    }
    counter_fields(r, p, o);
    eliminated_field(r, p, o);
    if (r->match && (r->next == NEXT_FILL || r->next == NEXT_COPY)) {
        json_object_set_new(o, "out_of_play", js_hole_list(r, p->out_of_play));
        json_t *hd = json_array();
        json_array_append_new(hd, json_integer(p->store[0]));
        json_array_append_new(hd, json_integer(p->store[1]));
        json_object_set_new(o, "holdings", hd);
    } else if (p->out_of_play)
        json_object_set_new(o, "out_of_play", js_hole_list(r, p->out_of_play));
    Mask start[2];
    rules_owners(r, start);
    if ((r->match && r->next == NEXT_REDISTRIBUTE) || p->owner[0] != start[0] || p->owner[1] != start[1]) {
        json_t *ow = json_array();
        for (int h = 0; h < r->nholes; h++)
            json_array_append_new(ow, json_string(player_word(r->players, pos_owner(p, h))));
        json_object_set_new(o, "owners", ow);
    }
    if (r->match) {
        json_t *t = json_array();
        json_array_append_new(t, json_integer(p->total[0]));
        json_array_append_new(t, json_integer(p->total[1]));
        json_object_set_new(o, "totals", t);
    }
    if (r->has_debts) {
        json_t *d = json_array();
        json_array_append_new(d, json_integer(p->debt[0]));
        json_array_append_new(d, json_integer(p->debt[1]));
        json_object_set_new(o, "debts", d);
    }
    if (r->has_lots) {
        json_t *l = json_null();
        if (p->phase == PH_LOT) {
            l = json_object();
            json_object_set_new(l, "decides", json_string((p->lot & 3) == MC_LOT_FIRST ? "first" : "hole"));
            if ((p->lot & 3) == MC_LOT_HOLE) {
                int w = p->lot >> 2 & 7;
                json_object_set_new(l, "round_winner", json_string(w == WIN_DRAW ? "draw" : player_word(r->players, w)));
            }
        }
        json_object_set_new(o, "lot", l);
    }
    const char *en = end_name(p->end);
    json_object_set_new(o, "end", en ? json_string(en) : json_null());
    json_t *ma = json_array();
    for (int i = 0; i < n; i++) {
        char tok[256];
        tok_write(r, &moves[i], tok, sizeof tok);
        json_array_append_new(ma, json_string(tok));
    }
    json_object_set_new(o, "moves", ma);
    char *out = json_dumps(o, JSON_PRESERVE_ORDER | JSON_COMPACT);
    json_decref(o);
    return out;
}

/* Writes a printf-style message to `err` (n bytes); returns 0, the
 * failure its callers return. */
int js_fail(char *err, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
    return 0;
}

/* A player's word (player_word) into *out; 0 for anything else. */
static int name_player(const Rules *r, const char *s, int *out)
{
    int p = player_of_word(r->players, s);
    if (p < 0)
        return 0;
    *out = p;
    return 1;
}

/* The words naming the players, for messages. */
static const char *players_words(const Rules *r)
{
    static const char *const words[MAX_PLAYERS + 1] = { "", "", "\"south\" or \"north\"", "\"p1\", \"p2\" or \"p3\"",
                                                        "\"p1\", \"p2\", \"p3\" or \"p4\"" };
    return words[r->players];
}

/* A JSON string naming a player. */
static int get_player(const Rules *r, json_t *v, int *out)
{
    return name_player(r, json_string_value(v), out);
}

/* A list of hole numbers 1..nholes into the mask *out; 0 for anything
 * else. */
int js_get_holes(const Rules *r, json_t *v, Mask *out)
{
    if (!json_is_array(v))
        return 0;
    Mask m = 0;
    size_t i;
    json_t *e;
    json_array_foreach(v, i, e) {
        if (!json_is_integer(e))
            return 0;
        json_int_t h = json_integer_value(e);
        if (h < 1 || h > r->nholes)
            return 0;
        m |= (Mask)1 << (h - 1);
    }
    *out = m;
    return 1;
}

/* A list of two integers in 0..`max` into out; 0 for anything else. */
static int get_counts(json_t *v, int32_t *out, int n, long max)
{
    if (!json_is_array(v) || json_array_size(v) != (size_t)n)
        return 0;
    for (int i = 0; i < n; i++) {
        json_t *e = json_array_get(v, (size_t)i);
        if (!json_is_integer(e) || json_integer_value(e) < 0 || json_integer_value(e) > max)
            return 0;
        out[i] = (int32_t)json_integer_value(e);
    }
    return 1;
}

/* A list of two numbers of 0..max (each player's, of two players). */
static int get_pair(json_t *v, int32_t out[2], long max)
{
    return get_counts(v, out, 2, max);
}

/* `variant` (if given, this one), `board` and `stores`: the seed counts. */
static int read_counts(const Rules *r, json_t *o, Position *p, char *err, size_t errlen)
{
    json_t *v = json_object_get(o, "variant");
    if (v && (!json_is_string(v) || strcmp(json_string_value(v), r->name) != 0))
        return js_fail(err, errlen, "field `variant`: this position is for \"%s\", not \"%s\"",
                    json_is_string(v) ? json_string_value(v) : "?", r->name);
    v = json_object_get(o, "board");
    if (!json_is_array(v) || (int)json_array_size(v) != r->nholes)
        return js_fail(err, errlen, "field `board`: expected a list of %d seed counts", r->nholes);
    for (int h = 0; h < r->nholes; h++) {
        json_t *e = json_array_get(v, (size_t)h);
        if (!json_is_integer(e) || json_integer_value(e) < 0 || json_integer_value(e) > MAX_SEEDS)
            return js_fail(err, errlen, "field `board`: hole %d must hold 0..%d seeds", h + 1, MAX_SEEDS);
        p->count[h] = (uint16_t)json_integer_value(e);
    }
    v = json_object_get(o, "stores");
    if (!v || !get_counts(v, p->store, r->players, MAX_SEEDS))
        return js_fail(err, errlen, "field `stores`: expected %s counts of 0..%d seeds",
                    r->players == 2 ? "two" : r->players == 3 ? "three" : "four", MAX_SEEDS);
    return 1;
}

/* `to_move`; `last_mover` (by default the other player) and `starter`
 * (by default South). */
static int read_players(const Rules *r, json_t *o, Position *p, char *err, size_t errlen)
{
    int pl;
    json_t *v = json_object_get(o, "to_move");
    if (!v || !get_player(r, v, &pl))
        return js_fail(err, errlen, "field `to_move`: expected %s", players_words(r));
    p->to_move = (uint8_t)pl;
    p->last_mover = (uint8_t)((pl + r->players - 1) % r->players);
    if ((v = json_object_get(o, "last_mover"))) {
        if (!get_player(r, v, &pl))
            return js_fail(err, errlen, "field `last_mover`: expected %s", players_words(r));
        p->last_mover = (uint8_t)pl;
    }
    p->starter = SOUTH;
    if ((v = json_object_get(o, "starter"))) {
        if (!get_player(r, v, &pl))
            return js_fail(err, errlen, "field `starter`: expected %s", players_words(r));
        p->starter = (uint8_t)pl;
    }
    return 1;
}

/* `phase` (by default "play"): one this variant has, with the player to
 * move the one who decides in it. */
static int read_phase(const Rules *r, json_t *o, Position *p, char *err, size_t errlen)
{
    json_t *v;
    p->phase = PH_PLAY;
    if (!(v = json_object_get(o, "phase")) || json_is_null(v))
        return 1;
    const char *s = json_string_value(v);
    int ph = -1;
    for (int i = 0; s && i < PH_COUNT; i++)
        if (!strcmp(phase_name(i), s))
            ph = i;
    if (ph < 0 || (ph == PH_OPENING && !r->has_opening) || (ph == PH_FIRST && r->first_chooser < 0) ||
        (ph == PH_LOT && !r->has_lots) ||
        (ph == PH_HAND && !r->hand_choice) || (ph == PH_PICK && !r->has_picks) || (ph == PH_PUT && !r->has_puts) || (ph == PH_STEER && !r->sow.steer.code) || ((ph == PH_PLACE || ph == PH_SWAP) && !r->has_setup) ||
        (ph == PH_SWAP && r->setup_swap < 0) || (ph == PH_MARK && r->setup_mark_flag < 0) ||
        (ph == PH_FILL && !(r->match && r->next == NEXT_FILL && r->choose == CHOOSE_PLAYER)))
        return js_fail(err, errlen, "field `phase`: \"%s\" is not a phase of this variant", s ? s : "?");
    p->phase = (uint8_t)ph;
    /* who decides in a phase is the variant's rule */
    if (ph == PH_OPENING && p->to_move != r->opening_by)
        return js_fail(err, errlen, "field `to_move`: in phase \"opening\" the player to move is %s, who makes the opening",
                    r->opening_by ? "north" : "south");
    if (ph == PH_FIRST && p->to_move != r->first_chooser)
        return js_fail(err, errlen, "field `to_move`: in phase \"first\" the player to move is %s, who chooses who begins",
                    r->first_chooser ? "north" : "south");
    if (ph == PH_SWAP && p->to_move != r->setup_swap)
        return js_fail(err, errlen, "field `to_move`: in phase \"swap\" the player to move is %s, who may swap sides",
                    r->setup_swap ? "north" : "south");
    return 1;
}

/* `round` (by default 1), `plies` and `removed` (by default 0). */
static int read_round(const Rules *r, json_t *o, Position *p, char *err, size_t errlen)
{
    json_t *v;
    if ((v = json_object_get(o, "round"))) {
        if (!json_is_integer(v) || json_integer_value(v) < 1 ||
            json_integer_value(v) > (r->match ? r->max_rounds : 1))
            return js_fail(err, errlen, "field `round`: expected 1..%d", r->match ? r->max_rounds : 1);
        p->round = (uint16_t)json_integer_value(v);
    }
    if ((v = json_object_get(o, "plies"))) {
        if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > UINT16_MAX)
            return js_fail(err, errlen, "field `plies`: expected 0..%d", UINT16_MAX);
        p->plies = (uint16_t)json_integer_value(v);
    }
    if ((v = json_object_get(o, "removed"))) {
        if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > MAX_SEEDS)
            return js_fail(err, errlen, "field `removed`: expected 0..%d", MAX_SEEDS);
        p->removed = (int32_t)json_integer_value(v);
    }
    return 1;
}

/* The field of flag f: a list of hole numbers; with `in_stores` (a
 * large stone where stores hold them) also "south-store", "north-store". */
static int read_flag(const Rules *r, json_t *v, int f, int in_stores, Position *p)
{
    if (!in_stores || !json_is_array(v))
        return js_get_holes(r, v, &p->flags[f]);
    json_t *holes = json_array();
    size_t i;
    json_t *e;
    int ok = 1;
    json_array_foreach(v, i, e) {
        const char *w = json_string_value(e);
        if (w && (!strcmp(w, "south-store") || !strcmp(w, "north-store")))
            p->store_stones[w[0] == 'n'] = (uint8_t)(p->store_stones[w[0] == 'n'] | 1u << f);
        else
            ok = ok && json_array_append(holes, e) == 0;
    }
    ok = ok && js_get_holes(r, holes, &p->flags[f]);
    json_decref(holes);
    return ok;
}

/* The sets of holes: the variant's flags, `out_of_play` (holes that hold
 * no seeds) and `owners` (by default the variant's rows). */
static int read_holes(const Rules *r, json_t *o, Position *p, char *err, size_t errlen)
{
    json_t *v;
    int pl;
    for (int f = 0; f < r->nflags; f++) {
        const int in_stores = r->stores_hold && ((r->stone_flags >> f) & 1);
        if ((v = json_object_get(o, r->flags[f])) && !read_flag(r, v, f, in_stores, p))
            return js_fail(err, errlen, "field `%s`: expected a list of hole numbers 1..%d%s", r->flags[f], r->nholes,
                           in_stores ? " and \"south-store\", \"north-store\"" : "");
        if (((r->stone_flags >> f) & 1) &&
            popcount_mask(p->flags[f]) + ((p->store_stones[SOUTH] >> f) & 1) + ((p->store_stones[NORTH] >> f) & 1) > 1)
            return js_fail(err, errlen, "field `%s`: a large stone lies in one %s at most", r->flags[f],
                           in_stores ? "hole or store" : "hole");
    }
    if ((v = json_object_get(o, "out_of_play"))) {
        if (!js_get_holes(r, v, &p->out_of_play))
            return js_fail(err, errlen, "field `out_of_play`: expected a list of hole numbers 1..%d", r->nholes);
        for (int h = 0; h < r->nholes; h++)
            if (has_hole(p->out_of_play, h) && p->count[h])
                return js_fail(err, errlen, "field `out_of_play`: hole %d is out of play but holds seeds", h + 1);
    }
    if ((v = json_object_get(o, "owners"))) {
        if (!json_is_array(v) || (int)json_array_size(v) != r->nholes)
            return js_fail(err, errlen, "field `owners`: expected %d of \"south\"/\"north\"", r->nholes);
        p->owner[0] = p->owner[1] = 0;
        for (int h = 0; h < r->nholes; h++) {
            if (!get_player(r, json_array_get(v, (size_t)h), &pl))
                return js_fail(err, errlen, "field `owners`: entry %d must be %s", h + 1, players_words(r));
            pos_set_owner(p, h, pl);
        }
    }
    return 1;
}

/* `reserve`: the seeds each player still has to place: with moves.place,
 * in any phase; otherwise in phase "place" only (the player to move has
 * some; one who does not place has none). */
static int read_reserve(const Rules *r, json_t *o, Position *p, char *err, size_t errlen)
{
    json_t *v = json_object_get(o, "reserve");
    int32_t rs[2] = { 0, 0 };
    if (v && !get_pair(v, rs, MAX_SEEDS))
        return js_fail(err, errlen, "field `reserve`: expected two counts of 0..%d seeds", MAX_SEEDS);
    p->reserve[0] = (uint16_t)rs[0];
    p->reserve[1] = (uint16_t)rs[1];
    if (r->has_place)
        return 1;
    if (p->phase != PH_PLACE && (rs[0] || rs[1]))
        return js_fail(err, errlen, "field `reserve`: seeds are placed from a reserve only in phase \"place\"");
    if (p->phase == PH_PLACE && !rs[p->to_move])
        return js_fail(err, errlen, "field `reserve`: in phase \"place\" the player to move has seeds to place");
    int only = r->setup_by == SETUP_SOUTH ? SOUTH : r->setup_by == SETUP_NORTH ? NORTH : -1;
    if (only >= 0 && rs[!only])
        return js_fail(err, errlen, "field `reserve`: only %s places seeds in this variant's setup", only ? "North" : "South");
    return 1;
}

/* `sowed`: for each player, the direction of his last sowing move this
 * game, or null (none yet); read where the rules read it (elsewhere it
 * is not kept). */
static int read_sowed(const Rules *r, json_t *o, Position *p, char *err, size_t errlen)
{
    json_t *v = json_object_get(o, "sowed");
    if (!v || !r->uses_sowed)
        return 1;
    const char *key;
    json_t *d;
    if (!json_is_object(v))
        return js_fail(err, errlen, "field `sowed`: expected {\"south\": ..., \"north\": ...}");
    json_object_foreach(v, key, d) {
        int pl;
        int ok = name_player(r, key, &pl);
        const char *s = json_string_value(d);
        if (!ok || !(json_is_null(d) || (s && (!strcmp(s, "cw") || !strcmp(s, "ccw")))))
            return js_fail(err, errlen, "field `sowed`: expected {\"south\": D, \"north\": D}, D \"cw\", \"ccw\" or null");
        if (s)
            p->sowed = (uint8_t)(p->sowed | (1u | (unsigned)(s[1] == 'w') << 1) << 2 * pl);
    }
    return 1;
}

/* `eliminated`: the players out of the game (`eliminate`), not the one to
 * move while the game goes on. */
static int read_eliminated(const Rules *r, json_t *o, Position *p, char *err, size_t errlen)
{
    json_t *v = json_object_get(o, "eliminated");
    if (!v || !r->eliminate.code)
        return 1;
    if (!json_is_array(v))
        return js_fail(err, errlen, "field `eliminated`: expected a list of %s", players_words(r));
    size_t i;
    json_t *e;
    json_array_foreach(v, i, e) {
        int pl;
        if (!get_player(r, e, &pl))
            return js_fail(err, errlen, "field `eliminated`: entry %zu must be %s", i + 1, players_words(r));
        p->eliminated = (uint8_t)(p->eliminated | 1u << pl);
    }
    if (p->eliminated >> p->to_move & 1)
        return js_fail(err, errlen, "field `eliminated`: the player to move is out of the game");
    if (__builtin_popcount(p->eliminated) > r->players - 2)
        return js_fail(err, errlen, "field `eliminated`: at most %d players may be out (with one left in, the game "
                    "is over)", r->players - 2);
    return 1;
}

/* `counters`: {"NAME": [S, N]} for counters of board.counters (each
 * 0..MC_MAX_COUNT); those not given are 0. */
static int read_counters(const Rules *r, json_t *o, Position *p, char *err, size_t errlen)
{
    json_t *v = json_object_get(o, "counters");
    if (!v || !r->ncounters)
        return 1;
    if (!json_is_object(v))
        return js_fail(err, errlen, "field `counters`: expected {\"NAME\": [S, N], ...}");
    const char *key;
    json_t *d;
    json_object_foreach(v, key, d) {
        int k = 0;
        while (k < r->ncounters && strcmp(r->counters[k], key) != 0)
            k++;
        if (k == r->ncounters)
            return js_fail(err, errlen, "field `counters`: no counter `%.60s` in this variant", key);
        for (int pl = 0; pl < r->players; pl++) {
            json_t *x = json_is_array(d) && json_array_size(d) == (size_t)r->players ? json_array_get(d, (size_t)pl) : NULL;
            if (!json_is_integer(x) || json_integer_value(x) < 0 || json_integer_value(x) > MC_MAX_COUNT)
                return js_fail(err, errlen, "field `counters`: `%.60s` must be %s, each 0..%d", key,
                            r->players == 2 ? "[S, N]" : "a list of each player's value", MC_MAX_COUNT);
            p->counter[pl][k] = (uint16_t)json_integer_value(x);
        }
    }
    return 1;
}

/* `swapped`: the players have swapped sides this game (moves.swap), read
 * where the rules have the swap. */
static int read_swapped(const Rules *r, json_t *o, Position *p, char *err, size_t errlen)
{
    json_t *v = json_object_get(o, "swapped");
    if (!v || !r->swap_when.code)
        return 1;
    if (!json_is_boolean(v))
        return js_fail(err, errlen, "field `swapped`: expected true or false");
    if (json_is_true(v))
        p->sowed = (uint16_t)(p->sowed | SW_SWAPPED);
    return 1;
}

/* A boolean of `last_move` (`placed`, `selected`), if given: true sets
 * `bit` of Position.last_move. */
static int read_lm_bit(json_t *lm, const char *name, unsigned bit, Position *p, char *err, size_t errlen)
{
    json_t *v = json_object_get(lm, name);
    if (!v)
        return 1;
    if (!json_is_boolean(v))
        return js_fail(err, errlen, "field `last_move.%s`: expected true or false", name);
    if (json_is_true(v))
        p->last_move = (uint16_t)(p->last_move | bit);
    return 1;
}

/* `last_move`: `took` (each player's last move took seeds), `placed`
 * (the last move began by placing a seed), `stored` (the entry of
 * moves.store it sowed from, 1..; 0: none), `selected` (it selected a
 * hole: moves.select), `choice` (a sowing made with the choice:
 * moves.choice) and `extra` (it gave the player to move an extra turn),
 * where the rules keep them. */
static int read_last_move(const Rules *r, json_t *o, Position *p, char *err, size_t errlen)
{
    json_t *lm = json_object_get(o, "last_move");
    if (!lm || !r->keeps_last_move)
        return 1;
    if (!json_is_object(lm))
        return js_fail(err, errlen,
                    "field `last_move`: expected {\"took\": ..., \"placed\": ..., \"stored\": ..., \"selected\": ...}");
    json_t *v = json_object_get(lm, "took");
    if (v && r->uses_took) {
        const char *key;
        json_t *d;
        if (!json_is_object(v))
            return js_fail(err, errlen, "field `last_move.took`: expected {\"south\": B, \"north\": B}, B true or false");
        json_object_foreach(v, key, d) {
            int pl;
            if (!name_player(r, key, &pl) || !json_is_boolean(d))
                return js_fail(err, errlen,
                            "field `last_move.took`: expected {\"south\": B, \"north\": B}, B true or false");
            if (json_is_true(d))
                p->last_move = (uint16_t)(p->last_move | 1u << pl);
        }
    }
    if (r->has_place && !read_lm_bit(lm, "placed", LM_PLACED, p, err, errlen))
        return 0;
    v = json_object_get(lm, "stored");
    if (v && r->nstore_moves) {
        if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > r->nstore_moves)
            return js_fail(err, errlen, "field `last_move.stored`: expected 0 (none) or an entry of `moves.store`, 1..%d",
                        r->nstore_moves);
        p->last_move = (uint16_t)(p->last_move | (unsigned)json_integer_value(v) << LM_STORED_SHIFT);
    }
    if (r->has_select && !read_lm_bit(lm, "selected", LM_SELECTED, p, err, errlen))
        return 0;
    if (r->uses_extra && !read_lm_bit(lm, "extra", LM_EXTRA, p, err, errlen))
        return 0;
    return !r->has_choice || read_lm_bit(lm, "choice", LM_CHOSEN, p, err, errlen);
}

/* `totals`, and `over`, which may only say the game goes on. */
static int read_totals(json_t *o, Position *p, char *err, size_t errlen)
{
    json_t *v;
    if ((v = json_object_get(o, "totals")) && !get_pair(v, p->total, 1000000000L))
        return js_fail(err, errlen, "field `totals`: expected two non-negative numbers");
    if ((v = json_object_get(o, "over")) && !json_is_boolean(v) && !json_is_null(v))
        return js_fail(err, errlen, "field `over`: expected true or false");
    if (v && json_is_true(v))
        return js_fail(err, errlen, "field `over`: a finished game cannot be continued");
    return 1;
}

/* `debts` (variants whose `match.settle` lends) and `lot`: in phase
 * "lot" (only there), what the lot decides, and after a round the
 * round's result. */
static int read_debts_lot(const Rules *r, json_t *o, Position *p, char *err, size_t errlen)
{
    json_t *v = json_object_get(o, "debts");
    int32_t d[2] = { 0, 0 };
    if (v && r->has_debts && !get_pair(v, d, MAX_SEEDS))
        return js_fail(err, errlen, "field `debts`: expected two counts of 0..%d seeds", MAX_SEEDS);
    p->debt[0] = (uint16_t)d[0];
    p->debt[1] = (uint16_t)d[1];
    v = json_object_get(o, "lot");
    if (p->phase != PH_LOT) {
        if (v && !json_is_null(v))
            return js_fail(err, errlen, "field `lot`: a lot is drawn only in phase \"lot\"");
        return 1;
    }
    const char *what = json_string_value(json_object_get(v, "decides"));
    int first = what && !strcmp(what, "first"), hole = what && !strcmp(what, "hole");
    if (!json_is_object(v) || !(first || hole))
        return js_fail(err, errlen, "field `lot`: in phase \"lot\" expected {\"decides\": \"first\" or \"hole\"}");
    if ((first && !r->first_lot) || (hole && !(r->match && r->leftover_lot)))
        return js_fail(err, errlen, "field `lot`: this variant draws no lot for %s",
                    first ? "who begins" : "a hole left over");
    if (first && p->round != 1)
        return js_fail(err, errlen, "field `lot`: who begins is drawn in round 1 only");
    p->lot = first ? MC_LOT_FIRST : MC_LOT_HOLE;
    if (hole) {
        const char *w = json_string_value(json_object_get(v, "round_winner"));
        int pl = -1;
        if (w && !strcmp(w, "draw"))
            pl = WIN_DRAW;
        else if (!w || !name_player(r, w, &pl))
            return js_fail(err, errlen, "field `lot.round_winner`: expected \"south\", \"north\" or \"draw\"");
        p->lot = (uint8_t)(p->lot | pl << 2);
        /* the round is over: why it ended is part of the position */
        const char *why = json_string_value(json_object_get(o, "end"));
        for (int e = END_NONE + 1; why && e < MC_END_COUNT; e++)
            if (end_name(e) && !strcmp(end_name(e), why))
                p->end = (uint8_t)e;
    }
    return 1;
}

/* What the fields must agree on: in phase "fill", the holes of the player
 * to move are empty; all the seeds are at most MAX_SEEDS. */
static int check_whole(const Rules *r, const Position *p, char *err, size_t errlen)
{
    if (p->phase == PH_FILL) {
        /* the player to move fills his holes from his store: they are empty */
        Mask own = fill_mask(r, p, p->to_move);   /* (kept holes keep their seeds) */
        for (int h = 0; h < r->nholes; h++)
            if (has_hole(own, h) && p->count[h])
                return js_fail(err, errlen, "field `board`: in phase \"fill\" the holes of the player to move are empty "
                            "(he fills them from his store), but hole %d holds %d", h + 1, p->count[h]);
    }
    if (p->phase == PH_MARK) {   /* who marks follows from how many holes are marked */
        int who = rnd_marker(r, popcount_mask(rnd_marked(r, p)));
        if (who != p->to_move)
            return js_fail(err, errlen, who < 0 ? "field `phase`: every hole of `setup.mark` is marked already"
                        : "field `to_move`: in phase \"mark\" with these holes marked, %s marks the next",
                        who ? "north" : "south");
    }
    /* Test positions often hold fewer (or more) seeds than a game starts
     * with; the game then conserves the total they hold. */
    long total = pos_seed_total(r, p);
    if (total > MAX_SEEDS)
        return js_fail(err, errlen, "field `board`: %ld seeds on the board, in stores%s and removed; at most %d",
                    total, p->hand ? ", in hand" : p->reserve[0] || p->reserve[1] ? ", in reserve" : "", MAX_SEEDS);
    return 1;
}

int pos_from_json(const Rules *r, const char *text, size_t len, Position *out,
                  char *err, size_t errlen)
{
    json_error_t je;
    if (memchr(text, 0, len))
        return js_fail(err, errlen, "not a text file: it contains a NUL byte (UTF-16 text? save it as UTF-8)");
    json_t *o = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (!o)
        return js_fail(err, errlen, "line %d, column %d: %s", je.line, je.column, je.text);
    Position p;
    memset(&p, 0, sizeof p);
    p.round = 1;
    p.winner = WIN_NONE;
    rules_owners(r, p.owner);
    int ok = 0;
    if (!json_is_object(o))
        js_fail(err, errlen, "a position must be a JSON object");
    else   /* the first field that is wrong is the one reported */
        ok = read_counts(r, o, &p, err, errlen) && read_players(r, o, &p, err, errlen) &&
             read_phase(r, o, &p, err, errlen) && read_round(r, o, &p, err, errlen) &&
             read_holes(r, o, &p, err, errlen) && js_read_hand(r, o, &p, err, errlen) &&
             js_read_pick(r, o, &p, err, errlen) && js_read_put(r, o, &p, err, errlen) &&
             read_sowed(r, o, &p, err, errlen) && read_swapped(r, o, &p, err, errlen) &&
             read_counters(r, o, &p, err, errlen) && read_eliminated(r, o, &p, err, errlen) &&
             read_last_move(r, o, &p, err, errlen) &&
             read_reserve(r, o, &p, err, errlen) && read_debts_lot(r, o, &p, err, errlen) &&
             js_read_steer(r, o, &p, err, errlen) &&
             read_totals(o, &p, err, errlen) &&
             check_whole(r, &p, err, errlen);
    if (ok)
        *out = p;
    json_decref(o);
    return ok;
}
