#!/usr/bin/env bash
# Builds the local infrastructure binaries from the Go module proxy into .tools/bin (git-ignored),
# reusing them when present. Both are pure Go: no Docker, no downloads from outside the registries.
#   temporal  – the official Temporal CLI; `temporal server start-dev` is a full Temporal server
#               (SQLite persistence, embedded Web UI). v1.5.1 installs with a plain `go install`
#               (later releases carry a `replace` directive that `go install pkg@version` refuses).
#   ferretdb  – FerretDB v1 (MongoDB wire protocol on SQLite). A plain `go install` or building the
#               package from a wrapper module both produce a binary that panics at start: its
#               build/version package embeds a generated version.txt that is not in the module, and
#               since Go 1.24 a binary built from a dependency's main package reports that module as
#               its main module, so the "embedded use" escape hatch does not apply. Recipe: vendor the
#               pinned wrapper module (scripts/tools/ferretdb), write version.txt into the vendored
#               package, build with -mod=vendor.
#               One local patch, applied to the vendored source: upstream's SQLite backend looks records up
#               by `_ferretdb_sjson->'$._id'` while it indexes `_ferretdb_sjson->"_id"`; SQLite only uses an
#               expression index for the identical expression, so every find/update/delete by _id scanned
#               the table. The patch makes the lookup use the indexed expression (same values, checked by
#               `sqlite3 ... EXPLAIN QUERY PLAN`: SCAN before, SEARCH USING INDEX after). Nothing else changes.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="$ROOT/.tools/bin"
mkdir -p "$BIN"
TEMPORAL_CLI_VERSION="v1.5.1"
FERRETDB_VERSION="v1.24.2"
# Bumped whenever the FerretDB build recipe changes, so existing .tools binaries are rebuilt.
FERRETDB_RECIPE="$FERRETDB_VERSION+id-index-lookup"

command -v go >/dev/null || { echo "install-tools: Go is required (https://go.dev); not found on PATH" >&2; exit 1; }

if [ ! -x "$BIN/temporal" ]; then
  echo "==> Building the Temporal CLI $TEMPORAL_CLI_VERSION from the Go module proxy (first time: a few minutes)"
  GOBIN="$BIN" GOFLAGS="-buildvcs=false" go install -x "github.com/temporalio/cli/cmd/temporal@$TEMPORAL_CLI_VERSION" 2>&1 \
    | awk '/^go: downloading/ {d++; if (d % 25 == 0) printf "    downloaded %d modules...\n", d; fflush()} /^WORK=/ {print "    compiling..."; fflush()}'
  test -x "$BIN/temporal"
  echo "    done: $("$BIN/temporal" --version)"
fi

if [ ! -x "$BIN/ferretdb" ] || [ "$(cat "$BIN/ferretdb.recipe" 2>/dev/null)" != "$FERRETDB_RECIPE" ]; then
  echo "==> Building FerretDB $FERRETDB_VERSION from the Go module proxy (first time: about a minute)"
  BUILD="$ROOT/.tools/build/ferretdb"
  rm -rf "$BUILD" && mkdir -p "$BUILD"
  cp "$ROOT/scripts/tools/ferretdb/go.mod" "$ROOT/scripts/tools/ferretdb/go.sum" "$ROOT/scripts/tools/ferretdb/tools.go" "$BUILD/"
  ( cd "$BUILD"
    echo "    vendoring modules..."
    go mod vendor
    echo "$FERRETDB_VERSION" > vendor/github.com/FerretDB/FerretDB/build/version/version.txt
    META=vendor/github.com/FerretDB/FerretDB/internal/backends/sqlite/metadata/metadata.go
    sed -i "s|IDColumn = DefaultColumn + \"->'\$._id'\"|IDColumn = DefaultColumn + \"->\\\\\"_id\\\\\"\"|" "$META"
    grep -q 'IDColumn = DefaultColumn + "->\\"_id\\""' "$META" || { echo "install-tools: the _id lookup patch did not apply" >&2; exit 1; }
    echo "    compiling..."
    GOFLAGS="-buildvcs=false" go build -mod=vendor -o "$BIN/ferretdb" github.com/FerretDB/FerretDB/cmd/ferretdb )
  rm -rf "$BUILD"
  echo "$FERRETDB_RECIPE" > "$BIN/ferretdb.recipe"
  echo "    done: $("$BIN/ferretdb" --version 2>&1 | head -1)"
fi
