/*
 * Runs a libFuzzer target's LLVMFuzzerTestOneInput() once on every file
 * given, or on every regular file in each directory given (sorted by
 * name), so that a corpus replays as an ordinary test without libFuzzer.
 * A missing file or directory is an error; a target that traps fails the
 * test.  Exit status 0 when every input passed.
 *
 * For a target that tells whether an input played its game to the end
 * (fz_last_input_ended(), the action targets), it also prints how many did,
 * and two options make that a test:
 *   --min-ended N   fail unless at least N inputs end a game
 *   --games-end     fail for any input whose file name starts with "game-"
 *                   (a whole game of fuzz-gen-games) that does not
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* weak: only the action targets define it */
int fz_last_input_ended(void) __attribute__((weak));

static long ended, games, games_unended;
static int games_must_end;

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return 1;
    }
    size_t cap = 4096, len = 0;
    uint8_t *buf = malloc(cap);
    if (!buf) return 1;
    size_t got;
    while ((got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            uint8_t *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                fclose(f);
                return 1;
            }
            buf = nb;
            cap *= 2;
        }
    }
    fclose(f);
    /* an exactly sized copy, so that ASan sees reads past the end */
    uint8_t *exact = malloc(len ? len : 1);
    if (!exact) return 1;
    memcpy(exact, buf, len);
    free(buf);
    fprintf(stderr, "  %s (%zu bytes)\n", path, len);
    LLVMFuzzerTestOneInput(exact, len);
    free(exact);
    if (fz_last_input_ended) {
        const char *base = strrchr(path, '/');
        base = base ? base + 1 : path;
        int end = fz_last_input_ended();
        ended += end;
        if (strncmp(base, "game-", 5) == 0) {
            games++;
            if (!end) {
                games_unended++;
                fprintf(stderr, "  %s: a whole game that does not reach the end%s\n", path,
                        games_must_end ? " (--games-end)" : "");
            }
        }
    }
    return 0;
}

static int cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
    int failures = 0;
    long inputs = 0, min_ended = -1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--games-end") == 0) {
            games_must_end = 1;
            argv[i] = NULL;
        } else if (strcmp(argv[i], "--min-ended") == 0 && i + 1 < argc) {
            char *end;
            min_ended = strtol(argv[i + 1], &end, 10);
            if (*end || min_ended < 0) {
                fprintf(stderr, "--min-ended: not a count: %s\n", argv[i + 1]);
                return 2;
            }
            argv[i] = argv[i + 1] = NULL;
            i++;
        }
    }
    if ((games_must_end || min_ended >= 0) && !fz_last_input_ended) {
        fprintf(stderr, "--games-end, --min-ended: this target does not say whether a game ended\n");
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        if (!argv[i]) continue;
        struct stat st;
        if (stat(argv[i], &st) != 0) {
            perror(argv[i]);
            failures++;
            continue;
        }
        if (!S_ISDIR(st.st_mode)) {
            failures += run_file(argv[i]);
            inputs++;
            continue;
        }
        DIR *d = opendir(argv[i]);
        if (!d) {
            perror(argv[i]);
            failures++;
            continue;
        }
        size_t n = 0, cap = 64;
        char **names = malloc(cap * sizeof *names);
        struct dirent *e;
        while (names && (e = readdir(d)) != NULL) {
            if (e->d_name[0] == '.') continue;
            if (n == cap) {
                char **nn = realloc(names, 2 * cap * sizeof *names);
                if (!nn) break;
                names = nn;
                cap *= 2;
            }
            size_t len = strlen(argv[i]) + strlen(e->d_name) + 2;
            names[n] = malloc(len);
            if (!names[n]) break;
            snprintf(names[n], len, "%s/%s", argv[i], e->d_name);
            n++;
        }
        closedir(d);
        if (!names) return 1;
        qsort(names, n, sizeof *names, cmp);
        for (size_t k = 0; k < n; k++) {
            if (stat(names[k], &st) == 0 && S_ISREG(st.st_mode)) {
                failures += run_file(names[k]);
                inputs++;
            }
            free(names[k]);
        }
        free(names);
    }
    printf("%ld inputs, %d unreadable\n", inputs, failures);
    int bad = failures != 0;
    if (fz_last_input_ended) {
        printf("%ld inputs end a game; %ld whole-game inputs (game-*), %ld of them do not\n",
               ended, games, games_unended);
        if (games_must_end && games_unended) bad = 1;
        if (min_ended >= 0 && ended < min_ended) {
            printf("FAIL: %ld inputs end a game, fewer than the %ld expected (--min-ended)\n",
                   ended, min_ended);
            bad = 1;
        }
    }
    return bad;
}
