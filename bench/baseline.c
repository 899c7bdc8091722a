/* baseline.c: a plain hand-written engine for Bohnenspiel and Oware (Abapa),
 * the speed baseline for the rule VM (see bench/compare).
 *
 * No interpreter, no library: int arrays for the board, a move generator
 * that fills an array, copy-make play. The rules are those of
 * docs/rules.md with default options, as variants/bohnenspiel.yaml and
 * variants/oware.yaml play them, including the global repetition rule
 * (third occurrence of a position where a decision is due ends the game,
 * each player taking the seeds in his own row).
 *
 *   baseline VARIANT [--seconds S] [--seed N]   random playouts, printed as
 *                                                `mancala bench` prints them
 *   baseline VARIANT --games N [--seed N]       exactly N playouts
 *   baseline VARIANT --perft D                   `D NODES` for depths 1..D
 *
 * Playouts are those of cli_bench (interpreter/play.c): the same xorshift64*
 * generator and seeding, a uniform choice among the legal moves listed in
 * ascending hole order, so the same seed plays the same games.
 *
 * Build: cc -std=c11 -O2 -Wall -Wextra -pedantic -Werror -o baseline baseline.c
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { W = 6, NH = 12 };                  /* holes a row, holes */
enum { SOUTH = 0, NORTH = 1 };
enum { WIN_SOUTH = 0, WIN_NORTH = 1, WIN_DRAW = 2 };
enum { BOHNENSPIEL, OWARE };

static int game;                          /* BOHNENSPIEL or OWARE */

typedef struct Pos {
    int b[NH];                            /* seeds in holes 1..12 (index 0..11) */
    int store[2];
    int to_move, last_mover;
    int over, winner;
} Pos;

/* ---- the generator of cli.h (xorshift64*) ------------------------------ */

typedef struct Rng {
    uint64_t s;
} Rng;

static void rng_seed(Rng *g, uint64_t seed)
{
    g->s = seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
    if (!g->s)
        g->s = 1;
}

static uint64_t rng_next(Rng *g)
{
    g->s ^= g->s >> 12;
    g->s ^= g->s << 25;
    g->s ^= g->s >> 27;
    return g->s * 0x2545F4914F6CDD1Dull;
}

static int rng_below(Rng *g, int n)
{
    return (int)((rng_next(g) >> 33) % (uint64_t)n);
}

/* ---- repetition history ------------------------------------------------- */

/* Positions where a decision was due, packed into two words (board bytes,
 * player to move). Captures only add to the stores, so a position can only
 * recur while no capture has happened: the history restarts at each
 * capture (hist_base), and stores need not be compared. */
typedef struct Key {
    uint64_t a, b;
} Key;

static Key *hist;
static int hist_n, hist_cap, hist_base;

static int hist_push(const Pos *p)
{
    Key k;
    k.a = k.b = 0;
    for (int i = 0; i < 8; i++)
        k.a |= (uint64_t)p->b[i] << (8 * i);
    for (int i = 8; i < NH; i++)
        k.b |= (uint64_t)p->b[i] << (8 * (i - 8));
    k.b |= (uint64_t)p->to_move << 32;
    if (hist_n == hist_cap) {
        hist_cap = hist_cap ? 2 * hist_cap : 256;
        hist = realloc(hist, (size_t)hist_cap * sizeof *hist);
        if (!hist) {
            fprintf(stderr, "baseline: out of memory\n");
            exit(1);
        }
    }
    int seen = 1;
    for (int i = hist_base; i < hist_n; i++)
        if (hist[i].a == k.a && hist[i].b == k.b)
            seen++;
    hist[hist_n++] = k;
    return seen;
}

/* ---- rules -------------------------------------------------------------- */

static void decide(Pos *p)
{
    p->over = 1;
    p->winner = p->store[0] > p->store[1] ? WIN_SOUTH : p->store[1] > p->store[0] ? WIN_NORTH : WIN_DRAW;
}

