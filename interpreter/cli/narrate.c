/* narrate.c: what a decision did, in words, from its events (the
 * sowing, captures, flags and owners, extra turns, passes and why, the
 * end of a game or round and the next round's setup); the result of a
 * game; the sowing animated seed by seed. */
#define _XOPEN_SOURCE 700   /* open_memstream, select */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <unistd.h>

#include "play.h"
#include "position.h"


/* ---- the events of a decision ----------------------------------------- */

/* Events kept of one decision: a relay of millions of seeds is told
 * without its later seed events (verbose, animate), never at the cost of
 * hundreds of megabytes. */
#define TOLD_SEEDS (1 << 16)
#define TOLD_MAX (1 << 18)

void told_event(void *arg, const McEvent *e)
{
    Told *t = arg;
    if (e->kind == MC_EV_SEED && t->n >= TOLD_SEEDS) {
        t->lost++;
        return;
    }
    if (t->n == t->cap) {
        int cap = t->cap ? t->cap * 2 : 64;
        McEvent *ev = cap <= TOLD_MAX ? realloc(t->ev, (size_t)cap * sizeof *ev) : NULL;
        if (!ev) {
            t->lost++;
            return;
        }
        t->ev = ev;
        t->cap = cap;
    }
    t->ev[t->n++] = *e;
}

void told_reset(Told *t)
{
    t->n = t->lost = 0;
}

void told_free(Told *t)
{
    free(t->ev);
    memset(t, 0, sizeof *t);
}

int told_end_rule(const Told *t)
{
    for (int i = 0; i < t->n; i++)
        if (t->ev[i].kind == MC_EV_END && t->ev[i].reason == END_RULE)
            return t->ev[i].n;
    return 0;
}

/* ---- words, wrapped ---------------------------------------------------- */

/* A paragraph being written, then printed wrapped to 79 columns. */
typedef struct Para {
    char s[8192];
    size_t n;
    int cut;             /* full: what came after was left out */
    int players;         /* how many play: how they are named */
} Para;

/* Player `pl` as the paragraph names him. */
static const char *who_name(const Para *p, int pl)
{
    return player_title(p->players, pl);
}

static void say(Para *p, const char *fmt, ...)
{
    if (p->cut)
        return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(p->s + p->n, sizeof p->s - p->n, fmt, ap);
    va_end(ap);
    if (k < 0)
        return;
    if (p->n + (size_t)k < sizeof p->s) {
        p->n += (size_t)k;
        return;
    }
    /* full: the paragraph ends at the last whole word, marked as cut */
    p->cut = 1;
    char *sp = strrchr(p->s, ' ');
    if (sp)
        *sp = 0;
    else
        p->s[p->n] = 0;
    p->n = strlen(p->s);
}

/* The paragraph's words, each after a space, in lines of at most 79
 * columns: the first goes on after the `col` columns the current line
 * already has, the others begin with `indent` spaces. Then it is
 * emptied. */
static void para_print(Para *p, int col, int indent)
{
    const char *s = p->s;
    int first = 1;
    for (;;) {
        while (*s == ' ')
            s++;
        int w = (int)strcspn(s, " ");
        if (!w)
            break;
        const char *sep = " ";
        if (!first && col + 1 + w > 79) {
            col = printf("\n%*s", indent, "") - 1;
            sep = "";
        }
        col += printf("%s%.*s", sep, w, s);
        first = 0;
        s += w;
    }
    printf("%s\n", p->cut ? " [...]" : "");
    p->n = 0;
    p->cut = 0;
    p->s[0] = 0;
}

/* A place of an event: "hole 4", "South's store". */
static const char *place(const Para *p, int h, char *buf, size_t n)
{
    if (h >= MC_MAX_HOLES && h < MC_MAX_HOLES + p->players)
        snprintf(buf, n, "%s's store", who_name(p, h - MC_MAX_HOLES));
    else if (h >= 0)
        snprintf(buf, n, "hole %d", h + 1);
    else
        snprintf(buf, n, "off the board");
    return buf;
}

/* The holes of `m` as "1-6, 9 and 11" (ranges of three or more). */
static void holes_words(Para *p, const Rules *r, Mask m)
{
    int first = 1, left = 0;
    for (int h = 0; h < r->nholes; h++)
        left += has_hole(m, h);
    for (int h = 0; h < r->nholes; h++) {
        if (!has_hole(m, h))
            continue;
        int e = h;
        while (e + 1 < r->nholes && has_hole(m, e + 1))
            e++;
        if (e - h < 2)
            e = h;
        int k = e - h + 1;
        left -= k;
        say(p, "%s", first ? "" : left ? ", " : " and ");
        if (e > h)
            say(p, "%d-%d", h + 1, e + 1);
        else
            say(p, "%d", h + 1);
        first = 0;
        h = e;
    }
    if (first)
        say(p, "none");
}

