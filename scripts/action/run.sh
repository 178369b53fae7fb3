#!/usr/bin/env bash
# One step of Toolscope's GitHub Action (action.yml): `test`, `lock` or `load` — each a single
# `npx toolscope …` command, as on a laptop. Inputs arrive as TS_* environment variables (never
# pasted into a script); a command is split into words at spaces, with no globbing and no shell
# evaluation of its text. A step whose input is empty says so and succeeds.
set -euo pipefail
set -f

step="${1:-}"
if [ -n "${TS_SERVER:-}" ] && [ -n "${TS_COMMAND:-}" ]; then
  echo "::error title=Toolscope::Give the action a server (a URL) or a command, not both."
  exit 2
elif [ -n "${TS_SERVER:-}" ]; then
  server=("$TS_SERVER")
elif [ -n "${TS_COMMAND:-}" ]; then
  read -r -a words <<<"$TS_COMMAND"
  server=(-- "${words[@]}")
else
  echo "::error title=Toolscope::The action needs a server (a URL) or a command that runs one."
  exit 2
fi

case "$step" in
  test)
    if [ -z "${TS_SUITE:-}" ]; then echo "Toolscope: no suite given, no test step."; exit 0; fi
    args=(test "$TS_SUITE")
    if [ "${TS_ALLOW_WRITES:-false}" = true ]; then args+=(--allow-writes); fi
    if [ "${TS_ALLOW_DESTRUCTIVE:-false}" = true ]; then args+=(--allow-destructive); fi
    if [ -n "${TS_ERA:-}" ]; then args+=(--era "$TS_ERA"); fi
    ;;
  lock)
    if [ -z "${TS_LOCK:-}" ]; then echo "Toolscope: no lock file given, no lock step."; exit 0; fi
    args=(report --lock "$TS_LOCK" --lock-fail "${TS_LOCK_FAIL:-breaking}")
    ;;
  load)
    if [ -z "${TS_LOAD_TOOL:-}" ]; then echo "Toolscope: no load tool given, no load step."; exit 0; fi
    args=(load --tool "$TS_LOAD_TOOL" --args "${TS_LOAD_ARGUMENTS:-{\}}" --requests "${TS_LOAD_REQUESTS:-200}")
    read -r -a budgets <<<"${TS_LOAD_BUDGET:-}"
    for budget in "${budgets[@]}"; do args+=(--budget "$budget"); done
    if [ "${TS_ALLOW_DESTRUCTIVE:-false}" = true ]; then args+=(--allow-destructive); fi
    ;;
  *)
    echo "usage: run.sh test|lock|load" >&2
    exit 2
    ;;
esac

exec npx --yes --package "${TS_PACKAGE:-toolscope@latest}" toolscope "${args[@]}" "${server[@]}"
