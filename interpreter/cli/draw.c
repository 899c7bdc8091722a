/* draw.c: the board of `mancala play`, drawn as it lies between the
 * players. */
#include <string.h>

#include "play.h"
#include "position.h"

/* A hole's count in a cell of `w` characters (4 or 5), the last one a
 * space or the mark of a hole owned across the board. */
static void cell(FILE *out, const Rules *r, const Position *p, const Position *prev, int h, int w, const Style *st)
{
    if (has_hole(p->out_of_play, h)) {
        fprintf(out, "%s%*s %s", C(st, DIM), w - 1, "-", C(st, RESET));
        return;
    }
    int changed = prev && prev->count[h] != p->count[h];
    int foreign = pos_owner(p, h) != r->geo.side[h];
    fprintf(out, "%s%*d%s%s", changed ? C(st, YELLOW) : "", w - 1, p->count[h], changed ? C(st, RESET) : "",
           foreign ? "*" : "");
    if (!foreign)
        fprintf(out, " ");
}

/* One row of hole numbers, dim, of the columns x0..x1-1, after a margin
 * of `gutter` spaces. */
static void numbers(FILE *out, const Rules *r, int rank, int x0, int x1, int gutter, int w, const Style *st)
{
    fprintf(out, "        %*s", gutter, "");
    for (int x = x0; x < x1; x++)
        fprintf(out, "%s%*d %s", C(st, DIM), w - 1, r->geo.at[rank][x] + 1, C(st, RESET));
    fprintf(out, "\n");
}

/* The room for the cells of a row in 80 columns, beside the players'
 * names and the stores. */
#define BAND_ROOM 54

/* The columns x0..x1-1 of every row. Each player's store is drawn at his
 * right: South's after the bottom row of the last band, North's before
 * the top row of the first (on one row, both after it). */
static void draw_band(FILE *out, const Rules *r, const Position *p, const Position *prev, const Style *st, int x0, int x1,
                      int w)
{
    const int rows = r->rows, last = x1 == r->width, two = r->players == 2;
    char north[24] = "";
    if (x0 == 0 && rows > 1 && two)
        snprintf(north, sizeof north, "store %d  ", p->store[1]);
    const int gutter = (int)strlen(north);
    for (int y = rows - 1; y >= 0; y--) {
        int upper = y >= rows / 2 && rows > 1;   /* a row of North's half */
        if (upper)
            numbers(out, r, y, x0, x1, gutter, w, st);
        fprintf(out, " %s  ", !two ? "     " : y == rows - 1 && rows > 1 ? "North" : y == 0 ? "South" : "     ");
        if (y == rows - 1 && rows > 1)
            fprintf(out, "%s%s%s", C(st, GREEN), north, C(st, RESET));
        else
            fprintf(out, "%*s", gutter, "");
        for (int x = x0; x < x1; x++)
            cell(out, r, p, prev, r->geo.at[y][x], w, st);
        if (last && y == 0 && two)
            fprintf(out, "  %sstore %d%s", C(st, GREEN), p->store[0], C(st, RESET));
        if (last && rows == 1 && two)
            fprintf(out, "  %sstore %d%s", C(st, GREEN), p->store[1], C(st, RESET));
        fprintf(out, "\n");
        if (!upper)
            numbers(out, r, y, x0, x1, gutter, w, st);
    }
}

/* The board as it lies between the players: North's side at the top, each
 * row's hole numbers on the side away from the middle (North's above his
 * rows, South's below), each player's store at his right: North's at the
 * left of the top row, South's at the right of the bottom one. A board
 * wider than 80 columns is drawn in bands of columns, left to right, one
 * under the other. */
void draw_board(FILE *out, const Rules *r, const Position *p, const Position *prev, const Style *st)
{
    fprintf(out, "\n");
    if (holdings_carry(r))
        fprintf(out, " %s%s%s, round %d (began: %s)\n", C(st, BOLD), r->title ? r->title : r->name,
                C(st, RESET), p->round, p->starter ? "North" : "South");
    else if (r->match)
        fprintf(out, " %s%s%s, round %d (began: %s); match totals South %d, North %d\n", C(st, BOLD),
                r->title ? r->title : r->name, C(st, RESET), p->round, p->starter ? "North" : "South",
                p->total[0], p->total[1]);
    /* cells of 4 characters where every count and hole number has at most
     * two digits and 5 would not fit; bands of as many columns as fit */
    int most = r->nholes;
    for (int h = 0; h < r->nholes; h++)
        most = p->count[h] > most ? p->count[h] : most;
    const int w = r->width * 5 > BAND_ROOM && most < 100 ? 4 : 5;
    const int band = r->width * w > BAND_ROOM ? BAND_ROOM / w : r->width;
    for (int x0 = 0; x0 < r->width; x0 += band) {
        if (x0)
            fprintf(out, "\n");
        draw_band(out, r, p, prev, st, x0, x0 + band < r->width ? x0 + band : r->width, w);
    }
    if (r->players > 2) {   /* no sides to draw them at: each player's holes and store */
        for (int pl = 0; pl < r->players; pl++) {
            fprintf(out, " %s: holes", player_title(r->players, pl));
            for (int h = 0; h < r->nholes; h++)
                if (pos_owner(p, h) == pl)
                    fprintf(out, " %d", h + 1);
            fprintf(out, "; %sstore %d%s\n", C(st, GREEN), p->store[pl], C(st, RESET));
        }
    }
    if (p->removed)
        fprintf(out, " out of the game: %d\n", p->removed);
    int foreign = 0;
    for (int h = 0; h < r->nholes; h++)
        foreign |= pos_owner(p, h) != r->geo.side[h];
    if (foreign)
        fprintf(out, r->players == 2 ? " * owned by the player across the board\n"
                                     : " * owned by another player than at the start\n");
    if (p->reserve[0] || p->reserve[1])
        fprintf(out, " %sin reserve: South %d, North %d%s\n", C(st, GREEN), p->reserve[0], p->reserve[1], C(st, RESET));
    for (int f = 0; f < r->nflags; f++) {
        const int south = (p->store_stones[SOUTH] >> f) & 1, north = (p->store_stones[NORTH] >> f) & 1;
        if (!p->flags[f] && !south && !north)
            continue;   /* a flag set on no hole */
        fprintf(out, " %s:", r->flags[f]);
        for (int h = 0; h < r->nholes; h++)
            if (has_hole(p->flags[f], h))
                fprintf(out, " %d", h + 1);
        if (south || north)   /* a large stone lying in a store (board.store-stones) */
            fprintf(out, " %s's store", south ? "South" : "North");
        fprintf(out, "\n");
    }
}
