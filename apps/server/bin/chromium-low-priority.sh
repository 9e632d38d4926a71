#!/bin/sh
# The PDF renderer's Chromium at a low CPU priority: on a small machine a heavy render must not
# take the cores from the server answering candidates. PORTAL_CHROMIUM is the browser to run.
exec nice -n 15 "$PORTAL_CHROMIUM" "$@"
