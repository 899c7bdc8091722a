/* board.c: the geometry of a board: where each hole lies (computed once
 * when a file is loaded), where the next seed of a sowing goes (the
 * track, with stores on it where the rules sow into them, holes out of
 * play and skipped holes passed over) and steps along the board for
 * capture chains. */
#include "engine.h"

#include <stdio.h>
#include <stdlib.h>

const char *player_title(int players, int p)
{
    static const char *const two[2] = { "South", "North" };
    static const char *const more[MAX_PLAYERS] = { "Player 1", "Player 2", "Player 3", "Player 4" };
    return players == 2 ? two[p & 1] : more[p & PL_MASK];
}

const char *player_word(int players, int p)
{
    static const char *const two[2] = { "south", "north" };
    static const char *const more[MAX_PLAYERS] = { "p1", "p2", "p3", "p4" };
    return players == 2 ? two[p & 1] : more[p & PL_MASK];
}

int player_of_word(int players, const char *s)
{
    for (int p = 0; s && p < players; p++)
        if (!strcmp(s, player_word(players, p)))
            return p;
    return -1;
}

void rules_owners(const Rules *r, Mask owner[2])
{
    owner[0] = owner[1] = 0;
    for (int pl = 1; pl < r->players; pl++) {
        if (pl & 1)
            owner[0] |= r->geo.side_mask[pl];
        if (pl & 2)
            owner[1] |= r->geo.side_mask[pl];
    }
}

Mask rules_north_holes(const Rules *r)
{
    return r->geo.side_mask[NORTH];
}

/* The rows numbered from South's side: the lower half, and the middle
 * row of an odd count. */
static int south_rows(int rows)
{
    return (rows + 1) / 2;
}

int geo_hole_at(int rows, int width, int rank, int col)
{
    const int s = south_rows(rows);
    if (rank < s)   /* South's rows from his edge, each from where the last ended */
        return rank * width + (rank % 2 ? width - 1 - col : col);
    int k = rows - 1 - rank;   /* North's rows from his edge, as he sees them */
    return (s + k) * width + (k % 2 ? col : width - 1 - col);
}

/* A player's track for sowing direction `dir`, `n` holes in the order
 * that sowing follows, into the tables; `mask` gets its holes. */
static int geo_track(Geometry *g, int players, int player, int dir, const int8_t *list, int n, Mask *mask, char *why,
                     size_t len)
{
    static const char *const ways[2] = { "", " clockwise" };
    const char *way = g->split ? ways[dir] : "";
    if (n < 2) {
        snprintf(why, len, "%s's%s track has %d hole%s; a track needs at least 2", player_title(players, player), way,
                 n, n == 1 ? "" : "s");
        return 0;
    }
    int8_t *nx = g->next[player][dir], *bk = g->back[player][dir];
    int8_t *nx2 = g->next2[player][dir], *via2 = g->via2[player][dir];
    memset(nx, NO_HOLE, MAX_HOLES);
    memset(bk, NO_HOLE, MAX_HOLES);
    memset(nx2, NO_HOLE, MAX_HOLES);
    memset(via2, NO_HOLE, MAX_HOLES);
    *mask = 0;
    for (int i = 0; i < n; i++) {   /* the first listing of each hole */
        int h = list[i], before = list[(i + n - 1) % n];
        if (!has_hole(*mask, h)) {
            *mask |= bit(h);
            nx[h] = list[(i + 1) % n];
            bk[h] = (int8_t)before;
            continue;
        }
        /* a hole listed again (a track that crosses itself): once more
         * at most, not next to itself, and reached from another hole
         * than the first time, so that the hole before tells which */
        if (nx2[h] != NO_HOLE || before == h || bk[h] == before || list[(i + 1) % n] == h) {
            snprintf(why, len,
                     nx2[h] != NO_HOLE || before == h || list[(i + 1) % n] == h
                         ? "hole %d is on %s's%s track more than twice, or twice in a row"
                         : "hole %d is twice on %s's%s track after the same hole: a hole listed twice needs "
                           "another hole before it each time",
                     h + 1, player_title(players, player), way);
            return 0;
        }
        nx2[h] = list[(i + 1) % n];
        via2[h] = (int8_t)before;
        g->twice[player] |= bit(h);
    }
    return 1;
}

