/* stats.h: `mancala stats` (stats.c: the games, on every core;
 * statsout.c: the report as text, JSON or an SVG plot). */
#ifndef MANCALA_STATS_H
#define MANCALA_STATS_H

#include "rules.h"

/* Decisions followed one by one; the later ones of a long game are
 * counted with the last. */
#define STATS_TRACK 400

/* What the games came to: whole numbers, summed game by game (in any
 * order: the same sums). Index k of the arrays: the decision k + 1 of a
 * game. */
typedef struct Stats {
    long games, decisions, captured;
    long wins[MAX_PLAYERS + 1];          /* each player's (South, North, ...), then
                                            the draws (wins[MAX_PLAYERS]) */
    long ends[END_COUNT];                /* by McEnd */
    long long legal[STATS_TRACK];        /* legal decisions at decision k, summed */
    long long at[STATS_TRACK];           /* games that made a decision k */
    long long captures[STATS_TRACK];     /* decisions k that captured seeds */
    long long store[MAX_PLAYERS][STATS_TRACK];   /* the stores after decision k (a game
                                            over: its last), summed */
} Stats;

void stats_add(Stats *to, const Stats *from);

/* A finished run, to report. */
typedef struct StatsRun {
    const Rules *r;
    const char *who[MAX_PLAYERS];        /* each player's computer player */
    const char *from;                    /* --from's file, or NULL */
    unsigned long seed;
    int jobs;
    double seconds;
    const Stats *sum;
    const int *length;                   /* each game's decisions */
    long games;
} StatsRun;

int stats_text(const StatsRun *run);
int stats_json(const StatsRun *run);
/* The plot (game lengths; branching factor and stores by decision) as
 * an SVG file; 0, or 1 after a message. */
int stats_svg(const StatsRun *run, const char *path);

#endif
