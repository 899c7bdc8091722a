/* event.c: events (what happened in a move, mancala.h) sent to the Vm's
 * sink and written as JSON lines (docs/events.md), and the names of
 * phases and game ends. */
#include <stdarg.h>
#include <stdio.h>

#include "engine.h"

void ev_send(Vm *vm, const McEvent *ev)
{
    vm->sink(vm->sink_arg, ev);
}

void ev_basic(Vm *vm, int kind, int player, int hole, int n, int seeds)
{
    McEvent ev = { 0 };
    ev.kind = (uint8_t)kind;
    ev.player = (uint8_t)player;
    ev.hole = (int16_t)hole;
    ev.n = n;
    ev.seeds = seeds;
    ev_send(vm, &ev);
}

void ev_owners(Vm *vm, int player, const Position *p, int hole)
{
    McEvent ev = { 0 };
    ev.kind = MC_EV_OWNERS;
    ev.player = (uint8_t)player;
    ev.mask = p->owner[0];
    ev.mask2 = p->owner[1];
    ev.hole = (int16_t)hole;
    ev_send(vm, &ev);
}

long pos_seed_total(const Rules *r, const Position *p)
{
    long t = (long)p->removed + p->hand;
    for (int pl = 0; pl < MAX_PLAYERS; pl++)
        t += (long)p->store[pl] + p->reserve[pl];
    for (int i = 0; i < r->nholes; i++)
        t += p->count[i];
    return t;
}

const char *phase_name(int phase)
{
    static const char *const names[PH_COUNT] = { "play", "opening", "first", "fill", "hand", "place", "swap", "pick", "mark", "lot", "put", "steer" };
    return (unsigned)phase < PH_COUNT ? names[phase] : "?";
}

const char *end_name(int end)
{
    static const char *const names[END_COUNT] = { NULL, "rule", "no-moves", "blocked", "must",
        "repetition", "match", "max-rounds", "max-plies", "last-player" };
    return (unsigned)end < END_COUNT ? names[end] : NULL;
}

/* ---- JSON ------------------------------------------------------------------ */

/* Text written into a buffer that may be too small: `len` counts what
 * the whole text needs, as snprintf does. */
typedef struct Out {
    char *buf;
    size_t n, len;
    int players;   /* how many play: how players are named */
} Out;

static void out(Out *o, const char *fmt, ...) DG_PRINTF(2, 3);
/* Appends printf-style text to `o`, counting what does not fit. */
static void out(Out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(o->len < o->n ? o->buf + o->len : NULL, o->len < o->n ? o->n - o->len : 0, fmt, ap);
    va_end(ap);
    if (k > 0)
        o->len += (size_t)k;
}

/* A player as the JSON events name it. */
static const char *player(const Out *o, int p)
{
    return player_word(o->players, p);
}

/* A place as JSON: a hole number, "south-store"/"north-store", or null. */
static void place(Out *o, const char *key, int h)
{
    if (h >= 0 && h < MAX_HOLES)
        out(o, ",\"%s\":%d", key, h + 1);
    else if (h >= STORE_HOLE(0) && h < STORE_HOLE(o->players))
        out(o, ",\"%s\":\"%s-store\"", key, player(o, h - MAX_HOLES));
    else
        out(o, ",\"%s\":null", key);
}

/* The holes set in `m` as the JSON field `key`: a list of hole numbers. */
static void holes(Out *o, const char *key, const Rules *r, Mask m)
{
    out(o, ",\"%s\":[", key);
    for (int h = 0, first = 1; h < r->nholes; h++)
        if (has_hole(m, h)) {
            out(o, "%s%d", first ? "" : ",", h + 1);
            first = 0;
        }
    out(o, "]");
}

/* The fields of an end: why, the round, the winner, what each side
 * took (the match totals when a match ends) and whether it is over. */
static void ev_end_json(Out *o, const McEvent *ev)
{
    const int w = ev->winner;
    int match = ev->reason == END_MATCH || ev->reason == END_MAX_ROUNDS;
    out(o, ",\"reason\":\"%s\",\"round\":%d,\"winner\":%s%s%s", end_name(ev->reason) ? end_name(ev->reason) : "?",
        ev->round, w < o->players ? "\"" : "", w == WIN_DRAW ? "\"draw\"" : w < o->players ? player(o, w) : "null",
        w < o->players ? "\"" : "");
    out(o, ",\"%s\":{", match ? "totals" : "took");
    for (int pl = 0; pl < o->players; pl++)
        out(o, "%s\"%s\":%d", pl ? "," : "", player(o, pl), ev->took[pl]);
    out(o, "}");
    if (!match)
        out(o, ",\"removed\":%d", ev->seeds);
    out(o, ",\"over\":%s", ev->match_over ? "true" : "false");
}

