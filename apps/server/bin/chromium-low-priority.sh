#!/bin/sh
# The PDF renderer's Chromium at the lowest CPU priority: on a small machine a heavy render must not
# take the cores from the server answering candidates. Chromium resets its renderers' nice value
# (as root it may), but not the scheduling policy: under SCHED_IDLE it runs only on a core nothing
# else wants. PORTAL_CHROMIUM is the browser to run.
if command -v chrt >/dev/null 2>&1; then
  exec chrt --idle 0 nice -n 15 "$PORTAL_CHROMIUM" "$@"
fi
exec nice -n 15 "$PORTAL_CHROMIUM" "$@"
