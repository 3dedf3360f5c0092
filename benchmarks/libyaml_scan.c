/*
 * libyaml_scan: the benchmark's reference. For each file named on the command line,
 * reads the whole file into memory and runs libyaml's event loop (yaml_parser_parse)
 * to the end of the stream, deleting each event. Nothing else: no tree, no typing, no
 * checks beyond libyaml's own syntax errors. This is the least any tool that reads
 * YAML through libyaml must spend on the same bytes.
 *
 *   gcc -O2 -o libyaml_scan libyaml_scan.c -lyaml
 *   libyaml_scan [-v] FILE...
 *
 * -v prints the number of files, bytes and events on standard error.
 * Exit status: 0 all files scanned, 1 a syntax error (message on standard error),
 * 2 usage or I/O error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

/* Reads the file at path into a new buffer; returns NULL on failure. */
static unsigned char *read_file(const char *path, size_t *length) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) return NULL;
    size_t capacity = 1 << 16, used = 0;
    unsigned char *buffer = malloc(capacity);
    while (buffer != NULL) {
        size_t got = fread(buffer + used, 1, capacity - used, file);
        used += got;
        if (used < capacity) break;
        capacity *= 2;
        unsigned char *grown = realloc(buffer, capacity);
        if (grown == NULL) { free(buffer); buffer = NULL; }
        else buffer = grown;
    }
    int failed = ferror(file);
    fclose(file);
    if (failed) { free(buffer); return NULL; }
    *length = used;
    return buffer;
}

/* Scans one buffer to the end of the stream; returns the number of events, or -1. */
static long scan(const char *path, const unsigned char *text, size_t length) {
    yaml_parser_t parser;
    yaml_event_t event;
    long events = 0;
    if (!yaml_parser_initialize(&parser)) return -1;
    yaml_parser_set_input_string(&parser, text, length);
    for (;;) {
        if (!yaml_parser_parse(&parser, &event)) {
            fprintf(stderr, "%s:%lu:%lu: %s\n", path,
                    (unsigned long)parser.problem_mark.line + 1,
                    (unsigned long)parser.problem_mark.column + 1,
                    parser.problem ? parser.problem : "syntax error");
            yaml_parser_delete(&parser);
            return -1;
        }
        events++;
        int done = event.type == YAML_STREAM_END_EVENT;
        yaml_event_delete(&event);
        if (done) break;
    }
    yaml_parser_delete(&parser);
    return events;
}

int main(int argc, char **argv) {
    int verbose = argc > 1 && strcmp(argv[1], "-v") == 0;
    int first = verbose ? 2 : 1;
    if (first >= argc) {
        fprintf(stderr, "usage: libyaml_scan [-v] FILE...\n");
        return 2;
    }
    long files = 0, events = 0;
    size_t bytes = 0;
    for (int i = first; i < argc; i++) {
        size_t length = 0;
        unsigned char *text = read_file(argv[i], &length);
        if (text == NULL) {
            perror(argv[i]);
            return 2;
        }
        long count = scan(argv[i], text, length);
        free(text);
        if (count < 0) return 1;
        files++;
        events += count;
        bytes += length;
    }
    if (verbose)
        fprintf(stderr, "%ld files, %zu bytes, %ld events\n", files, bytes, events);
    return 0;
}
