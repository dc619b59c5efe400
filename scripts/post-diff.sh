#!/usr/bin/env bash
# Byte-identity of a refactoring in one command (issue 21): every post the project prints
# (scripts/post_snapshot.py: the demos; a fixed command sequence over every example encounter
# and starter file, en and es, every format; every CLI call of the test suite and that sequence
# over every encounter a test hands to the CLI), written once by REV and once by this work
# tree, then compared with `diff -r`. Exit 0 and "no post changed" when they are identical.
#
#   scripts/post-diff.sh                               # main against the work tree, whole suite
#   scripts/post-diff.sh HEAD~1 tests/test_declared.py # another revision, some test modules
#   scripts/post-diff.sh main --no-tests               # demos and example encounters only
#
# REV's tree is exported (git archive) to a temporary folder and run from there with this work
# tree's .venv (PYTHONPATH first, so its package, not the installed one, answers). A test that
# exists on one side only shows as its own lines in the diff. Set KEEP=1 to keep the folders.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
python="$here/.venv/bin/python"
test -x "$python" || python=python3
rev=main
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ] && [ "${1#tests}" = "$1" ] \
        && git -C "$here" rev-parse --verify -q "$1^{commit}" >/dev/null; then
    rev="$1"
    shift
fi
work="$(mktemp -d "${TMPDIR:-/tmp}/pbw-post-diff.XXXXXX")"
[ "${KEEP:-}" = 1 ] || trap 'rm -rf "$work"' EXIT
mkdir "$work/src"
git -C "$here" archive "$rev" | tar -x -C "$work/src"
echo "posts of $rev ..." >&2
(cd "$work/src" && PYTHONPATH="$work/src" "$python" scripts/post_snapshot.py "$work/before" "$@") \
    >&2 || true
echo "posts of the work tree ..." >&2
(cd "$here" && PYTHONPATH="$here" "$python" scripts/post_snapshot.py "$work/after" "$@") \
    >&2 || true
if diff -r "$work/before" "$work/after"; then
    echo "no post changed ($rev → work tree)"
else
    exit 1
fi
