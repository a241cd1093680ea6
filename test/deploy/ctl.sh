#!/bin/sh
# systemctl's stand-in for `npm run test:deploy`: `ctl.sh start|stop lingualog@PORT` runs the
# command and environment of deploy/systemd/lingualog@.service (read from that file) with the
# run's settings ($LINGUALOG_RUN_DIR/env for /etc/lingualog/env), keeping the PID in a file.
set -eu
: "${LINGUALOG_RUN_DIR:?}"
unit="$(dirname "$0")/../../deploy/systemd/lingualog@.service"
port="${2#lingualog@}"
pidfile="$LINGUALOG_RUN_DIR/$port.pid"
case "$1" in
  start)
    command="$(sed -n 's/^ExecStart=//p' "$unit")"
    unit_env="$(sed -n 's/^Environment=//p' "$unit" | sed "s/%i/$port/g")"
    (
      set -a
      . "$LINGUALOG_RUN_DIR/env"
      export $unit_env
      exec $command >>"$LINGUALOG_RUN_DIR/server-$port.log" 2>&1
    ) &
    echo $! >"$pidfile"
    ;;
  stop)
    pid="$(cat "$pidfile")"
    kill -TERM "$pid"
    # Gone, or a zombie no init has reaped yet: either way it has exited.
    while kill -0 "$pid" 2>/dev/null && [ "$(cut -d' ' -f3 "/proc/$pid/stat" 2>/dev/null)" != Z ]; do sleep 0.1; done
    rm -f "$pidfile"
    ;;
  *) echo "usage: $0 start|stop lingualog@PORT" >&2; exit 2 ;;
esac