/* The holes of a player's track in sowing order, from what the file says. */
static int geo_track_list(const Rules *r, const TrackSpec *t, int player, int8_t *list)
{
    int n = 0;
    if (t->kind == TRACK_LIST) {
        memcpy(list, t->list[player], sizeof t->list[player]);
        return t->nlist[player];
    }
    for (int h = 0; h < r->nholes; h++)
        if (t->kind == TRACK_BOARD || r->geo.side[h] == player)
            list[n++] = (int8_t)h;
    return n;
}

/* Is a player's track, both ways, the run ring_base.. in number order? */
static int geo_is_ring(const Geometry *g, int player, int lo, int n)
{
    for (int h = lo; h < lo + n; h++) {
        int up = h + 1 == lo + n ? lo : h + 1;
        if (g->next[player][DIR_CCW][h] != up || g->next[player][DIR_CW][up] != h)
            return 0;
    }
    return 1;
}

void geo_layout(Rules *r)
{
    Geometry *g = &r->geo;
    const int rows = r->rows, w = r->width, nh = r->nholes;
    memset(g->at, NO_HOLE, sizeof g->at);
    for (int y = 0; y < rows; y++) {
        for (int x = 0; x < w; x++) {
            int h = geo_hole_at(rows, w, y, x);
            g->rank[h] = (uint8_t)y;
            g->column[h] = (uint8_t)x;
            g->index[h] = (uint8_t)(y < south_rows(rows) ? x + 1 : w - x);
            g->depth[h] = (uint8_t)(rows % 2 ? abs(y - rows / 2) + 1 : y < rows / 2 ? rows / 2 - y : y - rows / 2 + 1);
            g->at[y][x] = (int8_t)h;
        }
    }
    for (int h = 0; h < nh; h++) {
        int y = g->rank[h], x = g->column[h];
        g->opposite[h] = g->at[rows - 1 - y][x];
        /* two players: the halves; more: runs of equal length in number order */
        g->side[h] = (uint8_t)(r->players == 2 ? h >= nh / 2 : h * r->players / nh);
        /* toward the middle: up from South's half, down from North's; the
         * middle row of an odd count has neither */
        int up = rows % 2 ? (y < rows / 2 ? 1 : y > rows / 2 ? -1 : 0) : (y < rows / 2 ? 1 : -1);
        int in = y + up, out = y - up;
        int stays = rows % 2 ? 1 : (y < rows / 2) == (in < rows / 2);
        g->inner[h] = up && stays && in >= 0 && in < rows ? g->at[in][x] : NO_HOLE;
        g->outer[h] = up && out >= 0 && out < rows ? g->at[out][x] : NO_HOLE;
    }
}

int geo_tracks(Rules *r, char *why, size_t len)
{
    Geometry *g = &r->geo;
    const int nh = r->nholes;
    for (int p = 0; p < r->players; p++) {
        g->side_mask[p] = 0;
        for (int h = 0; h < nh; h++)
            if (g->side[h] == p)
                g->side_mask[p] |= bit(h);
        /* a side that is a run of numbers */
        Mask m = g->side_mask[p];
        int first = m ? ctz_mask(m) : 0, n = popcount_mask(m);
        int run = m && m == mask_n(n) << first;
        g->side_first[p] = run ? first : 0;
        g->side_len[p] = run ? n : 0;
        g->side_run[p] = run ? m : 0;
    }
    for (int p = 0; p < r->players; p++) {
        int8_t list[MAX_HOLES], cw[MAX_HOLES];
        g->twice[p] = 0;
        Mask cw_mask = 0;
        int n = geo_track_list(r, &g->spec[DIR_CCW], p, list);
        if (!geo_track(g, r->players, p, DIR_CCW, list, n, &g->track_mask[p], why, len))
            return 0;
        /* clockwise: a list of its own in its order, or a circuit gone
         * round the other way (the counterclockwise one, or a word's) */
        const TrackKind kind = g->split ? g->spec[DIR_CW].kind : TRACK_OWN;
        int m = n;
        if (kind == TRACK_MIRROR) {   /* each hole's partner at the other end of its row, same order */
            for (int i = 0; i < n; i++)
                cw[i] = g->at[g->rank[list[i]]][r->width - 1 - g->column[list[i]]];
        } else {
            if (g->split)
                m = geo_track_list(r, &g->spec[DIR_CW], p, list);
            for (int i = 0; i < m; i++)
                cw[i] = kind == TRACK_LIST ? list[i] : list[m - 1 - i];
        }
        if (!geo_track(g, r->players, p, DIR_CW, cw, m, &cw_mask, why, len))
            return 0;
        if (cw_mask != g->track_mask[p]) {
            snprintf(why, len, kind == TRACK_MIRROR ? "%s's mirrored track leaves out holes of the counterclockwise one"
                                                    : "%s's clockwise track must hold the same holes as the counterclockwise one",
                     player_title(r->players, p));
            return 0;
        }
        int lo = ctz_mask(g->track_mask[p]);
        int ring = !g->twice[p] && g->track_mask[p] == mask_n(n) << lo && geo_is_ring(g, p, lo, n);
        g->ring_base[p] = ring ? lo : 0;
        g->ring_len[p] = ring ? n : 0;
    }
    g->board_track = 1;
    for (int p = 0; p < r->players; p++)
        g->board_track &= g->ring_len[p] == nh;
    return 1;
}

