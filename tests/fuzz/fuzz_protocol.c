/* Fuzz target: carcvar-play --protocol (examples/protocol.c and its JSON
 * reader examples/json.c, doc/protocol.md).  The input is the host's side
 * of a session, lines of requests; the target checks what a host relies
 * on: every reply is one line that the protocol's own strict reader takes
 * as a JSON object with "ok", and there is one reply per line up to a quit
 * or the end.  Inputs are cut at 64 KiB (longer lines are tested by
 * tests/protocol.py). */
#include "../../examples/json.h"
#include "../../examples/protocol.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || size > 65536) return 0;
    FILE *in = fmemopen((void *)data, size, "rb");
    char *out_text = NULL;
    size_t out_len = 0;
    FILE *out = open_memstream(&out_text, &out_len);
    if (!in || !out) abort();
    if (protocol_run(in, out) != 0) abort();
    fclose(in);
    fclose(out);
    /* the lines of the input, up to the end (a last line without its
     * newline counts) */
    size_t lines = 0;
    for (size_t i = 0; i < size; i++) lines += data[i] == '\n';
    if (data[size - 1] != '\n') lines++;
    static json_doc d;
    static char strbuf[1 << 20];
    size_t replies = 0, quit = 0;
    for (char *p = out_text; p < out_text + out_len;) {
        char *nl = memchr(p, '\n', (size_t)(out_text + out_len - p));
        if (!nl) abort(); /* every reply ends its line */
        size_t n = (size_t)(nl - p);
        if (n >= sizeof strbuf || json_parse(&d, p, n, strbuf) != 0) {
            fprintf(stderr, "reply not JSON (%s at %zu): %.*s\n", d.message, d.at, (int)n, p);
            abort();
        }
        const json_value *ok = json_get(&d, &d.v[0], "ok");
        if (d.v[0].type != JSON_OBJECT || !ok || (ok->type != JSON_TRUE && ok->type != JSON_FALSE))
            abort();
        const json_value *cmd = json_get(&d, &d.v[0], "cmd");
        quit = ok->type == JSON_TRUE && cmd && cmd->type == JSON_STRING && !strcmp(cmd->str, "quit");
        replies++;
        p = nl + 1;
    }
    if (quit ? replies > lines : replies != lines) {
        fprintf(stderr, "%zu replies to %zu lines\n", replies, lines);
        abort();
    }
    free(out_text);
    return 0;
}
