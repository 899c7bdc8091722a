/* ai.c: computer players (see ai.h): parsing, evaluation, alphabeta
 * (with endgame databases), greedy, and the player; MCTS is in aimcts.c. */
#include "ai.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "aiint.h"

/* Seconds on a monotonic clock. */
double ai_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- parsing ---------------------------------------------------------- */

int ai_parse(const char *text, AiSpec *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    snprintf(out->text, sizeof out->text, "%s", text);
    out->time = 1.0;
    out->c = 1.4;
    char buf[128];
    snprintf(buf, sizeof buf, "%s", text);
    char *save = NULL, *name = strtok_r(buf, ":", &save);
    if (!name) {
        snprintf(err, errlen, "empty player name (human, random, greedy, alphabeta, mcts)");
        return 0;
    }
    static const struct { const char *name; AiKind kind; } kinds[] = {
        { "human", AI_HUMAN }, { "random", AI_RANDOM }, { "greedy", AI_GREEDY },
        { "alphabeta", AI_ALPHABETA }, { "mcts", AI_MCTS } };
    int found = 0;
    for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++)
        if (!strcmp(kinds[i].name, name)) {
            out->kind = kinds[i].kind;
            found = 1;
        }
    if (!found) {
        snprintf(err, errlen, "unknown player '%s' (human, random, greedy, alphabeta, mcts)", name);
        return 0;
    }
    for (char *kv = strtok_r(NULL, ":,", &save); kv; kv = strtok_r(NULL, ":,", &save)) {
        char *eq = strchr(kv, '=');
        if (!eq) {
            snprintf(err, errlen, "player setting '%s' must be KEY=VALUE", kv);
            return 0;
        }
        *eq = 0;
        const char *val = eq + 1;
        char *end;
        double d = strtod(val, &end);
        int ok = *val && !*end;
        if (!strcmp(kv, "time") && (out->kind == AI_ALPHABETA || out->kind == AI_MCTS) && ok &&
            d > 0 && d <= 3600)
            out->time = d;
        else if (!strcmp(kv, "depth") && out->kind == AI_ALPHABETA && ok && d >= 1 && d <= 64 &&
                 d == (int)d)
            out->depth = (int)d;
        else if (!strcmp(kv, "playouts") && out->kind == AI_MCTS && ok && d >= 1 && d <= 1e9 &&
                 d == (long)d)
            out->playouts = (long)d;
        else if (!strcmp(kv, "c") && out->kind == AI_MCTS && ok && d >= 0 && d <= 100)
            out->c = d;
        else if (!strcmp(kv, "db") && out->kind == AI_ALPHABETA && *val && strlen(val) < sizeof out->db)
            snprintf(out->db, sizeof out->db, "%s", val);
        else {
            snprintf(err, errlen,
                     "bad setting '%s=%s' for %s (alphabeta: time=SECONDS (0..3600], depth=1..64, db=DIR; "
                     "mcts: time=SECONDS, playouts=N, c=X)", kv, val, name);
            return 0;
        }
    }
    return 1;
}

/* ---- evaluation ------------------------------------------------------- */

int64_t ai_evaluate(const Rules *r, const Position *p, int player)
{
    if (!r->evaluate.code && r->players == 2)
        return (int64_t)p->store[player] - p->store[!player];
    if (!r->evaluate.code) {   /* of more: his store less the best of the others' */
        int32_t best = INT32_MIN;
        for (int q = 0; q < r->players; q++)
            if (q != player && p->store[q] > best)
                best = p->store[q];
        return (int64_t)p->store[player] - best;
    }
    ExCtx cx;
    ex_ctx_init(&cx, r, p, p->to_move);
    cx.player = player;
    return ex_eval(&r->evaluate, &cx);
}

/* A finished game for `player`: won, lost or drawn, nearer is stronger. */
static int64_t terminal(const Position *p, int player, int ply)
{
    if (p->winner == WIN_DRAW || p->winner == WIN_NONE)
        return 0;
    return p->winner == player ? AI_WIN - ply : -AI_WIN + ply;
}

/* With endgame databases, results are scored by margin: a win of m seeds
 * (what South ends with less North, for the player) is DB_WIN + m *
 * DB_UNIT less its distance, a loss the opposite, a draw 0; so the larger
 * margin comes first, then the result reached sooner (or, lost, later).
 * A result not reached yet (a value of the databases at the root's count
 * of seeds, where the play may go round; endless play guessed) counts as
 * DB_LATER plies further: the player then makes progress, to a capture or
 * the end, rather than wander among positions of the same value until
 * the repetition rule ends the game elsewhere. */
