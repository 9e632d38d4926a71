#!/bin/sh
# The PDF renderer's Chromium at a low CPU priority: on a small machine a heavy render must not
# take the cores from the server answering candidates. Not SCHED_IDLE: under a busy test suite that
# starved the renders past their time limit, and a candidate's ticket must still come.
# PORTAL_CHROMIUM is the browser to run.
exec nice -n 15 "$PORTAL_CHROMIUM" "$@"
