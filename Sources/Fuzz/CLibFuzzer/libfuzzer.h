// libFuzzer's driver, linked in by -sanitize=fuzzer (compiler-rt's libclang_rt.fuzzer).
//
// Only the fuzz targets (Package.swift, FUZZ=1) import this module. They call the driver from their own
// main: SwiftPM renames an executable's top-level code (to fuzz_form_main, ...) and makes it the
// executable's main, so libFuzzer's own main never runs.
#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

/// Parses libFuzzer's command-line flags and runs `callback` on each input, as libFuzzer's main does.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

/// What libFuzzer's own main would do: hands the command line to the driver and exits with its status.
/// For a fuzz target's `main.swift`: `fuzz_main(CommandLine.argc, CommandLine.unsafeArgv, fuzzOneInput)`.
static inline __attribute__((noreturn)) void
fuzz_main(int argc, char **argv, int (*callback)(const uint8_t *data, size_t size))
{
    exit(LLVMFuzzerRunDriver(&argc, &argv, callback));
}

#endif
