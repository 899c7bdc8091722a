/* mpi/main.c: mancala-mpi, the `mancala` command whose `solve --endgame`
 * shares the building of the databases among the processes of an MPI run
 * (`make mpi`; `mpirun -np N build/mancala-mpi solve --endgame K VARIANT
 * ...`): each process lists the moves of its share of every count's
 * positions, process 0 gathers them, values the count and writes its
 * file, and sends the values to the others (endgame.h, EgDist). The
 * files are those one process writes, byte for byte. Only process 0
 * prints the counts; every process reads the variant and its options as
 * the command line gives them. */
#include <limits.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "endgame.h"

/* interpreter/cli/main.c's main, compiled under this name. */
int mancala_main(int argc, char **argv);

/* The share of process p among n positions. */
static void shares(uint64_t n, int size, int p, uint64_t *lo, uint64_t *hi)
{
    *lo = eg_share(n, p, size);
    *hi = eg_share(n, p + 1, size);
}

/* EgDist.bcast_int */
static int bcast_int(void *ctx, int *v)
{
    (void)ctx;
    return MPI_Bcast(v, 1, MPI_INT, 0, MPI_COMM_WORLD) == MPI_SUCCESS ? MC_OK : MC_EINVAL;
}

/* EgDist.agree: the lowest status. */
static int agree(void *ctx, int status)
{
    int out = MC_EINVAL;
    (void)ctx;
    MPI_Allreduce(&status, &out, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    return out;
}

/* The counts and displacements of every process's share of n items
 * (items of process p: [at(lo_p), at(hi_p)), with `at` the identity or
 * first[]); MC_EINVAL where one passes what MPI counts (int). */
static int layout(uint64_t n, const uint64_t *first, int size, int *count, int *displ)
{
    for (int p = 0; p < size; p++) {
        uint64_t lo, hi;
        shares(n, size, p, &lo, &hi);
        if (first) {
            lo = first[lo];
            hi = first[hi];
        }
        if (hi > INT_MAX)
            return MC_EINVAL;
        count[p] = (int)(hi - lo);
        displ[p] = (int)lo;
    }
    return MC_OK;
}

/* EgDist.share_counts */
static int share_counts(void *ctx, uint32_t *counts, uint64_t n)
{
    int size, rc;
    (void)ctx;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int *count = malloc((size_t)size * sizeof *count), *displ = malloc((size_t)size * sizeof *displ);
    rc = count && displ ? layout(n, NULL, size, count, displ) : MC_ENOMEM;
    if (!rc && MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, counts, count, displ, MPI_UINT32_T,
                              MPI_COMM_WORLD) != MPI_SUCCESS)
        rc = MC_EINVAL;
    free(count);
    free(displ);
    return rc;
}

/* EgDist.gather_edges */
static int gather_edges(void *ctx, const uint32_t *mine, uint32_t *edges, const uint64_t *first, uint64_t n)
{
    int size, rank, rc;
    (void)ctx;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    int *count = malloc((size_t)size * sizeof *count), *displ = malloc((size_t)size * sizeof *displ);
    rc = count && displ ? layout(n, first, size, count, displ) : MC_ENOMEM;
    if (!rc) {
        int ok = rank ? MPI_Gatherv(mine, count[rank], MPI_UINT32_T, NULL, NULL, NULL, MPI_UINT32_T, 0,
                                    MPI_COMM_WORLD)
                      : MPI_Gatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, edges, count, displ, MPI_UINT32_T, 0,
                                    MPI_COMM_WORLD);
        rc = ok == MPI_SUCCESS ? MC_OK : MC_EINVAL;
    }
    free(count);
    free(displ);
    return rc;
}

/* EgDist.share_values: in pieces of at most 1 GB (MPI counts are int). */
static int share_values(void *ctx, int8_t *v, uint64_t n)
{
    (void)ctx;
    for (uint64_t at = 0; at < n; at += (uint64_t)1 << 30) {
        const int len = (int)(n - at < ((uint64_t)1 << 30) ? n - at : (uint64_t)1 << 30);
        if (MPI_Bcast(v + at, len, MPI_INT8_T, 0, MPI_COMM_WORLD) != MPI_SUCCESS)
            return MC_EINVAL;
    }
    return MC_OK;
}

int main(int argc, char **argv)
{
    int rank, size, endgame = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 2; i < argc; i++)
        endgame |= !strcmp(argv[i], "--endgame") || !strncmp(argv[i], "--endgame=", 10);
    if (argc < 2 || strcmp(argv[1], "solve") || !endgame) {
        if (!rank)
            fprintf(stderr, "mancala-mpi: runs `solve --endgame K VARIANT [--db DIR] ...` only "
                            "(see mancala solve --help)\n");
        MPI_Finalize();
        return 1;
    }
    EgDist d = { rank, size, NULL, bcast_int, agree, share_counts, gather_edges, share_values };
    cli_dist = &d;
    int rc = mancala_main(argc, argv);
    MPI_Finalize();
    return rc;
}