static const char *plural(int n)
{
    return n == 1 ? "" : "s";
}

/* ---- why a game ended -------------------------------------------------- */

/* Why a game or round ended (McEnd `reason`; `rule`: 1 + the index of
 * the end rule that held, 0 if unknown), in words; `mover`: the player
 * to move then, or -1 if unknown. */
static void end_words(const Rules *r, int reason, int rule, int mover, char *buf, size_t n)
{
    const char *who = mover < 0 ? "the player to move" : player_title(r->players, mover);
    if (!rule && r->nends == 1)
        rule = 1;
    switch (reason) {
    case END_RULE: {
        /* the rule's condition, its spaces and line breaks made one space */
        const char *src = rule > 0 && rule <= r->nends ? r->ends[rule - 1].when.src : NULL;
        char cond[128];
        size_t k = 0;
        for (; src && *src && k + 1 < sizeof cond; src++)
            if (!(*src == ' ' || *src == '\n' || *src == '\t') || (k && cond[k - 1] != ' '))
                cond[k++] = *src == '\n' || *src == '\t' ? ' ' : *src;
        while (k && cond[k - 1] == ' ')
            k--;
        cond[k] = 0;
        if (k && (!src || !*src))
            snprintf(buf, n, "the end rule `%s` holds", cond);
        else
            snprintf(buf, n, "one of the game's end rules holds");
        break;
    }
    case END_NO_MOVES: snprintf(buf, n, "%s has no move", who); break;
    case END_BLOCKED: snprintf(buf, n, r->players == 2 ? "neither player can move" : "no player can move"); break;
    case END_MUST: snprintf(buf, n, "%s has no move that keeps the game's `must` rule", who); break;
    case END_REPETITION:
        snprintf(buf, n, "a position came back for the %d%s time", r->repetition,
                 r->repetition == 2 ? "nd" : r->repetition == 3 ? "rd" : "th");
        break;
    case END_MAX_PLIES: snprintf(buf, n, "the game reached %d decisions", MAX_PLIES); break;
    case END_LAST_PLAYER: snprintf(buf, n, "the other players are out of the game"); break;
    case END_MATCH: snprintf(buf, n, "the match's end rule holds: %s", r->match_over.src ? r->match_over.src : "?"); break;
    case END_MAX_ROUNDS: snprintf(buf, n, "the last of its %d rounds is played", r->max_rounds); break;
    default: snprintf(buf, n, "?"); break;
    }
}

void show_result(const Rules *r, const Position *p, int rule, const Style *st)
{
    char who[64];
    if (p->winner < r->players)
        snprintf(who, sizeof who, "%s wins", player_title(r->players, p->winner));
    else
        snprintf(who, sizeof who, "a draw");
    char why[200];
    Para para = { .n = 0, .players = r->players };
    end_words(r, p->end, rule, p->to_move, why, sizeof why);
    printf("\n %s%s over: %s%s", C(st, BOLD), r->match ? "Match" : "Game", who, C(st, RESET));
    if (holdings_carry(r))   /* (the totals add up holdings counted again each round) */
        say(&para, "after %d round%s (last round %d-%d): %s.", p->round, plural(p->round), p->store[0],
            p->store[1], why);
    else if (r->match)
        say(&para, "after %d round%s (totals %d-%d, last round %d-%d): %s.", p->round, plural(p->round),
            p->total[0], p->total[1], p->store[0], p->store[1], why);
    else if (r->players == 2)
        say(&para, "(%d-%d): %s.", p->store[0], p->store[1], why);
    else if (r->players == 3)
        say(&para, "(%d-%d-%d): %s.", p->store[0], p->store[1], p->store[2], why);
    else
        say(&para, "(%d-%d-%d-%d): %s.", p->store[0], p->store[1], p->store[2], p->store[3], why);
    para_print(&para, (int)strlen(who) + 12 + (r->match ? 1 : 0), 1);
}

/* ---- the narration ----------------------------------------------------- */

/* The index of the first capture of the seeds swept from the board as
 * the game or round ends at event `end` (the captures just before it
 * that add up to what it says was taken). */
