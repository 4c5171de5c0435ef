
// This module carries no dialect tables: register serves every session the
// standard table, so these are never asked for a dialect.
const DIALECTS = [];

function defaultDialectFor() {
  return null;
}

function listDialectTools(profile, dialect) {
  throw new RangeError("listDialectTools: this module carries no dialect tables");
}

function normalizeArgs(dialect, name, args) {
  return args;
}
