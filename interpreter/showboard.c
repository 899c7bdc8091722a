/* showboard.c: the board's numbering, sides and tracks in words, for
 * `mancala show`. */
#include "show.h"

#include <string.h>

/* The lowest set bit of a mask, 0 for none. */
static int ctz64_or(Mask m)
{
    return m ? ctz_mask(m) : 0;
}

/* Holes as runs of numbers ("1-9, 18-13, 12-10"), in the order given. */
static void holes_runs(FILE *f, const int8_t *list, int n)
{
    for (int i = 0; i < n;) {
        int j = i, step = i + 1 < n && list[i + 1] == list[i] - 1 ? -1 : 1;
        while (j + 1 < n && list[j + 1] == list[j] + step)
            j++;
        fprintf(f, "%s%d", i ? ", " : "", list[i] + 1);
        if (j > i)
            fprintf(f, "-%d", list[j] + 1);
        i = j + 1;
    }
}

/* The holes of a mask as runs of numbers. */
static void mask_runs(FILE *f, const Rules *r, Mask m)
{
    int8_t list[MAX_HOLES];
    int n = 0;
    for (int h = 0; h < r->nholes; h++)
        if (has_hole(m, h))
            list[n++] = (int8_t)h;
    holes_runs(f, list, n);
}

/* Runs of consecutive numbers in list[0..n-1]. */
static int count_runs(const int8_t *list, int n)
{
    int runs = n > 0;
    for (int i = 1; i < n; i++)
        runs += list[i] != list[i - 1] + 1 && list[i] != list[i - 1] - 1;
    return runs;
}

/* A player's track for a sowing direction as runs of numbers, in the
 * order that sowing follows it, from the hole that gives the fewest runs
 * (the lowest of them). */
static void track_runs(FILE *f, const Rules *r, int player, int dir)
{
    const Geometry *g = &r->geo;
    int8_t list[MAX_HOLES], best[MAX_HOLES];
    /* from a hole listed once (a track that crosses itself lists some twice) */
    int n = 0, h = ctz64_or(g->track_mask[player] & ~g->twice[player]), via = NO_HOLE, fewest = MAX_HOLES + 1;
    do {
        list[n++] = (int8_t)h;
        const int t = geo_after(g, player, dir, h, via);
        via = h;
        h = t;
    } while (h != list[0] && n < MAX_HOLES);
    for (int s = 0; s < n; s++) {   /* each hole as the start of the circuit */
        int8_t rot[MAX_HOLES];
        for (int i = 0; i < n; i++)
            rot[i] = list[(s + i) % n];
        int k = count_runs(rot, n);
        if (k < fewest || (k == fewest && rot[0] < best[0])) {
            fewest = k;
            memcpy(best, rot, (size_t)n);
        }
    }
    holes_runs(f, best, n);
}

/* The numbering, the sides and the tracks: one sentence for the usual
 * two rows, else a drawing of the numbers and the sides and tracks. */
void show_board_layout(FILE *f, const Rules *r)
{
    const Geometry *g = &r->geo;
    if (r->rows == 2 && g->side_first[SOUTH] == 0 && g->side_len[SOUTH] == r->width && g->board_track) {
        fprintf(f, "Holes are numbered 1..%d counterclockwise from South's left; South owns 1..%d, North %d..%d.\n",
                r->nholes, r->width, r->width + 1, r->nholes);
        return;
    }
    fprintf(f, r->players == 2 ? "Holes are numbered as drawn (North's side at the top, South's at the bottom):\n"
                               : "Holes are numbered as drawn (the first row at the bottom):\n");
    for (int y = r->rows - 1; y >= 0; y--) {
        fprintf(f, "   ");
        for (int x = 0; x < r->width; x++) {
            const int side = g->side[g->at[y][x]];
            fprintf(f, " %3d%c", g->at[y][x] + 1, r->players > 2 ? 'a' + side : side == NORTH ? 'n' : 's');
        }
        fprintf(f, "\n");
    }
    if (r->players == 2)
        fprintf(f, "(s: South's, n: North's.) ");
    else
        fprintf(f, "(a: Player 1's, b: Player 2's, ...) ");
    for (int p = 0; p < r->players; p++) {
        fprintf(f, "%s%s owns ", p ? "; " : "", player_title(r->players, p));
        mask_runs(f, r, g->side_mask[p]);
    }
    fprintf(f, ".\n");
    if (r->sow.steer.code) {
        fprintf(f, "Seeds go from hole to hole as the mover steers them, not along a track.\n");
        return;
    }
    if (g->board_track) {
        fprintf(f, "%s sow round the whole board in number order (1..%d, then 1 again).\n",
                r->players == 2 ? "Both players" : "All players", r->nholes);
        return;
    }
    for (int p = 0; p < r->players; p++) {
        fprintf(f, "%s sows along ", player_title(r->players, p));
        track_runs(f, r, p, DIR_CCW);
        if (g->split) {
            fprintf(f, " counterclockwise, and along ");
            track_runs(f, r, p, DIR_CW);
            fprintf(f, " clockwise (each circuit in the order its seeds travel).\n");
        } else {
            fprintf(f, " (counterclockwise; clockwise the other way).\n");
        }
    }
    const Mask twice = geo_twice(r);
    if (twice) {
        fprintf(f, "The track crosses itself: it passes hole%s ", popcount_mask(twice) > 1 ? "s" : "");
        mask_runs(f, r, twice);
        fprintf(f, " twice in a circuit, and a seed goes on from there the way it came; a lap never starts "
                   "halfway (from such a hole it follows its first passage), nor do next() and prev().\n");
    }
}

void show_store_stones(FILE *f, const Rules *r)
{
    if (!r->stores_hold)
        return;
    fprintf(f, "As %s begins,", r->match ? "each round" : "the game");
    for (int pl = 0, n = 0; pl < 2; pl++)
        if (r->store_stone[pl] >= 0)
            fprintf(f, "%s the large stone `%s` lies in %s's store", n++ ? " and" : "", r->flags[r->store_stone[pl]],
                    pl == SOUTH ? "South" : "North");
    fprintf(f, ". Stores hold large stones: a stone sown into a store lies there (`hole.stones`, `hole.NAME` of "
               "the store); a relay that goes on from a store lifts its stones alone, and a capture of a store "
               "takes its stones alone, never the seeds it holds. `next()`, `prev()` and capture chains pass "
               "through the stores as the sowing does, and a lap that ends in a store may go on from the place "
               "after it (`relay-while`).\n");
}
