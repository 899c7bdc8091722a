/* match.c: `mancala match`, a series of computer games, sides
 * alternating, on every core. Each game's players are seeded from the
 * game's number and start afresh (ai_reset), so the same --seed gives the
 * same games whatever the number of --jobs. */
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ai.h"
#include "cli.h"

/* Plays one game (a whole match, where the variant plays matches); returns
 * the winner (WIN_*), or a negative status (MC_EINTR if interrupted). */
static int play_one(Vm *vm, Ai *side[2], History *h, const Position *from, long *decisions)
{
    h->n = h->base = 0;
    ai_set_history(side[0], h);
    ai_set_history(side[1], h);
    Position p;
    long n = 0;
    int rc;
    if (from) {   /* the position as read, settled as a game from it begins */
        p = *from;
        rc = flow_settle(vm, &p, h);
    } else {
        rc = flow_start(vm, &p, h);
    }
    while (rc >= 0 && !p.over && !cli_stop) {
        Move moves[MAX_MOVES];
        int k = gen_moves(vm, &p, moves);
        if (k <= 0) {
            rc = k;
            break;
        }
        AiStats st;
        int i = ai_choose(side[p.to_move], &p, &st, &cli_stop);
        if (cli_stop || i < 0) {
            rc = i < 0 ? i : MC_EINTR;
            break;
        }
        if (i >= k)
            i = 0;
        rc = flow_play(vm, &p, &moves[i], h, NULL);
        n++;
    }
    *decisions += n;
    if (rc < 0)
        return rc;
    return p.over ? p.winner : MC_EINTR;
}

/* The games shared out among the threads, and what they came to. */
typedef struct MatchJob {
    const Rules *r;
    const AiSpec *spec;          /* [0]: the first player, [1]: the second */
    unsigned long seed;
    int games;
    atomic_int next;
    pthread_mutex_t lock;
    long wins[2], draws, played, decisions;
    int status;
    int tty;
    const char *first, *second;
    const Position *from;    /* --from: every game begins there; else NULL */
} MatchJob;

/* Whether both players can be made for `r` (their endgame databases
 * open); 0 after a message. */
int cli_players_open(const Rules *r, const AiSpec *spec, int n)
{
    char err[4400];
    for (int i = 0; i < n; i++) {
        Ai *ai = ai_new_err(r, &spec[i], 1, err, sizeof err);
        if (!ai) {
            fprintf(stderr, "mancala: %s: %s\n", spec[i].text, err);
            return 0;
        }
        ai_free(ai);
    }
    return 1;
}

static void *match_worker(void *arg)
{
    MatchJob *job = arg;
    Ai *ai[2] = { ai_new(job->r, &job->spec[0], 1), ai_new(job->r, &job->spec[1], 2) };
    Vm vm;
    cli_vm(&vm, job->r);
    History h;
    hist_init(&h);
    h.compact = 1;
    int rc = ai[0] && ai[1] ? 0 : MC_ENOMEM;
    for (int g; !rc && !cli_stop && (g = atomic_fetch_add(&job->next, 1)) < job->games;) {
        /* the first player sits South in even games, North in odd ones;
         * each game's players are seeded by its number */
        ai_reset(ai[0], cli_game_seed(job->seed, g, 0));
        ai_reset(ai[1], cli_game_seed(job->seed, g, 1));
        int first_side = g % 2 ? NORTH : SOUTH;
        Ai *side[2];
        side[first_side] = ai[0];
        side[!first_side] = ai[1];
        long decisions = 0;
        int w = play_one(&vm, side, &h, job->from, &decisions);
        pthread_mutex_lock(&job->lock);
        if (w >= 0) {
            if (w == WIN_DRAW || w == WIN_NONE)
                job->draws++;
            else
                job->wins[w != first_side]++;
            job->played++;
            job->decisions += decisions;
            if (job->tty)
                fprintf(stderr, "\rgame %ld/%d: %s %ld, %s %ld, draws %ld ", job->played, job->games, job->first,
                        job->wins[0], job->second, job->wins[1], job->draws);
        } else if (w != MC_EINTR && !job->status)
            job->status = rc = w;
        pthread_mutex_unlock(&job->lock);
    }
    if (rc == MC_ENOMEM) {
        pthread_mutex_lock(&job->lock);
        if (!job->status)
            job->status = rc;
        pthread_mutex_unlock(&job->lock);
    }
    hist_free(&h);
    ai_free(ai[0]);
    ai_free(ai[1]);
    return NULL;
}