#define DB_WIN   (1 << 29)
#define DB_UNIT  (1 << 18)
#define DB_LATER (1 << 17)    /* past any distance the databases hold (65534) */
#define DB_MAX_MARGIN 1000    /* margins are clamped to this (< DB_WIN / DB_UNIT) */

/* The score for `player` of a result worth `m` to South (South's seeds
 * less North's at the end), `dist` plies away. With the bounds a draw
 * too is better sooner, for the player at the root (ai->me), where it
 * plays by its bound (ai->forcing): it is reached rather than wandered
 * round. */
static int64_t db_result(const Ai *ai, int64_t m, int player, int dist)
{
    if (player == NORTH)
        m = -m;
    m = m > DB_MAX_MARGIN ? DB_MAX_MARGIN : m < -DB_MAX_MARGIN ? -DB_MAX_MARGIN : m;
    if (!m)
        return !ai->forcing ? 0 : player == ai->me ? -dist : dist;
    return m > 0 ? DB_WIN + m * DB_UNIT - dist : -DB_WIN + m * DB_UNIT + dist;
}

/* The score of `p` for the player to move where the rest of the game adds
 * `margin` to South's seeds less North's. */
static int64_t db_score(const Ai *ai, const Position *p, int32_t margin, int dist)
{
    return db_result(ai, (int64_t)p->store[0] - p->store[1] + margin, p->to_move, dist);
}

/* A finished game for `player`, `ply` plies below the root: terminal(),
 * or with databases its margin (db_result). */
static int64_t end_score(const Ai *ai, const Position *p, int player, int ply)
{
    if (!ai->db)
        return terminal(p, player, ply);
    return db_result(ai, (int64_t)p->store[0] - p->store[1], player, ply);
}

/* ---- alphabeta -------------------------------------------------------- */

/* What endless play from `p` adds to South's seeds less North's (the
 * repetition rule's end, or the ply limit's), into *e; 0 if the machine
 * failed. */
static int endless_margin(Ai *ai, const Position *p, int32_t *e)
{
    Position q = *p;
    if (flow_endless(&ai->vm, &q) < 0)
        return 0;
    *e = (q.store[0] - q.store[1]) - (p->store[0] - p->store[1]);
    return 1;
}

/* Seeds off the board for good (stores, removed). */
static int64_t gone_of(const Position *p)
{
    return (int64_t)p->store[0] + p->store[1] + p->removed;
}

/* How often the position hashed `key`, `ply` plies below the root, is on
 * the search path above it; the root not counted where the game's history
 * holds it. */
static int path_count(const Ai *ai, uint64_t key, int ply)
{
    int n = 0;
    for (int j = ai->hist ? 1 : 0; j < ply && j < SEARCH_PLIES; j++)
        n += ai->path[j] == key;
    return n;
}

/* How often `p` occurred in the game so far (ai_set_history's history):
 * its record pushed and taken back; 0 without a history, or where `p`
 * cannot be in it (seeds gone since the root); negative (the search
 * aborted) when out of memory. */
static int game_count(Ai *ai, const Position *p)
{
    History *h = ai->hist;
    if (!h || !ai->r->repetition || gone_of(p) != ai->root_gone)
        return 0;
    const int n = h->n, base = h->base;
    const int seen = hist_push(ai->r, h, p);
    h->n = n;
    h->base = base;
    if (seen < 0) {
        ai->aborted = 1;
        return -1;
    }
    return seen - 1;
}

/* With databases: 1 and the value of `p` (hashed `key`, `ply` plies below
 * the root) into *out where the search ends there, 0 where it goes on.
 * - A position that the repetition rule ends the game at (its occurrences
 *   in the game and on the search path), or that comes back on the search
 *   path (the play could go round again): the worth of endless play from
 *   it.
 * - A position the databases hold after a seed has left the board since
 *   the root: their value, reached (a game that begins there).
 * - One they hold at the root's count: their value at depth 0, not
 *   reached; otherwise the search goes on. The value counts the
 *   repetition from that position as if the game began there, while in
 *   the game it counts from the last capture (the graph-history
 *   interaction), and the databases keep no distance to the end: the
 *   search finds the way there.
 * Scores not reached are not forced results (ai->guess). */
