#!/bin/sh
# The PDF renderer's Chromium at a low CPU priority: on a small machine a heavy render must not
# take the cores from the server answering candidates. Not SCHED_IDLE: under a busy test suite that
# starved the renders past their time limit, and a candidate's ticket must still come.
# Playwright starts the browser in a session of its own, and where Linux groups the scheduler by
# session (autogroup) each session gets an equal share of the CPU whatever its processes' nice:
# the session itself is put at the lowest weight too.
# PORTAL_CHROMIUM is the browser to run.
if [ -w /proc/self/autogroup ]; then echo 19 > /proc/self/autogroup 2>/dev/null || true; fi
exec nice -n 15 "$PORTAL_CHROMIUM" "$@"