static int sweep_start(const Told *t, int end)
{
    const McEvent *e = &t->ev[end];
    long want = e->seeds, got = 0;
    for (int pl = 0; pl < MC_MAX_PLAYERS; pl++)
        want += e->took[pl];
    int i = end;
    while (i > 0 && got < want && t->ev[i - 1].kind == MC_EV_CAPTURE && !t->ev[i - 1].n)
        got += t->ev[--i].seeds;
    return got == want ? i : end;
}

/* The laps of a sowing, events i.. (the lap events and the seed events
 * before each); returns the index after them. */
static int sowing_words(Para *p, const Told *t, int i, int verbose)
{
    char b1[32], b2[32];
    int first = -1, last = -1, laps = 0, seed0 = i;
    for (; i < t->n; i++) {
        const McEvent *e = &t->ev[i];
        if (e->kind == MC_EV_SEED)
            continue;
        if (e->kind == MC_EV_CAPTURE && e->receiver == MC_TO_HAND)
            continue;   /* a relay's pick-up: the next lap says it */
        if (e->kind != MC_EV_LAP)
            break;
        if (first < 0)
            first = i;
        last = i;
        laps++;
        if (verbose) {   /* "Lap 2: 5 seeds from hole 9 into 10, 11, 12, 1, 2." */
            say(p, " Lap %d: %d seed%s from %s%s", e->n, e->seeds, plural(e->seeds),
                e->receiver == MC_TO_HAND ? "the hand, first into " : "", place(p, e->hole, b1, sizeof b1));
            int any = 0, shown = 0;   /* a long lap: its first 24 places and a count */
            for (int j = seed0; j < i; j++)
                if (t->ev[j].kind == MC_EV_SEED && any++ < 24) {
                    const int h = t->ev[j].hole;
                    say(p, "%s", shown++ ? ", " : " into ");
                    if (h >= MC_MAX_HOLES)
                        say(p, "%s", place(p, h, b2, sizeof b2));
                    else
                        say(p, "%d", h + 1);
                }
            if (any > 24)
                say(p, " and %d more, the last into %s", any - 24,
                    e->last == MC_NO_HOLE ? "none (off the board)" : place(p, e->last, b2, sizeof b2));
            say(p, "%s.", e->last == MC_NO_HOLE ? "; the last seed left the board" : "");
            seed0 = i + 1;
        }
    }
    if (first < 0 || verbose)
        return i;
    const McEvent *f = &t->ev[first], *l = &t->ev[last];
    if (f->receiver == MC_TO_HAND)
        say(p, " sowed the %d seed%s in hand, the first into %s", f->seeds, plural(f->seeds),
            place(p, f->hole, b1, sizeof b1));
    else
        say(p, " sowed %d seed%s from %s", f->seeds, plural(f->seeds), place(p, f->hole, b1, sizeof b1));
    if (laps > 1)
        say(p, " and went on for %d more lap%s (the last from %s)", laps - 1, plural(laps - 1),
            place(p, l->hole, b2, sizeof b2));
    if (l->last == MC_NO_HOLE)
        say(p, ", the last seed off the board.");
    else
        say(p, ", the last into %s.", place(p, l->last, b1, sizeof b1));
    return i;
}

/* The captures i.. of one kind (the same receiver, during the sowing or
 * not), as one sentence: "South took 6 seeds: 4 from hole 10 and 2 from
 * hole 9."; returns the index after them. */
static int capture_words(Para *p, const Told *t, int i, int stop, int mover)
{
    char b[32];
    const McEvent *e0 = &t->ev[i];
    int j = i, total = 0;
    while (j < stop && t->ev[j].kind == MC_EV_CAPTURE && t->ev[j].receiver == e0->receiver &&
           t->ev[j].n == e0->n && (e0->receiver != MC_TO_HOLE || t->ev[j].last == e0->last))
        total += t->ev[j++].seeds;
    if (e0->n)
        say(p, " As the seeds fell,");
    switch (e0->receiver) {
    case MC_TO_HAND: say(p, " %s took into his hand", who_name(p, mover)); break;
    default:
        if (e0->receiver < p->players)
            say(p, " %s took", who_name(p, e0->receiver));
        break;
    }
    say(p, " %d seed%s", total, plural(total));
    if (e0->receiver == MC_TO_REMOVED)
        say(p, " left the game");
    else if (e0->receiver == MC_TO_HOLE)
        say(p, " went into %s", place(p, e0->last, b, sizeof b));
    if (j == i + 1) {
        say(p, " from hole %d.", e0->hole + 1);
        return j;
    }
    for (int k = i; k < j; k++)
        say(p, "%s%d from hole %d", k == i ? ": " : k + 1 == j ? " and " : ", ", t->ev[k].seeds, t->ev[k].hole + 1);
    say(p, ".");
    return j;
}