/* The board's seeds go to `player`, or each row to its owner (-1). */
static void sweep(Pos *p, int player)
{
    for (int i = 0; i < NH; i++) {
        p->store[player >= 0 ? player : i / W] += p->b[i];
        p->b[i] = 0;
    }
}

static void start(Pos *p)
{
    memset(p, 0, sizeof *p);
    for (int i = 0; i < NH; i++)
        p->b[i] = game == OWARE ? 4 : 6;
    p->to_move = SOUTH;
    p->last_mover = NORTH;
}

/* Legal moves (origin hole indexes, ascending) of the player to move.
 * Returns 0 when he has none; *must_end says the must-feed rule ended the
 * game (Oware: he has seeds but cannot reach the opponent's empty row). */
static int gen_moves(const Pos *p, int *moves, int *must_end)
{
    const int lo = p->to_move * W;
    int n = 0;
    *must_end = 0;
    for (int i = lo; i < lo + W; i++)
        if (p->b[i])
            moves[n++] = i;
    if (game == OWARE && n) {
        const int op = (1 - p->to_move) * W;
        int opp = 0;
        for (int i = op; i < op + W; i++)
            opp += p->b[i];
        if (!opp) {
            int k = 0;
            for (int j = 0; j < n; j++)
                if (p->b[moves[j]] >= lo + W - moves[j])   /* reaches his row */
                    moves[k++] = moves[j];
            n = k;
            *must_end = !n;
        }
    }
    return n;
}

/* Sows from `h` and captures; returns the seeds captured. */
static int sow_capture(Pos *p, int h)
{
    int *b = p->b;
    const int mover = p->to_move;
    int hand = b[h], pos = h, got = 0;
    b[h] = 0;
    if (game == BOHNENSPIEL) {
        while (hand--) {
            if (++pos == NH)
                pos = 0;
            b[pos]++;
        }
        /* the last hole if it holds 2, 4 or 6, then backward over both rows */
        while (b[pos] == 2 || b[pos] == 4 || b[pos] == 6) {
            got += b[pos];
            b[pos] = 0;
            if (--pos < 0)
                pos = NH - 1;
        }
        p->store[mover] += got;
        return got;
    }
    /* Oware: skip the origin on laps of 12 or more */
    while (hand) {
        if (++pos == NH)
            pos = 0;
        if (pos == h)
            continue;
        b[pos]++;
        hand--;
    }
    const int op = (1 - mover) * W;
    if (pos < op || pos >= op + W || (b[pos] != 2 && b[pos] != 3))
        return 0;
    int first = pos;
    while (pos >= op && (b[pos] == 2 || b[pos] == 3)) {
        got += b[pos];
        pos--;
    }
    /* grand slam: a capture that empties the opponent's row takes nothing */
    int rest = 0;
    for (int i = op; i < op + W; i++)
        rest += b[i];
    if (rest == got)
        return 0;
    for (int i = first; i > pos; i--)
        b[i] = 0;
    p->store[mover] += got;
    return got;
}

/* Plays move `h` of the player to move. */
static void play(Pos *p, int h)
{
    const int mover = p->to_move;
    if (sow_capture(p, h))
        hist_base = hist_n;              /* no earlier position can recur */
    p->last_mover = mover;
    p->to_move = 1 - mover;
    if (game == OWARE && (p->store[0] > 24 || p->store[1] > 24))
        decide(p);                       /* seeds on the board stay */
}

/* After a move (or at the start): the game ends if the player to move
 * cannot move, or by repetition; otherwise his moves. */
static int advance(Pos *p, int *moves)
{
    if (p->over)
        return 0;
    int must_end, n = gen_moves(p, moves, &must_end);
    if (!n) {
        if (game == BOHNENSPIEL)
            sweep(p, p->last_mover);     /* the rest to the last mover */
        else
            sweep(p, must_end ? p->to_move : -1);
        decide(p);
        return 0;
    }
    if (hist_push(p) >= 3) {
        sweep(p, -1);                    /* each takes his own row */
        decide(p);
        return 0;
    }
    return n;
}

