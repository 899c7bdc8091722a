/* stats.c: `mancala stats`: many games between two computer players
 * (random ones by default), on every core, and what a designer asks of
 * them: who wins, with 95% intervals; how long games last; how they end;
 * the branching factor and the captures over the game; the seeds in the
 * stores over time. The same --seed gives the same report whatever the
 * number of --jobs: each game has seeds of its own (its number's), the
 * players start each game afresh, and what is summed is whole numbers.
 * (Players that think by time, alphabeta:time=..., are not repeatable.) */
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai.h"
#include "cli.h"
#include "stats.h"

/* ---- one worker's games ------------------------------------------------ */

typedef struct Job {
    const Rules *r;
    AiSpec spec[MAX_PLAYERS];
    const Position *from;        /* --from, or NULL: the start */
    unsigned long seed;
    long games;
    atomic_long next;            /* the next game to play */
    pthread_mutex_t lock;        /* over `sum` and `status` */
    Stats *sum;
    int *length;                 /* each game's decisions */
    int status;                  /* the first failure, or 0 */
} Job;

/* What the events of one decision say: the seeds its captures took (the
 * seeds swept from the board as a game ends are not captures). */
typedef struct Seen {
    long took;
} Seen;

static void seen_event(void *arg, const McEvent *e)
{
    Seen *s = arg;
    if (e->kind == MC_EV_CAPTURE && e->receiver != MC_TO_HAND && e->receiver != MC_TO_HOLE)
        s->took += e->seeds;
    else if (e->kind == MC_EV_CANCEL)
        s->took = 0;
    else if (e->kind == MC_EV_END) {   /* (a match's own end has no sweep) */
        s->took -= e->seeds;
        for (int pl = 0; pl < MC_MAX_PLAYERS; pl++)
            s->took -= e->took[pl];
    }
}

/* Plays game `g` into `st` (and `*len`); 0, or a negative status. */
static int one_game(Job *job, Vm *vm, Ai *ai[MAX_PLAYERS], History *h, long g, Stats *st, int *len)
{
    Seen seen;
    const int np = job->r->players;
    h->n = h->base = 0;
    for (int i = 0; i < np; i++) {
        ai_reset(ai[i], cli_game_seed(job->seed, g, i));
        ai_set_history(ai[i], h);
    }
    Position p;
    int rc;
    if (job->from) {   /* the position as read, settled as a game from it begins */
        p = *job->from;
        rc = flow_settle(vm, &p, h);
    } else {
        rc = flow_start(vm, &p, h);
    }
    int k = 0;
    while (rc >= 0 && !p.over && !cli_stop) {
        Move moves[MAX_MOVES];
        int n = gen_moves(vm, &p, moves);
        if (n <= 0) {
            rc = n;
            break;
        }
        AiStats as;
        int i = ai_choose(ai[p.to_move], &p, &as, &cli_stop);
        if (i < 0) {
            rc = i;
            break;
        }
        const int at = k < STATS_TRACK ? k : STATS_TRACK - 1;
        st->legal[at] += n;
        st->at[at]++;
        seen.took = 0;
        vm_set_events(vm, seen_event, &seen, 0);
        rc = flow_play(vm, &p, &moves[i < n ? i : 0], h, NULL);
        vm_set_events(vm, NULL, NULL, 0);
        if (seen.took > 0) {
            st->captures[at]++;
            st->captured += seen.took;
        }
        for (int pl = 0; pl < np; pl++)
            st->store[pl][at] += p.store[pl];
        k++;
    }
    if (rc < 0 || cli_stop)
        return rc < 0 ? rc : MC_EINTR;
    if (!p.over)
        return MC_EINTR;
    for (int kk = k; kk < STATS_TRACK; kk++)   /* a finished game keeps its stores */
        for (int pl = 0; pl < np; pl++)
            st->store[pl][kk] += p.store[pl];
    st->games++;
    st->wins[p.winner < np ? p.winner : MAX_PLAYERS]++;
    st->ends[p.end < END_COUNT ? p.end : 0]++;
    st->decisions += k;
    *len = k;
    return 0;
}