static void told_words(const Rules *r, const Position *b, const char *tok, int who, const Told *t, int verbose,
                       int setup);

/* Why `who` cannot move at `b`: his holes are empty, or the rules allow
 * none of his moves. */
static const char *pass_why(const Rules *r, const Position *b, int who)
{
    for (int h = 0; h < r->nholes; h++)
        if (pos_owner(b, h) == who && b->count[h] && !has_hole(b->out_of_play, h))
            return "no move of his is allowed";
    return "his holes are empty";
}

/* The words of an event that needs no other: flags, owners, counters,
 * extra turns, passes, hands, placements, steps, swaps, sowings from the
 * store, settlements, a new round and its fills. */
static void event_words(Para *p, const Rules *r, const Position *b, const McEvent *e)
{
    switch (e->kind) {
    case MC_EV_CANCEL: say(p, " Those captures are undone: the capture rule's cancel-if holds."); break;
    case MC_EV_SPILL:
        if (e->n == MC_SPILL_ROW_END)
            say(p, " %d seed%s left the board at the row's end after hole %d.", e->seeds, plural(e->seeds),
                e->hole + 1);
        else if (e->n == MC_SPILL_FULL)
            say(p, " A seed left the game: hole %d was full.", e->hole + 1);
        else
            say(p, " A seed left the game: the sowing found no hole to go on to.");
        break;
    case MC_EV_FLAG: case MC_EV_UNFLAG:
        if (e->n >= 0 && e->n < r->nflags && ((r->stone_flags >> e->n) & 1)) {
            char at[64];
            say(p, " The large stone %s %s %s.", r->flags[e->n], e->kind == MC_EV_FLAG ? "is now in" : "leaves",
                place(p, e->hole, at, sizeof at));
        } else
            say(p, " Hole %d is %s %s.", e->hole + 1, e->kind == MC_EV_FLAG ? "now" : "no longer",
                e->n >= 0 && e->n < r->nflags ? r->flags[e->n] : "marked");
        break;
    case MC_EV_OWNERS:
        if (e->hole != MC_NO_HOLE)
            say(p, " Hole %d now belongs to %s.", e->hole + 1, who_name(p, has_hole(e->mask, e->hole) | has_hole(e->mask2, e->hole) << 1));
        else {
            say(p, " The holes change owner: North's are now ");
            holes_words(p, r, e->mask);
            say(p, ".");
        }
        break;
    case MC_EV_COUNTER:
        say(p, " %s's %s is now %d.", who_name(p, e->player),
            e->n >= 0 && e->n < r->ncounters ? r->counters[e->n] : "counter", e->seeds);
        break;
    case MC_EV_EXTRA_TURN: say(p, " %s moves again.", who_name(p, e->player)); break;
    case MC_EV_OUT: say(p, " %s is out of the game.", who_name(p, e->player)); break;
    case MC_EV_PASS:
        say(p, " %s cannot move (%s) and passes.", who_name(p, e->player), pass_why(r, b, e->player));
        break;
    case MC_EV_HAND:
        say(p, " %s holds %d seed%s in hand and chooses where to sow them.", who_name(p, e->player), e->seeds,
            plural(e->seeds));
        break;
    case MC_EV_PLACE:
        if (e->hole == MC_NO_HOLE)
            say(p, " %s had nowhere to place: his %d seed%s went to his store.", who_name(p, e->player), e->seeds,
                plural(e->seeds));
        else
            say(p, " A seed into hole %d; %d left to place.", e->hole + 1, e->n);
        break;
    case MC_EV_STEP: say(p, " A seed carried from hole %d to hole %d.", e->hole + 1, e->last + 1); break;
    case MC_EV_SWAP: say(p, e->n ? " %s turned the board round." : " %s kept the board.", who_name(p, e->player)); break;
    case MC_EV_UNSTORE:
        say(p, " %s took %d seed%s from his store (%d stay there).", who_name(p, e->player), e->seeds,
            plural(e->seeds), e->n);
        break;
    case MC_EV_SETTLE: {
        static const char *const how[4] = { "gives %s %d seed%s.", "lends %s %d seed%s.",
                                            "lends %s %d seed%s (borrowed).", "pays back %s %d seed%s." };
        say(p, " %s ", who_name(p, e->player));
        say(p, how[e->n & 3], who_name(p, !e->player), e->seeds, plural(e->seeds));
        break;
    }
    case MC_EV_ROUND: say(p, " Round %d begins, %s to move first.", e->round, who_name(p, e->player)); break;
    case MC_EV_FILL:
        say(p, " %s fills hole%s ", who_name(p, e->player), plural(popcount_mask(e->mask)));
        holes_words(p, r, e->mask);
        if (e->n)
            say(p, " (%d seed%s%s)", e->n, plural(e->n), popcount_mask(e->mask) > 1 ? " each" : "");
        say(p, ".");
        {
            Mask idle = 0;   /* his holes left empty: out of play this round */
            for (int h = 0; h < r->nholes; h++)
                if (pos_owner(b, h) == e->player && !has_hole(e->mask, h) && has_hole(b->out_of_play, h))
                    idle |= (Mask)1 << h;
            if (idle) {
                say(p, " %s ", popcount_mask(idle) == 1 ? "Hole" : "Holes");
                holes_words(p, r, idle);
                say(p, " %s out of play this round.", popcount_mask(idle) == 1 ? "is" : "are");
            }
        }
        break;
    default: break;
    }
}


