/* The JSON floor for benchmarks/run: parse each file with yajl's event parser
 * (Debian libyajl-dev) and count the events, building nothing, the way
 * libyaml_scan.c does for YAML. Exit status 1 when a file is not valid JSON. */
#include <stdio.h>
#include <stdlib.h>
#include <yajl/yajl_parse.h>

static long events;
static int count_null(void *ctx) { (void)ctx; events++; return 1; }
static int count_bool(void *ctx, int b) { (void)ctx; (void)b; events++; return 1; }
static int count_number(void *ctx, const char *s, size_t l) { (void)ctx; (void)s; (void)l; events++; return 1; }
static int count_string(void *ctx, const unsigned char *s, size_t l) { (void)ctx; (void)s; (void)l; events++; return 1; }
static int count_plain(void *ctx) { (void)ctx; events++; return 1; }

static const yajl_callbacks callbacks = {
    count_null, count_bool, NULL, NULL, count_number, count_string,
    count_plain, count_string, count_plain, count_plain, count_plain,
};

int main(int argc, char **argv) {
    static unsigned char buffer[65536];
    for (int i = 1; i < argc; i++) {
        FILE *file = fopen(argv[i], "rb");
        if (!file) { perror(argv[i]); return 1; }
        yajl_handle parser = yajl_alloc(&callbacks, NULL, NULL);
        size_t n;
        int ok = 1;
        while (ok && (n = fread(buffer, 1, sizeof buffer, file)) > 0)
            ok = yajl_parse(parser, buffer, n) == yajl_status_ok;
        if (ok) ok = yajl_complete_parse(parser) == yajl_status_ok;
        yajl_free(parser);
        fclose(file);
        if (!ok) { fprintf(stderr, "%s: not valid JSON\n", argv[i]); return 1; }
    }
    printf("%ld events\n", events);
    return 0;
}
