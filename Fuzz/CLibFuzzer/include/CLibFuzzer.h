// libFuzzer's driver entry point (compiler-rt FuzzerInterface.h), declared for Swift:
// runs the fuzzing loop with the command line's options, calling UserCb with each input.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