void narrate(const Rules *r, const Position *b, const char *tok, int who, const Told *t, int verbose)
{
    told_words(r, b, tok, who, t, verbose, 0);
}

void narrate_setup(const Rules *r, const Position *b, const Told *t)
{
    told_words(r, b, NULL, 0, t, 0, 1);
}

/* narrate (setup 0: the events up to the end of the game or round), or
 * narrate_setup (setup 1: those after it). */
static void told_words(const Rules *r, const Position *b, const char *tok, int who, const Told *t, int verbose,
                       int setup)
{
    Para p = { .n = 0, .players = r->players };
    char why[200];
    if (!setup && !strncmp(tok, "to:", 3))   /* a seed of a steered lap (sowing.steer) */
        say(&p, "%s steered a seed into hole %s:", who_name(&p, who), tok + 3);
    else if (!setup)
        say(&p, "%s played %s:", who_name(&p, who), tok);
    const size_t lead = p.n;
    int ended = 0, sweep = t->n, held = -1;   /* held: a flag set before the sowing, told after it */
    for (int i = 0; i < t->n; i++)
        if (t->ev[i].kind == MC_EV_END) {
            sweep = sweep_start(t, i);
            break;
        }
    for (int i = 0; i < t->n;) {
        const McEvent *e = &t->ev[i];
        if (ended != setup || (ended && e->kind == MC_EV_END)) {
            ended |= e->kind == MC_EV_END;
            i++;
            continue;   /* the other part; the match's own end (its result says it) */
        }
        switch (e->kind) {
        case MC_EV_LAP: case MC_EV_SEED:
            i = sowing_words(&p, t, i, verbose);
            if (held >= 0)
                say(&p, " Hole %d is now %s.", t->ev[held].hole + 1, r->flags[t->ev[held].n]);
            held = -1;
            continue;
        case MC_EV_CAPTURE:
            if (i >= sweep) {
                i++;
                continue;   /* told with the end */
            }
            if (e->receiver == MC_TO_HAND && i + 1 < t->n && t->ev[i + 1].kind != MC_EV_LAP) {
                i = capture_words(&p, t, i, sweep, who);
                continue;
            }
            if (e->receiver == MC_TO_HAND) {
                i = sowing_words(&p, t, i, verbose);
                continue;
            }
            i = capture_words(&p, t, i, sweep, e->player);
            continue;
        case MC_EV_FLAG: case MC_EV_UNFLAG:
            if (e->kind == MC_EV_FLAG && i && t->ev[i - 1].kind == MC_EV_MOVE && i + 1 < t->n &&
                (t->ev[i + 1].kind == MC_EV_SEED || t->ev[i + 1].kind == MC_EV_LAP) && e->n >= 0 &&
                e->n < r->nflags) {
                held = i;   /* moves.mark: said after the sowing */
                break;
            }
            event_words(&p, r, b, e);
            break;
        case MC_EV_END:
            ended = 1;
            end_words(r, e->reason, e->n, r->match ? -1 : b->to_move, why, sizeof why);
            say(&p, " The %s is over: %s.", r->match ? "round" : "game", why);
            if (r->players == 2 && (e->took[0] || e->took[1]))
                say(&p, " Of the seeds left on the board South takes %d, North %d.", e->took[0], e->took[1]);
            for (int pl = 0; r->players > 2 && pl < r->players; pl++)
                if (e->took[pl])
                    say(&p, " %s takes %d seed%s left on the board.", who_name(&p, pl), e->took[pl],
                        plural(e->took[pl]));
            if (e->seeds)
                say(&p, " %d seed%s left on the board leave the game.", e->seeds, plural(e->seeds));
            break;
        default:
            event_words(&p, r, b, e);
            break;
        }
        i++;
    }
    if (t->lost)
        say(&p, " (Too much happened to tell it seed by seed: %d events left out.)", t->lost);
    if (!setup && p.n == lead)
        p.s[p.n - 1] = '.';   /* a decision that did nothing more: "North played first:north." */
    if (p.n > 1 || !setup)
        para_print(&p, 0, 1);
}

