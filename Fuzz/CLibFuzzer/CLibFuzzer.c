// The declarations are in include/CLibFuzzer.h; libclang_rt.fuzzer_no_main defines them.
#include "CLibFuzzer.h"
