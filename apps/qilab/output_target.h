#pragma once
// Where a command may write the file its --out names: the checks of check_atomic_write
// (engine/core/config.h), and none of the files a run is made of in the way. A page (report,
// replay) replaces only an HTML page; an export never replaces its store or another database.
#include <string>

namespace qilab::cli {

// Throws Error naming `out`: check_atomic_write's reasons, or an existing file that is not an
// HTML page (a run's store, records or summary given as --out by mistake).
void check_page_out(const std::string& out);
// Throws Error naming `out`: check_atomic_write's reasons, `out` is the store `db` itself, or
// `out` is an existing SQLite database.
void check_export_out(const std::string& out, const std::string& db);

}  // namespace qilab::cli
