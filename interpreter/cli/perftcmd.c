/* perftcmd.c: `mancala perft`'s counting, on every core: the moves of the
 * starting position are shared out among the threads, each counting the
 * sequences below its moves with a machine and a history of its own; the
 * counts are added up (the same whatever the number of threads). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Counts the moves at each depth below `p` into counts[]; a status. A
 * move that stops for the choice of where the hand is sown goes on with
 * that choice, at the same level: together they count as one move. */
static int perft_walk(Vm *vm, const Position *p, History *h, int level, int depth, uint64_t *counts)
{
    if (level == depth)
        return MC_OK;
    Move moves[MAX_MOVES];
    int n = gen_moves(vm, p, moves);
    if (n < 0)
        return n;
    const int compound = vm->r->mid_move;
    if (!compound) {
        counts[level + 1] += (uint64_t)n;
        if (level + 1 == depth)
            return MC_OK;
    }
    for (int i = 0; i < n; i++) {
        Position q = *p;
        int sn = h->n, sb = h->base;
        int rc = flow_play(vm, &q, &moves[i], h, NULL);
        int more = compound && pos_mid_move(&q);
        counts[level + 1] += compound && !more;
        if (rc >= 0 && (more || level + 1 < depth))
            rc = perft_walk(vm, &q, h, more ? level : level + 1, depth, counts);
        if (rc < 0)
            return rc;
        h->n = sn;
        h->base = sb;
    }
    return MC_OK;
}

typedef struct PerftJob {
    const Rules *r;
    const Position *root;
    const History *h0;
    const Move *moves;
    int n, depth;
    atomic_int next;
    pthread_mutex_t lock;
    uint64_t *counts;
    int status;
} PerftJob;

static void *perft_worker(void *arg)
{
    PerftJob *job = arg;
    uint64_t counts[66] = { 0 };
    Vm vm;
    cli_vm(&vm, job->r);
    History h;
    int rc = hist_copy(&h, job->h0);
    const int compound = job->r->mid_move;
    for (int i; !rc && (i = atomic_fetch_add(&job->next, 1)) < job->n;) {
        Position q = *job->root;
        int sn = h.n, sb = h.base;
        rc = flow_play(&vm, &q, &job->moves[i], &h, NULL);
        int more = compound && pos_mid_move(&q);
        counts[1] += compound && !more;
        if (rc >= 0 && (more || 1 < job->depth))
            rc = perft_walk(&vm, &q, &h, more ? 0 : 1, job->depth, counts);
        rc = rc < 0 ? rc : 0;
        h.n = sn;
        h.base = sb;
    }
    pthread_mutex_lock(&job->lock);
    for (int d = 0; d < 66; d++)
        job->counts[d] += counts[d];
    if (rc && !job->status)
        job->status = rc;
    pthread_mutex_unlock(&job->lock);
    hist_free(&h);
    return NULL;
}

int cli_perft(Vm *vm, const Position *p, History *h, int depth, int jobs, uint64_t *counts)
{
    if (depth == 0)
        return MC_OK;
    jobs = cli_jobs(jobs);
    Move moves[MAX_MOVES];
    int n = gen_moves(vm, p, moves);
    if (n < 0)
        return n;
    if (jobs <= 1 || n < 2 || (depth == 1 && !vm->r->mid_move))   /* one thread */
        return perft_walk(vm, p, h, 0, depth, counts);
    if (!vm->r->mid_move)
        counts[1] += (uint64_t)n;
    PerftJob job = { vm->r, p, h, moves, n, depth, 0, PTHREAD_MUTEX_INITIALIZER, counts, 0 };
    pthread_t th[CLI_MAX_JOBS];
    int started = 0;
    for (; started < jobs && started < n; started++)
        if (pthread_create(&th[started], NULL, perft_worker, &job) != 0)
            break;
    for (int i = 0; i < started; i++)
        pthread_join(th[i], NULL);
    pthread_mutex_destroy(&job.lock);
    if (!started) {   /* no thread to be had: this one counts */
        memset(counts, 0, 66 * sizeof *counts);
        return perft_walk(vm, p, h, 0, depth, counts);
    }
    return job.status;
}