static void *worker(void *arg)
{
    Job *job = arg;
    Stats *st = calloc(1, sizeof *st);
    Ai *ai[MAX_PLAYERS] = { NULL };
    int got = 1;
    for (int i = 0; i < job->r->players; i++)
        got &= (ai[i] = ai_new(job->r, &job->spec[i], (uint64_t)i + 1)) != NULL;
    History h;
    hist_init(&h);
    h.compact = 1;
    Vm vm;
    cli_vm(&vm, job->r);
    int rc = st && got ? 0 : MC_ENOMEM;
    while (!rc && !cli_stop) {
        long g = atomic_fetch_add(&job->next, 1);
        if (g >= job->games)
            break;
        rc = one_game(job, &vm, ai, &h, g, st, &job->length[g]);
        pthread_mutex_lock(&job->lock);
        if (rc && !job->status)
            job->status = rc;
        if (job->status)   /* the others stop too */
            atomic_store(&job->next, job->games);
        pthread_mutex_unlock(&job->lock);
    }
    pthread_mutex_lock(&job->lock);
    if (st)
        stats_add(job->sum, st);
    if (rc && !job->status)
        job->status = rc;
    pthread_mutex_unlock(&job->lock);
    hist_free(&h);
    for (int i = 0; i < MAX_PLAYERS; i++)
        ai_free(ai[i]);
    free(st);
    return NULL;
}

void stats_add(Stats *to, const Stats *from)
{
    to->games += from->games;
    to->decisions += from->decisions;
    to->captured += from->captured;
    for (int i = 0; i <= MAX_PLAYERS; i++)
        to->wins[i] += from->wins[i];
    for (int i = 0; i < END_COUNT; i++)
        to->ends[i] += from->ends[i];
    for (int k = 0; k < STATS_TRACK; k++) {
        to->legal[k] += from->legal[k];
        to->at[k] += from->at[k];
        to->captures[k] += from->captures[k];
        for (int pl = 0; pl < MAX_PLAYERS; pl++)
            to->store[pl][k] += from->store[pl][k];
    }
}

/* ---- the command ---------------------------------------------------------- */

int cli_stats(const char *variant, const Args *a)
{
    const char *who[MAX_PLAYERS] = { a->south, a->north, a->more[0], a->more[1] };
    Job job;
    memset(&job, 0, sizeof job);
    char err[300];
    for (int i = 0; i < MAX_PLAYERS; i++) {
        if (!who[i])
            who[i] = "random";
        if (!ai_parse(who[i], &job.spec[i], err, sizeof err)) {
            fprintf(stderr, "mancala: %s: %s\n", cli_seat_flag(i), err);
            return 1;
        }
        if (job.spec[i].kind == AI_HUMAN) {
            fprintf(stderr, "mancala: stats is for computer players, not '%s'\n", who[i]);
            return 1;
        }
    }
    int jobs = cli_jobs(a->jobs);
    job.games = a->games ? a->games : 1000;
    if (jobs > job.games)
        jobs = (int)job.games;
    job.seed = a->have_seed ? a->seed : 1;
    Rules *r = cli_load(variant, a->opts, a->nopts);
    if (!r || !cli_seats_fit(r, a->more) || !cli_players_open(r, job.spec, r->players)) {
        rules_free(r);
        return 1;
    }
    Position start;
    if (a->from && !cli_read_start(r, a->from, &start)) {
        rules_free(r);
        return 1;
    }
    job.from = a->from ? &start : NULL;
    job.r = r;
    job.sum = calloc(1, sizeof *job.sum);
    job.length = calloc((size_t)job.games, sizeof *job.length);
    int rc = 1;
    pthread_t th[CLI_MAX_JOBS];
    int started = 0;
    if (!job.sum || !job.length) {
        fprintf(stderr, "mancala: out of memory\n");
        goto out;
    }
    pthread_mutex_init(&job.lock, NULL);
    atomic_init(&job.next, 0);
    cli_catch_sigint();
    double t0 = cli_now();
    for (; started < jobs; started++)
        if (pthread_create(&th[started], NULL, worker, &job) != 0)
            break;
    if (!started) {
        fprintf(stderr, "mancala: cannot start a thread\n");
        goto out_lock;
    }
    for (int i = 0; i < started; i++)
        pthread_join(th[i], NULL);
    double secs = cli_now() - t0;
    if (cli_stop) {
        fprintf(stderr, "mancala: interrupted\n");
        rc = 130;
        goto out_lock;
    }
    if (job.status && !cli_ok(job.status))
        goto out_lock;
    StatsRun run = { r, { who[0], who[1], who[2], who[3] }, a->from, job.seed, started, secs, job.sum, job.length,
                     job.games };
    rc = a->json ? stats_json(&run) : stats_text(&run);
    if (!rc && a->plot)
        rc = stats_svg(&run, a->plot);
out_lock:
    pthread_mutex_destroy(&job.lock);
out:
    free(job.sum);
    free(job.length);
    rules_free(r);
    return rc;
}
