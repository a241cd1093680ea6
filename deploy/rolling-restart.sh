#!/bin/sh
# Restarts the server processes one after the other (after a deploy), so one always answers:
# stop one (SIGTERM: it drains, finishes what it holds and exits), start it, wait until its health
# check answers 200 and nginx sends it work again, then the next. No request fails and nobody is
# signed out (sessions live in PostgreSQL).
#   deploy/rolling-restart.sh            # ports 3001 3002, with systemctl
#   deploy/rolling-restart.sh 3001 3002 3003
# LINGUALOG_CTL replaces systemctl (the test runs this script with its own stand-in).
set -eu
ctl="${LINGUALOG_CTL:-systemctl}"
# nginx's fail_timeout (deploy/nginx/lingualog.conf): a process it took out gets work again after it.
fail_timeout=5
for port in ${*:-3001 3002}; do
  echo "restarting lingualog@$port"
  "$ctl" stop "lingualog@$port"
  "$ctl" start "lingualog@$port"
  tries=0
  until curl -fsS --max-time 2 -o /dev/null "http://127.0.0.1:$port/api/health"; do
    tries=$((tries + 1))
    if [ "$tries" -ge 120 ]; then
      echo "lingualog@$port did not answer its health check within a minute: stopping here" >&2
      exit 1
    fi
    sleep 0.5
  done
  # Before the next stop, nginx must count this one in again, or both would be out at once.
  sleep "$((fail_timeout + 1))"
done
