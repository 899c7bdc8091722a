/* input.c: a move typed at the `play` prompt, read forgivingly (any case,
 * spaces anywhere, the holes of `fill:` in any order, a hole number alone
 * where only one way of sowing it is legal), and the reason a move is
 * refused, from the rule that forbids it. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"
#include "position.h"

/* `s` without spaces, in lower case, the numbers after "fill:" sorted
 * and each once, into `out` (n bytes). */
static void normalise(const char *s, char *out, size_t n)
{
    size_t k = 0;
    for (; *s && k + 1 < n; s++)
        if (!isspace((unsigned char)*s))
            out[k++] = (char)tolower((unsigned char)*s);
    out[k] = 0;
    if (strncmp(out, "fill:", 5))
        return;
    int holes[MAX_HOLES], nh = 0;
    for (char *c = out + 5; *c && nh < MAX_HOLES;) {
        if (!isdigit((unsigned char)*c))
            return;   /* not a list of numbers: left as typed */
        long v = strtol(c, &c, 10);
        if (v < 1 || v > MAX_HOLES || (*c && *c != ','))
            return;
        int at = nh;
        for (int i = 0; i < nh; i++)
            if (holes[i] >= v) {
                at = i;
                break;
            }
        if (at < nh && holes[at] == v)
            at = -1;   /* said twice */
        if (at >= 0) {
            memmove(holes + at + 1, holes + at, (size_t)(nh - at) * sizeof *holes);
            holes[at] = (int)v;
            nh++;
        }
        if (*c == ',')
            c++;
    }
    k = 5;
    for (int i = 0; i < nh && k + 8 < n; i++)
        k += (size_t)snprintf(out + k, n - k, "%s%d", i ? "," : "", holes[i]);
    out[k] = 0;
}

/* Whether the move `tok` is legal at `p` under the rules `r` without the
 * `must` rule `skip` (-1: without any). */
static int legal_without(const Rules *r, const Position *p, int skip, const char *tok)
{
    Rules *tmp = malloc(sizeof *tmp);   /* (a Rules is large: not on the stack) */
    if (!tmp)
        return 0;
    *tmp = *r;   /* a shallow copy, read only */
    if (skip < 0)
        tmp->nmust = 0;
    else {
        for (int m = skip; m + 1 < tmp->nmust; m++)
            tmp->must[m] = tmp->must[m + 1];
        tmp->nmust--;
    }
    Vm vm;
    vm_init(&vm, tmp);
    Move moves[MAX_MOVES];
    int n = gen_moves(&vm, p, moves);
    int found = n > 0 && tok_find(tmp, moves, n, tok) >= 0;
    free(tmp);
    return found;
}

/* Whether the player to move may sow only holes he owns, as far as his
 * legal moves at `p` (the `n` in `moves`) tell: every sowing is from one
 * of his holes. */
static int own_only(const Position *p, const Move *moves, int n)
{
    for (int i = 0; i < n; i++)
        if (moves[i].kind == MV_SOW && pos_owner(p, moves[i].hole) != p->to_move)
            return 0;
    return 1;
}

/* The reason `tok`, which names hole h (0-based) or none (-1), is not
 * one of the `nm` legal `moves` at `p` in phase play, into `why`. */
static void refusal(const Rules *r, const Position *p, const Move *moves, int nm, const char *tok, int h,
                    char *why, size_t n)
{
    const char *side = player_title(r->players, p->to_move);
    if (h >= r->nholes) {
        snprintf(why, n, "there is no hole %d: the holes are 1-%d", h + 1, r->nholes);
        return;
    }
    if (h >= 0 && has_hole(p->out_of_play, h)) {
        snprintf(why, n, "hole %d is out of play this round", h + 1);
        return;
    }
    if (r->nmust && legal_without(r, p, -1, tok)) {
        for (int m = 0; m < r->nmust; m++)
            if (r->nmust == 1 || legal_without(r, p, m, tok)) {
                const char *src = r->must[m].keep.src;
                snprintf(why, n, "the `must` rule (a move must give `%s`) forbids it", src && strlen(src) < 100 ? src : "...");
                for (char *c = why; *c; c++)
                    if (*c == '\n')
                        *c = ' ';
                return;
            }
        snprintf(why, n, "the game's `must` rules forbid it");
        return;
    }
    if (h < 0) {
        snprintf(why, n, "it names no hole and is no command (`help` lists the commands)");
        return;
    }
    if (pos_owner(p, h) != p->to_move && own_only(p, moves, nm))
        snprintf(why, n, "hole %d is %s's", h + 1, player_title(r->players, pos_owner(p, h)));
    else if (!p->count[h])
        snprintf(why, n, "hole %d is empty", h + 1);
    else if (r->from.src && strlen(r->from.src) < 100)
        snprintf(why, n, "the rule `moves.from: %s` does not let %s sow hole %d", r->from.src, side, h + 1);
    else
        snprintf(why, n, "the rules do not let %s sow hole %d now", side, h + 1);
}

int input_match(const Rules *r, const Position *p, const Move *moves, int n, const char *typed, char *why,
                size_t whylen)
{
    char tok[256];
    normalise(typed, tok, sizeof tok);
    int k = tok_find(r, moves, n, tok);
    if (k >= 0)
        return k;
    /* a hole number alone: the only move of that hole, else the ways */
    size_t digits = strspn(tok, "0123456789");
    int h = digits && digits < 4 ? atoi(tok) - 1 : -1;
    if (digits && !tok[digits] && h >= 0) {
        int found = -1, ways = 0;
        char list[160] = "", w[256];
        for (int i = 0; i < n; i++) {
            tok_write(r, &moves[i], w, sizeof w);
            if (strncmp(w, tok, digits) || isdigit((unsigned char)w[digits]))
                continue;
            found = i;
            size_t used = strlen(list);
            if (used + strlen(w) + 6 < sizeof list)
                snprintf(list + used, sizeof list - used, "%s%.40s", ways ? " or " : "", w);
            ways++;
        }
        if (ways == 1)
            return found;
        if (ways > 1) {
            snprintf(why, whylen, "hole %d can be sown %d ways: type %s", h + 1, ways, list);
            return -1;
        }
    }
    if (p->phase != PH_PLAY) {
        snprintf(why, whylen, "this is not the time for it (`moves` lists what can be chosen now)");
        return -1;
    }
    refusal(r, p, moves, n, tok, digits && !tok[digits] ? h : -1, why, whylen);
    return -1;
}
