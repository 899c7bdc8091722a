/* io.h: reading whole files, for variant files, positions and records. */
#ifndef MANCALA_IO_H
#define MANCALA_IO_H

#include <stddef.h>

#define IO_MAX_FILE ((size_t)4 << 20)   /* 4 MiB: larger files are refused */

/* Reads the file `path` ("-": standard input) (at most IO_MAX_FILE bytes) into a malloc'd,
 * NUL-terminated buffer (*out, *len bytes before the NUL). On failure
 * writes "PATH: reason" to `err` and returns 0; *out is then untouched. */
int io_read_file(const char *path, char **out, size_t *len, char *err, size_t errlen);

#endif