static int db_node(Ai *ai, const Position *p, uint64_t key, int depth, int ply, int64_t *out)
{
    int32_t margin, e;
    const int on_path = path_count(ai, key, ply), seen = game_count(ai, p);
    if (seen < 0)
        return 0;
    const int ends = ai->r->repetition && seen + on_path + 1 >= ai->r->repetition;
    if ((on_path || ends) && endless_margin(ai, p, &e)) {
        ai->guess |= !ends;
        *out = db_score(ai, p, e, ends ? ply : DB_LATER + ply);
        return 1;
    }
    /* playing by its bound: what the player at the root can force from
     * here, and in how many moves, whatever rule ends endless play (where
     * it forces nothing, the bound is its worst end, far away) */
    int32_t g;
    int dist;
    if (ai->forcing && eg_probe_dist(ai->bound[ai->me == SOUTH ? 0 : 1], p, &g, &dist)) {
        *out = db_score(ai, p, g, ply + (dist >= 0 ? dist : DB_LATER));
        return 1;
    }
    const int later = gone_of(p) == ai->root_gone;
    if (eg_probe(ai->db, p, &margin) && (!later || depth <= 0)) {
        ai->guess |= later;
        *out = db_score(ai, p, margin, later ? DB_LATER + ply : ply);
        return 1;
    }
    if (ply < SEARCH_PLIES)
        ai->path[ply] = key;
    return 0;
}

/* 1 once the search must stop (a stop asked for, or the deadline
 * passed), looked at every 256 nodes; then 1 until the next search. */
static int time_up(Ai *ai)
{
    if (ai->aborted)
        return 1;
    if ((ai->nodes_searched & 255) == 0) {
        if ((ai->stop && *ai->stop) || (ai->deadline > 0 && ai_now() > ai->deadline))
            ai->aborted = 1;
    }
    return ai->aborted;
}

/* The VM's poll function during a search (vm.h): a relay sowing of
 * millions of laps gives up when the time is up or a stop is asked for;
 * the search then throws away what it was doing, as on any timeout. */
static int search_poll(void *arg)
{
    Ai *ai = arg;
    if ((ai->stop && *ai->stop) || (ai->deadline > 0 && ai_now() > ai->deadline))
        ai->aborted = 1;
    return ai->aborted;
}

static int64_t negamax(Ai *ai, const Position *p, int depth, int ply, int64_t alpha, int64_t beta);

/* Of more than two players the search is paranoid: the player at the
 * root (ai->me) against the others as one side, whose every score is
 * his negated. Do players a and b play on the same side? */
static inline int same_side(const Ai *ai, int a, int b)
{
    return ai->r->players == 2 ? a == b : (a == ai->me) == (b == ai->me);
}

/* The evaluation of `p` for `player`'s side. */
static int64_t side_evaluate(const Ai *ai, const Position *p, int player)
{
    if (ai->r->players == 2)
        return ai_evaluate(ai->r, p, player);
    int64_t v = ai_evaluate(ai->r, p, ai->me);
    return player == ai->me ? v : -v;
}

/* A finished game for `player`'s side (end_score). */
static int64_t side_end(const Ai *ai, const Position *p, int player, int ply)
{
    if (ai->r->players == 2)
        return end_score(ai, p, player, ply);
    int64_t v = terminal(p, ai->me, ply);
    return player == ai->me ? v : -v;
}

/* The value, for the player to move at `p`, of its child `q` searched to
 * `depth`: an extra turn (or, of more players, a move to a player of the
 * same side) keeps the side (and the window). */
static int64_t child_value(Ai *ai, const Position *p, const Position *q, int depth, int ply,
                           int64_t alpha, int64_t beta)
{
    if (q->over)
        return side_end(ai, q, p->to_move, ply);
    if (same_side(ai, q->to_move, p->to_move))
        return negamax(ai, q, depth, ply, alpha, beta);
    return -negamax(ai, q, depth, ply, -beta, -alpha);
}

/* A lot (PH_LOT), or a seed placed by chance: the average of its
 * outcomes, each searched in the full window (expectimax; lots are rare, their nodes are not kept). A
 * lot counts as a ply of the depth: rounds that end without a decision
 * can bring lot after lot. */
static int64_t chance_value(Ai *ai, const Position *p, int depth, int ply)
{
    Move moves[MAX_MOVES];
    int n = gen_moves(&ai->vm, p, moves);
    if (n <= 0) {
        ai->aborted = n < 0;
        return 0;
    }
    int64_t sum = 0;
    for (int i = 0; i < n; i++) {
        Position q = *p;
        if (flow_play(&ai->vm, &q, &moves[i], NULL, NULL) < 0) {
            ai->aborted = 1;
            return 0;
        }
        sum += child_value(ai, p, &q, depth - 1, ply + 1, -INT64_MAX, INT64_MAX);
        if (ai->aborted)
            return 0;
    }
    return sum / n;
}