/* ---- the sowing, seed by seed ------------------------------------------ */

/* Waits `ms` milliseconds; 1 at once if a line was typed meanwhile. */
static int pause_or_key(int ms)
{
    fd_set in;
    FD_ZERO(&in);
    FD_SET(0, &in);
    struct timeval tv = { ms / 1000, (ms % 1000) * 1000 };
    return select(1, &in, NULL, NULL, &tv) > 0;
}

/* Draws `p` where the last frame (`*lines` lines) was. */
static void frame(const Rules *r, const Position *p, const Position *prev, const Style *st, int *lines)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    if (!out)
        return;
    draw_board(out, r, p, prev, st);
    if (fclose(out) || !buf) {
        free(buf);
        return;
    }
    if (*lines)
        printf("\033[%dA\033[J", *lines);
    fputs(buf, stdout);
    fflush(stdout);
    *lines = 0;
    for (const char *c = buf; *c; c++)
        *lines += *c == '\n';
    free(buf);
}

void animate(const Rules *r, const Position *a, const Told *t, const Style *st, int ms)
{
    int seeds = 0;
    for (int i = 0; i < t->n; i++)
        seeds += t->ev[i].kind == MC_EV_SEED;
    if (!seeds)
        return;
    if ((long)seeds * ms > 5000)   /* a long sowing is shown faster: 5 s at most */
        ms = 5000 / seeds > 5 ? 5000 / seeds : 5;
    Position p = *a, last = *a;
    int lines = 0, lifted = 0;
    for (int i = 0; i < t->n; i++) {
        const McEvent *e = &t->ev[i];
        if (e->kind == MC_EV_SEED || e->kind == MC_EV_LAP) {
            if (!lifted) {   /* the lap's seeds leave its hole as its first seed falls */
                int j = i;
                while (j < t->n && t->ev[j].kind != MC_EV_LAP)
                    j++;
                const McEvent *lap = j < t->n ? &t->ev[j] : NULL;
                if (lap && lap->receiver != MC_TO_HAND && lap->hole >= 0 && lap->hole < r->nholes)
                    p.count[lap->hole] = (uint16_t)(p.count[lap->hole] > lap->seeds ? p.count[lap->hole] - lap->seeds : 0);
                lifted = 1;
            }
            if (e->kind == MC_EV_LAP) {
                lifted = 0;
                continue;
            }
            if (e->hole >= MC_MAX_HOLES && e->hole < MC_MAX_HOLES + 2)
                p.store[e->hole - MC_MAX_HOLES]++;
            else if (e->hole >= 0 && e->hole < r->nholes)
                p.count[e->hole]++;
        } else if (e->kind == MC_EV_CAPTURE && e->hole >= 0 && e->hole < r->nholes) {
            p.count[e->hole] = (uint16_t)(p.count[e->hole] > e->seeds ? p.count[e->hole] - e->seeds : 0);
            if (e->receiver <= MC_TO_NORTH)
                p.store[e->receiver] += e->seeds;
            else if (e->receiver == MC_TO_HOLE && e->last >= 0 && e->last < r->nholes)
                p.count[e->last] = (uint16_t)(p.count[e->last] + e->seeds);
        } else if (e->kind == MC_EV_MOVE || e->kind == MC_EV_FLAG || e->kind == MC_EV_UNFLAG ||
                   e->kind == MC_EV_SPILL || e->kind == MC_EV_COUNTER || e->kind == MC_EV_OWNERS) {
            continue;
        } else
            break;   /* an extra turn, a pass, the end: the board drawn next shows the rest */
        frame(r, &p, &last, st, &lines);
        last = p;
        if (pause_or_key(ms))
            break;
    }
    if (lines)
        printf("\033[%dA\033[J", lines);
    fflush(stdout);
}
