#!/usr/bin/env bash
# Byte-identity check for refactoring (see scripts/post_snapshot.py):
#   scripts/post-snapshot.sh /tmp/before   # on the old code
#   scripts/post-snapshot.sh /tmp/after    # on the new code
#   diff -r /tmp/before /tmp/after         # no output: every post is unchanged
# Extra arguments go to pytest (e.g. tests/test_attack.py); --no-tests skips the suite.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
python="$here/.venv/bin/python"
test -x "$python" || python=python3
exec "$python" "$here/scripts/post_snapshot.py" "$@"