/* The value of `p` for its player to move, searched `depth` plies deep
 * in the window (alpha, beta), `ply` plies below the root; the table
 * keeps the bound found and the best move. 0 once the search aborts. */
static int64_t negamax(Ai *ai, const Position *p, int depth, int ply, int64_t alpha, int64_t beta)
{
    const Rules *r = ai->r;
    ai->nodes_searched++;
    if (p->over)
        return side_end(ai, p, p->to_move, ply);
    uint64_t key = ai->db ? hist_hash(r, p) : 0;
    int64_t known;
    if (ai->db && db_node(ai, p, key, depth, ply, &known))
        return known;
    if (depth <= 0)
        return side_evaluate(ai, p, p->to_move);
    if (time_up(ai))
        return 0;
    if (pos_chance(r, p))
        return chance_value(ai, p, depth, ply);
    if (!ai->db)
        key = hist_hash(r, p);
    TTEntry *e = &ai->tt[key & ((1u << TT_BITS) - 1)];
    int tt_best = -1;
    if (e->flag && e->key == key) {
        tt_best = e->best;
        if (e->depth >= depth) {
            if (e->flag == 1)
                return e->score;
            if (e->flag == 2 && e->score >= beta)
                return e->score;
            if (e->flag == 3 && e->score <= alpha)
                return e->score;
        }
    }
    Move moves[MAX_MOVES];
    int n = gen_moves(&ai->vm, p, moves);
    if (n < 0) {
        ai->aborted = 1;
        return 0;
    }
    if (n == 0)
        return side_evaluate(ai, p, p->to_move);
    if (tt_best >= n)
        tt_best = -1;
    int64_t best = -INT64_MAX, a0 = alpha;
    int best_i = tt_best >= 0 ? tt_best : 0;
    for (int k = 0; k < n; k++) {
        /* the table's best move first, then the others in order */
        int i = tt_best < 0 ? k : k == 0 ? tt_best : k - 1 < tt_best ? k - 1 : k;
        Position q = *p;
        if (flow_play(&ai->vm, &q, &moves[i], NULL, NULL) < 0) {
            ai->aborted = 1;
            return 0;
        }
        int64_t v = child_value(ai, p, &q, depth - 1, ply + 1, alpha, beta);
        if (ai->aborted)
            return 0;
        if (v > best) {
            best = v;
            best_i = i;
        }
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    e->key = key;
    e->score = (int32_t)(best > INT32_MAX ? INT32_MAX : best < -INT32_MAX ? -INT32_MAX : best);
    e->depth = (int16_t)depth;
    e->flag = best <= a0 ? 3 : best >= beta ? 2 : 1;
    e->best = (uint8_t)(best_i < 256 ? best_i : 0);
    return best;
}

/* The outcome for `player` of a margin `m` (South's seeds less North's):
 * 1 won, 0 drawn, -1 lost. */
static int outcome_for(int64_t m, int player)
{
    if (player == NORTH)
        m = -m;
    return m > 0 ? 1 : m < 0 ? -1 : 0;
}

/* 1 if after `m` from `p` the player to move at `p` still forces an end
 * of outcome `at_least` or better by the bound `mine` (or the game ends
 * so). */
static int keeps_outcome(Ai *ai, const EgDb *mine, const Position *p, const Move *m, int at_least)
{
    Position q = *p;
    int32_t g;
    if (flow_play(&ai->vm, &q, m, NULL, NULL) < 0)
        return 1;   /* (the search meets it again) */
    const int64_t base = (int64_t)q.store[0] - q.store[1];
    if (q.over)
        return outcome_for(base, p->to_move) >= at_least;
    return eg_probe(mine, &q, &g) && outcome_for(base + g, p->to_move) >= at_least;
}

/* Iterative deepening from `p` until the time or `spec.depth` runs
 * out or a forced result is known: the best of the `n` moves in the last
 * complete iteration (a random one if none completed); fills `st`. */
static int choose_alphabeta(Ai *ai, const Position *p, const Move *moves, int n, AiStats *st,
                            double t0)
{
    ai->deadline = ai->spec.depth ? 0 : t0 + ai->spec.time;
    ai->aborted = 0;
    ai->nodes_searched = 0;
    int best = rng_below(&ai->rng, n);
    int64_t best_score = 0;
    int maxd = ai->spec.depth ? ai->spec.depth : 64;
    int64_t scores[MAX_MOVES];
    int order[MAX_MOVES];
    for (int i = 0; i < n; i++)
        order[i] = i;
    /* a random tie order, so that equal moves vary from game to game */
    for (int i = n - 1; i > 0; i--) {
        int j = rng_below(&ai->rng, i + 1), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    ai->path[0] = hist_hash(ai->r, p);
    ai->root_gone = gone_of(p);
    /* with the bounds, where the player to move forces an end: of the
     * value's outcome, it plays by its bound; of a worse one (the value
     * counts on the way endless play ends), by the values, but only among
     * the moves that keep the outcome it forces (a table of the other
     * scores is cleared) */
    int32_t g, value;
    int dist, forcing = 0, guard = 2;   /* guard: the outcome forced, -1..1 (2: none) */
    const EgDb *mine = ai->bound[p->to_move == SOUTH ? 0 : 1];
    if (ai->bound[0] && eg_probe_dist(mine, p, &g, &dist) && dist >= 0 && eg_probe(ai->db, p, &value)) {
        const int64_t base = (int64_t)p->store[0] - p->store[1];
        const int forced = outcome_for(base + g, p->to_move);
        forcing = forced == outcome_for(base + value, p->to_move);
        guard = forcing ? 2 : forced;
    }
    /* a table kept for another player at the root holds the wrong
     * side's scores: forcing, or of more players (paranoid) */
    if (forcing != ai->forcing || ((forcing || ai->r->players > 2) && p->to_move != ai->me))
        memset(ai->tt, 0, ((size_t)1 << TT_BITS) * sizeof *ai->tt);
    ai->forcing = forcing;
    ai->me = p->to_move;
    int allowed[MAX_MOVES], nallowed = 0;
    for (int i = 0; i < n; i++) {
        allowed[i] = guard == 2 || keeps_outcome(ai, mine, p, &moves[i], guard);
        nallowed += allowed[i];
    }
    if (!nallowed)   /* (cannot be: the forcing move keeps it) */
        for (int i = 0; i < n; i++)
            allowed[i] = 1;
    while (!allowed[best])
        best = (best + 1) % n;
    for (int d = 1; d <= maxd; d++) {
        int64_t alpha = -INT64_MAX, it_best_score = -INT64_MAX;
        int it_best = order[0];
        ai->guess = 0;
        for (int k = 0; k < n; k++) {
            int i = order[k];
            if (!allowed[i]) {
                scores[i] = -INT64_MAX;
                continue;
            }
            Position q = *p;
            if (flow_play(&ai->vm, &q, &moves[i], NULL, NULL) < 0)
                ai->aborted = 1;
            int64_t v = ai->aborted ? 0 : child_value(ai, p, &q, d - 1, 1, alpha, INT64_MAX);
            if (ai->aborted)
                break;
            scores[i] = v;
            if (v > it_best_score) {
                it_best_score = v;
                it_best = i;
            }
            if (v > alpha)
                alpha = v;
        }
        if (ai->aborted)
            break;
        best = it_best;
        best_score = it_best_score;
        st->depth = d;
        /* order the next iteration by these scores (stable) */
        for (int a = 1; a < n; a++) {
            int x = order[a], b = a - 1;
            while (b >= 0 && scores[order[b]] < scores[x]) {
                order[b + 1] = order[b];
                b--;
            }
            order[b + 1] = x;
        }
        const int64_t forced = ai->db ? DB_WIN - DB_UNIT : AI_WIN - 64;
        if (!ai->guess && (best_score >= forced || best_score <= -forced))
            break;   /* a forced result is known */
    }
    st->nodes = ai->nodes_searched;
    st->score = best_score;
    st->seconds = ai_now() - t0;
    return best;
}

/* ---- greedy ----------------------------------------------------------- */

/* The move after which the position scores best for the mover, one
 * ply deep, ties broken at random; fills `st`. */
static int choose_greedy(Ai *ai, const Position *p, const Move *moves, int n, AiStats *st)
{
    int64_t best = -INT64_MAX;
    int best_i = 0, ties = 0;
    for (int i = 0; i < n; i++) {
        Position q = *p;
        if (flow_play(&ai->vm, &q, &moves[i], NULL, NULL) < 0)
            break;   /* a sowing past the limit: the best so far */
        int64_t v = q.over ? terminal(&q, p->to_move, 1) : ai_evaluate(ai->r, &q, p->to_move);
        if (v > best) {
            best = v;
            best_i = i;
            ties = 1;
        } else if (v == best && rng_below(&ai->rng, ++ties) == 0)
            best_i = i;
    }
    st->nodes = n;
    st->score = best;
    return best_i;
}

/* ---- the player ------------------------------------------------------- */

/* A player for `r` as `spec` describes, its random choices seeded by
 * `seed`; NULL when out of memory. Released with ai_free. */
Ai *ai_new(const Rules *r, const AiSpec *spec, uint64_t seed)
{
    char err[8];
    return ai_new_err(r, spec, seed, err, sizeof err);
}

Ai *ai_new_err(const Rules *r, const AiSpec *spec, uint64_t seed, char *err, size_t errlen)
{
    if (r->players > 2 && spec->db[0]) {   /* the databases are of two players' margins */
        snprintf(err, errlen, "%s is a game of %d players: endgame databases are of games of two", r->name,
                 r->players);
        return NULL;
    }
    Ai *ai = calloc(1, sizeof *ai);
    snprintf(err, errlen, "out of memory");
    if (!ai)
        return NULL;
    ai->r = r;
    ai->spec = *spec;
    rng_seed(&ai->rng, seed);
    vm_init(&ai->vm, r);
    vm_set_poll(&ai->vm, search_poll, ai);
    if (spec->kind == AI_ALPHABETA) {
        ai->tt = calloc((size_t)1 << TT_BITS, sizeof *ai->tt);
        if (!ai->tt) {
            free(ai);
            return NULL;
        }
        Position start;
        Vm vm;
        vm_init(&vm, r);
        if (spec->db[0] && (flow_start(&vm, &start, NULL) < 0 ||
                            eg_open(r, &start, spec->db, 0, &ai->db, err, errlen) != MC_OK ||
                            (eg_exists(spec->db, SOLVE_LOWER) &&
                             (eg_open(r, &start, spec->db, SOLVE_LOWER, &ai->bound[0], err, errlen) != MC_OK ||
                              eg_open(r, &start, spec->db, SOLVE_UPPER, &ai->bound[1], err, errlen) != MC_OK)))) {
            eg_close(ai->db);
            eg_close(ai->bound[0]);
            free(ai->tt);
            free(ai);
            return NULL;
        }
    } else if (spec->kind == AI_MCTS) {
        ai->nodes = malloc((size_t)MCTS_NODES * sizeof *ai->nodes);
        if (!ai->nodes) {
            free(ai);
            return NULL;
        }
    }
    return ai;
}

void ai_reset(Ai *ai, uint64_t seed)
{
    rng_seed(&ai->rng, seed);
    if (ai->tt)
        memset(ai->tt, 0, ((size_t)1 << TT_BITS) * sizeof *ai->tt);
}

void ai_free(Ai *ai)
{
    if (!ai)
        return;
    free(ai->tt);
    free(ai->nodes);
    eg_close(ai->db);
    eg_close(ai->bound[0]);
    eg_close(ai->bound[1]);
    free(ai);
}

void ai_set_history(Ai *ai, History *h)
{
    ai->hist = h;
}

int ai_choose(Ai *ai, const Position *p, AiStats *st, volatile sig_atomic_t *stop)
{
    memset(st, 0, sizeof *st);
    /* the time limit counts from here: the legal moves (relay sowings
     * can take a while) are part of the decision */
    double t0 = ai_now();
    ai->stop = stop;
    ai->deadline = 0;
    ai->aborted = 0;
    vm_reset(&ai->vm);
    Move moves[MAX_MOVES];
    int n = gen_moves(&ai->vm, p, moves);
    if (n < 0)
        return n;
    if (n == 0)
        return MC_EINVAL;
    if (n == 1 && ai->spec.kind != AI_RANDOM)
        return 0;
    int k;
    if (pos_chance(ai->r, p))   /* nobody chooses: the lot (the hole of a seed by chance) is drawn */
        return rng_below(&ai->rng, n);
    switch (ai->spec.kind) {
    case AI_GREEDY:
        k = choose_greedy(ai, p, moves, n, st);
        break;
    case AI_ALPHABETA:
        k = choose_alphabeta(ai, p, moves, n, st, t0);
        break;
    case AI_MCTS:
        k = ai_choose_mcts(ai, p, n, st, t0);
        break;
    default:
        k = rng_below(&ai->rng, n);
        break;
    }
    /* a search cut short by its deadline leaves the machine interrupted */
    vm_reset(&ai->vm);
    return k;
}
