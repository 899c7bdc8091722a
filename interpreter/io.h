/* io.h: reading whole files, for variant files, positions and records;
 * writing files whole or not at all, and their checksums (the solver's
 * checkpoints, the endgame databases). */
#ifndef MANCALA_IO_H
#define MANCALA_IO_H

#include <stddef.h>
#include <stdint.h>

#define IO_MAX_FILE ((size_t)4 << 20)   /* 4 MiB: larger files are refused */

/* Reads the file `path` ("-": standard input) (at most IO_MAX_FILE bytes) into a malloc'd,
 * NUL-terminated buffer (*out, *len bytes before the NUL). On failure
 * writes "PATH: reason" to `err` and returns 0; *out is then untouched. */
int io_read_file(const char *path, char **out, size_t *len, char *err, size_t errlen);

/* Writes the n parts (part[i], len[i] bytes) one after the other to
 * PATH.tmp, then renames it to `path`: the file is whole or not there.
 * On failure removes the temporary file, writes "PATH: reason" to `err`
 * and returns 0; else 1. */
int io_write_parts(const char *path, const void *const *part, const size_t *len, int n, char *err, size_t errlen);

/* The CRC-32 (zlib's) of `len` bytes continued from `crc` (0 to begin). */
uint32_t io_crc32(uint32_t crc, const void *buf, size_t len);

#endif
