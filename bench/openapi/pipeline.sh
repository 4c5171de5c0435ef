#!/bin/sh
# pipeline.sh BIN DOC NAME OUTDIR: what issue 25 asks of a real API
# description, step by step, each under /usr/bin/time: import every
# operation (one spec, or --split into parts of at most 4 MiB when one
# spec would be larger), check each part, parity of each part against the
# document, gen-go of every part (against one shared runtime package when
# there are parts) built by one `go build`, gen-js of every part under
# `node --check`, and test-report --suggest -w then test-report on each
# part. It prints one line per step (ok or FAILED, wall time, user
# time, peak RSS) and keeps every log under OUTDIR/NAME. A step that fails
# does not stop the next ones: the point is to see all of them.
#
# STEP_TIMEOUT (seconds, default 1800) bounds each command; SKIP names
# steps to leave out (e.g. SKIP="test-report").
set -u
BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
DOC=$2
NAME=$3
OUT=$4/$NAME
STEP_TIMEOUT=${STEP_TIMEOUT:-1800}
SKIP=${SKIP:-}
rm -rf "$OUT"
mkdir -p "$OUT/parts" "$OUT/logs" "$OUT/go" "$OUT/js"

skip() { case " $SKIP " in *" $1 "*) return 0 ;; esac; return 1; }

# timed LOG CMD...: runs CMD under /usr/bin/time and a timeout, and
# sums its wall and user time and maximum RSS into the step's totals.
timed() {
	log=$1
	shift
	/usr/bin/time -f '%e %U %M' -o "$log.time" timeout "$STEP_TIMEOUT" "$@" >"$log" 2>&1
	rc=$?
	# The numbers are the last line (a failed command's status comes first).
	set -- $(tail -1 "$log.time" 2>/dev/null) 0 0 0
	w=$1 u=$2 m=$3
	step_wall=$(echo "$step_wall + $w" | bc)
	step_user=$(echo "$step_user + $u" | bc)
	[ "$m" -gt "$step_rss" ] && step_rss=$m
	if [ $rc -ne 0 ]; then
		step_fail=$((step_fail + 1))
		[ $rc -eq 124 ] && step_timeout=$((step_timeout + 1))
	fi
	return $rc
}

begin() { step_wall=0 step_user=0 step_rss=0 step_fail=0 step_timeout=0; }
report() {
	status=ok
	[ $step_fail -gt 0 ] && status="FAILED ($step_fail of $2"
	[ $step_timeout -gt 0 ] && status="$status, $step_timeout timed out after ${STEP_TIMEOUT}s"
	[ $step_fail -gt 0 ] && status="$status)"
	printf '%-12s %-12s %s  wall %ss user %ss peak %s MB\n' "$NAME" "$1" "$status" "$step_wall" "$step_user" "$((step_rss / 1024))"
}

# import: one spec if it fits test-report's 4 MiB, else --split.
begin
timed "$OUT/logs/import.log" "$BIN" import openapi --all "$DOC" -o "$OUT/parts/$NAME.tspec"
if [ ! -f "$OUT/parts/$NAME.tspec" ] || [ "$(wc -c <"$OUT/parts/$NAME.tspec")" -gt 4194304 ]; then
	rm -f "$OUT/parts/$NAME.tspec"
	begin
	timed "$OUT/logs/import.log" "$BIN" import openapi --all --split "$OUT/parts" "$DOC"
fi
report import 1
parts=$(ls "$OUT"/parts/*.tspec 2>/dev/null)
nparts=$(echo "$parts" | grep -c .)
tools=$(grep -h -c '^tool ' $parts | paste -sd+ | bc)
warnings=$(grep -c ': warning: ' "$OUT/logs/import.log")
anyrows=$(grep -h -E '^\s+[A-Za-z0-9_."-]+\s+(any|array<any>|map<any>)(\s|$)' $parts | wc -l)
echo "$NAME         parts $nparts, tools $tools, warnings $warnings, any rows $anyrows, spec $(cat $parts | wc -c) bytes"

begin
for p in $parts; do timed "$OUT/logs/check-$(basename "$p").log" "$BIN" check "$p"; done
report check "$nparts"

begin
for p in $parts; do timed "$OUT/logs/parity-$(basename "$p").log" "$BIN" parity --openapi "$DOC" "$p"; done
report parity "$nparts"

if ! skip gen-go; then
	begin
	# Parts share one runtime package (docs/gen-go.md, "A shared runtime").
	rt=
	if [ "$nparts" -gt 1 ]; then
		timed "$OUT/logs/gengo-runtime.log" "$BIN" gen-go --runtime-package -o "$OUT/go/tsrt/runtime.go"
		rt="--runtime bench/tsrt"
	fi
	i=0
	for p in $parts; do
		i=$((i + 1))
		# shellcheck disable=SC2086 # rt is two words or none
		timed "$OUT/logs/gengo-$(basename "$p").log" "$BIN" gen-go "$p" -o "$OUT/go/p$i/catalog.go" --package "p$i" $rt
	done
	report gen-go "$nparts"
	printf 'module bench\n\ngo 1.24\n' >"$OUT/go/go.mod"
	begin
	timed "$OUT/logs/go-build.log" sh -c "cd '$OUT/go' && go build ./..."
	report go-build 1
fi

if ! skip gen-js; then
	begin
	for p in $parts; do
		b=$(basename "$p" .tspec)
		timed "$OUT/logs/genjs-$b.log" "$BIN" gen-js "$p" -o "$OUT/js/$b.mjs"
	done
	report gen-js "$nparts"
	begin
	for f in "$OUT"/js/*.mjs; do timed "$OUT/logs/node-$(basename "$f").log" node --check "$f"; done
	report node-check "$nparts"
fi

if ! skip test-report; then
	before=$(cat $parts | wc -c)
	begin
	for p in $parts; do timed "$OUT/logs/suggest-$(basename "$p").log" "$BIN" test-report --suggest -w "$p"; done
	# --suggest -w exits 1 (the spec had untested tools): what counts is
	# test-report afterwards.
	step_fail=0
	report suggest-w "$nparts"
	fixtures=$(grep -h -c -E '^  (accept|reject) ' $parts | paste -sd+ | bc)
	echo "$NAME         suggest-w wrote $fixtures fixtures, spec $before -> $(cat $parts | wc -c) bytes"
	begin
	for p in $parts; do timed "$OUT/logs/report-$(basename "$p").log" "$BIN" test-report "$p"; done
	report test-report "$nparts"
	# The mutants line of each report: killed and survived, summed.
	sed -n 's/^mutants ([0-9]*: \([0-9]*\) killed, \([0-9]*\) survived.*/\1 \2/p' "$OUT"/logs/report-*.log |
		awk -v n="$NAME" '{k += $1; s += $2} END {printf "%-12s mutants      %d killed, %d survived\n", n, k, s}'
fi