/* ---- perft -------------------------------------------------------------- */

static void perft(const Pos *p, const int *moves, int n, int level, int depth,
                  unsigned long long *counts)
{
    counts[level + 1] += (unsigned long long)n;
    if (level + 1 == depth)
        return;
    for (int i = 0; i < n; i++) {
        Pos q = *p;
        int sn = hist_n, sb = hist_base;
        int next[W];
        play(&q, moves[i]);
        int m = advance(&q, next);
        perft(&q, next, m, level + 1, depth, counts);
        hist_n = sn;
        hist_base = sb;
    }
}

/* ---- command line ------------------------------------------------------- */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void usage(void)
{
    fprintf(stderr, "usage: baseline bohnenspiel|oware [--seconds S] [--seed N] [--games N]\n"
                    "       baseline bohnenspiel|oware --perft D\n");
    exit(1);
}

int main(int argc, char **argv)
{
    double seconds = 3;
    unsigned long seed = 1, ngames = 0;
    int depth = 0;
    if (argc < 2)
        usage();
    if (!strcmp(argv[1], "bohnenspiel"))
        game = BOHNENSPIEL;
    else if (!strcmp(argv[1], "oware"))
        game = OWARE;
    else
        usage();
    for (int i = 2; i < argc; i++) {
        char *end;
        if (i + 1 >= argc)
            usage();
        const char *v = argv[++i];
        if (!strcmp(argv[i - 1], "--seconds")) {
            seconds = strtod(v, &end);
            if (*end || !(seconds > 0 && seconds <= 86400))
                usage();
        } else if (!strcmp(argv[i - 1], "--seed")) {
            seed = strtoul(v, &end, 10);
            if (*end || !*v)
                usage();
        } else if (!strcmp(argv[i - 1], "--games")) {
            ngames = strtoul(v, &end, 10);
            if (*end || !ngames)
                usage();
        } else if (!strcmp(argv[i - 1], "--perft")) {
            depth = (int)strtol(v, &end, 10);
            if (*end || depth < 1 || depth > 64)
                usage();
        } else
            usage();
    }

    Pos p;
    int moves[W];
    if (depth) {
        unsigned long long counts[66] = { 0 };
        hist_n = hist_base = 0;
        start(&p);
        int n = advance(&p, moves);
        perft(&p, moves, n, 0, depth, counts);
        for (int d = 1; d <= depth; d++)
            printf("%d %llu\n", d, counts[d]);
        free(hist);
        return 0;
    }

    Rng g;
    rng_seed(&g, seed);
    double t0 = now(), t;
    unsigned long games = 0, plies = 0, wins[3] = { 0, 0, 0 };
    do {
        for (int batch = 0; batch < 16; batch++) {
            hist_n = hist_base = 0;
            start(&p);
            int n = advance(&p, moves);   /* the start is the first occurrence */
            while (n) {
                play(&p, moves[rng_below(&g, n)]);
                plies++;
                n = advance(&p, moves);
            }
            games++;
            wins[p.winner]++;
            if (ngames && games == ngames)
                break;
        }
        t = now() - t0;
    } while (ngames ? games < ngames : t < seconds);
    printf("variant: %s\nseconds: %.2f\ngames: %lu\ngames/s: %.1f\nplies/s: %.0f\nplies/game: %.2f\n"
           "south-wins: %.4f\nnorth-wins: %.4f\ndraws: %.4f\n",
           argv[1], t, games, (double)games / t, (double)plies / t, (double)plies / (double)games,
           (double)wins[0] / (double)games, (double)wins[1] / (double)games, (double)wins[2] / (double)games);
    free(hist);
    return 0;
}