/* Does the store of `p` take seeds in this sowing? */
static inline int store_open(const SowRules *s, int p, int mover)
{
    return s->into_stores == INTO_BOTH || (s->into_stores == INTO_OWN && p == mover);
}

/* The hole a store lies after on a counterclockwise track: the last hole
 * of its player's row (stores on the track, two rows). */
static inline int store_gate(const Rules *r, int p)
{
    return p ? r->nholes - 1 : r->width - 1;
}

/* The next place on the track after `h`, stores included where sown:
 * each player's store lies after the last hole of his row (going
 * counterclockwise), on every track that passes that hole (round the
 * board: both stores; a track round the player's own row: his own). */
int bd_track_next(const Rules *r, const SowRules *s, int h, int dir, int mover, int via)
{
    const int8_t *nx = r->geo.next[mover][dir];
    if (r->stores != STORES_ON_TRACK)   /* (a track that crosses itself has no stores on it) */
        return is_hole(r, h) ? geo_after(&r->geo, mover, dir, h, via) : NO_HOLE;
    if (is_store(h)) {
        int a = store_gate(r, h - MAX_HOLES);
        return dir == DIR_CCW ? nx[a] : a;
    }
    if (!is_hole(r, h))
        return NO_HOLE;
    const int t = nx[h];
    for (int p = 0; p < 2; p++) {
        const int a = store_gate(r, p);
        if ((dir == DIR_CCW ? h == a : t == a) && store_open(s, p, mover) && has_hole(r->geo.track_mask[mover], a))
            return STORE_HOLE(p);
    }
    return t;
}

/* (rules.h) The sowing's own step, with no `skip` and no `via`, past
 * holes out of play. */
int bd_place_step(const Rules *r, const Position *p, int h, int dir, int mover)
{
    for (int tries = 0; tries <= r->nholes + 2; tries++) {
        h = bd_track_next(r, &r->sow, h, dir, mover, NO_HOLE);
        if (h == NO_HOLE || !is_hole(r, h) || !has_hole(p->out_of_play, h))
            return h;
    }
    return NO_HOLE;
}

/* Whether the sowing passes over hole `h` (out of play, or skipped). */
static int passed_over(const SowRules *s, const SowPlan *sp, ExCtx *cx, int h)
{
    if (has_hole(cx->pos->out_of_play, h))
        return 1;
    if (sp->skip_origin)
        return h == cx->origin;
    if (!s->skip.code)
        return 0;
    cx->hole = h;
    int sk = ex_true(&s->skip, cx);
    cx->hole = NO_HOLE;
    return sk;
}

/* The place the next seed goes to from `h`; NO_HOLE: nowhere to go
 * (every place is passed over). `*via` is the place the seed before came
 * from (NO_HOLE: none, h at its first listing), which says where a track
 * that crosses itself goes on from a hole listed twice; it becomes the
 * place before the one returned. */
int bd_target(const Rules *r, const SowRules *s, const SowPlan *sp, ExCtx *cx, int h, int dir, int *via)
{
    int from = *via;
    for (int tries = 0; tries <= 2 * r->nholes + 2; tries++) {
        const int t = bd_track_next(r, s, h, dir, cx->mover, from);
        from = h;
        h = t;
        if (h == NO_HOLE || !is_hole(r, h) || !passed_over(s, sp, cx, h)) {
            *via = from;
            return h;
        }
    }
    return NO_HOLE;
}
