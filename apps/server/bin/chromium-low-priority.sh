#!/bin/sh
# The PDF renderer's Chromium at a low CPU priority (PORTAL_CHROMIUM_NICE, 0–19, from the server's
# PDF_RENDERER_NICE): on a small machine a heavy render must not take the cores from the server
# answering candidates. Playwright starts the browser in a session of its own, and where Linux
# groups the scheduler by session (autogroup) each session gets an equal share of the CPU whatever
# its processes' nice: the session itself is given the same nice.
# PORTAL_CHROMIUM is the browser to run.
NICE="${PORTAL_CHROMIUM_NICE:-19}"
if [ -w /proc/self/autogroup ]; then echo "$NICE" > /proc/self/autogroup 2>/dev/null || true; fi
exec nice -n "$NICE" "$PORTAL_CHROMIUM" "$@"