int cli_match(const char *variant, const char *const *opts, int nopts, const char *first,
              const char *second, int games, unsigned long seed, int jobs, int json, const char *from)
{
    AiSpec spec[2];
    char err[300];
    const char *names[2] = { first, second };
    for (int i = 0; i < 2; i++) {
        if (!names[i]) {
            fprintf(stderr, "mancala: match needs --south WHO and --north WHO\n");
            return 1;
        }
        if (!ai_parse(names[i], &spec[i], err, sizeof err)) {
            fprintf(stderr, "mancala: %s\n", err);
            return 1;
        }
        if (spec[i].kind == AI_HUMAN) {
            fprintf(stderr, "mancala: match is for computer players, not '%s'\n", names[i]);
            return 1;
        }
    }
    if (games < 1 || games > 1000000) {
        fprintf(stderr, "mancala: --games takes 1..1000000\n");
        return 1;
    }
    Rules *r = cli_load(variant, opts, nopts);
    if (!r || !cli_two_players(r, "match") || !cli_players_open(r, spec, 2)) {
        rules_free(r);
        return 1;
    }
    Position start;
    if (from && !cli_read_start(r, from, &start)) {
        rules_free(r);
        return 1;
    }
    cli_catch_sigint();
    jobs = cli_jobs(jobs);
    if (jobs > games)
        jobs = games;
    MatchJob job;
    memset(&job, 0, sizeof job);
    job.r = r;
    job.from = from ? &start : NULL;
    job.spec = spec;
    job.seed = seed;
    job.games = games;
    job.tty = isatty(2);
    job.first = first;
    job.second = second;
    atomic_init(&job.next, 0);
    pthread_mutex_init(&job.lock, NULL);
    pthread_t th[CLI_MAX_JOBS];
    int started = 0;
    for (; started < jobs; started++)
        if (pthread_create(&th[started], NULL, match_worker, &job) != 0)
            break;
    if (!started)
        match_worker(&job);   /* no thread to be had: this one plays */
    for (int i = 0; i < started; i++)
        pthread_join(th[i], NULL);
    pthread_mutex_destroy(&job.lock);
    if (job.tty)
        fprintf(stderr, "\n");
    if (job.status && !cli_ok(job.status)) {
        rules_free(r);
        return 1;
    }
    long wins[2] = { job.wins[0], job.wins[1] }, draws = job.draws, played = job.played, decisions = job.decisions;
    if (cli_stop)
        fprintf(stderr, "mancala: interrupted after %ld game%s; the summary counts those\n", played,
                played == 1 ? "" : "s");
    double score = played ? (wins[0] + 0.5 * draws) / played : 0.5;
    /* Wilson's score interval: honest at 100-0 too, where the normal
     * approximation would claim certainty */
    double lo, hi;
    cli_wilson(score, played, &lo, &hi);
    double s = score, eps = played ? 0.5 / played : 0.5;
    if (s < eps)
        s = eps;
    if (s > 1 - eps)
        s = 1 - eps;
    double elo = -400.0 * log10(1.0 / s - 1.0);
    if (fabs(elo) < 0.05)
        elo = 0;   /* no "-0" */
    if (json)
        printf("{\"variant\":\"%s\",\"first\":\"%s\",\"second\":\"%s\",\"games\":%ld,\"first_wins\":%ld,"
               "\"second_wins\":%ld,\"draws\":%ld,\"score\":%.4f,\"ci95\":[%.4f,%.4f],\"elo\":%.1f,"
               "\"decisions_per_game\":%.1f}\n",
               r->name, first, second, played, wins[0], wins[1], draws, score, lo, hi, elo,
               played ? (double)decisions / played : 0.0);
    else
        printf("variant: %s\ngames: %ld\nfirst: %s, wins %ld\nsecond: %s, wins %ld\ndraws: %ld\n"
               "score: %.3f (95%% interval %.3f..%.3f)\nelo: %+.0f\n",
               r->name, played, first, wins[0], second, wins[1], draws, score, lo, hi, elo);
    rules_free(r);
    return cli_stop ? 130 : 0;
}
