/* carcvar-play --protocol: a game for a host in any language, one JSON
 * object per line on stdin, one reply per line on stdout (doc/protocol.md). */
#ifndef CARCVAR_EXAMPLES_PROTOCOL_H
#define CARCVAR_EXAMPLES_PROTOCOL_H

#include <stdio.h>

/* The longest request line, in bytes (its newline not counted). */
#define PROTOCOL_MAX_LINE (1u << 20)

/* Answer every line of in on out until the end of in or a "quit"; 0, or 1
 * if memory ran out or out could not be written. */
int protocol_run(FILE *in, FILE *out);

#endif
