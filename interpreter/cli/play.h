/* play.h: the pieces of `mancala play` (play.c: the prompt loop;
 * draw.c: the board; narrate.c: what each move did, in words). */
#ifndef MANCALA_PLAY_H
#define MANCALA_PLAY_H

#include <stdio.h>
#include "rules.h"
#include "vm.h"

/* How the screen is written: colours or not. */
typedef struct Style {
    int color;
} Style;

#define RESET "\033[0m"
#define BOLD "\033[1m"
#define DIM "\033[2m"
#define GREEN "\033[32m"
#define YELLOW "\033[33m"

/* `code` where colours are on, else "". */
static inline const char *C(const Style *st, const char *code)
{
    return st->color ? code : "";
}

/* The board as it lies between the players, to `out` (the counts that
 * differ from `prev`'s highlighted; prev may be NULL). */
void draw_board(FILE *out, const Rules *r, const Position *p, const Position *prev, const Style *st);

/* The events of one decision and of what followed it without another
 * (told_event is the sink; told_reset empties it, keeping its memory). */
typedef struct Told {
    McEvent *ev;
    int n, cap;
    int lost;            /* events left out (too many, or no memory) */
} Told;
void told_event(void *arg, const McEvent *e);
void told_reset(Told *t);
void told_free(Told *t);
/* 1 + the index of the `end` rule that ended the game or round in the
 * events, or 0. */
int told_end_rule(const Told *t);

/* What the decision `tok` of `who` did, from its events `t`, `b` the
 * position after it: what was sown, captures, flags and
 * owners, extra turns, passes (with why), the end of the game or round
 * and a next round's setup. `verbose`: each lap too, hole by hole. */
void narrate(const Rules *r, const Position *b, const char *tok, int who, const Told *t, int verbose);
/* What followed the end of a round without a decision (settlements,
 * owners, the next round and its fills), if the events hold any. */
void narrate_setup(const Rules *r, const Position *b, const Told *t);
/* A match whose holdings carry over from round to round (next: fill,
 * next: redistribute): its totals are no score. */
static inline int holdings_carry(const Rules *r)
{
    return r->match && (r->next == NEXT_FILL || r->next == NEXT_REDISTRIBUTE);
}
/* The result of a finished game or match, and why it ended, in words
 * (`rule`: told_end_rule of the last decision). */
void show_result(const Rules *r, const Position *p, int rule, const Style *st);

/* The sowing of the decision whose events are `t`, shown seed by seed on
 * the board drawn from `a` (the position before it): each frame redraws
 * the board in place, `ms` milliseconds apart; a key typed (a line on
 * standard input) skips the rest. Only on a terminal. */
void animate(const Rules *r, const Position *a, const Told *t, const Style *st, int ms);

/* The move of the `n` in `moves` (legal at `p`) that the line `typed`
 * names, read forgivingly: any case, spaces anywhere, `fill:` holes in any
 * order, a hole number alone when one way of sowing it is legal. -1 if
 * none, with the reason in `why` (the rule that forbids the move, the
 * ways to write a hole that can be sown several ways, ...). */
int input_match(const Rules *r, const Position *p, const Move *moves, int n, const char *typed, char *why,
                size_t whylen);

#endif