/* The fields after "event" for each kind. */
static void ev_fields(Out *o, const Rules *r, const McEvent *ev)
{
    char tok[256];
    switch (ev->kind) {
    case MC_EV_MOVE:
        tok_write(r, &ev->move, tok, sizeof tok);
        out(o, ",\"player\":\"%s\",\"move\":\"%s\"", player(o, ev->player), tok);
        break;
    case MC_EV_LAP:
        out(o, ",\"player\":\"%s\",\"lap\":%d", player(o, ev->player), ev->n);
        place(o, "from", ev->hole);
        out(o, ",\"seeds\":%d", ev->seeds);
        place(o, "last", ev->last);
        if (ev->receiver == MC_TO_HAND)
            out(o, ",\"hand\":true");
        break;
    case MC_EV_SEED: place(o, "hole", ev->hole); break;
    case MC_EV_SPILL:
        out(o, ",\"player\":\"%s\",\"seeds\":%d", player(o, ev->player), ev->seeds);
        if (ev->n == MC_SPILL_ROW_END)
            place(o, "after", ev->hole);
        else if (ev->n == MC_SPILL_FULL)
            place(o, "full", ev->hole);
        else
            out(o, ",\"nowhere\":true");
        break;
    case MC_EV_CAPTURE:
        out(o, ",\"player\":\"%s\"", player(o, ev->player));
        place(o, "hole", ev->hole);
        out(o, ",\"seeds\":%d,\"to\":\"%s\",\"during\":%s", ev->seeds,
            ev->receiver == MC_TO_REMOVED ? "removed" : ev->receiver == MC_TO_HAND ? "hand"
            : ev->receiver == MC_TO_HOLE ? "hole" : player(o, ev->receiver),
            ev->n ? "true" : "false");
        if (ev->receiver == MC_TO_HOLE)
            place(o, "into", ev->last);
        break;
    case MC_EV_FLAG: case MC_EV_UNFLAG:
        out(o, ",\"flag\":\"%s\"", ev->n >= 0 && ev->n < r->nflags ? r->flags[ev->n] : "?");
        place(o, "hole", ev->hole);
        break;
    case MC_EV_CANCEL: case MC_EV_EXTRA_TURN: case MC_EV_PASS:
        out(o, ",\"player\":\"%s\"", player(o, ev->player));
        break;
    case MC_EV_END: ev_end_json(o, ev); break;
    case MC_EV_OWNERS:
        if (r->players == 2) {
            holes(o, "north", r, ev->mask);
        } else {   /* each player's holes */
            out(o, ",\"owners\":{");
            for (int pl = 0; pl < r->players; pl++) {
                holes(o, player_word(r->players, pl), r, owners_of(ev->mask, ev->mask2, pl));
            }
            out(o, "}");
        }
        if (ev->hole != NO_HOLE)
            place(o, "hole", ev->hole);
        break;
    case MC_EV_ROUND: out(o, ",\"round\":%d,\"starter\":\"%s\"", ev->round, player(o, ev->player)); break;
    case MC_EV_PLACE:
        out(o, ",\"player\":\"%s\"", player(o, ev->player));
        place(o, "hole", ev->hole);
        out(o, ",\"seeds\":%d,\"left\":%d", ev->seeds, ev->n);
        break;
    case MC_EV_UNSTORE:
        out(o, ",\"player\":\"%s\",\"seeds\":%d", player(o, ev->player), ev->seeds);
        place(o, "into", ev->hole);
        out(o, ",\"left\":%d", ev->n);
        break;
    case MC_EV_OUT: out(o, ",\"player\":\"%s\"", player(o, ev->player)); break;
    case MC_EV_COUNTER:
        out(o, ",\"player\":\"%s\",\"counter\":\"%s\",\"value\":%d", player(o, ev->player),
            ev->n >= 0 && ev->n < r->ncounters ? r->counters[ev->n] : "?", ev->seeds);
        break;
    case MC_EV_STEP:
        out(o, ",\"player\":\"%s\"", player(o, ev->player));
        place(o, "from", ev->hole);
        place(o, "to", ev->last);
        break;
    case MC_EV_SETTLE: {
        static const char *const how[] = { "give", "lend", "borrow", "repay" };
        out(o, ",\"player\":\"%s\",\"seeds\":%d,\"as\":\"%s\"", player(o, ev->player), ev->seeds,
            ev->n >= 0 && ev->n < 4 ? how[ev->n] : "?");
        break;
    }
    case MC_EV_SWAP: out(o, ",\"player\":\"%s\",\"swap\":%s", player(o, ev->player), ev->n ? "true" : "false"); break;
    case MC_EV_HAND:
        out(o, ",\"player\":\"%s\",\"seeds\":%d", player(o, ev->player), ev->seeds);
        holes(o, "holes", r, ev->mask);
        break;
    case MC_EV_FILL:
        out(o, ",\"player\":\"%s\"", player(o, ev->player));
        holes(o, "holes", r, ev->mask);
        out(o, ",\"seeds\":%d,\"paid\":%d", ev->n, ev->seeds);
        break;
    default: break;
    }
}

int ev_json(const Rules *r, const McEvent *ev, char *buf, size_t n)
{
    static const char *const names[MC_EV_COUNT] = { "move", "lap", "seed", "spill", "capture", "cancel",
        "flag", "extra-turn", "pass", "end", "owners", "round", "fill", "unflag", "hand", "place", "swap", "step", "settle", "unstore",
        "counter", "out" };
    Out o = { buf, n, 0, r->players };
    if (n)
        buf[0] = 0;
    out(&o, "{\"event\":\"%s\"", ev->kind < MC_EV_COUNT ? names[ev->kind] : "?");
    ev_fields(&o, r, ev);
    out(&o, "}");
    return (int)o.len;
}
