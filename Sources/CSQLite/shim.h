// The only place that includes SQLite's header. Swift cannot import the SQLITE_TRANSIENT macro (a
// function pointer made from -1), so it is given here as a function.
#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

/// The destructor that tells SQLite to copy a bound value before the call returns.
static inline sqlite3_destructor_type shim_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

#endif
